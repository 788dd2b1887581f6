/**
 * The build's last step (`npm run build`): writes dist/mcp/tool-list.json, the MCP server's tools/list answer,
 * computed by the SDK from the tools' schemas in the sources (src/mcp/tool-listing.ts), so that `serve` does not
 * convert them at every start.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { computedToolListing } from "../src/mcp/tool-listing.js";

// Not import.meta.dirname: it came with Node 20.11, and this runs on `npm install` (package.json: engines).
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LISTING = path.join(REPO_ROOT, "dist", "mcp", "tool-list.json");

const listing = `${JSON.stringify(await computedToolListing())}\n`;
fs.mkdirSync(path.dirname(LISTING), { recursive: true });
// Written beside, then renamed: a build stopped halfway leaves the previous listing whole, never half of one.
const partial = `${LISTING}.${process.pid}.tmp`;
fs.writeFileSync(partial, listing);
fs.renameSync(partial, LISTING);

/**
 * `npm run docs`: writes docs/tool-reference.md from the tools' definitions (src/cli/tool-reference.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderToolReference } from "../src/cli/tool-reference.js";
import { ALL_TOOLS } from "../src/tools/all-tools.js";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(REPO_ROOT, "docs", "tool-reference.md");
const text = renderToolReference(ALL_TOOLS);
const temporary = `${target}.tmp`;
fs.writeFileSync(temporary, text);
fs.renameSync(temporary, target);
process.stdout.write(`wrote ${path.relative(process.cwd(), target)} (${ALL_TOOLS.length} tools)\n`);

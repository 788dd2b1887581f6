/**
 * The build's third step (`npm run build`): writes dist/o200k-ranks.bin, the o200k rank table that
 * src/tools/answer/token-count.ts counts tokens with (layout: src/tools/answer/o200k-table.ts), from the o200k_base
 * vocabulary of the installed gpt-tokenizer package, a development dependency. The package's users get the
 * file in dist/ and never load gpt-tokenizer.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildRankTable } from "../src/tools/answer/o200k-table.js";

// Not import.meta.dirname: it came with Node 20.11, and this runs on `npm install` (package.json: engines).
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TABLE = path.join(REPO_ROOT, "dist", "o200k-ranks.bin");

const vocabulary = createRequire(import.meta.url).resolve("gpt-tokenizer/data/o200k_base.tiktoken");
const table = buildRankTable(fs.readFileSync(vocabulary, "utf8"));
fs.mkdirSync(path.dirname(TABLE), { recursive: true });
// Written beside, then renamed: a build stopped halfway leaves the previous table whole, never half of one.
const partial = `${TABLE}.${process.pid}.tmp`;
fs.writeFileSync(partial, table);
fs.renameSync(partial, TABLE);

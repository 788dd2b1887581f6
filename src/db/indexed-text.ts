import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { SqliteDb } from "./open-graph-db.js";

const FILE_HASHES_SQL = `SELECT path, hash FROM files`;

/** A file's text as the graph indexed it, or undefined when it cannot be known. */
export type IndexedText = (file: string) => string | undefined;

/**
 * The texts of the files under root whose content is what the graph indexed (the SHA-1 in `files`): a
 * database read next to a checkout of another commit hashes no body from the wrong text.
 */
export function indexedTextUnder(db: SqliteDb, root: string): IndexedText {
  const hashes = new Map((db.prepare(FILE_HASHES_SQL).all() as { path: string; hash: string }[]).map((row) => [row.path, row.hash]));
  return (file) => {
    const expected = hashes.get(file);
    if (expected === undefined) return undefined;
    let text: string;
    try {
      text = fs.readFileSync(path.join(root, ...file.split("/")), "utf8");
    } catch {
      return undefined;
    }
    return crypto.createHash("sha1").update(text).digest("hex") === expected ? text : undefined;
  };
}

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { SqliteDb } from "../db/open-graph-db.js";
import { replaceName, type DiffNode, type GraphSideData } from "./graph-diff.js";

const NODES_SQL = `SELECT key, kind, name, file, parent_key AS parent, start_line AS startLine, end_line AS endLine,
  exported, signature, modifiers FROM nodes`;
const EDGES_SQL = `SELECT kind, source, target FROM edges`;
const FILE_HASHES_SQL = `SELECT path, hash FROM files`;

interface NodeRow {
  readonly key: string;
  readonly kind: string;
  readonly name: string;
  readonly file: string;
  readonly parent: string | null;
  readonly startLine: number;
  readonly endLine: number;
  readonly exported: number;
  readonly signature: string;
  readonly modifiers: string;
}

/** A file's text as the graph indexed it, or undefined when it cannot be known. */
export type IndexedText = (file: string) => string | undefined;

function sha1(text: string): string {
  return crypto.createHash("sha1").update(text).digest("hex");
}

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
    return sha1(text) === expected ? text : undefined;
  };
}

/** A hash of lines start..end with the declaration's name blanked out and white space collapsed. */
export function bodyHash(lines: readonly string[], node: Pick<NodeRow, "name" | "startLine" | "endLine">): string {
  const text = lines.slice(node.startLine - 1, node.endLine).join("\n");
  return sha1(replaceName(text, node.name, "\u0000").replace(/\s+/g, " ").trim()).slice(0, 16);
}

/** A graph's declarations and edges, each declaration with its body hash when its file's indexed text is known. */
export function readSide(db: SqliteDb, text: IndexedText | undefined): GraphSideData {
  const linesOf = new Map<string, readonly string[] | undefined>();
  const fileLines = (file: string): readonly string[] | undefined => {
    if (!linesOf.has(file)) linesOf.set(file, text?.(file)?.split(/\r?\n/));
    return linesOf.get(file);
  };
  const nodes = (db.prepare(NODES_SQL).all() as NodeRow[]).map((row): DiffNode => {
    const lines = row.kind === "File" ? undefined : fileLines(row.file);
    return {
      key: row.key,
      kind: row.kind,
      name: row.name,
      file: row.file,
      parent: row.parent ?? undefined,
      exported: row.exported === 1,
      modifiers: row.modifiers === "" ? [] : row.modifiers.split(" "),
      signature: row.signature,
      startLine: row.startLine,
      body: lines === undefined ? undefined : bodyHash(lines, row),
    };
  });
  return { nodes, edges: db.prepare(EDGES_SQL).all() as { kind: string; source: string; target: string }[] };
}

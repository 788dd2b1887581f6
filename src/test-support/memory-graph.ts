import Database from "better-sqlite3";
import type { SqliteDb } from "../db/open-graph-db.js";
import { SCHEMA_SQL } from "../db/schema.js";
import type { EdgeKind, NodeKind } from "../model/graph-kinds.js";
import { parseNodeKey } from "../model/node-key.js";

/** A node for an in-memory graph: everything but the key is optional and derived when left out. */
export interface NodeSpec {
  readonly key: string;
  readonly kind?: NodeKind;
  readonly start?: number;
  readonly end?: number;
  readonly parent?: string;
  /** Space-separated, as stored (`static readonly`). */
  readonly modifiers?: string;
}

/**
 * An edge; IMPORTS edges may carry the imported names and the type-only flag, HOLDS_IMPLEMENTATION edges the
 * lines of the literal functions (`spans`).
 */
export type EdgeSpec = readonly [
  kind: EdgeKind,
  source: string,
  target: string,
  lines?: readonly number[],
  facts?: {
    readonly names?: readonly string[];
    readonly typeOnly?: boolean;
    readonly spans?: readonly (readonly [number, number])[];
  },
];

/**
 * An edge to a library member or type: [kind, source node, external key such as `lib:Iterator.next`, lines, and
 * for CALLS the receiver classes its dispatch is narrowed to (schema.ts, external_edges.receivers)].
 */
export type ExternalEdgeSpec = readonly [
  kind: "CALLS" | "REFERENCES" | "OVERRIDES" | "EXTENDS" | "IMPLEMENTS",
  source: string,
  target: string,
  lines?: readonly number[],
  receivers?: readonly string[],
];

/** A package import of a file: [file, package, type-only]. */
export type ExternalImportSpec = readonly [file: string, pkg: string, typeOnly?: boolean];

/**
 * An in-memory graph database with the real schema, for unit tests of queries. Files are created for every
 * node's file; a File node is added for each file that has none. CONTAINS edges follow `parent`, or the
 * qualified name (`Cart.total` is contained by `Cart`, a top-level declaration by its file).
 */
export function memoryGraph(
  nodes: readonly NodeSpec[],
  edges: readonly EdgeSpec[] = [],
  externalImports: readonly ExternalImportSpec[] = [],
  externalEdges: readonly ExternalEdgeSpec[] = [],
): SqliteDb {
  const db = new Database(":memory:");
  db.exec(SCHEMA_SQL);
  const insertNode = db.prepare(
    `INSERT INTO nodes (key, file, kind, name, qualified_name, parent_key, start_line, end_line, name_line, exported, signature, doc, modifiers, surface)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, '', '', ?, '')`,
  );
  const insertEdge = db.prepare(
    "INSERT INTO edges (file, kind, source, target, count, lines, names, type_only, spans) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertExternal = db.prepare(
    "INSERT INTO external_imports (file, specifier, package, resolved, type_only) VALUES (?, ?, ?, 0, ?)",
  );
  const insertFile = db.prepare(
    "INSERT OR IGNORE INTO files (path, hash, size, mtime_ms, project, syntax_errors, declares_globals, indexed_at) VALUES (?, '', 0, 0, '', 0, 0, 0)",
  );
  const all: NodeSpec[] = [...nodes];
  const keys = new Set(nodes.map((node) => node.key));
  for (const node of nodes) {
    const { file } = parseNodeKey(node.key);
    if (!keys.has(file)) {
      keys.add(file);
      all.push({ key: file, kind: "File" });
    }
  }
  const contains: EdgeSpec[] = [];
  all.forEach((node, index) => {
    const { file, qualifiedName } = parseNodeKey(node.key);
    insertFile.run(file);
    const name =
      qualifiedName === undefined
        ? file.slice(file.lastIndexOf("/") + 1)
        : qualifiedName.slice(qualifiedName.lastIndexOf(".") + 1).replace(/#.*$/, "");
    const parent =
      node.parent ??
      (qualifiedName === undefined
        ? undefined
        : qualifiedName.includes(".")
          ? `${file}:${qualifiedName.slice(0, qualifiedName.lastIndexOf("."))}`
          : file);
    const start = node.start ?? index + 1;
    insertNode.run(
      node.key,
      file,
      node.kind ?? (qualifiedName === undefined ? "File" : "Function"),
      name,
      qualifiedName ?? file,
      parent ?? null,
      start,
      node.end ?? start,
      start,
      node.modifiers ?? "",
    );
    if (parent !== undefined) contains.push(["CONTAINS", parent, node.key]);
  });
  for (const [kind, source, target, lines = [], facts] of [...contains, ...edges]) {
    const names = facts?.names === undefined ? null : JSON.stringify(facts.names);
    const typeOnly = facts?.names === undefined ? null : facts.typeOnly === true ? 1 : 0;
    insertEdge.run(
      parseNodeKey(source).file,
      kind,
      source,
      target,
      lines.length,
      JSON.stringify(lines),
      names,
      typeOnly,
      facts?.spans === undefined ? null : JSON.stringify(facts.spans),
    );
  }
  for (const [file, pkg, typeOnly = false] of externalImports) insertExternal.run(file, pkg, pkg, typeOnly ? 1 : 0);
  const insertExternalEdge = db.prepare(
    "INSERT INTO external_edges (file, kind, source, target, count, lines, receivers) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  for (const [kind, source, target, lines = [], receivers] of externalEdges) {
    const stored = receivers === undefined ? null : JSON.stringify(receivers);
    insertExternalEdge.run(
      parseNodeKey(source).file,
      kind,
      source,
      target,
      lines.length,
      JSON.stringify(lines),
      stored,
    );
  }
  return db;
}

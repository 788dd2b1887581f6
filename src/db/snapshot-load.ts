import Database from "better-sqlite3";
import { parseNodeKey } from "../model/node-key.js";
import type { SqliteDb } from "./open-graph-db.js";
import { SCHEMA_SQL } from "./schema.js";
import { SNAPSHOT_FORMAT_VERSION } from "./snapshot.js";

/** A snapshot that cannot be read: not one, or of a format version this ts-graph does not know. */
export class SnapshotFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SnapshotFormatError";
  }
}

export interface NodeLine {
  readonly node: string;
  readonly kind: string;
  readonly name: string;
  readonly file: string;
  readonly lines: readonly [number, number];
  readonly nameLine: number;
  readonly implementationLine?: number;
  readonly exported: boolean;
  readonly modifiers: readonly string[];
  readonly signature: string;
  readonly body?: string;
}

export interface EdgeLine {
  readonly edge: string;
  readonly source: string;
  readonly target: string;
  readonly lines?: readonly number[];
  readonly names?: readonly string[];
  readonly typeOnly?: boolean;
  readonly receivers?: readonly string[];
  readonly spans?: readonly (readonly [number, number])[];
}

export interface ExternalEdgeLine {
  readonly externalEdge: string;
  readonly source: string;
  readonly target: string;
  readonly lines?: readonly number[];
  readonly receivers?: readonly string[];
}

export interface DynamicCallLine {
  readonly dynamicCall: string;
  readonly line: number;
  readonly expression: string;
}

/** Whether a text is a ts-graph snapshot (by its header). */
export function looksLikeSnapshot(head: string): boolean {
  return head.startsWith('{"format":"ts-graph-snapshot"');
}

const INSERT_NODE = `INSERT INTO nodes (key, file, kind, name, qualified_name, parent_key, start_line, end_line, name_line,
  implementation_line, exported, signature, doc, modifiers, surface, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?, '', ?)`;
const INSERT_EDGE = `INSERT INTO edges (file, kind, source, target, count, lines, names, type_only, receivers, spans) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const INSERT_EXTERNAL_EDGE = `INSERT INTO external_edges (file, kind, source, target, count, lines, receivers) VALUES (?, ?, ?, ?, ?, ?, ?)`;
const INSERT_DYNAMIC_CALL = `INSERT INTO dynamic_calls (file, source, line, expression) VALUES (?, ?, ?, ?)`;

/** A snapshot's lines, parsed and checked for their format version; each node's container from the CONTAINS edges. */
export interface ParsedSnapshot {
  readonly nodes: readonly NodeLine[];
  readonly edges: readonly EdgeLine[];
  readonly externalEdges: readonly ExternalEdgeLine[];
  readonly dynamicCalls: readonly DynamicCallLine[];
  /** Node key → its container's key. */
  readonly parents: ReadonlyMap<string, string>;
}

/** Parses a snapshot (docs/snapshot.md). Throws SnapshotFormatError when it is not one, or of another format version. */
export function parseSnapshot(text: string, label: string): ParsedSnapshot {
  return groupEntries(parseEntries(snapshotBody(text, label), label));
}

/** The text after a snapshot's header line, once the header is checked (SnapshotFormatError when it is not one of this format version). */
export function snapshotBody(text: string, label: string): string {
  const firstBreak = text.indexOf("\n");
  const header = parseLine(firstBreak < 0 ? text : text.slice(0, firstBreak), label, 1) as {
    format?: unknown;
    version?: unknown;
  };
  if (header.format !== "ts-graph-snapshot")
    throw new SnapshotFormatError(
      `${label} is not a ts-graph snapshot (its first line has no "format":"ts-graph-snapshot")`,
    );
  if (header.version !== SNAPSHOT_FORMAT_VERSION) {
    throw new SnapshotFormatError(
      `${label} is a snapshot of format version ${String(header.version)}; this ts-graph reads version ${SNAPSHOT_FORMAT_VERSION}: make both snapshots with the same ts-graph`,
    );
  }
  return firstBreak < 0 ? "" : text.slice(firstBreak + 1);
}

/** A snapshot's entries (its lines after the header, parsed) sorted into their kinds; each node's container from the CONTAINS edges. */
export function groupEntries(entries: readonly Record<string, unknown>[]): ParsedSnapshot {
  const nodes: NodeLine[] = [];
  const edges: EdgeLine[] = [];
  const externalEdges: ExternalEdgeLine[] = [];
  const dynamicCalls: DynamicCallLine[] = [];
  const parents = new Map<string, string>();
  for (const entry of entries) {
    if (typeof entry.node === "string") nodes.push(entry as unknown as NodeLine);
    else if (typeof entry.edge === "string") {
      const edge = entry as unknown as EdgeLine;
      edges.push(edge);
      if (edge.edge === "CONTAINS") parents.set(edge.target, edge.source);
    } else if (typeof entry.externalEdge === "string") externalEdges.push(entry as unknown as ExternalEdgeLine);
    else if (typeof entry.dynamicCall === "string") dynamicCalls.push(entry as unknown as DynamicCallLine);
  }
  return { nodes, edges, externalEdges, dynamicCalls, parents };
}

/** The indexes the graph walks (src/tools/walk/graph-walk.ts) look rows up by: a container's members, an edge's either end. */
const WALK_INDEXES = new Set([
  "nodes_by_parent",
  "edges_by_target",
  "edges_by_source",
  "external_edges_by_source",
  "external_edges_by_target",
]);

/**
 * Loads a parsed snapshot into an in-memory database with the graph's schema, so that the queries that read
 * a graph (the impact walk) read it as they read an index. What a snapshot does not keep (doc comments,
 * surfaces, file hashes, the name vocabulary of `find`) is left empty, and of the indexes only those the
 * walks use are built (other queries work, by scans).
 */
export function snapshotDatabase(snapshot: ParsedSnapshot): SqliteDb {
  const db = new Database(":memory:");
  db.exec(SCHEMA_SQL);
  // A bulk load: no name vocabulary (triggers), and each index built once after the rows rather than row by row.
  const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as {
    name: string;
    sql: string;
  }[];
  for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all() as {
    name: string;
  }[])
    db.exec(`DROP TRIGGER "${name}"`);
  for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
  const insertNode = bulkInsert(db, INSERT_NODE);
  const insertEdge = bulkInsert(db, INSERT_EDGE);
  const insertExternal = bulkInsert(db, INSERT_EXTERNAL_EDGE);
  const insertDynamic = bulkInsert(db, INSERT_DYNAMIC_CALL);
  db.transaction(() => {
    for (const node of snapshot.nodes) {
      const qualifiedName = parseNodeKey(node.node).qualifiedName ?? node.file;
      insertNode.add(
        node.node,
        node.file,
        node.kind,
        node.name,
        qualifiedName,
        snapshot.parents.get(node.node) ?? null,
        node.lines[0],
        node.lines[1],
        node.nameLine,
        node.implementationLine ?? null,
        node.exported ? 1 : 0,
        node.signature,
        node.modifiers.join(" "),
        node.body ?? null,
      );
    }
    for (const edge of snapshot.edges) {
      const sites = edge.lines ?? [];
      insertEdge.add(
        parseNodeKey(edge.source).file,
        edge.edge,
        edge.source,
        edge.target,
        sites.length,
        JSON.stringify(sites),
        edge.names === undefined ? null : JSON.stringify(edge.names),
        edge.typeOnly === undefined ? null : edge.typeOnly ? 1 : 0,
        edge.receivers === undefined ? null : JSON.stringify(edge.receivers),
        edge.spans === undefined ? null : JSON.stringify(edge.spans),
      );
    }
    for (const edge of snapshot.externalEdges) {
      const sites = edge.lines ?? [];
      insertExternal.add(
        parseNodeKey(edge.source).file,
        edge.externalEdge,
        edge.source,
        edge.target,
        sites.length,
        JSON.stringify(sites),
        edge.receivers === undefined ? null : JSON.stringify(edge.receivers),
      );
    }
    for (const call of snapshot.dynamicCalls)
      insertDynamic.add(parseNodeKey(call.dynamicCall).file, call.dynamicCall, call.line, call.expression);
    for (const insert of [insertNode, insertEdge, insertExternal, insertDynamic]) insert.finish();
  })();
  for (const { name, sql } of indexes) if (WALK_INDEXES.has(name)) db.exec(sql);
  return db;
}

/** Rows per statement of a bulk insert: 64 rows of at most 14 values, far below SQLite's limit on bound values. */
const ROWS_PER_STATEMENT = 64;

/**
 * An `INSERT … VALUES (…)` run for many rows at once: ROWS_PER_STATEMENT rows per call into SQLite, the rest
 * one by one at `finish`. Rows keep their order (and their ids). About a quarter less CPU than a call per
 * row for a snapshot's 100,000 edges.
 */
function bulkInsert(db: SqliteDb, sql: string): { add(...values: unknown[]): void; finish(): void } {
  const at = sql.lastIndexOf("VALUES ") + "VALUES ".length;
  const row = sql.slice(at);
  const width = row.split("?").length - 1;
  const many = db.prepare(`${sql.slice(0, at)}${new Array<string>(ROWS_PER_STATEMENT).fill(row).join(", ")}`);
  const one = db.prepare(sql);
  let pending: unknown[] = [];
  return {
    add(...values) {
      pending.push(...values);
      if (pending.length < width * ROWS_PER_STATEMENT) return;
      many.run(pending);
      pending = [];
    },
    finish() {
      for (let start = 0; start < pending.length; start += width) one.run(pending.slice(start, start + width));
      pending = [];
    },
  };
}

/** Loads a snapshot into an in-memory graph database (snapshotDatabase). Throws SnapshotFormatError on anything else. */
export function loadSnapshot(text: string, label: string): SqliteDb {
  return snapshotDatabase(parseSnapshot(text, label));
}

/** The lines of a snapshot's body (the text after its header), without the last line break. */
export function bodyLines(body: string): string[] {
  const lines = body.endsWith("\n") ? body.slice(0, -1) : body;
  return lines === "" ? [] : lines.split("\n");
}

/** Lines that are each a JSON object, parsed in one JSON.parse as an array; undefined when one is not (parseEntries then names it). */
export function parseObjectLines(joined: string): Record<string, unknown>[] | undefined {
  try {
    const entries: unknown = JSON.parse(`[${joined}]`);
    if (
      Array.isArray(entries) &&
      entries.every((entry) => entry !== null && typeof entry === "object" && !Array.isArray(entry))
    )
      return entries as Record<string, unknown>[];
  } catch {
    // undefined below
  }
  return undefined;
}

/**
 * The lines after the header, each a JSON object, one entry per line. One JSON.parse of them all as an array
 * (no line of a snapshot holds a raw line break: JSON escapes it), else line by line to name the line that
 * is not one.
 */
export function parseEntries(body: string, label: string): Record<string, unknown>[] {
  const lines = body.endsWith("\n") ? body.slice(0, -1) : body;
  if (lines === "") return [];
  return (
    parseObjectLines(lines.replaceAll("\n", ",")) ??
    lines.split("\n").map((line, index) => parseLine(line, label, index + 2))
  );
}

function parseLine(line: string, label: string, number: number): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new SnapshotFormatError(`${label}, line ${number}, is not a JSON object: is it a ts-graph snapshot, whole?`);
}

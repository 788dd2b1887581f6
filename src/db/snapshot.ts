import type { SqliteDb } from "./open-graph-db.js";
import { readConsistently } from "./read-transaction.js";

/** Version of the snapshot format documented in docs/snapshot.md. */
export const SNAPSHOT_FORMAT_VERSION = 7;

export interface SnapshotNodeRow {
  readonly key: string;
  readonly kind: string;
  readonly name: string;
  readonly file: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly nameLine: number;
  readonly implementationLine: number | null;
  readonly exported: number;
  readonly signature: string;
  readonly modifiers: string;
  /** The body hash (model/body-hash.ts) stored at index time; none for a File node. */
  readonly body?: string | null | undefined;
}

export interface SnapshotEdgeRow {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly lines: string;
  readonly names: string | null;
  readonly typeOnly: number | null;
  /** CALLS only: the receiver classes its dispatch is narrowed to (schema.ts, edges.receivers), as stored. */
  readonly receivers: string | null;
  /** HOLDS_IMPLEMENTATION only: the lines of the literal functions implementing the target (schema.ts, edges.spans), as stored. */
  readonly spans: string | null;
}

/** An edge to a member declared outside the indexed files (lib, node_modules): CALLS or OVERRIDES. */
export interface SnapshotExternalEdgeRow {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly lines: string;
  /** CALLS only: as SnapshotEdgeRow's (schema.ts, external_edges.receivers). */
  readonly receivers: string | null;
}

/** A call site whose callee has no static target. */
export interface SnapshotDynamicCallRow {
  readonly source: string;
  readonly line: number;
  readonly expression: string;
}

const NODE_ROWS_SQL = `SELECT key, kind, name, file, start_line AS startLine, end_line AS endLine,
  name_line AS nameLine, implementation_line AS implementationLine, exported, signature, modifiers, body FROM nodes`;
const EDGE_ROWS_SQL = `SELECT kind, source, target, lines, names, type_only AS typeOnly, receivers, spans FROM edges`;
const EXTERNAL_EDGE_ROWS_SQL = `SELECT kind, source, target, lines, receivers FROM external_edges`;
const DYNAMIC_CALL_ROWS_SQL = `SELECT source, line, expression FROM dynamic_calls`;

/** Byte order, not locale order, so that every machine sorts alike. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareEdges(a: SnapshotExternalEdgeRow, b: SnapshotExternalEdgeRow): number {
  return (
    compareCodeUnits(a.kind, b.kind) || compareCodeUnits(a.source, b.source) || compareCodeUnits(a.target, b.target)
  );
}

function nodeLine(row: SnapshotNodeRow): string {
  return JSON.stringify({
    node: row.key,
    kind: row.kind,
    name: row.name,
    file: row.file,
    lines: [row.startLine, row.endLine],
    nameLine: row.nameLine,
    ...(row.implementationLine !== null ? { implementationLine: row.implementationLine } : {}),
    exported: row.exported === 1,
    modifiers: row.modifiers === "" ? [] : row.modifiers.split(" "),
    signature: row.signature,
    ...(typeof row.body === "string" ? { body: row.body } : {}),
  });
}

function edgeLine(row: SnapshotEdgeRow): string {
  const lines = JSON.parse(row.lines) as number[];
  return JSON.stringify({
    edge: row.kind,
    source: row.source,
    target: row.target,
    ...(lines.length > 0 ? { lines } : {}),
    ...(row.names !== null ? { names: JSON.parse(row.names) as string[] } : {}),
    ...(row.typeOnly !== null ? { typeOnly: row.typeOnly === 1 } : {}),
    ...(row.receivers !== null ? { receivers: JSON.parse(row.receivers) as string[] } : {}),
    ...(row.spans !== null ? { spans: JSON.parse(row.spans) as [number, number][] } : {}),
  });
}

function externalEdgeLine(row: SnapshotExternalEdgeRow): string {
  const lines = JSON.parse(row.lines) as number[];
  return JSON.stringify({
    externalEdge: row.kind,
    source: row.source,
    target: row.target,
    ...(lines.length > 0 ? { lines } : {}),
    ...(row.receivers !== null ? { receivers: JSON.parse(row.receivers) as string[] } : {}),
  });
}

function compareDynamicCalls(a: SnapshotDynamicCallRow, b: SnapshotDynamicCallRow): number {
  return compareCodeUnits(a.source, b.source) || a.line - b.line || compareCodeUnits(a.expression, b.expression);
}

function dynamicCallLine(row: SnapshotDynamicCallRow): string {
  return JSON.stringify({ dynamicCall: row.source, line: row.line, expression: row.expression });
}

/** The snapshot text for the given rows: a header line, then one JSON object a line, sorted. */
export function formatSnapshot(
  nodes: readonly SnapshotNodeRow[],
  edges: readonly SnapshotEdgeRow[],
  externalEdges: readonly SnapshotExternalEdgeRow[],
  dynamicCalls: readonly SnapshotDynamicCallRow[],
): string {
  const sortedNodes = [...nodes].sort((a, b) => compareCodeUnits(a.key, b.key));
  const sortedEdges = [...edges].sort(compareEdges);
  const sortedExternal = [...externalEdges].sort(compareEdges);
  const sortedDynamic = [...dynamicCalls].sort(compareDynamicCalls);
  const header = JSON.stringify({
    format: "ts-graph-snapshot",
    version: SNAPSHOT_FORMAT_VERSION,
    nodes: sortedNodes.length,
    edges: sortedEdges.length,
    externalEdges: sortedExternal.length,
    dynamicCalls: sortedDynamic.length,
  });
  return `${[
    header,
    ...sortedNodes.map(nodeLine),
    ...sortedEdges.map(edgeLine),
    ...sortedExternal.map(externalEdgeLine),
    ...sortedDynamic.map(dynamicCallLine),
  ].join("\n")}\n`;
}

/**
 * The same lines as nodeLine, edgeLine, externalEdgeLine and dynamicCallLine, written by SQLite (json_quote
 * escapes as JSON.stringify does) and sorted by it. SQLite sorts text by UTF-8 bytes, which is the snapshot's UTF-16 order for every text
 * without a character beyond U+FFFF (NO_ASTRAL_SQL); `lines`, `names`, `receivers` and `spans` are stored as JSON.stringify wrote them.
 */
const NODE_LINES_SQL = `SELECT '{"node":' || json_quote(key) || ',"kind":' || json_quote(kind) || ',"name":' || json_quote(name)
  || ',"file":' || json_quote(file) || ',"lines":[' || start_line || ',' || end_line || '],"nameLine":' || name_line
  || CASE WHEN implementation_line IS NULL THEN '' ELSE ',"implementationLine":' || implementation_line END
  || ',"exported":' || CASE WHEN exported = 1 THEN 'true' ELSE 'false' END
  || ',"modifiers":' || CASE WHEN modifiers = '' THEN '[]' ELSE '["' || replace(modifiers, ' ', '","') || '"]' END
  || ',"signature":' || json_quote(signature) || CASE WHEN body IS NULL THEN '' ELSE ',"body":' || json_quote(body) END || '}'
  FROM nodes ORDER BY key, id`;
const EDGE_LINES_SQL = `SELECT '{"edge":' || json_quote(kind) || ',"source":' || json_quote(source) || ',"target":' || json_quote(target)
  || CASE WHEN lines = '[]' THEN '' ELSE ',"lines":' || lines END
  || CASE WHEN names IS NULL THEN '' ELSE ',"names":' || names END
  || CASE WHEN type_only IS NULL THEN '' WHEN type_only = 1 THEN ',"typeOnly":true' ELSE ',"typeOnly":false' END
  || CASE WHEN receivers IS NULL THEN '' ELSE ',"receivers":' || receivers END
  || CASE WHEN spans IS NULL THEN '' ELSE ',"spans":' || spans END || '}'
  FROM edges ORDER BY kind, source, target, id`;
const EXTERNAL_EDGE_LINES_SQL = `SELECT '{"externalEdge":' || json_quote(kind) || ',"source":' || json_quote(source) || ',"target":' || json_quote(target)
  || CASE WHEN lines = '[]' THEN '' ELSE ',"lines":' || lines END
  || CASE WHEN receivers IS NULL THEN '' ELSE ',"receivers":' || receivers END || '}'
  FROM external_edges ORDER BY kind, source, target, rowid`;
const DYNAMIC_CALL_LINES_SQL = `SELECT '{"dynamicCall":' || json_quote(source) || ',"line":' || line || ',"expression":' || json_quote(expression) || '}'
  FROM dynamic_calls ORDER BY source, line, expression, rowid`;
/** A text with a character beyond U+FFFF: only a text whose byte length is not its length in characters (not ASCII) is looked at. */
const astral = (column: string) =>
  `(length(CAST(${column} AS BLOB)) <> length(${column}) AND ${column} GLOB '*[' || char(65536) || '-' || char(1114111) || ']*')`;
/** Whether every text the snapshot sorts by lies in the Basic Multilingual Plane (where UTF-8 and UTF-16 orders agree). */
const NO_ASTRAL_SQL = `SELECT NOT EXISTS (SELECT 1 FROM nodes WHERE ${astral("key")})
  AND NOT EXISTS (SELECT 1 FROM edges WHERE ${astral("kind")} OR ${astral("source")} OR ${astral("target")})
  AND NOT EXISTS (SELECT 1 FROM external_edges WHERE ${astral("kind")} OR ${astral("source")} OR ${astral("target")})
  AND NOT EXISTS (SELECT 1 FROM dynamic_calls WHERE ${astral("source")} OR ${astral("expression")})`;

/** The snapshot text as SQLite writes and sorts it (see NODE_LINES_SQL): the same text formatSnapshot gives. */
function snapshotBySqlite(db: SqliteDb): string {
  const nodes = db.prepare(NODE_LINES_SQL).pluck().all() as string[];
  const edges = db.prepare(EDGE_LINES_SQL).pluck().all() as string[];
  const externalEdges = db.prepare(EXTERNAL_EDGE_LINES_SQL).pluck().all() as string[];
  const dynamicCalls = db.prepare(DYNAMIC_CALL_LINES_SQL).pluck().all() as string[];
  const header = JSON.stringify({
    format: "ts-graph-snapshot",
    version: SNAPSHOT_FORMAT_VERSION,
    nodes: nodes.length,
    edges: edges.length,
    externalEdges: externalEdges.length,
    dynamicCalls: dynamicCalls.length,
  });
  return `${[header, ...nodes, ...edges, ...externalEdges, ...dynamicCalls].join("\n")}\n`;
}

/** The graph's snapshot (docs/snapshot.md), each declaration with the body hash stored when it was indexed. */
export function readSnapshot(db: SqliteDb): string {
  return readConsistently(db, () => {
    if (db.prepare(NO_ASTRAL_SQL).pluck().get() === 1) return snapshotBySqlite(db);
    const nodes = db.prepare(NODE_ROWS_SQL).all() as SnapshotNodeRow[];
    const edges = db.prepare(EDGE_ROWS_SQL).all() as SnapshotEdgeRow[];
    const externalEdges = db.prepare(EXTERNAL_EDGE_ROWS_SQL).all() as SnapshotExternalEdgeRow[];
    const dynamicCalls = db.prepare(DYNAMIC_CALL_ROWS_SQL).all() as SnapshotDynamicCallRow[];
    return formatSnapshot(nodes, edges, externalEdges, dynamicCalls);
  });
}

import type { SqliteDb } from "./open-graph-db.js";
import { readConsistently } from "./read-transaction.js";

/** Version of the snapshot format documented in docs/snapshot.md. */
export const SNAPSHOT_FORMAT_VERSION = 4;

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
}

export interface SnapshotEdgeRow {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly lines: string;
  readonly names: string | null;
  readonly typeOnly: number | null;
}

/** An edge to a member declared outside the indexed files (lib, node_modules): CALLS or OVERRIDES. */
export interface SnapshotExternalEdgeRow {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly lines: string;
}

/** A call site whose callee has no static target. */
export interface SnapshotDynamicCallRow {
  readonly source: string;
  readonly line: number;
  readonly expression: string;
}

const NODE_ROWS_SQL = `SELECT key, kind, name, file, start_line AS startLine, end_line AS endLine,
  name_line AS nameLine, implementation_line AS implementationLine, exported, signature, modifiers FROM nodes`;
const EDGE_ROWS_SQL = `SELECT kind, source, target, lines, names, type_only AS typeOnly FROM edges`;
const EXTERNAL_EDGE_ROWS_SQL = `SELECT kind, source, target, lines FROM external_edges`;
const DYNAMIC_CALL_ROWS_SQL = `SELECT source, line, expression FROM dynamic_calls`;

/** Byte order, not locale order, so that every machine sorts alike. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareEdges(a: SnapshotExternalEdgeRow, b: SnapshotExternalEdgeRow): number {
  return compareCodeUnits(a.kind, b.kind) || compareCodeUnits(a.source, b.source) || compareCodeUnits(a.target, b.target);
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
  });
}

function externalEdgeLine(row: SnapshotExternalEdgeRow): string {
  const lines = JSON.parse(row.lines) as number[];
  return JSON.stringify({ externalEdge: row.kind, source: row.source, target: row.target, ...(lines.length > 0 ? { lines } : {}) });
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
  return (
    [
      header,
      ...sortedNodes.map(nodeLine),
      ...sortedEdges.map(edgeLine),
      ...sortedExternal.map(externalEdgeLine),
      ...sortedDynamic.map(dynamicCallLine),
    ].join("\n") + "\n"
  );
}

export function readSnapshot(db: SqliteDb): string {
  return readConsistently(db, () => {
    const nodes = db.prepare(NODE_ROWS_SQL).all() as SnapshotNodeRow[];
    const edges = db.prepare(EDGE_ROWS_SQL).all() as SnapshotEdgeRow[];
    const externalEdges = db.prepare(EXTERNAL_EDGE_ROWS_SQL).all() as SnapshotExternalEdgeRow[];
    const dynamicCalls = db.prepare(DYNAMIC_CALL_ROWS_SQL).all() as SnapshotDynamicCallRow[];
    return formatSnapshot(nodes, edges, externalEdges, dynamicCalls);
  });
}

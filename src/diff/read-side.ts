import type { SqliteDb } from "../db/open-graph-db.js";
import type { ParsedSnapshot } from "../db/snapshot-load.js";
import type { DiffNode, GraphSideData } from "./graph-diff.js";

const NODES_SQL = `SELECT key, kind, name, file, parent_key AS parent, start_line AS startLine, end_line AS endLine,
  exported, signature, modifiers, body FROM nodes`;
/** Sorted as the diff merges them (graph-diff.ts checks the order, and sorts only when SQLite's byte order differs from JavaScript's). */
const EDGES_SQL = `SELECT kind, source, target FROM edges WHERE kind <> 'CONTAINS' ORDER BY kind, source, target`;

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
  readonly body: string | null;
}

/** A graph database's declarations and edges (CONTAINS left out: parents say it), each declaration with the body hash stored when it was indexed. */
export function readSide(db: SqliteDb): GraphSideData {
  const nodes = (db.prepare(NODES_SQL).all() as NodeRow[]).map(
    (row): DiffNode => ({
      key: row.key,
      kind: row.kind,
      name: row.name,
      file: row.file,
      parent: row.parent ?? undefined,
      exported: row.exported === 1,
      modifiers: row.modifiers === "" ? [] : row.modifiers.split(" "),
      signature: row.signature,
      startLine: row.startLine,
      body: row.body ?? undefined,
    }),
  );
  return { nodes, edges: db.prepare(EDGES_SQL).all() as { kind: string; source: string; target: string }[] };
}

/** A parsed snapshot's declarations and edges (CONTAINS left out), each declaration with the body hash the snapshot kept. */
export function snapshotSide(snapshot: ParsedSnapshot): GraphSideData {
  const nodes = snapshot.nodes.map(
    (line): DiffNode => ({
      key: line.node,
      kind: line.kind,
      name: line.name,
      file: line.file,
      parent: snapshot.parents.get(line.node),
      exported: line.exported,
      modifiers: line.modifiers,
      signature: line.signature,
      startLine: line.lines[0],
      body: line.body,
    }),
  );
  const edges = snapshot.edges
    .filter((edge) => edge.edge !== "CONTAINS")
    .map((edge) => ({ kind: edge.edge, source: edge.source, target: edge.target }));
  return { nodes, edges };
}

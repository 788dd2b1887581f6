import type { IndexedText } from "../db/indexed-text.js";
import type { SqliteDb } from "../db/open-graph-db.js";
import type { ParsedSnapshot } from "../db/snapshot-load.js";
import { bodyHasher } from "../model/body-hash.js";
import type { DiffNode, GraphSideData } from "./graph-diff.js";

const NODES_SQL = `SELECT key, kind, name, file, parent_key AS parent, start_line AS startLine, end_line AS endLine,
  exported, signature, modifiers FROM nodes`;
const EDGES_SQL = `SELECT kind, source, target FROM edges WHERE kind <> 'CONTAINS'`;

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

/** A graph database's declarations and edges (CONTAINS left out: parents say it), each declaration with its body hash when its file's indexed text is known. */
export function readSide(db: SqliteDb, text: IndexedText | undefined): GraphSideData {
  const hash = text === undefined ? () => undefined : bodyHasher(text);
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
      body: hash(row),
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
  const edges = snapshot.edges.filter((edge) => edge.edge !== "CONTAINS").map((edge) => ({ kind: edge.edge, source: edge.source, target: edge.target }));
  return { nodes, edges };
}

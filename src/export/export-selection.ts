import type { SqliteDb } from "../db/open-graph-db.js";
import { folderKeyRange } from "../tools/workspace/workspace-files.js";
import type { ExportEdge, ExportNode } from "./export-formats.js";

/** Which part of the graph an export keeps; every field left out keeps all. */
export interface ExportSelection {
  /** Node kinds kept (edges are kept between kept nodes). */
  readonly kinds?: readonly string[] | undefined;
  /** A graph path (root-relative, `/`-separated): the file itself, or every file under the folder; "" is the root. */
  readonly under?: string | undefined;
  /** A neighbourhood: the nodes at most `depth` edges from `key`, along edges of any kind, either way. */
  readonly from?: { readonly key: string; readonly depth: number } | undefined;
}

interface SelectionSql {
  /** `WITH …` clauses defining `kept(key)`. */
  readonly with: string;
  readonly parameters: readonly (string | number)[];
  /** Whether anything is left out: the whole graph's nodes need no `kept` test. */
  readonly filtered: boolean;
}

/**
 * The kept keys as a CTE. The neighbourhood is a bounded walk in SQL: level by level along edges out and in, each
 * level's rows deduplicated by (key, depth), so the walk ends after `depth` levels whatever cycles the graph has.
 */
function selectionSql(selection: ExportSelection): SelectionSql {
  const clauses: string[] = [];
  const parameters: (string | number)[] = [];
  const conditions: string[] = [];
  if (selection.from !== undefined) {
    clauses.push(`walk(key, depth) AS (
      SELECT ?, 0
      UNION SELECT e.target, w.depth + 1 FROM walk w JOIN edges e ON e.source = w.key WHERE w.depth < ?
      UNION SELECT e.source, w.depth + 1 FROM walk w JOIN edges e ON e.target = w.key WHERE w.depth < ?)`);
    parameters.push(selection.from.key, selection.from.depth, selection.from.depth);
    conditions.push("key IN (SELECT key FROM walk)");
  }
  if (selection.kinds !== undefined) {
    conditions.push(`kind IN (${selection.kinds.map(() => "?").join(", ")})`);
    parameters.push(...selection.kinds);
  }
  if (selection.under !== undefined && selection.under !== "") {
    const { low, high } = folderKeyRange(selection.under);
    conditions.push("(file = ? OR (file >= ? AND file < ?))");
    parameters.push(selection.under, low, high);
  }
  clauses.push(
    `kept(key) AS (SELECT key FROM nodes${conditions.length === 0 ? "" : ` WHERE ${conditions.join(" AND ")}`})`,
  );
  return { with: `WITH RECURSIVE ${clauses.join(",\n")}`, parameters, filtered: conditions.length > 0 };
}

interface NodeRow {
  readonly key: string;
  readonly kind: string;
  readonly name: string;
  readonly qualifiedName: string;
  readonly file: string;
  readonly line: number;
  readonly endLine: number;
  readonly exported: number;
}

/** The kept nodes, by file, then key (byte order: SQLite's BINARY collation), read one at a time. */
export function* selectedNodes(db: SqliteDb, selection: ExportSelection): Generator<ExportNode> {
  const { with: withClause, parameters, filtered } = selectionSql(selection);
  const columns =
    "key, kind, name, qualified_name AS qualifiedName, file, start_line AS line, end_line AS endLine, exported";
  const statement = filtered
    ? db.prepare<unknown[], NodeRow>(
        `${withClause} SELECT ${columns} FROM nodes WHERE key IN (SELECT key FROM kept) ORDER BY file, key`,
      )
    : db.prepare<unknown[], NodeRow>(`SELECT ${columns} FROM nodes ORDER BY file, key`);
  for (const row of statement.iterate(...(filtered ? parameters : []))) yield { ...row, exported: row.exported === 1 };
}

/**
 * The edges between kept nodes, by source, target, kind, read one at a time. One (kind, source, target) written by
 * several files (an inherited override) is one edge, its counts added. The whole graph's edges are tested against
 * the nodes too: an importer refuses an edge to a node the file does not declare, so none is ever written.
 */
export function* selectedEdges(db: SqliteDb, selection: ExportSelection): Generator<ExportEdge> {
  const { with: withClause, parameters } = selectionSql(selection);
  const statement = db.prepare<unknown[], ExportEdge>(`${withClause}
    SELECT kind, source, target, SUM(count) AS count FROM edges
    WHERE source IN (SELECT key FROM kept) AND target IN (SELECT key FROM kept)
    GROUP BY source, target, kind ORDER BY source, target, kind`);
  yield* statement.iterate(...parameters);
}

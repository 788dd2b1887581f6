import type { SqliteDb } from "../db/open-graph-db.js";
import { META } from "../db/schema.js";

/**
 * Every row of every table of a graph database, as sorted JSON lines per table: what incremental-equals-full
 * compares. Tables and columns are read from the database itself, so a table or column added later is
 * compared without touching this file. Left out, because they name a run rather than the graph:
 * - row ids (`INTEGER PRIMARY KEY` columns), which depend on the order rows were written in;
 * - `files.indexed_at` and the `meta` rows `indexed_at` and `discovery` (when a run happened and the
 *   discovery cache's stat of the tsconfig files, which a later run may refresh);
 * - the FTS5 index of symbol names and its shadow tables, derived from `symbol_names` (compared).
 */
const RUN_COLUMNS: Readonly<Record<string, readonly string[]>> = { files: ["indexed_at"] };
const RUN_META_KEYS: readonly string[] = [META.indexedAt, META.discovery];
const DERIVED_TABLE = /^symbol_names_trigrams/;

export type GraphDump = Readonly<Record<string, readonly string[]>>;

interface ColumnInfo {
  readonly name: string;
  readonly type: string;
  readonly pk: number;
}

/**
 * With `inWriteOrder`, row ids are kept and rows stay in row id order: what a run on several threads must
 * write the same as a run on one (parallel-extraction.ts).
 */
export function dumpGraph(db: SqliteDb, options: { readonly inWriteOrder?: boolean } = {}): GraphDump {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const dump: Record<string, string[]> = {};
  for (const table of tables.filter((name) => !DERIVED_TABLE.test(name))) {
    const columns = (db.prepare(`PRAGMA table_info(${quote(table)})`).all() as ColumnInfo[]).filter(
      (column) =>
        (options.inWriteOrder === true || !isRowId(column)) && !(RUN_COLUMNS[table] ?? []).includes(column.name),
    );
    const order = options.inWriteOrder === true && !isWithoutRowId(db, table) ? " ORDER BY rowid" : "";
    const rows = db
      .prepare(`SELECT ${columns.map((column) => quote(column.name)).join(", ")} FROM ${quote(table)}${order}`)
      .raw()
      .all() as unknown[][];
    const kept = table === "meta" ? rows.filter((row) => !RUN_META_KEYS.includes(String(row[0]))) : rows;
    const lines = kept.map((row) => JSON.stringify(row));
    dump[table] = options.inWriteOrder === true ? lines : lines.sort();
  }
  return dump;
}

/** The lines each dump has and the other has not, per table: empty when the graphs are the same. */
export function diffGraphDumps(
  left: GraphDump,
  right: GraphDump,
): Record<string, { onlyLeft: string[]; onlyRight: string[] }> {
  const differences: Record<string, { onlyLeft: string[]; onlyRight: string[] }> = {};
  for (const table of new Set([...Object.keys(left), ...Object.keys(right)])) {
    const leftRows = new Set(left[table] ?? []);
    const rightRows = new Set(right[table] ?? []);
    const onlyLeft = [...leftRows].filter((row) => !rightRows.has(row));
    const onlyRight = [...rightRows].filter((row) => !leftRows.has(row));
    const countsDiffer = (left[table]?.length ?? -1) !== (right[table]?.length ?? -1);
    if (onlyLeft.length > 0 || onlyRight.length > 0 || countsDiffer) differences[table] = { onlyLeft, onlyRight };
  }
  return differences;
}

function isRowId(column: ColumnInfo): boolean {
  return column.pk === 1 && column.type.toUpperCase() === "INTEGER";
}

function isWithoutRowId(db: SqliteDb, table: string): boolean {
  const sql = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table);
  return typeof sql === "string" && /WITHOUT\s+ROWID\s*;?\s*$/i.test(sql);
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

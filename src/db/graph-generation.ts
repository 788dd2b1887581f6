import type { SqliteDb } from "./open-graph-db.js";

/**
 * Which committed database a connection reads: a value that changes whenever the database does, whether another
 * connection or process committed (SQLite's `data_version`) or this connection wrote (`total_changes()`, which
 * also counts writes rolled back: a spurious change, never a missed one). Inside a read transaction it names that
 * transaction's snapshot. What the query slices derive from the graph and keep between answers is keyed by it.
 */
export type GraphGeneration = string;

interface GenerationStatements {
  readonly dataVersion: { get(): unknown };
  readonly totalChanges: { get(): unknown };
}

const generationStatements = new WeakMap<SqliteDb, GenerationStatements>();

export function graphGeneration(db: SqliteDb): GraphGeneration {
  let statements = generationStatements.get(db);
  if (statements === undefined) {
    // Two statements: the pragma as a table-valued function in one SELECT costs twice as much.
    statements = {
      dataVersion: db.prepare("PRAGMA data_version").pluck(),
      totalChanges: db.prepare("SELECT total_changes()").pluck(),
    };
    generationStatements.set(db, statements);
  }
  return `${String(statements.dataVersion.get())}:${String(statements.totalChanges.get())}`;
}

/**
 * Memoizes what is derived from a database's content for as long as that content does not change: `derive` runs
 * again on the first call after any commit (by any connection) or any write of this connection.
 */
export function perGraphGeneration<T>(derive: (db: SqliteDb) => T): (db: SqliteDb) => T {
  const derived = new WeakMap<SqliteDb, { readonly generation: GraphGeneration; readonly value: T }>();
  return (db) => {
    const generation = graphGeneration(db);
    const known = derived.get(db);
    if (known !== undefined && known.generation === generation) return known.value;
    const value = derive(db);
    derived.set(db, { generation, value });
    return value;
  };
}

import type { SqliteDb } from "./open-graph-db.js";

/**
 * Which committed database a connection reads: a value that changes whenever the database does, whether another
 * connection or process committed (SQLite's `data_version`) or this connection wrote (`total_changes()`, which
 * also counts writes rolled back: a spurious change, never a missed one). Inside a read transaction it names that
 * transaction's snapshot. What the query slices derive from the graph and keep between answers is keyed by it.
 */
export type GraphGeneration = string;

const generationStatements = new WeakMap<SqliteDb, { get(): unknown }>();

export function graphGeneration(db: SqliteDb): GraphGeneration {
  let statement = generationStatements.get(db);
  if (statement === undefined) {
    statement = db.prepare("SELECT (SELECT data_version FROM pragma_data_version) || ':' || total_changes()").pluck();
    generationStatements.set(db, statement);
  }
  return statement.get() as GraphGeneration;
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

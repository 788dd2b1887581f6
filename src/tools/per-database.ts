import type { SqliteDb } from "../db/open-graph-db.js";

/**
 * Memoizes what a slice builds from a database (its prepared statements) once per open database, so that a
 * long-lived server prepares each statement once and a closed database's statements go with it.
 */
export function perDatabase<T>(create: (db: SqliteDb) => T): (db: SqliteDb) => T {
  const built = new WeakMap<SqliteDb, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = create(db);
      built.set(db, value);
    }
    return value;
  };
}

import type Database from "better-sqlite3";
import type { SqliteDb } from "./open-graph-db.js";

/** One transaction function per connection, run with each read: better-sqlite3 builds a new one on every `db.transaction` call. */
const runners = new WeakMap<SqliteDb, Database.Transaction<(read: () => unknown) => unknown>>();

/**
 * Runs `read` in one read transaction, so that every statement in it sees the same committed graph. Without
 * it each statement is a transaction of its own: an index run (another connection, another process) that
 * commits between two statements of one answer would give that answer half of each graph. Inside a
 * transaction already, `read` simply runs (better-sqlite3 nests it as a savepoint).
 */
export function readConsistently<T>(db: SqliteDb, read: () => T): T {
  let runner = runners.get(db);
  if (runner === undefined) {
    runner = db.transaction((inner: () => unknown) => inner());
    runners.set(db, runner);
  }
  return runner.deferred(read) as T;
}

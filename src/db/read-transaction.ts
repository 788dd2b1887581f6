import type { SqliteDb } from "./open-graph-db.js";

/**
 * Runs `read` in one read transaction, so that every statement in it sees the same committed graph. Without
 * it each statement is a transaction of its own: an index run (another connection, another process) that
 * commits between two statements of one answer would give that answer half of each graph. Inside a
 * transaction already, `read` simply runs (better-sqlite3 nests it as a savepoint).
 */
export function readConsistently<T>(db: SqliteDb, read: () => T): T {
  return db.transaction(read).deferred();
}

/*
 * What the CLI's light paths (exit codes, the daemon's socket lock) need from the database layer without
 * loading SQLite: better-sqlite3's modules cost about 20 ms of CPU in a process that never opens a database.
 */

/** A --db path that holds something that is not a ts-graph database: never overwritten. */
export class NotAGraphDbError extends Error {
  constructor(dbPath: string, detail: string) {
    super(
      `${dbPath} exists but is not a ts-graph database (${detail}); refusing to overwrite it. ` +
        `Pass another path with --db, or delete the file yourself.`,
    );
    this.name = "NotAGraphDbError";
  }
}

/** Whether a process of this machine with that id runs (a run marker's owner, a lock's holder). */
export function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === "EPERM";
  }
}

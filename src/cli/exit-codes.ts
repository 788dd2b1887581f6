/** Exit codes of every ts-graph command (documented in docs/cli.md). */
export const EXIT = {
  ok: 0,
  /** The command ran and failed: nothing to index, a runtime error. */
  failure: 1,
  /** The command was called wrongly: bad arguments, bad configuration, a --db that is not ours or cannot be written. */
  usage: 2,
  /** Standard output was closed by its reader (`ts-graph export | head`): the code of a process that SIGPIPE ended. */
  closedOutput: 141,
} as const;

/**
 * Errors that mean the command was called wrongly (config/config-error.ts, db/graph-db-owner.ts, db/graph-db-path.ts), by
 * name: an indexing thread's errors reach the CLI as plain Errors that keep it, and a daemon's as names in its answers.
 */
export const USAGE_ERROR_NAMES: ReadonlySet<string> = new Set(["ConfigError", "NotAGraphDbError", "GraphDbPathError"]);

export function exitCodeFor(error: unknown): number {
  if (error instanceof Error && USAGE_ERROR_NAMES.has(error.name)) return EXIT.usage;
  return EXIT.failure;
}

export function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === "ENOSPC" || code === "SQLITE_FULL")
    return `${message}: the disk is full; free some space and run again (nothing half-written was kept)`;
  return message;
}

import { ConfigError } from "../config/config-error.js";
import { NotAGraphDbError } from "../db/graph-db-owner.js";

/** Exit codes of every ts-graph command (documented in README.md). */
export const EXIT = {
  ok: 0,
  /** The command ran and failed: nothing to index, a runtime error. */
  failure: 1,
  /** The command was called wrongly: bad arguments, bad configuration, a --db that is not ours. */
  usage: 2,
} as const;

export function exitCodeFor(error: unknown): number {
  if (error instanceof ConfigError || error instanceof NotAGraphDbError) return EXIT.usage;
  return EXIT.failure;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

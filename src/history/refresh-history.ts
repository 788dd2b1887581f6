import Database from "better-sqlite3";
import { ingestHistory } from "./ingest-history.js";
import {
  refreshResult,
  rememberRefresh,
  reusableRefresh,
  type HistoryRefreshResult,
  type RefreshOptions,
} from "./refresh-cache.js";

export type { HistoryRefreshResult, RefreshOptions } from "./refresh-cache.js";

const TYPESCRIPT_SOURCE = /\.(?:ts|tsx|mts|cts)$/;

/** The files whose declarations symbol-level co-change reads: TypeScript sources, not declaration files. */
export function isTypeScriptSource(file: string): boolean {
  return TYPESCRIPT_SOURCE.test(file) && !file.endsWith(".d.ts");
}

/**
 * The front ends' side of co-change: brings the history tables of the graph at dbPath up to date with the git
 * repository that holds root, through a connection of its own (the tools' connection only reads), and says
 * where root lies in the repository.
 */
export function refreshHistory(dbPath: string, root: string, options: RefreshOptions): HistoryRefreshResult {
  const reused = reusableRefresh(dbPath, root, options);
  if (reused !== undefined) return reused;
  const started = performance.now();
  const result = refreshCatchingLocks(dbPath, root, options);
  rememberRefresh(dbPath, root, options, result, started);
  return result;
}

function refreshCatchingLocks(dbPath: string, root: string, options: RefreshOptions): HistoryRefreshResult {
  try {
    return refreshWith(dbPath, root, options);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && /^SQLITE_(READONLY|CANTOPEN|BUSY)/.test(code)) {
      return {
        status: "unavailable",
        why: `the graph's database cannot be written to keep the history (${code})`,
        fix: "Run ts-graph where the graph's folder is writable and no other run holds it.",
      };
    }
    throw error;
  }
}

function refreshWith(dbPath: string, root: string, options: RefreshOptions): HistoryRefreshResult {
  const db = new Database(dbPath, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    const result = ingestHistory(db, root, { symbols: options.symbols, isSource: isTypeScriptSource });
    return result.status === "unavailable" ? result : refreshResult(result, root);
  } finally {
    db.close();
  }
}

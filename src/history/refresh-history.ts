import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { ingestHistory } from "./ingest-history.js";

const TYPESCRIPT_SOURCE = /\.(?:ts|tsx|mts|cts)$/;

/** The files whose declarations symbol-level co-change reads: TypeScript sources, not declaration files. */
export function isTypeScriptSource(file: string): boolean {
  return TYPESCRIPT_SOURCE.test(file) && !file.endsWith(".d.ts");
}

export type HistoryRefreshResult =
  | { readonly status: "unavailable"; readonly why: string; readonly fix: string }
  | { readonly status: "complete" | "partial"; readonly why?: string; readonly fix?: string; readonly rootInRepository: string };

export interface RefreshOptions {
  /** Also the declarations each commit changed; `if-read`: only when an earlier run read them. */
  readonly symbols: boolean | "if-read";
  /** A refresh of the same graph and root this recent (milliseconds) is reused instead of asking git again. */
  readonly reuseWithinMs?: number | undefined;
}

/** The last refresh per graph and root, in this process: when, whether it read symbols, and its answer. */
const lastRefresh = new Map<string, { readonly at: number; readonly symbols: boolean; readonly result: HistoryRefreshResult }>();

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

/** The answer of a refresh of this graph and root recent enough for options.reuseWithinMs, if there is one. */
export function reusableRefresh(dbPath: string, root: string, options: RefreshOptions): HistoryRefreshResult | undefined {
  const last = lastRefresh.get(`${dbPath}\0${root}`);
  if (last === undefined || options.reuseWithinMs === undefined || performance.now() - last.at > options.reuseWithinMs) return undefined;
  return options.symbols !== true || last.symbols ? last.result : undefined;
}

/** Records a refresh that started at `startedAt` (performance.now()) for reusableRefresh. */
export function rememberRefresh(dbPath: string, root: string, options: RefreshOptions, result: HistoryRefreshResult, startedAt: number): void {
  lastRefresh.set(`${dbPath}\0${root}`, { at: startedAt, symbols: options.symbols === true, result });
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
    if (result.status === "unavailable") return result;
    const relative = path.relative(fs.realpathSync(result.toplevel), fs.realpathSync(root)).split(path.sep).join("/");
    return result.status === "partial" && result.why !== undefined && result.fix !== undefined
      ? { status: "partial", why: result.why, fix: result.fix, rootInRepository: relative }
      : { status: "complete", rootInRepository: relative };
  } finally {
    db.close();
  }
}

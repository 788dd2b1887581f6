import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { gitStateAt } from "./git.js";

/**
 * The parts of a history refresh that need no TypeScript, so that a front end can answer "the history is up to
 * date" without loading it (or starting a thread): the answer's shape, the reuse of a recent refresh, and the
 * check that git's HEAD is the one the history was read up to.
 */
export type HistoryRefreshResult =
  | { readonly status: "unavailable"; readonly why: string; readonly fix: string }
  | {
      readonly status: "complete" | "partial";
      readonly why?: string;
      readonly fix?: string;
      readonly rootInRepository: string;
    };

export interface RefreshOptions {
  /** Also the declarations each commit changed; `if-read`: only when an earlier run read them. */
  readonly symbols: boolean | "if-read";
  /** A refresh of the same graph and root this recent (milliseconds) is reused instead of asking git again. */
  readonly reuseWithinMs?: number | undefined;
}

/** What a read of the history found: where the repository is, and whether it is a shallow clone. */
export interface HistoryRead {
  readonly status: "complete" | "partial";
  readonly why?: string | undefined;
  readonly fix?: string | undefined;
  readonly toplevel: string;
}

/** The answer for a root, from a read of its repository's history. */
export function refreshResult(read: HistoryRead, root: string): HistoryRefreshResult {
  const relative = path.relative(fs.realpathSync(read.toplevel), fs.realpathSync(root)).split(path.sep).join("/");
  return read.status === "partial" && read.why !== undefined && read.fix !== undefined
    ? { status: "partial", why: read.why, fix: read.fix, rootInRepository: relative }
    : { status: "complete", rootInRepository: relative };
}

/** What a shallow clone's answer says. */
export const SHALLOW = {
  why: "the clone is shallow: commits before its depth are not read",
  fix: "Run `git fetch --unshallow` for the whole history.",
} as const;

/** Whether a read takes the declarations each commit changed: asked for, or (`if-read`) read once before. */
export function wantsSymbols(option: RefreshOptions["symbols"], symbolsRead: boolean): boolean {
  return option === "if-read" ? symbolsRead : option;
}

/**
 * The history needs no read: it was read up to git's HEAD, and no commit waits for its declarations when
 * they are wanted. The one rule of ingestHistory's shortcut and of upToDateRefresh.
 */
export function nothingToRead(
  headRead: string | undefined,
  gitHead: string,
  symbolsWanted: boolean,
  commitsWithoutSymbols: boolean,
): boolean {
  return headRead === gitHead && !(symbolsWanted && commitsWithoutSymbols);
}

/** The last refresh per graph and root, in this process: when, whether it read symbols, and its answer. */
const lastRefresh = new Map<
  string,
  { readonly at: number; readonly symbols: boolean; readonly result: HistoryRefreshResult }
>();

/** The answer of a refresh of this graph and root recent enough for options.reuseWithinMs, if there is one. */
export function reusableRefresh(
  dbPath: string,
  root: string,
  options: RefreshOptions,
): HistoryRefreshResult | undefined {
  const last = lastRefresh.get(`${dbPath}\0${root}`);
  if (last === undefined || options.reuseWithinMs === undefined || performance.now() - last.at > options.reuseWithinMs)
    return undefined;
  return options.symbols !== true || last.symbols ? last.result : undefined;
}

/** Records a refresh that started at `startedAt` (performance.now()) for reusableRefresh. */
export function rememberRefresh(
  dbPath: string,
  root: string,
  options: RefreshOptions,
  result: HistoryRefreshResult,
  startedAt: number,
): void {
  lastRefresh.set(`${dbPath}\0${root}`, { at: startedAt, symbols: options.symbols === true, result });
}

/**
 * The answer without a refresh when there is nothing to read: git's HEAD is the head the history was read up
 * to, and no commit waits for its declarations to be read (when they are wanted). One git process and a
 * read-only look at the database; undefined when a refresh has something to do (or cannot tell).
 */
export function upToDateRefresh(
  dbPath: string,
  root: string,
  options: RefreshOptions,
): HistoryRefreshResult | undefined {
  const git = gitStateAt(root);
  if (git.status === "unavailable") return git;
  let db: Database.Database | undefined;
  try {
    db = new Database(dbPath, { readonly: true, fileMustExist: true });
    const head = db.prepare("SELECT sha FROM history_head WHERE id = 1").pluck().get() as string | undefined;
    const symbolsRead =
      db.prepare("SELECT EXISTS (SELECT 1 FROM history_commits WHERE symbols = 1)").pluck().get() === 1;
    const unmapped = db.prepare("SELECT EXISTS (SELECT 1 FROM history_commits WHERE symbols = 0)").pluck().get() === 1;
    if (!nothingToRead(head, git.head, wantsSymbols(options.symbols, symbolsRead), unmapped)) return undefined;
  } catch {
    // No history tables yet, a database being rebuilt: the refresh finds out.
    return undefined;
  } finally {
    db?.close();
  }
  return refreshResult(
    { status: git.shallow ? "partial" : "complete", ...(git.shallow ? SHALLOW : {}), toplevel: git.toplevel },
    root,
  );
}

/** A recent refresh reused, or the answer of a history with nothing new to read (remembered for reuse); undefined when a refresh must run. */
export function refreshWithoutReading(
  dbPath: string,
  root: string,
  options: RefreshOptions,
): HistoryRefreshResult | undefined {
  const reused = reusableRefresh(dbPath, root, options);
  if (reused !== undefined) return reused;
  const started = performance.now();
  const current = upToDateRefresh(dbPath, root, options);
  if (current !== undefined) rememberRefresh(dbPath, root, options, current, started);
  return current;
}

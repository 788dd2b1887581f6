import type { SqliteDb } from "../db/open-graph-db.js";
import { changedDeclarations } from "./changed-declarations.js";
import { gitStateAt, isAncestor, readFileVersions, runGit } from "./git.js";
import { createHistoryStore } from "./history-store.js";
import { NAME_STATUS_LOG_ARGS, parseNameStatusLog, type HistoryCommit } from "./name-status-log.js";
import { PATCH_LOG_ARGS, parsePatchLog, type LineRange } from "./patch-log.js";

/**
 * Brings the history tables up to date with the repository's HEAD: only the commits after the last one read,
 * or the whole history again when it was rewritten (the last commit read is no longer an ancestor of HEAD).
 * Paths are relative to the repository's top level.
 */
export interface HistoryOptions {
  /** Also map each commit's changed lines to the declarations around them (symbol-level co-change). */
  readonly symbols: boolean;
  /** Files whose declarations are read at symbol level (TypeScript sources). */
  readonly isSource: (path: string) => boolean;
}

export type HistoryIngestion =
  | { readonly status: "unavailable"; readonly why: string; readonly fix: string }
  | {
      readonly status: "complete" | "partial";
      /** Why the history is partial (a shallow clone), and how to get all of it. */
      readonly why?: string;
      readonly fix?: string;
      readonly toplevel: string;
      readonly added: number;
      readonly rewritten: boolean;
      /** Versions of files parsed for symbol-level changes. */
      readonly versionsParsed: number;
    };

export function ingestHistory(db: SqliteDb, dir: string, options: HistoryOptions): HistoryIngestion {
  const git = gitStateAt(dir);
  if (git.status === "unavailable") return git;
  const store = createHistoryStore(db);
  const last = store.lastCommit();
  const rewritten = last !== undefined && !isAncestor(git.toplevel, last, git.head);
  if (rewritten) store.clear();
  const since = rewritten ? undefined : last;
  const range = since === undefined ? [git.head] : [`${since}..${git.head}`];
  const commits = parseNameStatusLog(logText(git.toplevel, [...NAME_STATUS_LOG_ARGS, ...range])).reverse();
  let versionsParsed = 0;
  if (commits.length > 0) {
    const symbols = options.symbols ? symbolChanges(git.toplevel, range, commits, options.isSource) : undefined;
    versionsParsed = symbols?.size ?? 0;
    store.addCommits(commits, symbols === undefined ? undefined : (commit, path) => symbols.get(`${commit}:${path}`) ?? []);
  }
  const partial = git.shallow
    ? { why: "the clone is shallow: commits before its depth are not read", fix: "Run `git fetch --unshallow` for the whole history." }
    : {};
  return { status: git.shallow ? "partial" : "complete", ...partial, toplevel: git.toplevel, added: commits.length, rewritten, versionsParsed };
}

/** File versions read per `git cat-file --batch`: bounds the memory one batch holds. */
const VERSIONS_PER_BATCH = 1000;

function logText(toplevel: string, args: readonly string[]): string {
  const result = runGit(toplevel, args);
  if (!result.ok) throw new Error(`git ${args[0] ?? ""} failed: ${result.stderr}`);
  return result.stdout.toString("utf8");
}

/** `<commit>:<path>` → the declarations the commit changed in that file, for every source file commits changed. */
function symbolChanges(toplevel: string, range: readonly string[], commits: readonly HistoryCommit[], isSource: (path: string) => boolean): Map<string, string[]> {
  const wanted = new Set(commits.map((commit) => commit.id));
  const changed: { version: string; path: string; ranges: readonly LineRange[] }[] = [];
  for (const patch of parsePatchLog(logText(toplevel, [...PATCH_LOG_ARGS, ...range]))) {
    if (!wanted.has(patch.id)) continue;
    for (const file of patch.files) {
      if (!file.deleted && file.ranges.length > 0 && isSource(file.path) && !file.path.includes("\n")) {
        changed.push({ version: `${patch.id}:${file.path}`, path: file.path, ranges: file.ranges });
      }
    }
  }
  const symbols = new Map<string, string[]>();
  for (let first = 0; first < changed.length; first += VERSIONS_PER_BATCH) {
    const batch = changed.slice(first, first + VERSIONS_PER_BATCH);
    const texts = readFileVersions(toplevel, batch.map((file) => file.version));
    batch.forEach((file, index) => {
      const text = texts[index];
      if (text !== undefined) symbols.set(file.version, changedDeclarations(file.path, text, file.ranges));
    });
  }
  return symbols;
}

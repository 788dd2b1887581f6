import type { SqliteDb } from "../db/open-graph-db.js";
import { changedDeclarations, createVersionParser } from "./changed-declarations.js";
import { gitStateAt, isAncestor, readFileVersions, runGit } from "./git.js";
import { createHistoryStore, type CommitSymbols, type HistoryStore } from "./history-store.js";
import { NAME_STATUS_LOG_ARGS, parseNameStatusLog } from "./name-status-log.js";
import { PATCH_LOG_ARGS, parsePatchLog, type LineRange } from "./patch-log.js";
import { SHALLOW, nothingToRead, wantsSymbols } from "./refresh-cache.js";

/**
 * Brings the history tables up to date with the repository's HEAD: only the commits after the last one read,
 * or the whole history again when it was rewritten (the last commit read is no longer an ancestor of HEAD).
 * Paths are relative to the repository's top level.
 */
export interface HistoryOptions {
  /**
   * Also map each commit's changed lines to the declarations around them (symbol-level co-change), for the
   * commits not mapped yet: read on first need, as it parses a version of every changed file. `if-read`: only
   * when an earlier run read them (keeps a symbol-level history up to date without starting one).
   */
  readonly symbols: boolean | "if-read";
  /** Files whose declarations are read at symbol level (TypeScript sources), by their latest path; deleted files never are. */
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
  const last = store.headRead();
  const symbols = wantsSymbols(options.symbols, store.hasSymbols());
  const partial = git.shallow ? SHALLOW : {};
  const status = git.shallow ? "partial" : "complete";
  // Up to date, and nothing left to map: the one git process of gitStateAt is the whole cost.
  if (nothingToRead(last, git.head, symbols, symbols && store.commitsWithoutSymbols().length > 0)) {
    return { status, ...partial, toplevel: git.toplevel, added: 0, rewritten: false, versionsParsed: 0 };
  }
  // A history with commits but no head read was written before the head was kept: read it again, as a rewritten one.
  const rewritten = last === undefined ? !store.isEmpty() : !isAncestor(git.toplevel, last, git.head);
  if (rewritten) store.clear();
  const since = rewritten ? undefined : last;
  const range = since === undefined ? [git.head] : [`${since}..${git.head}`];
  const commits = parseNameStatusLog(logText(git.toplevel, [...NAME_STATUS_LOG_ARGS, ...range])).reverse();
  store.addCommits(commits, git.head);
  let versionsParsed = 0;
  const unmapped = symbols ? store.commitsWithoutSymbols() : [];
  if (unmapped.length > 0) {
    // Only the new commits lack symbols, unless an earlier run read files only: then read the whole history.
    const added = new Set(commits.map((commit) => commit.id));
    const onlyNew = since !== undefined && unmapped.every((id) => added.has(id));
    const mapped = symbolChanges(
      store,
      git.toplevel,
      onlyNew ? range : [git.head],
      new Set(unmapped),
      options.isSource,
    );
    versionsParsed = mapped.versionsParsed;
    store.addSymbols(mapped.commits);
  }
  return { status, ...partial, toplevel: git.toplevel, added: commits.length, rewritten, versionsParsed };
}

/** File versions read per `git cat-file --batch`: bounds the memory one batch holds. */
const VERSIONS_PER_BATCH = 1000;

function logText(toplevel: string, args: readonly string[]): string {
  const result = runGit(toplevel, args);
  if (!result.ok) throw new Error(`git ${args[0] ?? ""} failed: ${result.stderr}`);
  return result.stdout.toString("utf8");
}

/** The declarations each wanted commit changed, per source file it changed. */
function symbolChanges(
  store: HistoryStore,
  toplevel: string,
  range: readonly string[],
  wanted: ReadonlySet<string>,
  isSource: (path: string) => boolean,
): { commits: CommitSymbols[]; versionsParsed: number } {
  const changed: { commit: string; path: string; ranges: readonly LineRange[] }[] = [];
  const commits = new Map<string, Map<string, readonly string[]>>();
  for (const patch of parsePatchLog(logText(toplevel, [...PATCH_LOG_ARGS, ...range]))) {
    if (!wanted.has(patch.id)) continue;
    commits.set(patch.id, new Map());
    for (const file of patch.files) {
      if (file.deleted || file.ranges.length === 0 || file.path.includes("\n")) continue;
      // Only files that still exist: no answer can name a declaration of a deleted file (a third of zod's versions).
      const lineage = store.lineageAt(patch.id, file.path);
      if (lineage?.live && isSource(lineage.path))
        changed.push({ commit: patch.id, path: file.path, ranges: file.ranges });
    }
  }
  // Oldest first: each version is parsed from the one before it (createVersionParser).
  changed.reverse();
  const parse = createVersionParser();
  // The last version of each path: its tree need not be kept for a next one.
  const lastOfPath = new Map(changed.map((file, index) => [file.path, index]));
  for (let first = 0; first < changed.length; first += VERSIONS_PER_BATCH) {
    const batch = changed.slice(first, first + VERSIONS_PER_BATCH);
    const texts = readFileVersions(
      toplevel,
      batch.map((file) => `${file.commit}:${file.path}`),
    );
    batch.forEach((file, index) => {
      const text = texts[index];
      const tree = text === undefined ? undefined : parse(file.path, text, lastOfPath.get(file.path) === first + index);
      if (tree !== undefined)
        commits.get(file.commit)?.set(file.path, changedDeclarations(file.path, tree, file.ranges));
    });
  }
  // A wanted commit the patch log did not list (an empty commit) has no declaration to read either.
  for (const id of wanted) if (!commits.has(id)) commits.set(id, new Map());
  return { commits: [...commits].map(([commit, files]) => ({ commit, files })), versionsParsed: changed.length };
}

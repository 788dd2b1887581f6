/**
 * The ROSE evaluation (Zimmermann et al., ICSE 2004, "Mining Version Histories to Guide Software Changes"),
 * at file or symbol level, scored on the cochange query's own answers: for each commit of the last part of the history
 * that changes at least two files (or declarations), every changed one in turn is the query, the query ranks files from the
 * history before that commit only, and the other files the commit changed are what it should find. The query is the
 * cochange query the tool runs, back-off included (a declaration without history answered from its file's commits, a
 * file from its folder's).
 */
import type { SqliteDb } from "../../src/db/open-graph-db.js";
import {
  cochanged,
  type CochangeLevel,
  type CochangeRank,
  type CochangeRequest,
} from "../../src/tools/scoring/cochange-scores.js";

export interface PredictionOptions {
  readonly level: CochangeLevel;
  /** The share of the history, at its end, whose commits are the test cases (ROSE: the last 10 %). */
  readonly testShare: number;
  /**
   * The share of the history, at its end, left out after the test commits (default 0): with 0.1 and a test share
   * of 0.1, the test commits are those of 80 % to 90 % of the history, a validation part to tune on before the
   * last 10 % is looked at.
   */
  readonly testOffset?: number | undefined;
  readonly maxFilesPerCommit: number;
  readonly minSupport: number;
  /**
   * The fewest shared commits a suggestion needs, from the commits the answer counts (the query's, or its basis's):
   * a list rule over a ranking read with `minSupport`; undefined: `minSupport` alone.
   */
  readonly listed?: ((commits: number) => number) | undefined;
  readonly halfLifeDays: number;
  /** Which files count: a query, an expected file and a suggestion must all pass it. */
  readonly counts: (path: string) => boolean;
  readonly rank: CochangeRank;
  /**
   * Answer an entity without history from a wider one, as the tool does: a declaration from its file's commits,
   * a file from its folder's.
   */
  readonly fileFallback: boolean;
  /** At symbol level, the weight of the file-level estimate in the score (undefined: the tool's; 0: none). */
  readonly fileBlend?: number | undefined;
  /** At symbol level, the weight of name likeness in the score (undefined: the tool's; 0: none). */
  readonly nameWeight?: number | undefined;
  /**
   * Test only commits that change at most this many entities of the level (ROSE's protocol left out transactions
   * of more than 30 entities); undefined: every commit within maxFilesPerCommit.
   */
  readonly maxTestEntities?: number | undefined;
  /**
   * At symbol level, test only commits that also change at least two counted files (the test commits are
   * those of the file level: "each commit with ≥ 2 changed files"); false: every commit with two declarations.
   */
  readonly twoFiles?: boolean | undefined;
}

export interface PredictionScores {
  readonly testCommits: number;
  readonly queries: number;
  /** Queries whose file had no earlier commit: nothing can be suggested. */
  readonly withoutHistory: number;
  /** Share of queries with a right file among the first k suggestions. */
  readonly hitAt: Readonly<Record<1 | 3 | 10, number>>;
  /** Mean, over queries, of the share of the commit's other files found among the first 10 suggestions. */
  readonly recallAt10: number;
  /** Mean share of right files among the first 10 suggestions, over queries with any suggestion. */
  readonly precisionAt10: number;
  /** The same top-3 hit rate and recall@10 over the queries whose entity had an earlier commit only. */
  readonly withHistory: { readonly hitAt3: number; readonly recallAt10: number };
  /**
   * Recall@10 of what could be predicted: of the commit's other entities, those an earlier commit changed (no
   * history can name a declaration the commit creates), over queries with at least one.
   */
  readonly recallAt10OfExisting: number;
  /**
   * What a perfect ranking of the history would reach: it can name only the commit's other entities that an
   * earlier commit changed (the denominators stay every other entity the commit changed).
   */
  readonly ceiling: { readonly hit: number; readonly recallAt10: number };
}

interface CommitRow {
  readonly id: number;
  readonly time: number;
  readonly files: number;
}

export function evaluatePrediction(db: SqliteDb, options: PredictionOptions): PredictionScores {
  const commits = db.prepare("SELECT id, time, files FROM history_commits ORDER BY id").all() as CommitRow[];
  const changedIn = db.prepare(
    options.level === "file"
      ? "SELECT h.file AS id, f.path AS path FROM history_changes h JOIN history_files f ON f.id = h.file WHERE h.commit_id = ?"
      : "SELECT h.symbol AS id, f.path AS path FROM history_symbol_changes h JOIN history_symbols s ON s.id = h.symbol JOIN history_files f ON f.id = s.file WHERE h.commit_id = ?",
  );
  const fileOf = db.prepare("SELECT file FROM history_symbols WHERE id = ?").pluck();
  const nameOf = db.prepare("SELECT name FROM history_symbols WHERE id = ?").pluck();
  const changedFiles = db
    .prepare("SELECT f.path FROM history_changes h JOIN history_files f ON f.id = h.file WHERE h.commit_id = ?")
    .pluck();
  const changedBefore = db
    .prepare(
      options.level === "file"
        ? "SELECT EXISTS (SELECT 1 FROM history_changes WHERE file = ? AND commit_id < ?)"
        : "SELECT EXISTS (SELECT 1 FROM history_symbol_changes WHERE symbol = ? AND commit_id < ?)",
    )
    .pluck();
  const offset = options.testOffset ?? 0;
  const first = Math.floor(commits.length * (1 - offset - options.testShare));
  const end = Math.floor(commits.length * (1 - offset));
  let testCommits = 0;
  let queries = 0;
  let withoutHistory = 0;
  const hits = { 1: 0, 3: 0, 10: 0 };
  let recall = 0;
  let precision = 0;
  let answered = 0;
  let historyHits3 = 0;
  let historyRecall = 0;
  let existingRecall = 0;
  let withExisting = 0;
  let ceilingRecall = 0;
  for (const commit of commits.slice(first, end)) {
    if (commit.files > options.maxFilesPerCommit) continue;
    const rows = changedIn.all(commit.id) as { id: number; path: string }[];
    if (options.maxTestEntities !== undefined && rows.length > options.maxTestEntities) continue;
    const counted = rows.filter((row) => options.counts(row.path));
    const changed = counted.map((row) => row.id);
    if (changed.length < 2) continue;
    if (
      options.twoFiles === true &&
      options.level === "symbol" &&
      changedFiles.all(commit.id).filter((path) => options.counts(path as string)).length < 2
    )
      continue;
    testCommits += 1;
    const pathOf = new Map(counted.map((row) => [row.id, row.path]));
    const existing = new Set(changed.filter((id) => changedBefore.get(id, commit.id) === 1));
    for (const query of changed) {
      queries += 1;
      const request: CochangeRequest = {
        id: query,
        level: options.level,
        maxFilesPerCommit: options.maxFilesPerCommit,
        minSupport: options.minSupport,
        now: commit.time,
        halfLifeDays: options.halfLifeDays,
        untilCommit: commit.id - 1,
        includeDeleted: true,
        keep: options.counts,
        rank: options.rank,
        fileOfSymbol: options.level === "symbol" && options.fileFallback ? (fileOf.get(query) as number) : undefined,
        path: options.fileFallback ? pathOf.get(query) : undefined,
        fileBlend: options.fileBlend,
        // The query's name is known whether or not it has history (a new declaration is named in the change).
        name: options.level === "symbol" ? (nameOf.get(query) as string) : undefined,
        nameWeight: options.nameWeight,
      };
      const answer = cochanged(db, request);
      const hasHistory = answer.commits > 0 && answer.basis === options.level;
      if (!hasHistory) withoutHistory += 1;
      const least = options.listed?.(answer.commits) ?? 1;
      const suggestions = answer.entities.filter((row) => row.support >= least).map((row) => row.id);
      const expected = new Set(changed.filter((file) => file !== query));
      for (const k of [1, 3, 10] as const) if (suggestions.slice(0, k).some((file) => expected.has(file))) hits[k] += 1;
      const top = suggestions.slice(0, 10);
      const found = top.filter((file) => expected.has(file)).length;
      recall += found / expected.size;
      const existingExpected = [...expected].filter((id) => existing.has(id)).length;
      ceilingRecall += Math.min(10, existingExpected) / expected.size;
      if (existingExpected > 0) {
        withExisting += 1;
        existingRecall += top.filter((id) => existing.has(id) && expected.has(id)).length / existingExpected;
      }
      if (hasHistory) {
        historyRecall += found / expected.size;
        if (suggestions.slice(0, 3).some((file) => expected.has(file))) historyHits3 += 1;
      }
      if (top.length > 0) {
        precision += found / top.length;
        answered += 1;
      }
    }
  }
  const share = (count: number): number => (queries === 0 ? 0 : count / queries);
  return {
    testCommits,
    queries,
    withoutHistory,
    hitAt: { 1: share(hits[1]), 3: share(hits[3]), 10: share(hits[10]) },
    recallAt10: share(recall),
    precisionAt10: answered === 0 ? 0 : precision / answered,
    withHistory: {
      hitAt3: queries === withoutHistory ? 0 : historyHits3 / (queries - withoutHistory),
      recallAt10: queries === withoutHistory ? 0 : historyRecall / (queries - withoutHistory),
    },
    recallAt10OfExisting: withExisting === 0 ? 0 : existingRecall / withExisting,
    ceiling: { hit: share(withExisting), recallAt10: share(ceilingRecall) },
  };
}

import type { SqliteDb } from "../../db/open-graph-db.js";
import { preparedStatements } from "../prepared-statements.js";

/**
 * File-level co-change scores from the history tables (src/history/history-store.ts), the way ROSE
 * (Zimmermann et al., ICSE 2004) mines them: for a file A and every file B changed in a commit with A,
 * - support: the commits that changed both;
 * - confidence: support / the commits that changed A, an estimate of P(B changes | A changes);
 * - recency: each shared commit weighs 2^(-age / half-life), so a coupling of last month outweighs one of
 *   three years ago with the same support;
 * - the time of the last shared commit.
 * Commits that touch more than `maxFilesPerCommit` files (mass renames, formatting, dependency bumps) are
 * left out of every count: they couple everything with everything.
 */
export interface CochangeRequest {
  /** The lineage id of the file asked about (history_files.id). */
  readonly file: number;
  readonly maxFilesPerCommit: number;
  readonly minSupport: number;
  /** Unix seconds the recency weights are computed at. */
  readonly now: number;
  readonly halfLifeDays: number;
  /** Only commits up to this history_commits.id count (the evaluation replays the past); undefined for all. */
  readonly untilCommit?: number | undefined;
  /** Whether files deleted since are suggested (never for an answer about today; the evaluation needs them). */
  readonly includeDeleted: boolean;
  /** Only files whose latest path this accepts are suggested (the indexed files, no lock files). */
  readonly keep?: ((path: string) => boolean) | undefined;
}

export interface CochangedFile {
  readonly file: number;
  /** The file's latest path (after its last rename). */
  readonly path: string;
  /** Whether the file still exists at the last commit of the history. */
  readonly live: boolean;
  readonly support: number;
  readonly confidence: number;
  readonly recency: number;
  /** Unix seconds of the last commit that changed both. */
  readonly lastShared: number;
}

export interface CochangeAnswer {
  /** Commits that changed the file and count (not too large, not after untilCommit). */
  readonly commits: number;
  /** Commits that changed the file and were left out for touching too many files. */
  readonly largeCommits: number;
  /** Ranked: confidence, then support, then recency, then path. */
  readonly files: readonly CochangedFile[];
}

const SECONDS_PER_DAY = 86_400;

const statements = preparedStatements({
  commitsOf: `SELECT count(*) FILTER (WHERE c.files <= @maxFiles) AS commits, count(*) FILTER (WHERE c.files > @maxFiles) AS large
    FROM history_changes h CROSS JOIN history_commits c ON c.id = h.commit_id
    WHERE h.file = @file AND c.id <= @until`,
  cochanged: `WITH shared AS (
      SELECT c.id, c.time FROM history_changes h CROSS JOIN history_commits c ON c.id = h.commit_id
      WHERE h.file = @file AND c.files <= @maxFiles AND c.id <= @until)
    SELECT o.file AS file, f.path AS path, f.live AS live, count(*) AS support, max(s.time) AS lastShared,
      sum(pow(2.0, (s.time - @now) / @halfLife)) AS recency
    FROM shared s CROSS JOIN history_changes o ON o.commit_id = s.id AND o.file <> @file
    CROSS JOIN history_files f ON f.id = o.file
    WHERE @includeDeleted OR f.live = 1
    GROUP BY o.file
    HAVING count(*) >= @minSupport`,
});

export function cochangedFiles(db: SqliteDb, request: CochangeRequest): CochangeAnswer {
  const sql = statements(db);
  const parameters = {
    file: request.file,
    maxFiles: request.maxFilesPerCommit,
    until: request.untilCommit ?? Number.MAX_SAFE_INTEGER,
  };
  const counts = sql.commitsOf.get(parameters) as { commits: number; large: number };
  if (counts.commits === 0) return { commits: 0, largeCommits: counts.large, files: [] };
  const rows = sql.cochanged.all({
    ...parameters,
    now: request.now,
    halfLife: request.halfLifeDays * SECONDS_PER_DAY,
    minSupport: request.minSupport,
    includeDeleted: request.includeDeleted ? 1 : 0,
  }) as (Omit<CochangedFile, "confidence" | "live"> & { live: number })[];
  const files = rows
    .map((row) => ({ ...row, live: row.live === 1, confidence: row.support / counts.commits }))
    .filter((row) => request.keep?.(row.path) ?? true)
    .sort(compareCochanged);
  return { commits: counts.commits, largeCommits: counts.large, files };
}

export function compareCochanged(a: CochangedFile, b: CochangedFile): number {
  return (
    b.confidence - a.confidence ||
    b.support - a.support ||
    b.recency - a.recency ||
    a.path.localeCompare(b.path) ||
    a.file - b.file
  );
}

import type { SqliteDb } from "../../db/open-graph-db.js";
import { preparedStatements } from "../prepared-statements.js";

/**
 * Co-change scores from the history tables (src/history/history-store.ts), the way ROSE (Zimmermann et al.,
 * ICSE 2004) mines them: for an entity A (a file, or a declaration) and every entity B changed in a commit
 * with A,
 * - support: the commits that changed both;
 * - confidence: support / the commits that changed A, an estimate of P(B changes | A changes);
 * - recency: each shared commit weighs 2^(-age / half-life), so a coupling of last month outweighs one of
 *   three years ago with the same support;
 * - the time of the last shared commit.
 * Commits that touch more than `maxFilesPerCommit` files (mass renames, formatting, dependency bumps) are
 * left out of every count: they couple everything with everything.
 */
export interface CochangeRequest {
  /** The entity asked about: a history_files.id at file level, a history_symbols.id at symbol level. */
  readonly id: number;
  readonly level: CochangeLevel;
  readonly maxFilesPerCommit: number;
  readonly minSupport: number;
  /** Unix seconds the recency weights are computed at. */
  readonly now: number;
  readonly halfLifeDays: number;
  /** Only commits up to this history_commits.id count (the evaluation replays the past); undefined for all. */
  readonly untilCommit?: number | undefined;
  /** Whether files deleted since are suggested (never for an answer about today; the evaluation needs them). */
  readonly includeDeleted: boolean;
  /** Only entities in files whose latest path this accepts are suggested (the indexed files, no lock files). */
  readonly keep?: ((path: string) => boolean) | undefined;
}

export type CochangeLevel = "file" | "symbol";

export interface CochangedEntity {
  readonly id: number;
  /** The file's latest path (after its last rename). */
  readonly path: string;
  /** The declaration's qualified name, at symbol level; undefined at file level. */
  readonly name: string | undefined;
  /** Whether the file still exists at the last commit of the history. */
  readonly live: boolean;
  readonly support: number;
  readonly confidence: number;
  readonly recency: number;
  /** Unix seconds of the last commit that changed both. */
  readonly lastShared: number;
}

export interface CochangeAnswer {
  /** Commits that changed the entity and count (not too large, not after untilCommit). */
  readonly commits: number;
  /** Commits that changed the entity and were left out for touching too many files. */
  readonly largeCommits: number;
  /** Ranked: confidence, then support, then recency, then path and name. */
  readonly entities: readonly CochangedEntity[];
}

const SECONDS_PER_DAY = 86_400;

/** The tables of one level: changes(entity, commit_id), and how an entity's file and name are found. */
const LEVELS: Record<CochangeLevel, { readonly changes: string; readonly entity: string; readonly describe: string }> = {
  file: { changes: "history_changes", entity: "file", describe: "CROSS JOIN history_files f ON f.id = o.file, (SELECT NULL AS name) s" },
  symbol: {
    changes: "history_symbol_changes",
    entity: "symbol",
    describe: "CROSS JOIN history_symbols s ON s.id = o.symbol CROSS JOIN history_files f ON f.id = s.file",
  },
};

function commitsSql(level: CochangeLevel): string {
  const { changes, entity } = LEVELS[level];
  return `SELECT count(*) FILTER (WHERE c.files <= @maxFiles) AS commits, count(*) FILTER (WHERE c.files > @maxFiles) AS large
    FROM ${changes} h CROSS JOIN history_commits c ON c.id = h.commit_id
    WHERE h.${entity} = @id AND c.id <= @until`;
}

function cochangedSql(level: CochangeLevel): string {
  const { changes, entity, describe } = LEVELS[level];
  return `WITH shared AS (
      SELECT c.id, c.time FROM ${changes} h CROSS JOIN history_commits c ON c.id = h.commit_id
      WHERE h.${entity} = @id AND c.files <= @maxFiles AND c.id <= @until)
    SELECT o.${entity} AS id, f.path AS path, s.name AS name, f.live AS live, count(*) AS support, max(x.time) AS lastShared,
      sum(pow(2.0, (x.time - @now) / @halfLife)) AS recency
    FROM shared x CROSS JOIN ${changes} o ON o.commit_id = x.id AND o.${entity} <> @id
    ${describe}
    WHERE @includeDeleted OR f.live = 1
    GROUP BY o.${entity}
    HAVING count(*) >= @minSupport`;
}

const statements = preparedStatements({
  fileCommits: commitsSql("file"),
  fileCochanged: cochangedSql("file"),
  symbolCommits: commitsSql("symbol"),
  symbolCochanged: cochangedSql("symbol"),
});

interface Row extends Omit<CochangedEntity, "confidence" | "live" | "name"> {
  readonly live: number;
  readonly name: string | null;
}

export function cochanged(db: SqliteDb, request: CochangeRequest): CochangeAnswer {
  const sql = statements(db);
  const [commitsStatement, cochangedStatement] = request.level === "file" ? [sql.fileCommits, sql.fileCochanged] : [sql.symbolCommits, sql.symbolCochanged];
  const parameters = { id: request.id, maxFiles: request.maxFilesPerCommit, until: request.untilCommit ?? Number.MAX_SAFE_INTEGER };
  const counts = commitsStatement.get(parameters) as { commits: number; large: number };
  if (counts.commits === 0) return { commits: 0, largeCommits: counts.large, entities: [] };
  const rows = cochangedStatement.all({
    ...parameters,
    now: request.now,
    halfLife: request.halfLifeDays * SECONDS_PER_DAY,
    minSupport: request.minSupport,
    includeDeleted: request.includeDeleted ? 1 : 0,
  }) as Row[];
  const entities = rows
    .map((row) => ({ ...row, name: row.name ?? undefined, live: row.live === 1, confidence: row.support / counts.commits }))
    .filter((row) => request.keep?.(row.path) ?? true)
    .sort(compareCochanged);
  return { commits: counts.commits, largeCommits: counts.large, entities };
}

export function compareCochanged(a: CochangedEntity, b: CochangedEntity): number {
  return (
    b.confidence - a.confidence ||
    b.support - a.support ||
    b.recency - a.recency ||
    a.path.localeCompare(b.path) ||
    (a.name ?? "").localeCompare(b.name ?? "") ||
    a.id - b.id
  );
}

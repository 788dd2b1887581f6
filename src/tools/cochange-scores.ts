import type { SqliteDb } from "../db/open-graph-db.js";
import { declarationKey, fileKey, type NodeKey } from "../model/node-key.js";
import { preparedStatements } from "./prepared-statements.js";

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

/** Commits touching more files are left out of the scores, unless ts-graph.config.json sets `history.maxFilesPerCommit`. */
export const DEFAULT_MAX_FILES_PER_COMMIT = 30;

/** A root's history as a front end read it. */
export interface RootHistory {
  /** Where the root lies in the repository ("" when it is the top level), '/'-separated. */
  readonly rootInRepository: string;
  /** The commit-size limit the root's ts-graph.config.json sets, if any. */
  readonly maxFilesPerCommit?: number | undefined;
}

/** One co-changed file or declaration of today's graph, in root-relative paths. */
export interface RootCochanged extends Omit<CochangedEntity, "id" | "path" | "live"> {
  readonly file: string;
  readonly key: NodeKey;
}

export interface RootCochangeRequest {
  readonly level: CochangeLevel;
  /** The target's file, relative to the root. */
  readonly file: string;
  /** The target's qualified name, at symbol level. */
  readonly name: string | undefined;
  readonly maxFilesPerCommit: number;
  readonly minSupport: number;
  readonly halfLifeDays: number;
}

const rootStatements = preparedStatements({
  isIndexedFile: "SELECT 1 FROM files WHERE path = ?",
  nodeExists: "SELECT 1 FROM nodes WHERE key = ?",
});

/** Prepared only once the history tables exist (a front end's refreshHistory creates them). */
const historyStatements = preparedStatements({
  historyFile: "SELECT id FROM history_files WHERE path = ? AND live = 1",
  historySymbol: "SELECT s.id FROM history_symbols s JOIN history_files f ON f.id = s.file WHERE f.path = ? AND f.live = 1 AND s.name = ?",
  lastCommitTime: "SELECT max(time) FROM history_commits",
  symbolsRead: "SELECT EXISTS (SELECT 1 FROM history_commits WHERE symbols = 1)",
});

/** Whether the history was read down to declarations (symbol level is read on its first use). */
export function symbolHistoryRead(db: SqliteDb): boolean {
  return historyStatements(db).symbolsRead.pluck().get() === 1;
}

/**
 * What changed with a file or a declaration of the root, ranked, among what the graph holds today: files of the
 * root that are indexed, and declarations that still have a node (one renamed or removed since cannot guide a
 * change today). Recency is computed at the last commit of the history.
 */
export function cochangedInRoot(db: SqliteDb, history: RootHistory, request: RootCochangeRequest): Omit<CochangeAnswer, "entities"> & { readonly entities: readonly RootCochanged[] } {
  const sql = rootStatements(db);
  const historySql = historyStatements(db);
  const prefix = history.rootInRepository === "" ? "" : `${history.rootInRepository}/`;
  const id = (
    request.level === "file" ? historySql.historyFile.pluck().get(`${prefix}${request.file}`) : historySql.historySymbol.pluck().get(`${prefix}${request.file}`, request.name)
  ) as number | undefined;
  if (id === undefined) return { commits: 0, largeCommits: 0, entities: [] };
  const rootRelative = (path: string): string => path.slice(prefix.length);
  const answer = cochanged(db, {
    id,
    level: request.level,
    maxFilesPerCommit: request.maxFilesPerCommit,
    minSupport: request.minSupport,
    now: (historySql.lastCommitTime.pluck().get() as number | null) ?? 0,
    halfLifeDays: request.halfLifeDays,
    includeDeleted: false,
    keep: (path) => path.startsWith(prefix) && sql.isIndexedFile.get(rootRelative(path)) !== undefined,
  });
  const entities: RootCochanged[] = [];
  for (const { id: _id, path, live: _live, ...scores } of answer.entities) {
    const file = rootRelative(path);
    const key = scores.name === undefined ? fileKey(file) : declarationKey(file, scores.name);
    if (scores.name !== undefined && sql.nodeExists.get(key) === undefined) continue;
    entities.push({ ...scores, file, key });
  }
  return { commits: answer.commits, largeCommits: answer.largeCommits, entities };
}

/** A commit time (unix seconds) as the answers print it: YYYY-MM-DD, UTC. */
export function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

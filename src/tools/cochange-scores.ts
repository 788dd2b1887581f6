import type { SqliteDb } from "../db/open-graph-db.js";
import { declarationKey, fileKey, type NodeKey } from "../model/node-key.js";
import { preparedStatements, type Statement } from "./prepared-statements.js";

/**
 * Co-change scores from the history tables (src/history/history-store.ts), the way ROSE (Zimmermann et al.,
 * ICSE 2004) mines them: for an entity A (a file, or a declaration) and every entity B changed in a commit
 * with A,
 * - support: the commits that changed both;
 * - confidence: support / the commits that changed A, an estimate of P(B changes | A changes);
 * - recency: each shared commit weighs 2^(-age / half-life), so a coupling of last month outweighs one of
 *   three years ago with the same support;
 * - recent confidence: recency / the commits of A weighted the same way, the confidence where recent commits
 *   count more; answers are ranked by it (on zod's history it predicts better than plain confidence: see
 *   docs/tools.md);
 * - the time of the last shared commit.
 * A declaration no commit changed yet (most new ones) is answered from its file's commits: the declarations
 * changed with its file (`basis: "file"`).
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
  /** How to rank (default `recent`): by confidence, or by recency-weighted confidence. */
  readonly rank?: CochangeRank | undefined;
  /**
   * At symbol level, the history_files.id of the declaration's file: a declaration no commit changed yet (a new
   * one) is answered from its file's commits instead (the declarations changed with its file).
   */
  readonly fileOfSymbol?: number | undefined;
}

export type CochangeRank = "confidence" | "recent";

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
  /** recency / the target's commits weighted the same way: confidence where recent commits count more. */
  readonly recentConfidence: number;
  /** Unix seconds of the last commit that changed both. */
  readonly lastShared: number;
  /** Scored from the commits of the target's file, not the target's own (a declaration without history). */
  readonly throughFile: boolean;
}

export interface CochangeAnswer {
  /** Commits that changed the entity and count (not too large, not after untilCommit). */
  readonly commits: number;
  /** Commits that changed the entity and were left out for touching too many files. */
  readonly largeCommits: number;
  /** Whose commits the scores count: the entity's own, or (a declaration without history) its file's. */
  readonly basis: CochangeLevel;
  /** Ranked by recent confidence (or, when asked, confidence), then support; see compareRecentCochanged. */
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

/** The commits of the target: the entity's own (`level`), or those of its file (a declaration without history). */
function targetOf(basis: CochangeLevel): { readonly changes: string; readonly entity: string } {
  return basis === "file" ? { changes: "history_changes", entity: "file" } : { changes: "history_symbol_changes", entity: "symbol" };
}

function commitsSql(basis: CochangeLevel): string {
  const { changes, entity } = targetOf(basis);
  return `SELECT count(*) FILTER (WHERE c.files <= @maxFiles) AS commits, count(*) FILTER (WHERE c.files > @maxFiles) AS large,
      coalesce(sum(pow(2.0, (c.time - @now) / @halfLife)) FILTER (WHERE c.files <= @maxFiles), 0) AS weighted
    FROM ${changes} h CROSS JOIN history_commits c ON c.id = h.commit_id
    WHERE h.${entity} = @id AND c.id <= @until`;
}

function cochangedSql(basis: CochangeLevel, level: CochangeLevel): string {
  const target = targetOf(basis);
  const { changes, entity, describe } = LEVELS[level];
  // A declaration is not its own co-change; at file level the target is excluded by its id.
  const notTarget = basis === level ? `AND o.${entity} <> @id` : "";
  return `WITH shared AS (
      SELECT c.id, c.time FROM ${target.changes} h CROSS JOIN history_commits c ON c.id = h.commit_id
      WHERE h.${target.entity} = @id AND c.files <= @maxFiles AND c.id <= @until)
    SELECT o.${entity} AS id, f.path AS path, s.name AS name, f.live AS live, count(*) AS support, max(x.time) AS lastShared,
      sum(pow(2.0, (x.time - @now) / @halfLife)) AS recency
    FROM shared x CROSS JOIN ${changes} o ON o.commit_id = x.id ${notTarget}
    ${describe}
    WHERE @includeDeleted OR f.live = 1
    GROUP BY o.${entity}
    HAVING count(*) >= @minSupport`;
}

const statements = preparedStatements({
  fileCommits: commitsSql("file"),
  fileCochanged: cochangedSql("file", "file"),
  symbolCommits: commitsSql("symbol"),
  symbolCochanged: cochangedSql("symbol", "symbol"),
  symbolsOfFileCochanged: cochangedSql("file", "symbol"),
});

interface Row extends Omit<CochangedEntity, "confidence" | "recentConfidence" | "live" | "name" | "throughFile"> {
  readonly live: number;
  readonly name: string | null;
}

export function cochanged(db: SqliteDb, request: CochangeRequest): CochangeAnswer {
  const sql = statements(db);
  const timing = { now: request.now, halfLife: request.halfLifeDays * SECONDS_PER_DAY };
  const count = (basis: CochangeLevel, id: number) => {
    const statement = basis === "file" ? sql.fileCommits : sql.symbolCommits;
    return statement.get({ id, maxFiles: request.maxFilesPerCommit, until: request.untilCommit ?? Number.MAX_SAFE_INTEGER, ...timing }) as { commits: number; large: number; weighted: number };
  };
  let basis: CochangeLevel = request.level;
  let id = request.id;
  let counts = count(basis, id);
  if (counts.commits === 0 && request.level === "symbol" && request.fileOfSymbol !== undefined) {
    const ofFile = count("file", request.fileOfSymbol);
    if (ofFile.commits > 0) [basis, id, counts] = ["file", request.fileOfSymbol, ofFile];
  }
  if (counts.commits === 0) return { commits: 0, largeCommits: counts.large, basis: request.level, entities: [] };
  const compare = request.rank === "confidence" ? compareCochanged : compareRecentCochanged;
  const ranked = (statement: Statement, from: number, of: { commits: number; weighted: number }, throughFile: boolean): CochangedEntity[] =>
    (
      statement.all({
        id: from,
        maxFiles: request.maxFilesPerCommit,
        until: request.untilCommit ?? Number.MAX_SAFE_INTEGER,
        ...timing,
        minSupport: request.minSupport,
        includeDeleted: request.includeDeleted ? 1 : 0,
      }) as Row[]
    )
      .map((row) => ({
        ...row,
        name: row.name ?? undefined,
        live: row.live === 1,
        confidence: row.support / of.commits,
        recentConfidence: of.weighted > 0 ? row.recency / of.weighted : 0,
        throughFile,
      }))
      .filter((row) => request.keep?.(row.path) ?? true)
      .sort(compare);
  const statement = request.level === "file" ? sql.fileCochanged : basis === "file" ? sql.symbolsOfFileCochanged : sql.symbolCochanged;
  const entities = ranked(statement, id, counts, basis !== request.level);
  return { commits: counts.commits, largeCommits: counts.large, basis, entities };
}

/** Ranked by confidence, then support, then recency. */
export function compareCochanged(a: CochangedEntity, b: CochangedEntity): number {
  return (
    b.confidence - a.confidence ||
    b.support - a.support ||
    b.recency - a.recency ||
    byIdentity(a, b)
  );
}

/** Ranked by recency-weighted confidence (ROSE's confidence with each commit weighted by its age), then support. */
export function compareRecentCochanged(a: CochangedEntity, b: CochangedEntity): number {
  return b.recentConfidence - a.recentConfidence || b.support - a.support || b.confidence - a.confidence || byIdentity(a, b);
}

function byIdentity(a: CochangedEntity, b: CochangedEntity): number {
  return a.path.localeCompare(b.path) || (a.name ?? "").localeCompare(b.name ?? "") || a.id - b.id;
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
  const fileId = historySql.historyFile.pluck().get(`${prefix}${request.file}`) as number | undefined;
  const id = request.level === "file" ? fileId : (historySql.historySymbol.pluck().get(`${prefix}${request.file}`, request.name) as number | undefined);
  if (id === undefined && fileId === undefined) return { commits: 0, largeCommits: 0, basis: request.level, entities: [] };
  const rootRelative = (path: string): string => path.slice(prefix.length);
  const answer = cochanged(db, {
    // A declaration with no history at all: no commit counts for it, and its file's commits answer.
    id: id ?? 0,
    fileOfSymbol: request.level === "symbol" ? fileId : undefined,
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
  return { commits: answer.commits, largeCommits: answer.largeCommits, basis: answer.basis, entities };
}

/** A commit time (unix seconds) as the answers print it: YYYY-MM-DD, UTC. */
export function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

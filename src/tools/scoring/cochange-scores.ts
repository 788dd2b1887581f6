import { perGraphGeneration } from "../../db/graph-generation.js";
import type { SqliteDb } from "../../db/open-graph-db.js";
import { declarationKey, fileKey, type NodeKey } from "../../model/node-key.js";
import { nameLikeness, nameWords } from "./name-likeness.js";
import { perDatabase } from "../per-database.js";
import { preparedStatements } from "../prepared-statements.js";

/**
 * Co-change scores from the history tables (src/history/history-store.ts), the way ROSE (Zimmermann et al.,
 * ICSE 2004) mines them: for an entity A (a file, or a declaration) and every entity B changed in a commit
 * with A,
 * - support: the commits that changed both;
 * - confidence: support / the commits that changed A, an estimate of P(B changes | A changes);
 * - recency: the shared commits, each weighted 2^(-age / half-life) / log2(1 + files it touched): a coupling of
 *   last month outweighs one of three years ago with the same support, and a commit of two files says more
 *   about the pair than one of thirty;
 * - recent confidence: recency / the commits of A weighted the same way; answers are ranked by it (on zod's and
 *   hono's histories it predicts better than plain confidence: docs/accuracy.md, Co-change prediction);
 * - the time of the last shared commit;
 * - at symbol level, a score, the ranking: the recent confidence blended with what the file level says about
 *   the pair, the coupling of the two declarations' files times how often the suggested declaration changes
 *   within its file, counted as `fileBlend` commits of the target's (a declaration with few commits of its own
 *   gets its ranking mostly from its file's; see fileLevelEstimate), then one sixth of it how alike the two
 *   declarations' names are (NAME_WEIGHT).
 * An entity without history backs off to a wider one: a declaration no commit changed yet (most new ones) is
 * answered from its file's commits (`basis: "file"`), and a file no commit changed (a new file) from the commits
 * of its nearest folder that has any, subfolders included (`basis: "folder"`): what changed with its
 * neighbours is the best guess at what changes with it.
 * Commits that touch more than `maxFilesPerCommit` files (mass renames, formatting, dependency bumps) are
 * left out of every count: they couple everything with everything.
 */
export interface CochangeRequest {
  /** The entity asked about: a history_files.id at file level, a history_symbols.id at symbol level (0: none yet). */
  readonly id: number;
  readonly level: CochangeLevel;
  readonly maxFilesPerCommit: number;
  readonly minSupport: number;
  /** Unix seconds the recency weights are computed at. */
  readonly now: number;
  readonly halfLifeDays: number;
  /** Only commits up to this history_commits.id count (the evaluation replays the past); undefined for all. */
  readonly untilCommit?: number | undefined;
  /**
   * Whether files deleted after `untilCommit` are suggested (never for an answer about today; the evaluation,
   * replaying the past, needs them). A file deleted at or before `untilCommit` is never suggested: at that point
   * it no longer existed.
   */
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
  /**
   * The target's file, '/'-separated from the repository's top level: a file no commit changed yet is answered
   * from its folder's commits (the nearest folder with any, walking up to `folderFloor`). Undefined: no folder
   * back-off.
   */
  readonly path?: string | undefined;
  /** The widest folder the back-off reaches ("" for the whole repository, or a root's folder with its '/'). */
  readonly folderFloor?: string | undefined;
  /**
   * At symbol level with `fileOfSymbol`: how many of the target's commits the file-level estimate counts for in
   * each declaration's score (0: the score is the recent confidence). Default FILE_BLEND_COMMITS.
   */
  readonly fileBlend?: number | undefined;
  /** At symbol level, the target's qualified name: declarations named alike score higher (see NAME_WEIGHT). */
  readonly name?: string | undefined;
  /** The share of name likeness in a declaration's score, 0 to 1 (default NAME_WEIGHT; 0: none). */
  readonly nameWeight?: number | undefined;
}

/**
 * The weight of the file-level estimate in a declaration's score, in commits of the target's: the score is
 * (n × recent confidence + 3 × file-level estimate) / (n + 3) for a target of n commits. Chosen on zod's history
 * and checked on ts-graph's own (docs/decisions/0050-cochange-ranking.md): 0.5 to 3 gave recall@10 within
 * 0.2 point of each other.
 */
const FILE_BLEND_COMMITS = 3;

/**
 * At symbol level, the share of the score that is name likeness (the share of words two declarations' names
 * have in common, tools/scoring/name-likeness.ts): score = (1 - w) × the blended estimate + w × likeness, so that a
 * score stays within 0 to 1. Chosen on the part of zod's and ts-graph's histories before their test commits
 * (docs/decisions/0050-cochange-ranking.md): adding 0.05 to 0.5 × likeness to the estimate all raised
 * the top-3 hit rate there, 0.2 most evenly on both; w = 1/6 ranks exactly as adding 0.2 does.
 */
const NAME_WEIGHT = 1 / 6;

export type CochangeRank = "confidence" | "recent";

export type CochangeLevel = "file" | "symbol";

/** Whose commits an answer counts: the entity's own, its file's, or its folder's. */
export type CochangeBasis = CochangeLevel | "folder";

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
  /** recency / the target's commits weighted the same way: confidence where recent, small commits count more. */
  readonly recentConfidence: number;
  /**
   * The ranking: the recent confidence, at symbol level blended with the file-level estimate (see
   * fileLevelEstimate) and with name likeness (NAME_WEIGHT); equal to recentConfidence at file level.
   */
  readonly score: number;
  /** Unix seconds of the last commit that changed both. */
  readonly lastShared: number;
  /** Scored from the commits of the target's file or folder, not the target's own (an entity without history). */
  readonly throughFile: boolean;
}

export interface CochangeAnswer {
  /** Commits that changed the entity and count (not too large, not after untilCommit); its basis's, when wider. */
  readonly commits: number;
  /** Commits that changed the entity (or its basis) and were left out for touching too many files. */
  readonly largeCommits: number;
  /** Whose commits the scores count: the entity's own, or (an entity without history) its file's or its folder's. */
  readonly basis: CochangeBasis;
  /** With basis `folder`: the folder, '/'-terminated from the repository's top level ("" for the top level). */
  readonly folder?: string | undefined;
  /** Ranked by recent confidence (or, when asked, confidence), then support; see compareRecentCochanged. */
  readonly entities: readonly CochangedEntity[];
}

const SECONDS_PER_DAY = 86_400;

/** The weight of a commit: halves every half-life, and shrinks with the files it touched (1 for one file, 0.2 for 30). */
const COMMIT_WEIGHT = "pow(2.0, (c.time - @now) / @halfLife) / log2(c.files + 1)";

/** The tables of one level: changes(entity, commit_id), and how an entity's file and name are found. */
const LEVELS: Record<CochangeLevel, { readonly changes: string; readonly entity: string; readonly describe: string }> =
  {
    file: {
      changes: "history_changes",
      entity: "file",
      describe: "CROSS JOIN history_files f ON f.id = o.file, (SELECT NULL AS name) s",
    },
    symbol: {
      changes: "history_symbol_changes",
      entity: "symbol",
      describe: "CROSS JOIN history_symbols s ON s.id = o.symbol CROSS JOIN history_files f ON f.id = s.file",
    },
  };

/** The ids of the commits of the target (one column, `id`): the entity's own, its file's, or its folder's. */
function targetCommitsSql(basis: CochangeBasis): string {
  if (basis === "folder") {
    // The paths that start with the folder, as a range of the path index: U+10FFFF sorts after every
    // character a path can hold next.
    return `SELECT DISTINCT h.commit_id AS id FROM history_files f CROSS JOIN history_changes h ON h.file = f.id
      WHERE f.path >= @folder AND f.path < @folder || char(1114111)`;
  }
  const { changes, entity } = LEVELS[basis];
  return `SELECT commit_id AS id FROM ${changes} WHERE ${entity} = @id`;
}

function commitsSql(basis: CochangeBasis): string {
  return `WITH target AS (${targetCommitsSql(basis)})
    SELECT count(*) FILTER (WHERE c.files <= @maxFiles) AS commits, count(*) FILTER (WHERE c.files > @maxFiles) AS large,
      coalesce(sum(${COMMIT_WEIGHT}) FILTER (WHERE c.files <= @maxFiles), 0) AS weighted
    FROM target t CROSS JOIN history_commits c ON c.id = t.id
    WHERE c.id <= @until`;
}

function cochangedSql(basis: CochangeBasis, level: CochangeLevel): string {
  const { changes, entity, describe } = LEVELS[level];
  // A declaration is not its own co-change; at file level the target is excluded by its id.
  const notTarget = basis === level ? `AND o.${entity} <> @id` : "";
  return `WITH shared AS (
      SELECT c.id, c.time, ${COMMIT_WEIGHT} AS weight FROM (${targetCommitsSql(basis)}) t CROSS JOIN history_commits c ON c.id = t.id
      WHERE c.files <= @maxFiles AND c.id <= @until)
    SELECT o.${entity} AS id, f.id AS file, f.path AS path, s.name AS name, f.live AS live, count(*) AS support, max(x.time) AS lastShared,
      sum(x.weight) AS recency
    FROM shared x CROSS JOIN ${changes} o ON o.commit_id = x.id ${notTarget}
    ${describe}
    WHERE f.live = 1 OR (@includeDeleted AND (SELECT max(d.commit_id) FROM history_changes d WHERE d.file = f.id) > @until)
    GROUP BY o.${entity}
    HAVING count(*) >= @minSupport`;
}

const statements = preparedStatements({
  symbolCommits: commitsSql("symbol"),
  fileCommits: commitsSql("file"),
  folderCommits: commitsSql("folder"),
  fileCochanged: cochangedSql("file", "file"),
  folderFileCochanged: cochangedSql("folder", "file"),
  symbolCochanged: cochangedSql("symbol", "symbol"),
  // The weighted commits of every file and every declaration: how often each changes.
  fileWeights: `SELECT h.file AS id, sum(${COMMIT_WEIGHT}) AS weighted
    FROM history_changes h CROSS JOIN history_commits c ON c.id = h.commit_id
    WHERE c.files <= @maxFiles AND c.id <= @until
    GROUP BY h.file`,
  symbolWeights: `SELECT h.symbol AS id, sum(${COMMIT_WEIGHT}) AS weighted
    FROM history_symbol_changes h CROSS JOIN history_commits c ON c.id = h.commit_id
    WHERE c.files <= @maxFiles AND c.id <= @until
    GROUP BY h.symbol`,
  // What the history holds: a new head (new commits, a rewritten history) or declarations read since change it.
  historyState:
    "SELECT coalesce((SELECT sha FROM history_head WHERE id = 1), '') || ' ' || (SELECT count(*) FROM history_commits WHERE symbols = 1)",
  fileSymbolCochanged: cochangedSql("file", "symbol"),
  folderSymbolCochanged: cochangedSql("folder", "symbol"),
  historyNeighbours: `SELECT (SELECT max(path) FROM history_files WHERE path <= @path), (SELECT min(path) FROM history_files WHERE path >= @path)`,
});

interface Row
  extends Omit<CochangedEntity, "confidence" | "recentConfidence" | "score" | "live" | "name" | "throughFile"> {
  /** The history_files.id of the entity's file. */
  readonly file: number;
  readonly live: number;
  readonly name: string | null;
}

interface Counts {
  readonly commits: number;
  readonly large: number;
  readonly weighted: number;
}

/** The folders of a path, innermost first, down to the floor: `a/b/c.ts` → `a/b/`, `a/`, `` (each '/'-terminated). */
export function foldersOf(path: string, floor: string): string[] {
  const parts = path.split("/").slice(0, -1);
  const folders: string[] = [];
  for (let depth = parts.length; depth >= 0; depth -= 1) {
    const folder = depth === 0 ? "" : `${parts.slice(0, depth).join("/")}/`;
    if (!folder.startsWith(floor)) break;
    folders.push(folder);
  }
  return folders;
}

/**
 * The innermost folder of `path` ('/'-terminated, "" for the top level) that holds a file of the history: the
 * folder it shares with the paths that sort next to it, which share the longest prefix with it of all paths.
 */
function innermostHistoryFolder(db: SqliteDb, path: string): string {
  const neighbours = statements(db).historyNeighbours.raw().get({ path }) as [string | null, string | null];
  let shared = 0;
  for (const neighbour of neighbours) {
    if (neighbour === null) continue;
    let common = 0;
    while (common < path.length && common < neighbour.length && path[common] === neighbour[common]) common += 1;
    shared = Math.max(shared, path.lastIndexOf("/", common - 1) + 1);
  }
  return path.slice(0, shared);
}

export function cochanged(db: SqliteDb, request: CochangeRequest): CochangeAnswer {
  const sql = statements(db);
  const parameters: Weights = {
    maxFiles: request.maxFilesPerCommit,
    until: request.untilCommit ?? Number.MAX_SAFE_INTEGER,
    now: request.now,
    halfLife: request.halfLifeDays * SECONDS_PER_DAY,
  };
  const count = (basis: CochangeBasis, id: number, folder: string): Counts =>
    ({ symbol: sql.symbolCommits, file: sql.fileCommits, folder: sql.folderCommits })[basis].get({
      ...parameters,
      id,
      folder,
    }) as Counts;
  // The entity's own commits, then (none counting) its file's, then its folders', innermost first.
  const wider: { basis: CochangeBasis; id: number; folder: string }[] = [];
  if (request.level === "symbol" && request.fileOfSymbol !== undefined)
    wider.push({ basis: "file", id: request.fileOfSymbol, folder: "" });
  if (request.path !== undefined) {
    // A folder that holds no file of the history counts nothing: the back-off starts at the innermost one that does.
    const deepest = innermostHistoryFolder(db, request.path);
    for (const folder of foldersOf(request.path, request.folderFloor ?? "")) {
      if (deepest.startsWith(folder)) wider.push({ basis: "folder", id: request.id, folder });
    }
  }
  let chosen: { basis: CochangeBasis; id: number; folder: string } = {
    basis: request.level,
    id: request.id,
    folder: "",
  };
  const own = count(chosen.basis, chosen.id, chosen.folder);
  let counts = own;
  for (const candidate of wider) {
    if (counts.commits > 0) break;
    chosen = candidate;
    counts = count(candidate.basis, candidate.id, candidate.folder);
  }
  // Nothing counts, wider bases included: the entity's own commits left out for their size are what to report.
  if (counts.commits === 0) return { commits: 0, largeCommits: own.large, basis: request.level, entities: [] };
  const compare = request.rank === "confidence" ? compareCochanged : compareRecentCochanged;
  const statement =
    request.level === "file"
      ? chosen.basis === "folder"
        ? sql.folderFileCochanged
        : sql.fileCochanged
      : chosen.basis === "folder"
        ? sql.folderSymbolCochanged
        : chosen.basis === "file"
          ? sql.fileSymbolCochanged
          : sql.symbolCochanged;
  const throughFile = chosen.basis !== request.level;
  const rows = (
    statement.all({
      ...parameters,
      id: chosen.id,
      folder: chosen.folder,
      minSupport: request.minSupport,
      includeDeleted: request.includeDeleted ? 1 : 0,
    }) as Row[]
  ).filter((row) => request.keep?.(row.path) ?? true);
  const fileBlend =
    request.level === "symbol" && request.fileOfSymbol !== undefined ? (request.fileBlend ?? FILE_BLEND_COMMITS) : 0;
  const fileLevel = fileBlend > 0 && rows.length > 0 ? fileLevelEstimate(db, request, rows, parameters) : undefined;
  const nameWeight = request.level === "symbol" && request.name !== undefined ? (request.nameWeight ?? NAME_WEIGHT) : 0;
  const targetWords = nameWeight > 0 ? nameWords(request.name ?? "") : undefined;
  const entities = rows
    .map((row) => {
      const recentConfidence = counts.weighted > 0 ? row.recency / counts.weighted : 0;
      // The file level counts as `fileBlend` of the target's commits: it decides for a target of one commit, barely for one of thirty.
      const blended =
        fileLevel === undefined
          ? recentConfidence
          : (counts.commits * recentConfidence + fileBlend * (fileLevel.get(row.id) ?? 0)) /
            (counts.commits + fileBlend);
      const score =
        targetWords === undefined
          ? blended
          : (1 - nameWeight) * blended + nameWeight * nameLikeness(targetWords, nameWords(row.name ?? ""));
      const { file: _file, ...entity } = row;
      return {
        ...entity,
        name: row.name ?? undefined,
        live: row.live === 1,
        confidence: row.support / counts.commits,
        recentConfidence,
        score,
        throughFile,
      };
    })
    .sort(compare);
  return {
    commits: counts.commits,
    largeCommits: counts.large,
    basis: chosen.basis,
    ...(chosen.basis === "folder" ? { folder: chosen.folder } : {}),
    entities,
  };
}

/**
 * What the file level says about each co-changed declaration B of a symbol-level answer: P(B's file changes | the
 * target's file changes) × P(B changes | B's file changes), both recency- and size-weighted like the scores (the
 * target's own file changes with it: 1). A declaration's own commits are few, and most are shared with others
 * of its file; its file's coupling rests on many more commits, and this carries it down to the declarations that
 * usually change when their file does. The target's file without history answers from its folder, as at file
 * level. Keys: history_symbols.id.
 */
function fileLevelEstimate(
  db: SqliteDb,
  request: CochangeRequest,
  rows: readonly Row[],
  parameters: Weights,
): Map<number, number> {
  const targetFile = request.fileOfSymbol ?? 0;
  const coupling = new Map(
    cochanged(db, {
      ...request,
      level: "file",
      id: targetFile,
      fileOfSymbol: undefined,
      minSupport: 1,
      includeDeleted: true,
      keep: undefined,
      rank: "recent",
    }).entities.map((file) => [file.id, file.recentConfidence]),
  );
  coupling.set(targetFile, 1);
  const { files, symbols } = activity(db, parameters);
  const estimate = new Map<number, number>();
  for (const row of rows) {
    const fileWeighted = files.get(row.file) ?? 0;
    if (fileWeighted > 0)
      estimate.set(row.id, ((coupling.get(row.file) ?? 0) * (symbols.get(row.id) ?? 0)) / fileWeighted);
  }
  return estimate;
}

/** What a commit's weight depends on, as the statements take it: the size limit, the last commit, now, the half-life in seconds. */
interface Weights {
  readonly maxFiles: number;
  readonly until: number;
  readonly now: number;
  readonly halfLife: number;
}

/** Every file's and declaration's weighted commits, at one set of weights, for one state of the history. */
interface Activity {
  readonly key: string;
  readonly files: ReadonlyMap<number, number>;
  readonly symbols: ReadonlyMap<number, number>;
}

const lastActivity = perDatabase<{ current?: Activity }>(() => ({}));

/**
 * The weighted commits of every file and declaration, read in one pass over the history and kept until the
 * history or the weights change (a blended answer asks for hundreds of declarations; the evaluation asks for
 * many answers at one past commit).
 */
function activity(db: SqliteDb, parameters: Weights): Activity {
  const sql = statements(db);
  const key = `${sql.historyState.pluck().get() as string} ${parameters.maxFiles} ${parameters.until} ${parameters.now} ${parameters.halfLife}`;
  const cache = lastActivity(db);
  if (cache.current?.key === key) return cache.current;
  const read = (statement: typeof sql.fileWeights): Map<number, number> =>
    new Map((statement.all(parameters) as { id: number; weighted: number }[]).map((row) => [row.id, row.weighted]));
  cache.current = { key, files: read(sql.fileWeights), symbols: read(sql.symbolWeights) };
  return cache.current;
}

/** Ranked by confidence, then support, then recency. */
function compareCochanged(a: CochangedEntity, b: CochangedEntity): number {
  return b.confidence - a.confidence || b.support - a.support || b.recency - a.recency || byIdentity(a, b);
}

/**
 * Ranked by score (recency-weighted confidence, ROSE's confidence with each commit weighted by its age and size;
 * at symbol level blended with the file level), then support.
 */
function compareRecentCochanged(a: CochangedEntity, b: CochangedEntity): number {
  return b.score - a.score || b.support - a.support || b.confidence - a.confidence || byIdentity(a, b);
}

/** Ties by path, then name, in code-unit order (localeCompare cost most of a large back-off answer's time), then id. */
function byIdentity(a: CochangedEntity, b: CochangedEntity): number {
  return codeUnitOrder(a.path, b.path) || codeUnitOrder(a.name ?? "", b.name ?? "") || a.id - b.id;
}

function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The target's commits from which an answer lists by default only what shared at least two of them: one shared
 * commit is chance as often as coupling, and the entries it lets in push out better-supported ones. Below, one or
 * two commits are all the evidence there is, and a single shared one predicts about as precisely (docs/tools.md,
 * cochange, "Fewest shared commits").
 */
const TWO_SHARED_FROM_COMMITS = 3;

/** The fewest shared commits an answer lists when not told: 2, or 1 for a target of fewer than TWO_SHARED_FROM_COMMITS commits. */
export function defaultMinSupport(commits: number): number {
  return commits >= TWO_SHARED_FROM_COMMITS ? 2 : 1;
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
  historySymbol:
    "SELECT s.id FROM history_symbols s JOIN history_files f ON f.id = s.file WHERE f.path = ? AND f.live = 1 AND s.name = ?",
  lastCommitTime: "SELECT max(time) FROM history_commits",
  symbolsRead: "SELECT EXISTS (SELECT 1 FROM history_commits WHERE symbols = 1)",
});

/**
 * Two facts of the whole history that every answer asks: whether it was read down to declarations, and the time of
 * its last commit. Kept until the database changes (a refresh that reads new commits writes it).
 */
const historyFacts = perGraphGeneration((db: SqliteDb) => {
  const sql = historyStatements(db);
  return {
    symbolsRead: sql.symbolsRead.pluck().get() === 1,
    lastCommitTime: (sql.lastCommitTime.pluck().get() as number | null) ?? 0,
  };
});

/** Whether the history was read down to declarations (symbol level is read on its first use). */
export function symbolHistoryRead(db: SqliteDb): boolean {
  return historyFacts(db).symbolsRead;
}

/**
 * What changed with a file or a declaration of the root, ranked, among what the graph holds today: files of the
 * root that are indexed, and declarations that still have a node (one renamed or removed since cannot guide a
 * change today). Recency is computed at the last commit of the history. A file no commit changed yet is
 * answered from its folder's commits, the back-off stopping at the root (`folder` is then relative to the root,
 * `.` for the root itself).
 */
export function cochangedInRoot(
  db: SqliteDb,
  history: RootHistory,
  request: RootCochangeRequest,
): Omit<CochangeAnswer, "entities"> & { readonly entities: readonly RootCochanged[] } {
  const sql = rootStatements(db);
  const historySql = historyStatements(db);
  const prefix = history.rootInRepository === "" ? "" : `${history.rootInRepository}/`;
  const fileId = historySql.historyFile.pluck().get(`${prefix}${request.file}`) as number | undefined;
  const id =
    request.level === "file"
      ? fileId
      : (historySql.historySymbol.pluck().get(`${prefix}${request.file}`, request.name) as number | undefined);
  const rootRelative = (path: string): string => path.slice(prefix.length);
  const answer = cochanged(db, {
    // An entity with no history at all: no commit counts for it, and its file's (or folder's) commits answer.
    id: id ?? 0,
    fileOfSymbol: request.level === "symbol" ? fileId : undefined,
    path: `${prefix}${request.file}`,
    folderFloor: prefix,
    level: request.level,
    name: request.level === "symbol" ? request.name : undefined,
    maxFilesPerCommit: request.maxFilesPerCommit,
    minSupport: request.minSupport,
    now: historyFacts(db).lastCommitTime,
    halfLifeDays: request.halfLifeDays,
    includeDeleted: false,
    keep: (path) => path.startsWith(prefix) && sql.isIndexedFile.get(rootRelative(path)) !== undefined,
  });
  const entities: RootCochanged[] = [];
  for (const { id: _id, path, live: _live, ...scores } of answer.entities) {
    const file = rootRelative(path);
    const key = scores.name === undefined ? fileKey(file) : declarationKey(file, scores.name);
    if (scores.name !== undefined && sql.nodeExists.get(key) === undefined) continue;
    // The target itself is never its own co-change (a folder's commits include a file's own when it has some).
    if (key === (request.name === undefined ? fileKey(request.file) : declarationKey(request.file, request.name)))
      continue;
    entities.push({ ...scores, file, key });
  }
  const folder = answer.folder === undefined ? undefined : rootRelative(answer.folder).replace(/\/$/, "") || ".";
  return {
    commits: answer.commits,
    largeCommits: answer.largeCommits,
    basis: answer.basis,
    ...(folder === undefined ? {} : { folder }),
    entities,
  };
}

/** A commit time (unix seconds) as the answers print it: YYYY-MM-DD, UTC. */
export function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

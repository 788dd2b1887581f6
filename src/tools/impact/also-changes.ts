import type { SqliteDb } from "../../db/open-graph-db.js";
import {
  DEFAULT_MAX_FILES_PER_COMMIT,
  cochangedInRoot,
  isoDay,
  symbolHistoryRead,
  type CochangeLevel,
  type RootHistory,
} from "../scoring/cochange-scores.js";
import type { SymbolNode } from "../inputs/symbol-address.js";
import type { HistoryRefresh, ToolContext } from "../tool-contract.js";
import type { ImpactTests } from "./options.js";
import type { ImpactResult } from "./query.js";

/**
 * The part of impact the graph cannot see: what the git history shows changing together with the symbol although
 * it is not among the dependants the answer lists ("also changes with it"). At symbol level once the history has
 * been read down to declarations (the cochange tool reads it on its first symbol-level call); before that, and for
 * a file, at file level. The history is a side note here: a root without one gets no section, and a failure to
 * read it a one-line note, never a failed impact answer.
 */
export interface AlsoChangesEntry {
  /** Path relative to the root. */
  readonly file: string;
  /** The declaration's qualified name, at symbol level. */
  readonly name?: string | undefined;
  /** Commits that changed both. */
  readonly support: number;
  /** support / the commits that changed the target. */
  readonly confidence: number;
  /** YYYY-MM-DD of the last commit that changed both. */
  readonly lastShared: string;
}

export interface AlsoChanges {
  readonly level: CochangeLevel;
  /** Commits that changed the target and count (at most `maxFilesPerCommit` files each); its file's, when the note says so. */
  readonly commits: number;
  readonly minSupport: number;
  readonly maxFilesPerCommit: number;
  /** Entries before the limit. */
  readonly total: number;
  readonly entries: readonly AlsoChangesEntry[];
  /** What the reader should know: a partial history, a level below the one asked, a history that could not be read. */
  readonly note?: string | undefined;
}

/**
 * Fewest shared commits to list: one shared commit is chance as often as coupling. Unlike cochange's default list
 * (cochange-scores.ts defaultMinSupport), a young target gets no exception: this section is a side note of every
 * impact answer, and a file of one commit would list everything it was created with.
 */
const ALSO_CHANGES_MIN_SUPPORT = 2;
/** A history refreshed this recently (ms) is reused: a burst of impact calls asks git once. */
const REUSE_REFRESH_MS = 10_000;
const HALF_LIFE_DAYS = 180;

export interface AlsoChangesRequest {
  readonly limit: number;
  readonly tests: ImpactTests;
  readonly isTest: (file: string) => boolean;
}

/** The section for an impact result, or undefined when the root has no history to read (not a git repository…). */
export async function alsoChangesWith(
  context: ToolContext,
  result: ImpactResult,
  request: AlsoChangesRequest,
): Promise<AlsoChanges | undefined> {
  if (context.refreshHistory === undefined) return undefined;
  let refresh: HistoryRefresh;
  try {
    refresh = await context.refreshHistory({ symbols: "if-read", reuseWithinMs: REUSE_REFRESH_MS });
  } catch (error) {
    return failed(error);
  }
  if (refresh.status === "unavailable") return undefined;
  try {
    const section = fromHistory(context.db, refresh, result, request);
    return refresh.status === "partial" && refresh.why !== undefined
      ? { ...section, note: joinNotes(`partial history: ${refresh.why}`, section.note) }
      : section;
  } catch (error) {
    return failed(error);
  }
}

function failed(error: unknown): AlsoChanges {
  const message = error instanceof Error ? error.message : String(error);
  return {
    level: "file",
    commits: 0,
    minSupport: ALSO_CHANGES_MIN_SUPPORT,
    maxFilesPerCommit: 0,
    total: 0,
    entries: [],
    note: `the git history could not be read (${message})`,
  };
}

function joinNotes(first: string, second: string | undefined): string {
  return second === undefined ? first : `${first}; ${second}`;
}

function fromHistory(
  db: SqliteDb,
  history: RootHistory,
  result: ImpactResult,
  request: AlsoChangesRequest,
): AlsoChanges {
  const { symbol } = result;
  const atSymbolLevel = symbol.kind !== "File" && symbolHistoryRead(db);
  const level: CochangeLevel = atSymbolLevel ? "symbol" : "file";
  const maxFilesPerCommit = history.maxFilesPerCommit ?? DEFAULT_MAX_FILES_PER_COMMIT;
  const answer = cochangedInRoot(db, history, {
    level,
    file: symbol.file,
    name: atSymbolLevel ? symbol.qualifiedName : undefined,
    maxFilesPerCommit,
    minSupport: ALSO_CHANGES_MIN_SUPPORT,
    halfLifeDays: HALF_LIFE_DAYS,
  });
  const isStatic = staticallyReached(symbol, result, level);
  const entries = answer.entities
    .filter(
      (entity) => !isStatic(entity.file, entity.key) && !(request.tests === "exclude" && request.isTest(entity.file)),
    )
    .map(
      (entity): AlsoChangesEntry => ({
        file: entity.file,
        ...(entity.name === undefined ? {} : { name: entity.name }),
        support: entity.support,
        confidence: entity.confidence,
        lastShared: isoDay(entity.lastShared),
      }),
    );
  const note =
    symbol.kind !== "File" && !atSymbolLevel
      ? `at file level: the history is not read down to declarations yet (\`cochange ${symbol.qualifiedName}\` reads it once)`
      : answer.basis === "folder"
        ? `from the commits of its folder ${answer.folder ?? "."}: no commit changed the file itself`
        : answer.basis !== level
          ? "from the commits of its file: no commit changed the declaration itself"
          : undefined;
  return {
    level,
    commits: answer.commits,
    minSupport: ALSO_CHANGES_MIN_SUPPORT,
    maxFilesPerCommit,
    total: entries.length,
    entries: entries.slice(0, request.limit),
    note,
  };
}

/**
 * Whether the impact answer already names this file or declaration: the symbol itself and its members, its
 * dependants (at file level: their files, and the symbol's own file), and the test files listed to run.
 */
function staticallyReached(
  symbol: SymbolNode,
  result: ImpactResult,
  level: CochangeLevel,
): (file: string, key: string) => boolean {
  const testFiles = new Set(result.tests.map((test) => test.file));
  if (level === "file") {
    const files = new Set([symbol.file, ...result.dependants.map((node) => node.file), ...testFiles]);
    return (file) => files.has(file);
  }
  const keys = new Set<string>(result.dependants.map((node) => node.key));
  return (file, key) => key === symbol.key || key.startsWith(`${symbol.key}.`) || keys.has(key) || testFiles.has(file);
}

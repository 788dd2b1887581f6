import fs from "node:fs";
import path from "node:path";
import { loadConfig, withConfiguredHistoryLimit } from "../config/config-file.js";
import {
  NOT_SQLITE_DETAIL,
  graphFileKindOf,
  isCorruptionError,
  isNotADatabaseError,
  isReadOnlyError,
  readMeta,
  type SqliteDb,
} from "../db/open-graph-db.js";
import { canWriteGraph, openGraphReader, type GraphReader } from "../db/open-graph-reader.js";
import { META, SCHEMA_VERSION, STATE_COMPLETE } from "../db/schema.js";
import {
  READ_ONLY_NOTE,
  FULL_CHECK_MAX_FILES,
  changedFilesNote,
  createStaleFileCheck,
  filesChangedOnDisk,
  indexedAtOf,
  indexedFileCount,
  unfinishedFilesOf,
  updateStateOf,
} from "../ingestion/run/graph-freshness.js";
import { isOwnedDbPath, locateGraphQuickly } from "../config/graph-location.js";
import { createPathValidator } from "../tools/inputs/path-validator.js";
import type { GraphFreshness, ToolContext } from "../tools/tool-contract.js";
import type { EditSupport } from "../model/edit-ports.js";
import { pathsNamedIn } from "./answer-files.js";
import { ToolInputError, ToolUnavailableError } from "../tools/tool-errors.js";
import type { RenameHint } from "../model/rename-hint.js";

export interface CliGraphOptions {
  readonly root: string;
  readonly db?: string | undefined;
  /** Index (or catch up) before answering. Without it a missing graph is an error that says to run `ts-graph index`. */
  readonly index?: boolean | undefined;
  readonly onWarning?: (message: string) => void;
}

export interface CliToolContext extends ToolContext {
  /**
   * The freshness of one answer: on a graph of up to FULL_CHECK_MAX_FILES files every indexed file is checked
   * against its stat (as `freshness()` always does); on a larger one only the files the answer names, so that the
   * check stays within a few milliseconds.
   */
  answerFreshness(answer: unknown): GraphFreshness;
  close(): void;
}

/**
 * Brings the graph at root up to date with an incremental run: the root's daemon does it when there is one
 * (this process then loads no TypeScript), else this process.
 */
async function indexNow(
  root: string,
  dbPath: string,
  onWarning?: (message: string) => void,
  rename?: RenameHint,
): Promise<void> {
  const { updateThroughDaemon } = await import("./daemon-route.js");
  const route = { warn: (message: string) => onWarning?.(message), ...(rename === undefined ? {} : { rename }) };
  if ((await updateThroughDaemon({ root, dbPath }, route)) !== undefined) return;
  const { openIndexer } = await import("../ingestion/run/indexer.js");
  const indexer = openIndexer({ root, dbPath, onWarning });
  try {
    await indexer.run(rename === undefined ? {} : { rename });
  } finally {
    indexer.close();
  }
}

/** Refuses a database that is not a complete graph of this ts-graph, saying what the file is and what to do. */
function checkReadable(db: SqliteDb, dbPath: string, root: string): void {
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version !== SCHEMA_VERSION) {
    const found = graphFileKindOf(db);
    if (found.kind === "empty") {
      throw new ToolInputError(
        `The database ${dbPath} is empty (a first index that did not finish, or a file created empty); run \`${indexCommand(root, dbPath)}\` to build the graph in it (or pass --index).`,
      );
    }
    if (found.kind === "foreign") throw notAGraph(dbPath, root, found.detail);
    throw new ToolInputError(
      `The graph at ${dbPath} is from another ts-graph version; run \`${indexCommand(root, dbPath)}\` (or pass --index).`,
    );
  }
  if (readMeta(db, META.state) !== STATE_COMPLETE) {
    throw new ToolInputError(
      `The graph at ${dbPath} is incomplete (an older ts-graph was interrupted while writing it); run \`ts-graph index ${root}\` (or pass --index).`,
    );
  }
}

/** The index command that writes this graph (`--db` named unless it is the root's own). */
function indexCommand(root: string, dbPath: string): string {
  const own = locateGraphQuickly(root)?.dbPath === dbPath;
  return own ? `ts-graph index ${root}` : `ts-graph index ${root} --db ${dbPath}`;
}

/** A file that is not a ts-graph database: left alone, unless it lies in the root's own `.ts-graph/` folder. */
function notAGraph(dbPath: string, root: string, detail: string): ToolInputError {
  const todo = isOwnedDbPath(root, dbPath)
    ? `run \`ts-graph index ${root}\` to replace it with a new graph`
    : "ts-graph does not touch it: give --db the path of a ts-graph database, or delete the file yourself";
  return new ToolInputError(`${dbPath} is not a ts-graph database (${detail}); ${todo}.`);
}

/** A damaged graph: what to run to repair it. */
export function damaged(dbPath: string, root: string, error: unknown): ToolUnavailableError {
  const detail = error instanceof Error ? error.message : String(error);
  return new ToolUnavailableError(
    `The graph at ${dbPath} is damaged (${detail})`,
    `run \`ts-graph index ${root}\`: it moves the damaged file aside (kept as ${path.basename(dbPath)}.corrupt-<time>) and rebuilds the graph`,
  );
}

/** Opens the graph read-only (see openGraphReader); a damaged file gets a message that says how to repair it. */
function openForReading(dbPath: string, root: string): GraphReader {
  try {
    return openGraphReader(dbPath, (db) => checkReadable(db, dbPath, root));
  } catch (error) {
    if (isNotADatabaseError(error)) throw notAGraph(dbPath, root, NOT_SQLITE_DETAIL);
    throw isCorruptionError(error) ? damaged(dbPath, root, error) : error;
  }
}

/**
 * The root and its database as `locateGraph` finds them, the config validated, without loading the indexer
 * (its scan, the store's statements) unless the root or the config is not plain: it then says what is wrong.
 */
async function locate(
  rootOption: string,
  dbOption: string | undefined,
): Promise<{ readonly root: string; readonly dbPath: string }> {
  const quick = locateGraphQuickly(rootOption, dbOption);
  if (quick === undefined) return (await import("../ingestion/run/indexer.js")).locateGraph(rootOption, dbOption);
  loadConfig(quick.root);
  return quick;
}

/** Opens the graph for a CLI query command: one root, paths validated against it. */
export async function openCliToolContext(options: CliGraphOptions): Promise<CliToolContext> {
  const { root, dbPath } = await locate(options.root, options.db);
  const writable = canWriteGraph(dbPath);
  if (options.index === true) {
    if (writable) await indexNow(root, dbPath, options.onWarning);
    else options.onWarning?.(`--index: ${READ_ONLY_NOTE}`);
  } else if (!fs.existsSync(dbPath)) {
    throw new ToolInputError(`No graph at ${dbPath}; run \`ts-graph index ${root}\` first (or pass --index).`);
  }
  const { db, copied } = openForReading(dbPath, root);
  const changedOnDisk = createStaleFileCheck(db, root);
  const paths = createPathValidator([root], [dbPath]);
  let readOnly = !writable || copied;
  let editSupport: Promise<EditSupport> | undefined;
  let historyCheck: Promise<typeof import("../history/refresh-cache.js")> | undefined;

  /**
   * No watcher here: the indexed files' stats say whether the graph is older than them. Checked after the tool
   * ran, so files it brought up to date (ensureFresh) count as current.
   */
  function freshnessWith(changed: readonly string[]): GraphFreshness {
    const update = updateStateOf(db, root, !readOnly);
    const pending = new Set([...unfinishedFilesOf(db), ...changed]);
    const notes = [
      ...(update.note === undefined ? [] : [update.note]),
      ...(changed.length === 0 ? [] : [changedFilesNote(changed)]),
      ...(readOnly ? [READ_ONLY_NOTE] : []),
    ];
    return { indexedAt: indexedAtOf(db), pendingFiles: pending.size, indexError: update.lastError, notes };
  }

  return {
    root,
    dbPath,
    db,
    paths,
    async ensureFresh(absolutePaths, rename) {
      if (readOnly || !absolutePaths.some(changedOnDisk)) return;
      try {
        await indexNow(root, dbPath, options.onWarning, rename);
      } catch (error) {
        if (!isReadOnlyError(error)) throw error;
        readOnly = true;
      }
    },
    freshness() {
      return freshnessWith(filesChangedOnDisk(db, root));
    },
    answerFreshness(answer) {
      const whole = indexedFileCount(db) <= FULL_CHECK_MAX_FILES;
      return freshnessWith(filesChangedOnDisk(db, root, whole ? undefined : pathsNamedIn(answer)));
    },
    async refreshHistory(historyOptions) {
      // Nothing new to read (the usual case) is answered without loading TypeScript; a read of new commits
      // loads it (it parses past versions of files, which no other query does).
      historyCheck ??= import("../history/refresh-cache.js");
      const refreshed =
        (await historyCheck).refreshWithoutReading(dbPath, root, historyOptions) ??
        (await import("../history/refresh-history.js")).refreshHistory(dbPath, root, historyOptions);
      return refreshed.status === "unavailable" ? refreshed : withConfiguredHistoryLimit(refreshed, root);
    },
    editSupport() {
      // Loaded on first use: the edit tools parse with TypeScript and build a language service of the root.
      editSupport ??= import("../ingestion/edit/edit-support.js").then(({ openEditSupport }) => openEditSupport(root));
      return editSupport;
    },
    close() {
      db.close();
      // TypeScript 7's session of the edit tools is a child process.
      void editSupport?.then((support) => support.close?.()).catch(() => undefined);
    },
  };
}

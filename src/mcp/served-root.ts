import fs from "node:fs";
import path from "node:path";
import { withConfiguredHistoryLimit } from "../config/config-file.js";
import { relativeTo } from "../config/project-paths.js";
import { isReadOnlyError, type SqliteDb } from "../db/open-graph-db.js";
import { canWriteGraph, openGraphReader } from "../db/open-graph-reader.js";
import { SCHEMA_VERSION } from "../db/schema.js";
import { READ_ONLY_NOTE, createStaleFileCheck, indexedAtOf, unfinishedFilesOf, updateStateOf } from "../ingestion/run/graph-freshness.js";
import { DEFAULT_DB_RELATIVE_PATH, locateGraph, type IndexProgress, type IndexSummary, type RunOptions } from "../ingestion/run/indexer.js";
import { openWorkerIndexer, type IndexRunner } from "../ingestion/run/worker-indexer.js";
import { watchIndex, type IndexWatcher } from "../ingestion/watch/watch-index.js";
import { isInside, type PathValidator } from "../tools/path-validator.js";
import { echoed } from "../tools/text.js";
import type { EditSupport, GraphFreshness, RootMemory, RootState, ServerMemory, ToolContext } from "../tools/tool-contract.js";
import { ToolInputError, ToolUnavailableError } from "../tools/tool-errors.js";
import type { RootUse } from "./memory-budget.js";

/** A root to serve, as given on the command line or by the client. */
export interface RootSpec {
  readonly root: string;
  /** Database path (absolute); default from the root's ts-graph.config.json, else `.ts-graph/graph.db`. */
  readonly dbPath?: string | undefined;
  /** tsconfig paths (absolute) instead of discovering them. */
  readonly tsconfigs?: readonly string[] | undefined;
}

export interface ProgressSink {
  update(progress: IndexProgress): void;
  finish(): void;
}

export interface ServedRootHooks {
  /** One line for the server's log (stderr). */
  log(message: string): void;
  /** Where the progress of a root's first run goes (a catch-up, or the first index). */
  progress?(root: string): ProgressSink;
  /**
   * Called once when the root starts with an indexer: what it returns (the root's daemon socket, so that CLI
   * commands on this root use this process's warm graph) is closed with the root.
   */
  attach?(root: ServedRoot): Promise<{ close(): Promise<void> } | undefined>;
}

/** One root the server answers for: its indexer, its watcher, a read-only connection for the tools. */
export interface ServedRoot {
  /** Canonical absolute path. */
  readonly root: string;
  readonly dbPath: string;
  readonly tsconfigs: readonly string[] | undefined;
  /** Starts the watcher and the first run (catch-up, or first index), once; resolves when the run is over. */
  start(): Promise<void>;
  /** Applies the changes the watcher has seen and waits for them, at most `timeoutMs`. */
  settle(timeoutMs: number): Promise<void>;
  /** A run of the root's indexer (queued behind the one under way), for a CLI command that asks through the daemon socket. */
  update(options: RunOptions): Promise<IndexSummary>;
  readonly context: ToolContext;
  state(): RootState;
  freshness(): GraphFreshness;
  /** A call answered from this root: it is the most recently used. */
  markUsed(): void;
  /** When it was last used, and whether it keeps programs or a language service a release would free. */
  usage(): RootUse;
  /**
   * Frees what the root keeps warm (its programs, with the indexing thread; the edit tools' language service);
   * the next change or edit rebuilds what it needs. False when there was nothing to release or a run is under way.
   */
  release(why: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Uses of every root of this process, in order: which root was used last, when milliseconds tie. */
let uses = 0;
function nextUse(): number {
  uses += 1;
  return uses;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The workspace's one validator, seen from one root: relative paths are relative to this root, and a path
 * must lie inside it. Tools cannot change the roots.
 */
function rootPathValidator(shared: PathValidator, root: string): PathValidator {
  return {
    get roots() {
      return shared.roots;
    },
    setRoots() {
      throw new Error("the workspace sets the roots; a tool cannot");
    },
    validate(input, request) {
      const validated = shared.validate(path.isAbsolute(input) ? input : path.join(root, input), request);
      if (!isInside(root, validated.absolute)) {
        throw new ToolInputError(`${echoed(input)} lies in the root ${validated.root}, not in ${root}; pass root: "${validated.root}".`, {
          root: validated.root,
        });
      }
      return { ...validated, root, relative: relativeTo(root, validated.absolute) };
    },
  };
}

/**
 * Opens one root: its indexer (keeping programs, as watch mode does). start() runs the first run with a
 * watcher that applies changes as files are saved, then builds the programs ahead of the first change.
 * Nothing here throws: a root that cannot be opened or indexed is served as unavailable, with the reason,
 * and the other roots are not affected.
 */
export function openServedRoot(
  spec: RootSpec,
  shared: PathValidator,
  hooks: ServedRootHooks,
  workspace: { readonly states: () => readonly RootState[]; readonly memory: () => ServerMemory },
): ServedRoot {
  const root = path.resolve(spec.root);
  let dbPath = spec.dbPath ?? path.join(root, DEFAULT_DB_RELATIVE_PATH);
  let indexer: IndexRunner | undefined;
  let openError: string | undefined;
  let indexError: string | undefined;
  let reader: SqliteDb | undefined;
  /** The inode of the file the reader has open: another one at dbPath is a graph published anew. */
  let readerInode: number | undefined;
  /** Readers of graphs replaced since; a call under way may still read one, so they close with the root. */
  const retiredReaders: SqliteDb[] = [];
  /** The graph cannot be written here: answers come from it as it is. */
  let readOnly = false;
  let watcher: IndexWatcher | undefined;
  let sink: ProgressSink | undefined;
  let started: Promise<void> | undefined;
  /** What a call waits for before it answers: nothing when there was a graph to answer from, else the first run. */
  let ready: Promise<void> = Promise.resolve();
  /** The programs are being built ahead of the first change. */
  let buildingPrograms = false;
  let closed = false;
  let isStale: ((absolute: string) => boolean) | undefined;
  /** The last run ensureFresh started itself, and the warm-up of the programs. */
  let ownRun: Promise<unknown> = Promise.resolve();
  let warming: Promise<unknown> = Promise.resolve();
  let editSupport: Promise<EditSupport> | undefined;
  /** The edit tools asked for their language service (it loads every project of the root) since the last release. */
  let editLanguage = false;
  /**
   * The indexer's programs: every project's whole program, built by the warm-up; released by the memory rules;
   * then "as needed": the narrow programs of the changes since, built by the changes themselves and kept.
   */
  let programs: RootMemory["programs"] = "not built";
  let lastUsedMs = Date.now();
  let useOrder = nextUse();
  let attached: Promise<{ close(): Promise<void> } | undefined> | undefined;

  try {
    const resolvedDb = spec.dbPath ?? locateGraph(root).dbPath;
    if (fs.existsSync(resolvedDb) && !canWriteGraph(resolvedDb)) {
      dbPath = resolvedDb;
      readOnly = true;
      hooks.log(`${root}: ${READ_ONLY_NOTE}`);
    } else
      indexer = openWorkerIndexer({
        root,
        dbPath: spec.dbPath,
        tsconfigs: spec.tsconfigs,
        keepPrograms: true,
        onProgress: (progress) => sink?.update(progress),
        onWarning: (message) => hooks.log(`${root}: ${message}`),
      });
    if (indexer !== undefined) {
      dbPath = indexer.dbPath;
      indexer = countingRuns(indexer);
    }
  } catch (error) {
    if (isReadOnlyError(error)) {
      readOnly = true;
      hooks.log(`${root}: ${READ_ONLY_NOTE}`);
    } else {
      openError = messageOf(error);
      hooks.log(`${root}: cannot open the graph: ${openError}`);
    }
  }

  /**
   * The indexer, noting each run: a change applied is a use. Since a release, a run builds the narrow program
   * of its change (as `ts-graph index` does) and keeps it: the next changes reuse its files, and nothing
   * builds the whole programs again in the background (a root alone over the budget would pass it again).
   */
  function countingRuns(inner: IndexRunner): IndexRunner {
    return {
      ...inner,
      run: async (runOptions) => {
        const summary = await inner.run(runOptions);
        lastUsedMs = Date.now();
        useOrder = nextUse();
        if (programs === "released" && summary.mode !== "noop" && !closed) programs = "as needed";
        return summary;
      },
    };
  }

  /**
   * The tools' read-only connection to the last complete graph, once there is one. Each call checks that
   * dbPath is still the file it has open: a graph built anew (after damage) is a new file, opened then.
   */
  function graph(): SqliteDb | undefined {
    if (closed || openError !== undefined) return undefined;
    const inode = fs.statSync(dbPath, { throwIfNoEntry: false })?.ino;
    if (reader !== undefined && (inode === readerInode || inode === undefined)) return reader;
    if (inode === undefined) return undefined;
    if (reader !== undefined) retiredReaders.push(reader);
    reader = undefined;
    try {
      const opened = openGraphReader(dbPath, (db) => {
        // A graph of another schema version is being rebuilt by the indexer: never read it.
        if (db.pragma("user_version", { simple: true }) !== SCHEMA_VERSION || indexedAtOf(db) === undefined) throw new Error("no complete graph yet");
      });
      if (opened.copied) readOnly = true;
      reader = opened.db;
      readerInode = inode;
      isStale = createStaleFileCheck(reader, root, { watched: true });
    } catch {
      return undefined;
    }
    return reader;
  }

  function unavailableReason(): string {
    if (openError !== undefined) return `the graph of ${root} cannot be opened: ${openError}`;
    if (closed) return `${root} is no longer served`;
    if (indexError !== undefined) return `${root} has no graph yet: its first index failed: ${indexError}`;
    return started === undefined ? `${root} has not been indexed yet` : `${root} is being indexed for the first time`;
  }

  function unavailable(): ToolUnavailableError {
    const fix =
      openError !== undefined || indexError !== undefined
        ? `fix the problem (\`ts-graph index ${root}\` shows it in full); the server retries when a file changes, or restart it`
        : "wait for the first index to finish (progress is on the server's stderr), then ask again";
    return new ToolUnavailableError(unavailableReason(), fix);
  }

  function freshness(): GraphFreshness {
    const db = graph();
    const pending = new Set(watcher?.pending() ?? []);
    if (db !== undefined) for (const file of unfinishedFilesOf(db)) pending.add(file);
    const update = db === undefined ? undefined : updateStateOf(db, root, !readOnly);
    const notes = [
      ...(update?.note === undefined ? [] : [update.note]),
      ...(readOnly ? [READ_ONLY_NOTE] : []),
      ...(buildingPrograms ? ["TypeScript programs are being built in the background: a change saved now is applied once they are ready"] : []),
    ];
    return {
      indexedAt: db === undefined ? undefined : indexedAtOf(db),
      pendingFiles: pending.size,
      indexError: indexError ?? update?.lastError,
      notes,
    };
  }

  /** A watcher that applies changes as files are saved; undefined when the file system cannot be watched. */
  async function startWatcher(active: IndexRunner): Promise<IndexWatcher | undefined> {
    try {
      return await watchIndex(
        active,
        (update) => {
          indexError = undefined;
          if (update.summary.mode !== "noop") {
            hooks.log(
              `${root}: ${update.changed.join(", ") || "files"} changed: ${update.summary.files.extracted} re-extracted in ${update.summary.durationMs} ms`,
            );
          }
        },
        (error) => {
          if (closed) return;
          indexError = messageOf(error);
          hooks.log(`${root}: update failed: ${indexError}`);
        },
        (error) => hooks.log(`${root}: watcher: ${messageOf(error)}`),
      );
    } catch (error) {
      hooks.log(`${root}: cannot watch for changes (${messageOf(error)}); answers are checked against the files they read`);
      return undefined;
    }
  }

  async function firstRun(active: IndexRunner, hadGraph: boolean): Promise<void> {
    hooks.log(hadGraph ? `${root}: checking the graph against the files on disk` : `${root}: indexing (no graph yet)`);
    // Watching starts first, so that a file saved during the run is applied by the update after it.
    const watching = startWatcher(active);
    sink = hooks.progress?.(root);
    try {
      const summary = await active.run();
      const what =
        summary.mode === "noop" ? "up to date" : `${summary.mode}: ${summary.files.extracted} files extracted, ${summary.files.removed} removed`;
      hooks.log(`${root}: ${what} in ${summary.durationMs} ms`);
    } catch (error) {
      if (closed) return;
      indexError = messageOf(error);
      hooks.log(`${root}: index failed: ${indexError}${hadGraph ? " (answering from the last good graph)" : ""}`);
    } finally {
      sink?.finish();
      sink = undefined;
    }
    const ready = await watching;
    if (closed) {
      await ready?.close();
      return;
    }
    watcher = ready;
    if (indexError === undefined) warming = warm(active);
  }

  /** Builds the programs the watcher keeps, after the first answers, so that the first change is as quick as the next. */
  async function warm(active: IndexRunner): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (closed) return;
    const startedAt = performance.now();
    buildingPrograms = true;
    programs = "building";
    try {
      await active.warm();
      programs = "kept";
      hooks.log(`${root}: TypeScript programs ready in ${Math.round(performance.now() - startedAt)} ms; changes now apply incrementally`);
    } catch (error) {
      programs = "not built";
      if (!closed) hooks.log(`${root}: could not build the TypeScript programs ahead of changes (${messageOf(error)}); the next change builds them`);
    } finally {
      buildingPrograms = false;
    }
  }

  async function settle(timeoutMs: number): Promise<void> {
    if (watcher === undefined || watcher.pending().length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([watcher.flush(), timeout]);
    clearTimeout(timer);
  }

  async function ensureFresh(absolutePaths: readonly string[]): Promise<void> {
    if (indexer === undefined || graph() === undefined) return;
    const pending = new Set(watcher?.pending() ?? []);
    const stale = absolutePaths.some((absolute) => pending.has(relativeTo(root, absolute)) || isStale?.(absolute) === true);
    if (!stale) return;
    if (watcher !== undefined) {
      // The watcher may not have seen the change yet: flush what it has, then make sure with a run of our own.
      await watcher.flush();
      if (!absolutePaths.some((absolute) => isStale?.(absolute) === true)) return;
    }
    const run = indexer.run();
    ownRun = run.catch(() => undefined);
    try {
      await run;
      indexError = undefined;
    } catch (error) {
      indexError = messageOf(error);
    }
  }

  const context: ToolContext = {
    root,
    get dbPath() {
      return dbPath;
    },
    get db(): SqliteDb {
      const db = graph();
      if (db === undefined) throw unavailable();
      return db;
    },
    paths: rootPathValidator(shared, root),
    ensureFresh,
    freshness,
    // The indexer writes the graph, this writes only the history tables: SQLite serialises the two.
    async refreshHistory(historyOptions) {
      if (graph() === undefined) throw unavailable();
      // In a thread of its own (a first read of a long history takes long); loaded on first use.
      const { refreshHistoryOffThread } = await import("../history/refresh-off-thread.js");
      const refreshed = await refreshHistoryOffThread(dbPath, root, historyOptions);
      return refreshed.status === "unavailable" ? refreshed : withConfiguredHistoryLimit(refreshed, root);
    },
    workspace: workspace.states,
    serverMemory: workspace.memory,
    editSupport() {
      // Loaded on first use: the edit tools parse with TypeScript and keep a language service of the root.
      editSupport ??= import("../ingestion/edit/edit-support.js").then(({ openEditSupport }) => {
        const support = openEditSupport(root, spec.tsconfigs);
        return {
          ...support,
          language: () => {
            editLanguage = true;
            return support.language();
          },
        };
      });
      return editSupport;
    },
  };

  function memory(): RootMemory {
    return { programs, indexerHeapBytes: indexer?.heapUsed(), editLanguageService: editLanguage, lastUsed: new Date(lastUsedMs).toISOString() };
  }

  async function release(why: string): Promise<boolean> {
    const keptPrograms = programs === "kept" || programs === "as needed";
    if (closed || programs === "building" || (!keptPrograms && !editLanguage)) return false;
    if (keptPrograms && indexer !== undefined && !(await indexer.release())) return false;
    if (keptPrograms) programs = "released";
    const freed = [...(keptPrograms ? ["its TypeScript programs"] : []), ...(editLanguage ? ["the edit tools' language service"] : [])];
    // An edit under way keeps the service it has; the next edit builds a new one.
    editSupport = undefined;
    editLanguage = false;
    hooks.log(`${root}: released ${freed.join(" and ")} (${why}); the next change or edit rebuilds what it needs`);
    return true;
  }

  async function update(options: RunOptions): Promise<IndexSummary> {
    if (indexer === undefined || closed) throw unavailable();
    const run = indexer.run(options);
    ownRun = run.catch(() => undefined);
    try {
      const summary = await run;
      indexError = undefined;
      return summary;
    } catch (error) {
      indexError = messageOf(error);
      throw error;
    }
  }

  const served: ServedRoot = {
    root,
    get dbPath() {
      return dbPath;
    },
    tsconfigs: spec.tsconfigs,
    update,
    start() {
      if (started === undefined) {
        if (indexer !== undefined && !closed) attached = hooks.attach?.(served).catch(() => undefined);
        const hadGraph = graph() !== undefined;
        started = indexer === undefined || closed ? Promise.resolve() : firstRun(indexer, hadGraph);
        // With a graph, calls answer from it at once (their freshness says a run is under way); without, they wait for it.
        ready = hadGraph ? Promise.resolve() : started;
      }
      return ready;
    },
    settle,
    context,
    freshness,
    state() {
      const db = graph();
      return {
        root,
        dbPath,
        db,
        freshness: freshness(),
        watching: watcher !== undefined,
        error: db === undefined ? unavailableReason() : undefined,
        memory: readOnly ? undefined : memory(),
      };
    },
    markUsed() {
      lastUsedMs = Date.now();
      useOrder = nextUse();
    },
    usage() {
      return {
        root,
        lastUsedMs,
        useOrder,
        holdsMemory: programs === "kept" || programs === "as needed" || editLanguage,
        wholePrograms: programs === "kept",
      };
    },
    release,
    async close() {
      if (closed) return;
      closed = true;
      // The daemon socket first: a CLI command waiting on it then updates the graph itself.
      await attached?.then((daemon) => daemon?.close()).catch(() => undefined);
      // A run under way is abandoned: it is one transaction, so the graph stays the last complete one.
      const stopping = watcher?.close();
      await indexer?.close();
      await Promise.all([stopping, started, ownRun, warming].map((task) => task?.catch(() => undefined)));
      reader?.close();
      for (const retired of retiredReaders) retired.close();
    },
  };
  return served;
}

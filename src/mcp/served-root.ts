import fs from "node:fs";
import path from "node:path";
import { withConfiguredHistoryLimit } from "../config/config-file.js";
import { relativeTo } from "../config/project-paths.js";
import { isReadOnlyError, type SqliteDb } from "../db/open-graph-db.js";
import { canWriteGraph } from "../db/open-graph-reader.js";
import { READ_ONLY_NOTE, indexedAtOf, unfinishedFilesOf, updateStateOf } from "../ingestion/run/graph-freshness.js";
import {
  DEFAULT_DB_RELATIVE_PATH,
  locateGraph,
  type IndexProgress,
  type IndexSummary,
  type RunOptions,
} from "../ingestion/run/indexer.js";
import { openWorkerIndexer, type IndexRunner } from "../ingestion/run/threads/worker-indexer.js";
import { watchIndex, type IndexWatcher } from "../ingestion/watch/watch-index.js";
import { isInside, type PathValidator } from "../tools/inputs/path-validator.js";
import { echoed } from "../tools/answer/text.js";
import type { GraphFreshness, RootState, ToolContext } from "../tools/tool-contract.js";
import type { EditSupport } from "../model/edit-ports.js";
import { ToolInputError, ToolUnavailableError } from "../tools/tool-errors.js";
import type { ProgramsState, RootMemory, RootUse, ServerMemory } from "./memory-budget.js";
import { ServedGraph } from "./served-graph.js";
import type { RenameHint } from "../model/rename-hint.js";

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
  /**
   * Starts the watcher and the first run (catch-up, or first index), once. Resolves at once when there was a
   * graph to answer from (a call's answer then says how fresh it is), else when the first run is over.
   */
  start(): Promise<void>;
  /**
   * What a call waits for before it answers: nothing when the root has a graph (its first run is left to start
   * after the answer: Workspace.firstToolAnswered), else its first run, started now.
   */
  answerable(): Promise<void>;
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
        throw new ToolInputError(
          `${echoed(input)} lies in the root ${validated.root}, not in ${root}; pass root: "${validated.root}".`,
          {
            root: validated.root,
          },
        );
      }
      return { ...validated, root, relative: relativeTo(root, validated.absolute) };
    },
  };
}

/** How a root's graph is written: by its indexer, or not at all (read-only), or why it cannot be opened. */
interface RootOpening {
  readonly dbPath: string;
  readonly indexer: IndexRunner | undefined;
  readonly readOnly: boolean;
  readonly openError: string | undefined;
}

/** Opens a root's indexer (keeping programs, as watch mode does) unless its graph cannot be written here. */
function openRootIndexer(
  spec: RootSpec,
  root: string,
  hooks: ServedRootHooks,
  onProgress: (progress: IndexProgress) => void,
  countingRuns: (inner: IndexRunner) => IndexRunner,
): RootOpening {
  const dbPath = spec.dbPath ?? path.join(root, DEFAULT_DB_RELATIVE_PATH);
  try {
    const resolvedDb = spec.dbPath ?? locateGraph(root).dbPath;
    if (fs.existsSync(resolvedDb) && !canWriteGraph(resolvedDb)) {
      hooks.log(`${root}: ${READ_ONLY_NOTE}`);
      return { dbPath: resolvedDb, indexer: undefined, readOnly: true, openError: undefined };
    }
    const indexer = openWorkerIndexer({
      root,
      dbPath: spec.dbPath,
      tsconfigs: spec.tsconfigs,
      keepPrograms: true,
      onProgress,
      onWarning: (message) => hooks.log(`${root}: ${message}`),
    });
    return { dbPath: indexer.dbPath, indexer: countingRuns(indexer), readOnly: false, openError: undefined };
  } catch (error) {
    if (isReadOnlyError(error)) {
      hooks.log(`${root}: ${READ_ONLY_NOTE}`);
      return { dbPath, indexer: undefined, readOnly: true, openError: undefined };
    }
    const openError = messageOf(error);
    hooks.log(`${root}: cannot open the graph: ${openError}`);
    return { dbPath, indexer: undefined, readOnly: false, openError };
  }
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
  return new OneServedRoot(spec, shared, hooks, workspace);
}

/** A root's daemon socket (ServedRootHooks.attach), closed with the root. */
type Attached = Promise<{ close(): Promise<void> } | undefined> | undefined;

/**
 * Where a served root is in its life. Each state holds what is valid in it:
 * - opened: start() has not run (a call with a graph to answer from does not start it: Workspace.firstToolAnswered);
 * - first run: start() ran the first run (catch-up, or first index), which reports its progress to `sink`;
 * - serving: the first run is over (or the root has no indexer); the watcher applies changes (undefined when the
 *   file system cannot be watched) and `warming` builds the programs ahead of the first change;
 * - closed: no longer served; `ready` is what start() had returned, for a call still waiting on it.
 * `started` is the first run (resolved at once for a root with no indexer); `ready` is what a call waits for
 * before it answers: nothing when there was a graph to answer from, else the first run.
 */
type Lifecycle =
  | { readonly phase: "opened" }
  | {
      readonly phase: "first run";
      started: Promise<void>;
      ready: Promise<void>;
      readonly attached: Attached;
      sink: ProgressSink | undefined;
    }
  | {
      readonly phase: "serving";
      readonly started: Promise<void>;
      readonly ready: Promise<void>;
      readonly attached: Attached;
      readonly watcher: IndexWatcher | undefined;
      warming: Promise<unknown>;
    }
  | { readonly phase: "closed"; readonly ready: Promise<void> };

type FirstRun = Extract<Lifecycle, { phase: "first run" }>;

/** The edit tools' support of a root, once loaded: whether they asked for its language service since the last release. */
interface LoadedEditSupport {
  readonly support: Promise<EditSupport>;
  languageUsed: boolean;
}

/**
 * The ServedRoot of openServedRoot.
 * Long because: it answers the whole ServedRoot interface (start, answers, freshness, updates, memory release,
 * close) over one root's lifecycle, whose transitions read best beside each other.
 */
class OneServedRoot implements ServedRoot {
  readonly root: string;
  readonly tsconfigs: readonly string[] | undefined;
  readonly context: ToolContext;
  readonly dbPath: string;
  private readonly indexer: IndexRunner | undefined;
  private readonly openError: string | undefined;
  private indexError: string | undefined;
  private readonly graphs: ServedGraph;
  /** The graph cannot be written here: answers come from it as it is. */
  private readOnly: boolean;
  private lifecycle: Lifecycle = { phase: "opened" };
  /** The last run ensureFresh or update started itself. */
  private ownRun: Promise<unknown> = Promise.resolve();
  /** The edit tools' support, loaded on first use; its language service loads every project of the root. */
  private edit: LoadedEditSupport | undefined;
  /**
   * The indexer's programs: every project's whole program, built by the warm-up ("building" while it runs);
   * released by the memory rules; then "as needed": the narrow programs of the changes since, built by the
   * changes themselves and kept.
   */
  private programs: ProgramsState = "not built";
  /** When the root was last used, and its place in the order of uses of every root of this process. */
  private lastUse = { ms: Date.now(), order: nextUse() };

  constructor(
    private readonly spec: RootSpec,
    shared: PathValidator,
    private readonly hooks: ServedRootHooks,
    workspace: { readonly states: () => readonly RootState[]; readonly memory: () => ServerMemory },
  ) {
    this.root = path.resolve(spec.root);
    this.tsconfigs = spec.tsconfigs;
    this.graphs = new ServedGraph(this.root);
    const opening = openRootIndexer(
      spec,
      this.root,
      hooks,
      (progress) => {
        if (this.lifecycle.phase === "first run") this.lifecycle.sink?.update(progress);
      },
      (inner) => this.countingRuns(inner),
    );
    this.dbPath = opening.dbPath;
    this.indexer = opening.indexer;
    this.readOnly = opening.readOnly;
    this.openError = opening.openError;
    this.context = this.toolContext(shared, workspace);
  }

  /**
   * The indexer, noting each run: a change applied is a use. Since a release, a run builds the narrow program
   * of its change (as `ts-graph index` does) and keeps it: the next changes reuse its files, and nothing
   * builds the whole programs again in the background (a root alone over the budget would pass it again).
   */
  private countingRuns(inner: IndexRunner): IndexRunner {
    return {
      ...inner,
      run: async (runOptions) => {
        const summary = await inner.run(runOptions);
        if (summary.renamePatch?.applied === false)
          this.hooks.log(`${this.root}: rename re-extracted, not patched: ${summary.renamePatch.why}`);
        this.lastUse = { ms: Date.now(), order: nextUse() };
        if (this.programs === "released" && summary.mode !== "noop" && !this.isClosed()) this.programs = "as needed";
        return summary;
      },
    };
  }

  private isClosed(): boolean {
    return this.lifecycle.phase === "closed";
  }

  /** The watcher, once the first run is over and when the file system can be watched. */
  private watcher(): IndexWatcher | undefined {
    return this.lifecycle.phase === "serving" ? this.lifecycle.watcher : undefined;
  }

  /** The tools' read-only connection to the last complete graph, once there is one (ServedGraph). */
  private graph(): SqliteDb | undefined {
    if (this.isClosed() || this.openError !== undefined) return undefined;
    return this.graphs.current(this.dbPath, () => {
      this.readOnly = true;
    });
  }

  private unavailableReason(): string {
    const { root } = this;
    if (this.openError !== undefined) return `the graph of ${root} cannot be opened: ${this.openError}`;
    if (this.isClosed()) return `${root} is no longer served`;
    if (this.indexError !== undefined) return `${root} has no graph yet: its first index failed: ${this.indexError}`;
    return this.lifecycle.phase === "opened"
      ? `${root} has not been indexed yet`
      : `${root} is being indexed for the first time`;
  }

  private unavailable(): ToolUnavailableError {
    const fix =
      this.openError !== undefined || this.indexError !== undefined
        ? `fix the problem (\`ts-graph index ${this.root}\` shows it in full); the server retries when a file changes, or restart it`
        : "wait for the first index to finish (progress is on the server's stderr), then ask again";
    return new ToolUnavailableError(this.unavailableReason(), fix);
  }

  freshness(): GraphFreshness {
    const db = this.graph();
    const pending = new Set(this.watcher()?.pending() ?? []);
    if (db !== undefined) for (const file of unfinishedFilesOf(db)) pending.add(file);
    const update = db === undefined ? undefined : updateStateOf(db, this.root, !this.readOnly);
    const notes = [
      ...(update?.note === undefined ? [] : [update.note]),
      ...(this.readOnly ? [READ_ONLY_NOTE] : []),
      ...(this.programs === "building"
        ? ["TypeScript programs are being built in the background: a change saved now is applied once they are ready"]
        : []),
    ];
    return {
      indexedAt: db === undefined ? undefined : indexedAtOf(db),
      pendingFiles: pending.size,
      indexError: this.indexError ?? update?.lastError,
      notes,
    };
  }

  /** A watcher that applies changes as files are saved; undefined when the file system cannot be watched. */
  private async startWatcher(active: IndexRunner): Promise<IndexWatcher | undefined> {
    const { root, hooks } = this;
    try {
      return await watchIndex(
        active,
        (update) => {
          this.indexError = undefined;
          const { summary } = update;
          if (summary.mode !== "noop") {
            const applied =
              summary.renamePatch?.applied === true ? "the rename patched" : `${summary.files.extracted} re-extracted`;
            hooks.log(
              `${root}: ${update.changed.join(", ") || "files"} changed: ${applied} in ${summary.durationMs} ms`,
            );
          }
        },
        (error) => {
          if (this.isClosed()) return;
          this.indexError = messageOf(error);
          hooks.log(`${root}: update failed: ${this.indexError}`);
        },
        (error) => hooks.log(`${root}: watcher: ${messageOf(error)}`),
      );
    } catch (error) {
      hooks.log(
        `${root}: cannot watch for changes (${messageOf(error)}); answers are checked against the files they read`,
      );
      return undefined;
    }
  }

  private async firstRun(active: IndexRunner, hadGraph: boolean, run: FirstRun): Promise<void> {
    const { root, hooks } = this;
    hooks.log(hadGraph ? `${root}: checking the graph against the files on disk` : `${root}: indexing (no graph yet)`);
    // Watching starts first, so that a file saved during the run is applied by the update after it.
    const watching = this.startWatcher(active);
    run.sink = hooks.progress?.(root);
    try {
      const summary = await active.run();
      const what =
        summary.mode === "noop"
          ? "up to date"
          : `${summary.mode}: ${summary.files.extracted} files extracted, ${summary.files.removed} removed`;
      hooks.log(`${root}: ${what} in ${summary.durationMs} ms`);
    } catch (error) {
      // Closed during the run, which the indexer then abandons: no failure to report, but the watcher still stops (below).
      if (!this.isClosed()) {
        this.indexError = messageOf(error);
        hooks.log(
          `${root}: index failed: ${this.indexError}${hadGraph ? " (answering from the last good graph)" : ""}`,
        );
      }
    } finally {
      run.sink?.finish();
      run.sink = undefined;
    }
    const watcher = await watching;
    if (this.isClosed()) {
      await watcher?.close();
      return;
    }
    const serving: Extract<Lifecycle, { phase: "serving" }> = {
      phase: "serving",
      started: run.started,
      ready: run.ready,
      attached: run.attached,
      watcher,
      warming: Promise.resolve(),
    };
    this.lifecycle = serving;
    if (this.indexError === undefined) serving.warming = this.warm(active);
  }

  /** Builds the programs the watcher keeps, after the first answers, so that the first change is as quick as the next. */
  private async warm(active: IndexRunner): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.isClosed()) return;
    const startedAt = performance.now();
    this.programs = "building";
    try {
      await active.warm();
      this.programs = "kept";
      this.hooks.log(
        `${this.root}: TypeScript programs ready in ${Math.round(performance.now() - startedAt)} ms; changes now apply incrementally`,
      );
    } catch (error) {
      this.programs = "not built";
      if (!this.isClosed()) {
        this.hooks.log(
          `${this.root}: could not build the TypeScript programs ahead of changes (${messageOf(error)}); the next change builds them`,
        );
      }
    }
  }

  async settle(timeoutMs: number): Promise<void> {
    const watcher = this.watcher();
    if (watcher === undefined || watcher.pending().length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([watcher.flush(), timeout]);
    clearTimeout(timer);
  }

  /**
   * Brings the graph up to date with files an edit just wrote, in a run of its own started now: the watcher's
   * (which keeps them pending until it commits), else the indexer's. Only this run is told the edit's rename
   * (RunOptions.rename), so that it patches the graph: a timed update of the watcher, or a CLI command's, is not.
   */
  private async ensureFresh(absolutePaths: readonly string[], rename?: RenameHint): Promise<void> {
    const { indexer, root, graphs } = this;
    if (indexer === undefined || this.graph() === undefined) return;
    const watcher = this.watcher();
    const pending = new Set(watcher?.pending() ?? []);
    const files = absolutePaths.map((absolute) => relativeTo(root, absolute));
    const stale = absolutePaths.some(
      (absolute, index) => pending.has(files[index] ?? "") || graphs.isStale?.(absolute) === true,
    );
    if (!stale) return;
    const options = rename === undefined ? {} : { rename };
    // The watcher reports how its update went (indexError, the log); a run of our own says it here.
    if (watcher !== undefined) {
      await watcher.refreshNow(files, options);
      return;
    }
    const run = indexer.run(options);
    this.ownRun = run.catch(() => undefined);
    try {
      await run;
      this.indexError = undefined;
    } catch (error) {
      this.indexError = messageOf(error);
    }
  }

  /** What the tools of this root are given. */
  private toolContext(
    shared: PathValidator,
    workspace: { readonly states: () => readonly RootState[]; readonly memory: () => ServerMemory },
  ): ToolContext {
    const served = this;
    const { root } = this;
    return {
      root,
      dbPath: this.dbPath,
      get db(): SqliteDb {
        const db = served.graph();
        if (db === undefined) throw served.unavailable();
        return db;
      },
      paths: rootPathValidator(shared, root),
      ensureFresh: (absolutePaths, rename) => this.ensureFresh(absolutePaths, rename),
      freshness: () => this.freshness(),
      // The indexer writes the graph, this writes only the history tables: SQLite serialises the two.
      refreshHistory: async (historyOptions) => {
        if (this.graph() === undefined) throw this.unavailable();
        // In a thread of its own (a first read of a long history takes long); loaded on first use.
        const { refreshHistoryOffThread } = await import("../history/refresh-off-thread.js");
        const refreshed = await refreshHistoryOffThread(this.dbPath, root, historyOptions);
        return refreshed.status === "unavailable" ? refreshed : withConfiguredHistoryLimit(refreshed, root);
      },
      workspace: workspace.states,
      serverMemory: workspace.memory,
      editSupport: () => {
        // Loaded on first use: the edit tools parse with TypeScript and keep a language service of the root.
        if (this.edit === undefined) {
          const edit: LoadedEditSupport = {
            languageUsed: false,
            support: import("../ingestion/edit/edit-support.js").then(({ openEditSupport }) => {
              const support = openEditSupport(root, this.spec.tsconfigs);
              return {
                ...support,
                language: () => {
                  edit.languageUsed = true;
                  return support.language();
                },
              };
            }),
          };
          this.edit = edit;
        }
        return this.edit.support;
      },
    };
  }

  private memory(): RootMemory {
    return {
      programs: this.programs,
      indexerHeapBytes: this.indexer?.heapUsed(),
      editLanguageService: this.edit?.languageUsed ?? false,
      lastUsed: new Date(this.lastUse.ms).toISOString(),
    };
  }

  async release(why: string): Promise<boolean> {
    const keptPrograms = this.programs === "kept" || this.programs === "as needed";
    if (this.isClosed() || this.programs === "building" || (!keptPrograms && !this.edit?.languageUsed)) return false;
    if (keptPrograms && this.indexer !== undefined && !(await this.indexer.release())) return false;
    if (keptPrograms) this.programs = "released";
    const freed = [
      ...(keptPrograms ? ["its TypeScript programs"] : []),
      ...(this.edit?.languageUsed ? ["the edit tools' language service"] : []),
    ];
    // An edit under way keeps the service it has (TypeScript 7's session, ended here, starts again if it asks); the next edit builds a new one.
    void this.edit?.support.then((support) => support.close?.()).catch(() => undefined);
    this.edit = undefined;
    this.hooks.log(
      `${this.root}: released ${freed.join(" and ")} (${why}); the next change or edit rebuilds what it needs`,
    );
    return true;
  }

  async update(options: RunOptions): Promise<IndexSummary> {
    if (this.indexer === undefined || this.isClosed()) throw this.unavailable();
    const run = this.indexer.run(options);
    this.ownRun = run.catch(() => undefined);
    try {
      const summary = await run;
      this.indexError = undefined;
      return summary;
    } catch (error) {
      this.indexError = messageOf(error);
      throw error;
    }
  }

  start(): Promise<void> {
    if (this.lifecycle.phase !== "opened") return this.lifecycle.ready;
    const { indexer } = this;
    const attached = indexer === undefined ? undefined : this.hooks.attach?.(this).catch(() => undefined);
    const hadGraph = this.graph() !== undefined;
    if (indexer === undefined) {
      // No indexer (a graph that cannot be written here, or cannot be opened): nothing to run or watch.
      const started = Promise.resolve();
      this.lifecycle = {
        phase: "serving",
        started,
        ready: started,
        attached,
        watcher: undefined,
        warming: Promise.resolve(),
      };
      return started;
    }
    const run: FirstRun = {
      phase: "first run",
      started: Promise.resolve(),
      ready: Promise.resolve(),
      attached,
      sink: undefined,
    };
    this.lifecycle = run;
    run.started = this.firstRun(indexer, hadGraph, run);
    // With a graph, calls answer from it at once (their freshness says a run is under way); without, they wait for it.
    run.ready = hadGraph ? Promise.resolve() : run.started;
    return run.ready;
  }

  answerable(): Promise<void> {
    if (this.lifecycle.phase !== "opened" || this.graph() === undefined) return this.start();
    return Promise.resolve();
  }

  state(): RootState {
    const db = this.graph();
    return {
      root: this.root,
      dbPath: this.dbPath,
      db,
      freshness: this.freshness(),
      watching: this.watcher() !== undefined,
      error: db === undefined ? this.unavailableReason() : undefined,
      memory: this.readOnly ? undefined : this.memory(),
    };
  }

  markUsed(): void {
    this.lastUse = { ms: Date.now(), order: nextUse() };
  }

  usage(): RootUse {
    return {
      root: this.root,
      lastUsedMs: this.lastUse.ms,
      useOrder: this.lastUse.order,
      holdsMemory: this.programs === "kept" || this.programs === "as needed" || (this.edit?.languageUsed ?? false),
      wholePrograms: this.programs === "kept",
    };
  }

  async close(): Promise<void> {
    const before = this.lifecycle;
    if (before.phase === "closed") return;
    this.lifecycle = { phase: "closed", ready: before.phase === "opened" ? Promise.resolve() : before.ready };
    const attached = before.phase === "opened" ? undefined : before.attached;
    // The daemon socket first: a CLI command waiting on it then updates the graph itself.
    await attached?.then((daemon) => daemon?.close()).catch(() => undefined);
    // A run under way is abandoned: it is one transaction, so the graph stays the last complete one.
    const stopping = before.phase === "serving" ? before.watcher?.close() : undefined;
    await this.indexer?.close();
    await this.edit?.support.then((support) => support.close?.()).catch(() => undefined);
    const started = before.phase === "opened" ? undefined : before.started;
    const warming = before.phase === "serving" ? before.warming : undefined;
    await Promise.all([stopping, started, this.ownRun, warming].map((task) => task?.catch(() => undefined)));
    this.graphs.close();
  }
}

import fs from "node:fs";
import path from "node:path";
import { CONFIG_FILE_NAME, ConfigError, loadConfig, type TsGraphConfig } from "../../config/config-file.js";
import { relativeTo } from "../../config/project-paths.js";
import { NOTHING_SKIPPED, type SkippedFiles } from "../../model/skipped-files.js";
import { crashPoint } from "../../db/crash-points.js";
import { recoverInterruptedEdits } from "../../file-writes/edit-recovery.js";
import { createGraphStore, type FileRecord, type GraphStore } from "../../db/graph-store.js";
import {
  beginWrite,
  damageOf,
  type GraphDbHandle,
  isCorruptionError,
  openGraphDb,
  readMeta,
  type SqliteDb,
} from "../../db/open-graph-db.js";
import { META, SCHEMA_VERSION, STATE_COMPLETE } from "../../db/schema.js";
import type { FileDiagnostic } from "../../model/extracted.js";
import { isFresh, parseDiscoveryCache, statInput, type DiscoveryCache } from "../scan/discovery-cache.js";
import { rootRelativePath } from "../scan/root-relative.js";
import type { EngineName, ExtractionEngine, ExtractionProgress } from "./extraction-engine.js";
import { EXTRACTOR_VERSION } from "../extract/extractor-version.js";
import { scanFiles, type FileChanges, type PlannedFile, type ScannedFile } from "../scan/file-scan.js";
import { describeRunMarker, parseRunMarker, runMarkerOfThisProcess } from "./graph-freshness.js";
import { createKindCountsMemo, type KindCountsMemo } from "./kind-counts-memo.js";
import { DEFAULT_DB_RELATIVE_PATH, isOwnedDbPath } from "../../config/graph-location.js";
import type { WriteStop } from "../../db/write-stop.js";
import type { RenameHint } from "../../model/rename-hint.js";
import type { PlannedPatch } from "./rename-patch.js";

export { DEFAULT_DB_RELATIVE_PATH };

/** Changes when discovery's rules do (2: real paths only, nothing outside the root), so that no older file list is reused. */
const DISCOVERY_RULES_VERSION = 2;
const DISCOVERY_CACHE_VERSION = `${SCHEMA_VERSION}.${EXTRACTOR_VERSION}.${DISCOVERY_RULES_VERSION}`;

/** The engine a run extracts with unless told otherwise. */
export const DEFAULT_ENGINE: EngineName = "ts7";

export interface IndexerOptions {
  readonly root: string;
  /** Database path, absolute or relative to the root; default from ts-graph.config.json, else `.ts-graph/graph.db`. */
  readonly dbPath?: string | undefined;
  /** tsconfig paths, absolute or relative to the root, instead of discovering them. */
  readonly tsconfigs?: readonly string[] | undefined;
  /** Keep programs between runs (watch mode); see EngineOptions.keepPrograms. */
  readonly keepPrograms?: boolean;
  /** With keepPrograms, keep only the narrow programs the runs build (EngineOptions.narrowPrograms); warm() then builds nothing. */
  readonly narrowPrograms?: boolean;
  /** Threads that extract a run's files (`index --jobs`); "auto": from the cores and the memory (extraction-jobs.ts). Default 1. */
  readonly jobs?: number | "auto";
  /** The checker extraction asks (ADR 0021); default DEFAULT_ENGINE. */
  readonly engine?: EngineName | undefined;
  readonly onProgress?: (progress: IndexProgress) => void;
  readonly onWarning?: (message: string) => void;
  /** Lets the thread's owner stop a run that waits for the write lock (write-stop.ts). */
  readonly writeStop?: WriteStop;
}

export type IndexProgress = ExtractionProgress;

export type IndexMode = "full" | "incremental" | "noop";

export interface IndexSummary {
  readonly root: string;
  readonly db: string;
  readonly mode: IndexMode;
  /** Why the run re-extracted everything, for a full run. */
  readonly reason: string | undefined;
  readonly files: {
    readonly total: number;
    readonly extracted: number;
    readonly removed: number;
    readonly withSyntaxErrors: number;
    readonly unreadable: number;
  };
  /** Paths re-extracted in this run, sorted. */
  readonly extractedPaths: readonly string[];
  readonly nodes: { readonly total: number; readonly byKind: Readonly<Record<string, number>> };
  readonly edges: { readonly total: number; readonly byKind: Readonly<Record<string, number>> };
  readonly syntaxErrors: readonly (FileDiagnostic & { readonly file: string })[];
  readonly unreadable: readonly { readonly file: string; readonly reason: string }[];
  readonly warnings: readonly string[];
  /** What discovery left out so that nothing outside the root is indexed, and nothing twice (docs/graph.md, Which files). */
  readonly skipped: SkippedFiles;
  readonly durationMs: number;
  readonly dbBytes: number;
  /** Threads that extracted the run's files (`--jobs`); 1 when nothing was extracted. */
  readonly jobs: number;
  /** For a run given a rename (RunOptions.rename): whether it patched the graph, else why not. */
  readonly renamePatch?: { readonly applied: boolean; readonly why?: string };
}

export class NothingToIndexError extends Error {
  constructor(root: string) {
    super(
      `found no TypeScript files to index under ${root}. ` +
        `Point ts-graph at a folder with a tsconfig.json or .ts/.tsx files, or check include/exclude in ${CONFIG_FILE_NAME}.`,
    );
    this.name = "NothingToIndexError";
  }
}

export interface RunOptions {
  /** Re-extract every file (`index --force`). The old graph stays readable until the run commits. */
  readonly force?: boolean;
  /**
   * A rename the edit tool just wrote: when the run's changes are exactly its files, the graph is patched
   * instead of re-extracting them (rename-patch.ts), unless the patch cannot be sure.
   */
  readonly rename?: RenameHint;
}

export interface Indexer {
  readonly root: string;
  readonly dbPath: string;
  /** The connection runs write through (the graph at dbPath once a first run has published it). */
  readonly db: SqliteDb;
  /**
   * Brings the graph up to date with the files on disk, in one transaction: readers see the graph before
   * the run or after it, never between. Runs (and warm-ups) go one at a time.
   */
  run(options?: RunOptions): Promise<IndexSummary>;
  /** Loads and binds the projects' programs ahead of the first change (watch mode; a no-op otherwise), queued like a run. */
  warm(): Promise<void>;
  close(): void;
}

function fileSize(fileName: string): number {
  try {
    return fs.statSync(fileName).size;
  } catch {
    return 0;
  }
}

function sum(counts: Record<string, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/** Nothing to write: no file added, changed or removed, and no file left over by an interrupted run. */
function isNoop(changes: FileChanges, stored: ReadonlyMap<string, FileRecord>, pending: readonly string[]): boolean {
  const unreadableStored = changes.unreadable.some((file) => stored.has(file.path));
  return (
    changes.added.length === 0 &&
    changes.changed.length === 0 &&
    changes.deleted.length === 0 &&
    !unreadableStored &&
    pending.length === 0
  );
}

interface Plan {
  readonly planned: readonly PlannedFile[];
  readonly warnings: readonly string[];
  readonly skipped: SkippedFiles;
  readonly fingerprint: string;
}

/** The root's real path; a ConfigError (a usage error, exit 2) when it is missing or not a folder. */
export function canonicalRoot(rootOption: string): string {
  let root: string;
  try {
    root = fs.realpathSync.native(path.resolve(rootOption));
  } catch {
    throw new ConfigError(
      `the root ${rootOption} does not exist; give the folder of a TypeScript project (its tsconfig.json's folder)`,
    );
  }
  if (!fs.statSync(root).isDirectory())
    throw new ConfigError(`the root ${rootOption} is not a folder; give the folder of a TypeScript project`);
  return root;
}

/** Where a root's graph lives: the canonical root and the database path (--db, else the config's `db`, else the default). */
export function locateGraph(
  rootOption: string,
  dbPathOption?: string,
): { readonly root: string; readonly dbPath: string } {
  const root = canonicalRoot(rootOption);
  const { config } = loadConfig(root);
  return { root, dbPath: path.resolve(root, dbPathOption ?? config.db ?? DEFAULT_DB_RELATIVE_PATH) };
}

/** What an indexer's runs share: the graph's place and connection, the configuration, and the engine once loaded. */
interface IndexerState {
  readonly options: IndexerOptions;
  readonly root: string;
  readonly dbPath: string;
  readonly config: TsGraphConfig;
  readonly configText: string;
  readonly handle: GraphDbHandle;
  /** A stable store that writes through the handle's connection of the moment (storeOfHandle). */
  readonly store: GraphStore;
  /** A cache is valid only for the same ts-graph and the same explicit tsconfig list. */
  readonly cacheVersion: string;
  /** The graph's counts by kind, kept from the last committed run for the runs that change nothing (kind-counts-memo.ts). */
  readonly kindCounts: KindCountsMemo;
  engine: ExtractionEngine | undefined;
}

/** A stable GraphStore over the handle's connection now: the connection changes when a new database is published. */
function storeOfHandle(handle: GraphDbHandle): GraphStore {
  let storeDb: SqliteDb | undefined;
  let currentStore: GraphStore | undefined;
  function storeNow(): GraphStore {
    if (storeDb !== handle.db || currentStore === undefined) {
      storeDb = handle.db;
      currentStore = createGraphStore(storeDb);
    }
    return currentStore;
  }
  return new Proxy({} as GraphStore, { get: (_target, key) => storeNow()[key as keyof GraphStore] });
}

async function loadEngine(state: IndexerState): Promise<ExtractionEngine> {
  if (state.engine === undefined) {
    const { options } = state;
    const { createExtractionEngine } = await import("./extraction-engine.js");
    state.engine = createExtractionEngine({
      root: state.root,
      store: state.store,
      keepPrograms: options.keepPrograms === true,
      narrowPrograms: options.narrowPrograms === true,
      onProgress: options.onProgress,
      jobs: options.jobs ?? 1,
      engine: options.engine ?? state.config.engine ?? DEFAULT_ENGINE,
    });
  }
  return state.engine;
}

function toPlanned(root: string, projects: readonly { id: string; files: readonly string[] }[]): PlannedFile[] {
  return projects.flatMap((project) =>
    project.files.map((relative) => ({ path: relative, absolute: path.join(root, relative), project: project.id })),
  );
}

/** The discovery of the last run, if nothing it depended on changed since. */
function cachedPlan(state: IndexerState): Plan | undefined {
  const { handle } = state;
  if (handle.rebuiltBecause !== undefined || readMeta(handle.db, META.state) !== STATE_COMPLETE) return undefined;
  const cache = parseDiscoveryCache(readMeta(handle.db, META.discovery));
  if (cache === undefined || !isFresh(cache, state.cacheVersion, state.root)) return undefined;
  if (readMeta(handle.db, META.fingerprint) !== cache.fingerprint) return undefined;
  return {
    planned: toPlanned(state.root, cache.projects),
    warnings: cache.warnings,
    skipped: cache.skipped ?? NOTHING_SKIPPED,
    fingerprint: cache.fingerprint,
  };
}

function summarize(
  state: IndexerState,
  mode: IndexMode,
  reason: string | undefined,
  counts: { total: number; removed: number; extractedPaths: readonly string[]; jobs?: number },
  problems: Pick<IndexSummary, "syntaxErrors" | "unreadable" | "warnings" | "skipped">,
  startedAt: number,
): IndexSummary {
  const { dbPath } = state;
  const { nodes: nodeCounts, edges: edgeCounts } = state.kindCounts.counts(state.handle.db, mode !== "noop");
  return {
    root: state.root,
    db: dbPath,
    mode,
    reason,
    files: {
      total: counts.total,
      extracted: counts.extractedPaths.length,
      removed: counts.removed,
      withSyntaxErrors: new Set(problems.syntaxErrors.map((error) => error.file)).size,
      unreadable: problems.unreadable.length,
    },
    extractedPaths: counts.extractedPaths,
    nodes: { total: sum(nodeCounts), byKind: nodeCounts },
    edges: { total: sum(edgeCounts), byKind: edgeCounts },
    ...problems,
    durationMs: Math.round(performance.now() - startedAt),
    dbBytes: fileSize(dbPath) + fileSize(`${dbPath}-wal`),
    jobs: counts.jobs ?? 1,
  };
}

/** Tells the user once that another process holds the write lock, and who. */
function sayWaiting(state: IndexerState): void {
  const other = parseRunMarker(readMeta(state.handle.db, META.run));
  const who = other === undefined ? "another ts-graph run" : `another ts-graph run (${describeRunMarker(other)})`;
  state.options.onWarning?.(`${who} is writing ${state.dbPath}; waiting for it to finish`);
}

/** Commits the run marker, so that readers can say a run is under way (or was interrupted, if it stays). */
function markRunStarted(state: IndexerState, db: SqliteDb): void {
  beginWrite(db, () => sayWaiting(state), state.options.writeStop);
  try {
    state.store.setMeta(META.run, JSON.stringify(runMarkerOfThisProcess()));
    db.exec("COMMIT");
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** After a run rolled back: readers keep the last graph and learn why the run failed (best effort). */
function recordFailure(store: GraphStore, error: unknown): void {
  try {
    store.setMeta(META.lastError, error instanceof Error ? error.message : String(error));
    store.deleteMeta(META.run);
  } catch {
    // The database cannot be written (locked, read-only, damaged): the error reaches the caller anyway.
  }
}

/** Space freed by deletions is given back to the file system once it is a quarter of the database (and 256 KB). */
function reclaimSpace(db: SqliteDb): void {
  const pages = db.pragma("page_count", { simple: true }) as number;
  const free = db.pragma("freelist_count", { simple: true }) as number;
  if (free < 64 || free * 4 < pages) return;
  if ((db.pragma("auto_vacuum", { simple: true }) as number) === 2) db.pragma("incremental_vacuum");
  else db.exec("VACUUM");
}

/**
 * One run, in one write transaction. A graph written in place is replaced when the transaction commits;
 * a graph built anew is moved into place after. A run that fails or is killed leaves the last graph as
 * it was (and, killed, its run marker, which readers report as an interrupted run).
 */
async function runInTransaction(state: IndexerState, runOptions: RunOptions): Promise<IndexSummary> {
  const { handle, dbPath } = state;
  const building = handle.rebuiltBecause !== undefined;
  const db = handle.db;
  if (!building) markRunStarted(state, db);
  beginWrite(db, () => sayWaiting(state), state.options.writeStop);
  let summary: IndexSummary;
  try {
    summary = await runOnce(state, runOptions);
    crashPoint();
    db.exec("COMMIT");
    state.kindCounts.committed();
  } catch (error) {
    state.kindCounts.rolledBack();
    if (db.inTransaction) db.exec("ROLLBACK");
    if (building) handle.discardBuild();
    else recordFailure(state.store, error);
    throw error;
  }
  crashPoint();
  handle.publish();
  crashPoint();
  if (summary.mode !== "noop") {
    reclaimSpace(handle.db);
    handle.db.pragma(state.options.keepPrograms ? "wal_checkpoint(PASSIVE)" : "wal_checkpoint(TRUNCATE)");
  }
  return { ...summary, dbBytes: fileSize(dbPath) + fileSize(`${dbPath}-wal`) };
}

/**
 * Finishes the edits a killed process left half written in the root's files (file-writes/edit-recovery.ts)
 * before a run reads them, and says what it did, or why an edit could not be finished, as warnings.
 */
function recoverEdits(state: IndexerState): void {
  const report = recoverInterruptedEdits(state.root);
  for (const message of [...report.finished, ...report.blocked]) state.options.onWarning?.(message);
}

/** A run; when SQLite finds the database damaged, it is moved aside and the run starts over on a new one. */
async function runRepairing(state: IndexerState, runOptions: RunOptions): Promise<IndexSummary> {
  const { handle } = state;
  recoverEdits(state);
  try {
    return await runInTransaction(state, runOptions);
  } catch (error) {
    if (!isCorruptionError(error) || handle.rebuiltBecause !== undefined) throw error;
    handle.quarantine(damageOf(handle.db) ?? (error instanceof Error ? error.message : String(error)));
    return runInTransaction(state, runOptions);
  }
}

/** The summary of a run that the last run's discovery shows has nothing to write, else undefined. */
function cachedNoop(
  state: IndexerState,
  storedFiles: ReadonlyMap<string, FileRecord>,
  pending: readonly string[],
  startedAt: number,
): IndexSummary | undefined {
  const { store } = state;
  const cached = cachedPlan(state);
  if (cached === undefined) return undefined;
  const changes = scanFiles(cached.planned, storedFiles, false);
  if (!isNoop(changes, storedFiles, pending)) return undefined;
  if (changes.touched.length > 0) store.touchFiles(changes.touched);
  store.deleteMeta(META.run);
  store.deleteMeta(META.lastError);
  const unreadable = changes.unreadable.map((file) => ({ file: file.path, reason: file.reason }));
  const total = cached.planned.length - unreadable.length;
  return summarize(
    state,
    "noop",
    undefined,
    { total, removed: 0, extractedPaths: [] },
    { syntaxErrors: [], unreadable, warnings: cached.warnings, skipped: cached.skipped },
    startedAt,
  );
}

/** The projects and files discovery finds now, with its warnings (and why the graph is rebuilt, if it is). */
function discoverNow(state: IndexerState, extraction: ExtractionEngine) {
  const { options, root } = state;
  const rebuiltBecause = state.handle.rebuiltBecause;
  // Only the indexer counts the files no tsconfig lists (a walk of the root), for its summary and status.
  const discovered = extraction.discover(state.config, options.tsconfigs, { countUnlisted: true });
  const warnings: string[] = [...discovered.warnings];
  for (const warning of discovered.warnings) options.onWarning?.(warning);
  if (rebuiltBecause !== undefined && rebuiltBecause !== "no database yet") {
    warnings.push(`rebuilding the graph: ${rebuiltBecause}`);
    options.onWarning?.(`rebuilding the graph: ${rebuiltBecause}`);
  }
  const projectFiles = discovered.projects.map((project) => ({
    id: project.id,
    files: project.fileNames.map((absolute) => relativeTo(root, absolute)),
  }));
  const planned = toPlanned(root, projectFiles);
  if (planned.length === 0) throw new NothingToIndexError(root);
  return { discovered, warnings, projectFiles, planned };
}

/** Why the run re-extracts every file, or undefined for an incremental run. */
function fullRunReason(
  state: IndexerState,
  runOptions: RunOptions,
  storedFiles: ReadonlyMap<string, FileRecord>,
  fingerprint: string,
): string | undefined {
  const rebuiltBecause = state.handle.rebuiltBecause;
  if (rebuiltBecause !== undefined) return rebuiltBecause;
  if (runOptions.force === true) return "--force";
  if (storedFiles.size === 0) return "the database holds no files";
  if (readMeta(state.handle.db, META.fingerprint) !== fingerprint)
    return "the TypeScript projects or ts-graph's configuration changed";
  return undefined;
}

/** An incremental run's files to extract besides the added and changed ones: those left pending, then the dependents. */
function addPendingAndDependents(
  toExtract: Map<string, PlannedFile>,
  extraction: ExtractionEngine,
  discovered: ReturnType<ExtractionEngine["discover"]>,
  planned: readonly PlannedFile[],
  changes: FileChanges,
  removed: readonly string[],
  pending: readonly string[],
  unreadablePaths: ReadonlySet<string>,
): void {
  const plannedByPath = new Map(planned.map((file) => [file.path, file]));
  for (const pendingPath of pending) {
    const file = plannedByPath.get(pendingPath);
    if (file !== undefined && !unreadablePaths.has(pendingPath)) toExtract.set(pendingPath, file);
  }
  const candidates = planned.filter((file) => !toExtract.has(file.path) && !unreadablePaths.has(file.path));
  for (const dependent of extraction.dependentsOf(
    changes.changed,
    changes.added,
    removed,
    candidates,
    discovered.projects,
  )) {
    const file = plannedByPath.get(dependent);
    if (file !== undefined && !toExtract.has(dependent) && !unreadablePaths.has(dependent))
      toExtract.set(dependent, file);
  }
}

/** The patch of the rename the run was given, when its changes are only changed files and nothing is left pending. */
function renamePatchOf(
  runOptions: RunOptions,
  full: boolean,
  extraction: ExtractionEngine,
  changes: FileChanges,
  removed: readonly string[],
  pending: readonly string[],
  storedFiles: ReadonlyMap<string, FileRecord>,
): PlannedPatch | undefined {
  if (runOptions.rename === undefined) return undefined;
  if (full) return { ok: false, why: "the run re-extracts every file" };
  if (changes.added.length > 0 || removed.length > 0 || pending.length > 0 || changes.unreadable.length > 0)
    return { ok: false, why: "files were added, removed or left pending" };
  return extraction.planRename(runOptions.rename, changes.changed, (relative) => storedFiles.get(relative)?.hash);
}

async function runOnce(state: IndexerState, runOptions: RunOptions): Promise<IndexSummary> {
  const { store, root } = state;
  const startedAt = performance.now();
  if (runOptions.force === true && state.handle.rebuiltBecause === undefined) store.clearGraph();
  const storedFiles = new Map<string, FileRecord>(store.allFiles().map((file) => [file.path, file]));
  const pending = store.pendingPaths();
  const noop = runOptions.force === true ? undefined : cachedNoop(state, storedFiles, pending, startedAt);
  if (noop !== undefined) return noop;

  const extraction = await loadEngine(state);
  const { discovered, warnings, projectFiles, planned } = discoverNow(state, extraction);
  const pathByAbsolute = new Map(planned.map((file) => [file.absolute, file.path]));
  const fingerprint = extraction.fingerprint(discovered.projects, state.configText);
  const reason = fullRunReason(state, runOptions, storedFiles, fingerprint);
  const full = reason !== undefined;
  const changes = scanFiles(planned, storedFiles, full);
  const unreadable = [...changes.unreadable];
  const unreadablePaths = new Set(unreadable.map((file) => file.path));
  const removed = [...changes.deleted, ...[...unreadablePaths].filter((p) => storedFiles.has(p))].sort();
  const toExtract = new Map<string, PlannedFile>();
  for (const file of [...changes.added, ...changes.changed]) toExtract.set(file.path, file);
  const rename = renamePatchOf(runOptions, full, extraction, changes, removed, pending, storedFiles);
  const patch = rename?.ok === true ? rename : undefined;
  if (!full && patch === undefined)
    addPendingAndDependents(toExtract, extraction, discovered, planned, changes, removed, pending, unreadablePaths);
  if (changes.touched.length > 0) store.touchFiles(changes.touched);

  const cache: DiscoveryCache = {
    version: state.cacheVersion,
    fingerprint,
    inputs: discovered.inputs.map((input) => statInput(input, root)),
    projects: projectFiles,
    warnings: discovered.warnings,
    skipped: discovered.skipped,
  };
  // A run killed after its last write but before it finished left nothing pending, and still has to finish.
  const unfinished = readMeta(state.handle.db, META.state) !== STATE_COMPLETE;
  const nothingToDo = toExtract.size === 0 && removed.length === 0 && !full && !unfinished;
  const extractedPaths = [...toExtract.keys()].sort();
  const syntaxErrors: (FileDiagnostic & { file: string })[] = [];
  let jobs = 1;
  if (!nothingToDo) {
    store.beginRun(extractedPaths);
    for (const removedPath of removed) store.removeFile(removedPath);
    const scanned = new Map<string, ScannedFile>(
      [...changes.added, ...changes.changed].map((file) => [file.path, file]),
    );
    if (patch !== undefined) extraction.applyRename(patch, changes.changed);
    else {
      const outcome = await extraction.extract({
        projects: discovered.projects,
        paths: extractedPaths,
        scanned,
        pathByAbsolute,
        removed,
      });
      jobs = outcome.jobs;
      for (const warning of outcome.warnings) {
        warnings.push(warning);
        state.options.onWarning?.(warning);
      }
      syntaxErrors.push(...outcome.syntaxErrors);
      unreadable.push(...outcome.unreadable);
    }
    const { name, typescript } = extraction.describe();
    const notes = warnings.filter((warning) => warning.startsWith("TypeScript 7"));
    store.setMeta(META.engine, JSON.stringify({ name, typescript, notes }));
    store.finishRun(Date.now(), fingerprint);
  } else {
    store.deleteMeta(META.run);
    store.deleteMeta(META.lastError);
  }
  store.setMeta(META.discovery, JSON.stringify(cache));
  store.setMeta(META.skipped, JSON.stringify(discovered.skipped));

  const summary = summarize(
    state,
    full ? "full" : nothingToDo ? "noop" : "incremental",
    reason,
    { total: planned.length - unreadable.length, removed: removed.length, extractedPaths, jobs },
    {
      syntaxErrors,
      unreadable: unreadable.map((file) => ({ file: file.path, reason: file.reason })),
      warnings,
      skipped: discovered.skipped,
    },
    startedAt,
  );
  return rename === undefined
    ? summary
    : { ...summary, renamePatch: rename.ok ? { applied: true } : { applied: false, why: rename.why } };
}

export function openIndexer(options: IndexerOptions): Indexer {
  const { root, dbPath } = locateGraph(options.root, options.dbPath);
  const { config, text: configText } = loadConfig(root);
  const handle = openGraphDb(dbPath, { ownedPath: isOwnedDbPath(root, dbPath) });
  const store = storeOfHandle(handle);
  const state: IndexerState = {
    options,
    root,
    dbPath,
    config,
    configText,
    handle,
    store,
    kindCounts: createKindCountsMemo(() => ({ nodes: store.nodeCountsByKind(), edges: store.edgeCountsByKind() })),
    cacheVersion: JSON.stringify([
      DISCOVERY_CACHE_VERSION,
      options.tsconfigs?.map((tsconfig) => rootRelativePath(tsconfig, root)) ?? null,
    ]),
    engine: undefined,
  };
  /** Runs and warm-ups, one at a time, in the order asked. */
  let queue: Promise<unknown> = Promise.resolve();
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = queue.catch(() => undefined).then(task);
    queue = next;
    return next;
  }
  return {
    root,
    dbPath,
    get db() {
      return handle.db;
    },
    run(runOptions = {}) {
      return enqueue(() => runRepairing(state, runOptions));
    },
    warm() {
      return enqueue(async () => {
        if (options.keepPrograms !== true || options.narrowPrograms === true) return;
        const extraction = await loadEngine(state);
        extraction.warm(extraction.discover(config, options.tsconfigs).projects);
      });
    },
    close() {
      state.engine?.close();
      handle.close();
    },
  };
}

import { ts } from "../../engine/ts6/typescript6.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TsGraphConfig } from "../../config/config-file.js";
import {
  discoverProjects,
  type DiscoveredProjects,
  type DiscoveryOptions,
  type ProjectSpec,
} from "../../config/discover-projects.js";
import type { GraphStore } from "../../db/graph-store.js";
import { SCHEMA_VERSION } from "../../db/schema.js";
import { defaultJobs, type MachineCapacity } from "./threads/extraction-jobs.js";
import { EXTRACTOR_VERSION } from "../extract/extractor-version.js";
import { hashText, type PlannedFile, type ScannedFile } from "../scan/file-scan.js";
import {
  createOutcomeWriter,
  type ExtractionOutcome,
  type ExtractionProgress,
  type OutcomeWriter,
} from "./outcome-writer.js";
import { canExtractInParallel, extractInParallel, type ParallelRun } from "./threads/parallel-extraction.js";
import {
  buildRunProgram,
  narrowRoots,
  programExtractor,
  type FileOutcome,
  type MemberNames,
  type RunFiles,
  type RunItem,
} from "./program-extraction.js";
import { RunPreparation, type PreparationHost } from "./run-preparation.js";
import { createModuleResolver, createProgramLoader, type ProgramLoader } from "../extract/program-loader.js";
import { openTs7Run, TS7_VERSION, ts7ConfigKey, ts7ConfigRewrites, type Ts7Run } from "./ts7-run.js";
import { ts7Extractor, ts7MemberNames } from "./ts7-extraction.js";
import { Ts7RunPreparation } from "./ts7-preparation.js";
import { mayNameAdded } from "../plan/module-stem.js";
import { planDependents, type PlanningInput } from "../plan/plan-dependents.js";
import { rootRelativeValue } from "../scan/root-relative.js";
import type { ComputedMemberNames } from "../../model/extracted.js";
import type { RenameHint } from "../../model/rename-hint.js";
import { planRenamePatch, type PlannedPatch } from "./rename-patch.js";

export type { ExtractionOutcome, ExtractionProgress };

/**
 * Everything of indexing that needs TypeScript: discovery, planning by surface, and extraction.
 * The indexer loads this module only when a run has work to do, so a run that finds nothing
 * changed never loads the compiler.
 */

export interface ExtractionRequest {
  readonly projects: readonly ProjectSpec[];
  /** Relative paths to extract. */
  readonly paths: readonly string[];
  /** Files already read and hashed by the scan, by relative path. */
  readonly scanned: ReadonlyMap<string, ScannedFile>;
  readonly pathByAbsolute: ReadonlyMap<string, string>;
  /** Relative paths removed in this run (kept programs must forget them). */
  readonly removed: readonly string[];
}

/** What a run's extraction gives the indexer: its outcome, and how many threads extracted. */
export interface ExtractionResult extends ExtractionOutcome {
  readonly jobs: number;
  /** What the run could not do as asked (a project TypeScript 7 could not load, extracted with TypeScript 6). */
  readonly warnings: readonly string[];
}

export interface ExtractionEngine {
  discover(
    config: TsGraphConfig,
    tsconfigs: readonly string[] | undefined,
    options?: DiscoveryOptions,
  ): DiscoveredProjects;
  /** A fingerprint of everything besides file contents that decides what extraction writes. */
  fingerprint(projects: readonly ProjectSpec[], configText: string): string;
  /** Files whose edges may change because other files changed, besides those files (plan-dependents.ts). */
  dependentsOf(
    changed: readonly ScannedFile[],
    added: readonly ScannedFile[],
    removed: readonly string[],
    candidates: readonly PlannedFile[],
    projects: readonly ProjectSpec[],
  ): Set<string>;
  /** Extracts and writes the files (with `jobs` threads, the run's files permitting), in the run's order. */
  extract(request: ExtractionRequest): Promise<ExtractionResult>;
  /** Builds and binds every project's program now, so that the first change after it is applied fast (watch mode). */
  warm(projects: readonly ProjectSpec[]): void;
  /** The graph patch of a rename whose files are the run's changes (rename-patch.ts), or why there is none. */
  planRename(
    hint: RenameHint,
    changed: readonly ScannedFile[],
    storedHashOf: (path: string) => string | undefined,
  ): PlannedPatch;
  /** Ends what the engine keeps between runs (TypeScript 7's process). */
  close(): void;
  /** The engine's name and the TypeScript version it runs. */
  describe(): { readonly name: EngineName; readonly typescript: string };
  /** Writes a rename patch, and makes the kept programs read the renamed files again at their next build. */
  applyRename(planned: Extract<PlannedPatch, { ok: true }>, changed: readonly ScannedFile[]): void;
}

/**
 * Whether an import that named no indexed file may name one of the added files now: the specifier's text may
 * name one (module-stem.ts `mayNameAdded`), or module resolution with the importer's project options against
 * the files on disk finds an indexed file (resolution outside a program misses project reference redirects,
 * which the text covers). Resolutions are cached for one planning only: the files on disk change between runs.
 */
function importReresolver(
  projects: readonly ProjectSpec[],
  files: readonly PlannedFile[],
): NonNullable<PlanningInput["mayNowName"]> {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const indexed = new Set(files.map((file) => file.absolute));
  const resolvers = new Map<string, (specifier: string, containingFile: string) => string | undefined>();
  return (importerPath, specifier, addedPaths) => {
    if (addedPaths.some((addedPath) => mayNameAdded(importerPath, specifier, addedPath))) return true;
    const importer = byPath.get(importerPath);
    const project =
      importer === undefined ? undefined : projects.find((candidate) => candidate.id === importer.project);
    if (importer === undefined || project === undefined) return true;
    let resolve = resolvers.get(project.id);
    if (resolve === undefined) {
      resolve = createModuleResolver(project);
      resolvers.set(project.id, resolve);
    }
    const resolved = resolve(specifier, importer.absolute);
    return resolved !== undefined && indexed.has(resolved);
  };
}

export interface EngineOptions {
  readonly root: string;
  readonly store: GraphStore;
  /**
   * Keep each project's program between runs and root it at all the project's files (watch mode);
   * otherwise each run builds a program rooted at just the files it re-extracts.
   */
  readonly keepPrograms: boolean;
  /**
   * With keepPrograms: root each run's program at just the files it re-extracts, as without it, and keep it:
   * the programs hold what the changes needed so far, not every project's whole program (the MCP server
   * after a release). Their parsed and bound files serve the next runs.
   */
  readonly narrowPrograms?: boolean;
  readonly onProgress: ((progress: ExtractionProgress) => void) | undefined;
  /** Threads that extract a run's files (`--jobs`); "auto": extraction-jobs.ts `defaultJobs`. On TypeScript 7 each worker opens a session of its own. */
  readonly jobs: number | "auto";
  /** The checker extraction asks (ADR 0021). */
  readonly engine: EngineName;
}

/** `ts7`: TypeScript 7's native checker through its API; `ts6`: TypeScript 6's checker in this process. */
export type EngineName = "ts6" | "ts7";

function fileBytes(absolute: string): number {
  try {
    return fs.statSync(absolute).size;
  } catch {
    return 0;
  }
}

/** The cores and the memory this process can still use: the free memory, or less under a cgroup's limit. */
function machineCapacity(): MachineCapacity {
  const constrained = process.constrainedMemory?.() ?? 0;
  const free = os.freemem();
  const underLimit = constrained > 0 && constrained < os.totalmem() ? constrained - process.memoryUsage().rss : free;
  return { cores: os.availableParallelism(), availableBytes: Math.max(0, Math.min(free, underLimit)) };
}

/** What the engine keeps between runs: its options and, in watch mode, each project's program loader. */
interface EngineState {
  readonly options: EngineOptions;
  /** By project id and options (keepPrograms only). */
  readonly loaders: Map<string, ProgramLoader>;
  /** The files the last rename patch wrote, parsed (by absolute path): the old texts of the next rename, until a run extracts. */
  renamed: ReadonlyMap<string, ts.SourceFile>;
  /** Set by planning, taken by the run's extraction (kept programs only). */
  prepared: RunPreparation | undefined;
  /** TypeScript 7's session (engine ts7), kept between runs with keepPrograms. */
  ts7: Ts7Run | undefined;
  /** Files written by a rename patch since the session's last update (absolute): the next run tells the session. */
  readonly ts7Patched: Set<string>;
  /** Set by planning when it told the kept session the run's changes, taken by the run's extraction (ts7-preparation.ts). */
  ts7Prepared: Ts7RunPreparation | undefined;
}

function loaderKey(project: ProjectSpec): string {
  return `${project.id}\u0000${JSON.stringify(project.options)}`;
}

function loaderFor(state: EngineState, project: ProjectSpec): ProgramLoader {
  if (!state.options.keepPrograms) return createProgramLoader(project);
  const key = loaderKey(project);
  let loader = state.loaders.get(key);
  if (loader === undefined) {
    for (const stale of [...state.loaders.keys()].filter((other) => other.startsWith(`${project.id}\u0000`)))
      state.loaders.delete(stale);
    loader = createProgramLoader(project);
    state.loaders.set(key, loader);
  }
  return loader;
}

function dependentsOf(
  state: EngineState,
  changed: readonly ScannedFile[],
  added: readonly ScannedFile[],
  removed: readonly string[],
  candidates: readonly PlannedFile[],
  projects: readonly ProjectSpec[],
): Set<string> {
  // Kept programs (watch mode) have parsed the files that did not change: planning reads those parses,
  // once binding has given them parent pointers (the loader parses without them).
  const parsedFile = (fileName: string, text: string): ts.SourceFile | undefined => {
    for (const loader of state.loaders.values()) {
      const sourceFile = loader.parsedFile(fileName);
      const first = sourceFile?.statements[0];
      if (sourceFile?.text === text && first !== undefined && first.parent === sourceFile) return sourceFile;
    }
    return undefined;
  };
  const mayNowName = importReresolver(projects, [...candidates, ...changed, ...added]);
  state.prepared =
    state.options.keepPrograms && state.options.engine === "ts6"
      ? new RunPreparation(preparationHost(state), [...changed, ...added], removed)
      : undefined;
  dropStaleTs7(state, projects);
  const ts7 = ts7PreparationFor(state, [...changed, ...added], removed);
  try {
    const sameInferredTypes =
      ts7?.typeProbe(projects, state.options.store, takePatched(state)) ?? state.prepared?.typeProbe(projects);
    return planDependents(
      { changed, added, removed, candidates, parsedFile, mayNowName, sameInferredTypes },
      state.options.store,
    );
  } catch (error) {
    // The next run starts from a new session (its kept snapshot goes with this one).
    if (ts7 !== undefined) closeTs7(state);
    throw error;
  } finally {
    if (state.ts7 !== undefined) ts7?.release();
  }
}

/** With TypeScript 7's kept session, planning tells it the run's changes and compares inferred types in its last and new snapshots. */
function ts7PreparationFor(
  state: EngineState,
  scanned: readonly ScannedFile[],
  removed: readonly string[],
): Ts7RunPreparation | undefined {
  const { options } = state;
  state.ts7Prepared =
    options.keepPrograms && options.engine === "ts7" && state.ts7 !== undefined
      ? new Ts7RunPreparation(state.ts7, options.root, scanned, removed)
      : undefined;
  return state.ts7Prepared;
}

/** The files a rename patch wrote since the session's last update, which the session is now told. */
function takePatched(state: EngineState): string[] {
  const patched = [...state.ts7Patched];
  state.ts7Patched.clear();
  return patched;
}

function preparationHost(state: EngineState): PreparationHost {
  const { options } = state;
  return {
    narrowPrograms: options.narrowPrograms === true,
    store: options.store,
    keptLoader: (project) => state.loaders.get(loaderKey(project)),
    loaderFor: (project) => loaderFor(state, project),
    forget: (relativePaths) => forgetChanged(state, relativePaths),
    declaringGlobals: () => declaringGlobalsOf(options),
  };
}

/** Every kept loader forgets the changed and removed files (a kept program of one project may hold another project's file). */
function forgetChanged(state: EngineState, relativePaths: readonly string[]): void {
  for (const loader of state.loaders.values()) {
    for (const relative of relativePaths) loader.invalidate(path.join(state.options.root, relative));
  }
}

function declaringGlobalsOf(options: EngineOptions): Set<string> {
  return new Set(options.store.filesDeclaringGlobals().map((relative) => path.join(options.root, relative)));
}

/** The files of a run in the order they are written: each project's (in the projects' order) in its own order. */
function runItems(
  projects: readonly ProjectSpec[],
  wanted: ReadonlySet<string>,
  pathByAbsolute: ReadonlyMap<string, string>,
  scanned: ReadonlyMap<string, ScannedFile>,
): RunItem[] {
  return projects.flatMap((project, index) =>
    project.fileNames.flatMap((absolute) => {
      const relative = pathByAbsolute.get(absolute);
      if (relative === undefined || !wanted.has(relative)) return [];
      return [{ project: index, absolute, bytes: scanned.get(relative)?.size ?? fileBytes(absolute) }];
    }),
  );
}

function jobsFor(jobs: number | "auto", items: readonly RunItem[]): number {
  if (jobs !== "auto") return Math.max(1, Math.min(Math.floor(jobs), items.length));
  const sourceBytes = items.reduce((sum, item) => sum + item.bytes, 0);
  return defaultJobs(machineCapacity(), items.length, sourceBytes);
}

/** The scan's texts of a run's files, by absolute path. */
function runTexts(
  items: readonly RunItem[],
  scanned: ReadonlyMap<string, ScannedFile>,
  pathByAbsolute: ReadonlyMap<string, string>,
): Map<string, string> {
  const texts = new Map<string, string>();
  for (const item of items) {
    const text = scanned.get(pathByAbsolute.get(item.absolute) ?? "")?.text;
    if (text !== undefined) texts.set(item.absolute, text);
  }
  return texts;
}

/** Each project's program roots for a run: all its files (kept whole programs), else the files it re-extracts. */
function runRoots(
  options: EngineOptions,
  projects: readonly ProjectSpec[],
  items: readonly RunItem[],
  declaringGlobals: ReadonlySet<string>,
): (readonly string[])[] {
  return projects.map((project, index) =>
    options.keepPrograms && options.narrowPrograms !== true
      ? project.fileNames
      : narrowRoots(
          project,
          items.filter((item) => item.project === index).map((item) => item.absolute),
          declaringGlobals,
        ),
  );
}

/** Extracts the items on this thread, one project's extractor at a time, writing each file in order. */
function extractOnThisThread(
  items: readonly RunItem[],
  extractorFor: (index: number) => (absolute: string) => FileOutcome,
  writer: OutcomeWriter,
): void {
  let current = -1;
  let extractFile: ((absolute: string) => FileOutcome) | undefined;
  for (const item of items) {
    if (item.project !== current || extractFile === undefined) {
      extractFile = extractorFor(item.project);
      current = item.project;
    }
    writer.write(extractFile(item.absolute));
  }
}

async function extract(state: EngineState, request: ExtractionRequest): Promise<ExtractionResult> {
  const { options } = state;
  state.renamed = new Map();
  const { root, store } = options;
  const { projects, paths, scanned, pathByAbsolute } = request;
  const wanted = new Set(paths);
  const declaringGlobals = declaringGlobalsOf(options);
  // Read only when a program holds a file whose names it has not computed for that file's parse (a kept
  // program's runs seldom do: program-extraction.ts). The run writes only the files it re-extracts.
  let storedAccessorNames: ReadonlyMap<string, readonly string[]> | undefined;
  let storedMemberNames: ReadonlyMap<string, readonly string[]> | undefined;
  let storedComputedNames: ReadonlyMap<string, ComputedMemberNames> | undefined;
  const files: RunFiles = {
    root,
    pathByAbsolute,
    wanted,
    get storedAccessorNames() {
      storedAccessorNames ??= store.accessorNamesByFile();
      return storedAccessorNames;
    },
    get storedMemberNames() {
      storedMemberNames ??= store.memberNamesByFile();
      return storedMemberNames;
    },
    get storedComputedNames() {
      storedComputedNames ??= store.computedNamesByFile();
      return storedComputedNames;
    },
    scannedFile: (relative) => scanned.get(relative),
  };
  // What planning prepared for this run (ADR 0012), if it built programs for these very changes.
  const prepared = state.prepared?.preparedFor(request) === true ? state.prepared : undefined;
  state.prepared = undefined;
  if (prepared === undefined) forgetChanged(state, [...scanned.keys(), ...request.removed]);
  const items = runItems(projects, wanted, pathByAbsolute, scanned);
  const texts = runTexts(items, scanned, pathByAbsolute);
  const roots = runRoots(options, projects, items, declaringGlobals);
  const ts7 = options.engine === "ts7" ? ts7RunFor(state, projects, texts, request) : undefined;
  const warnings = ts7 === undefined ? [] : ts7Fallbacks(ts7, projects, items);
  /** This thread's extractor for a project's files: its program built with the scan's texts. */
  const extractorFor = (index: number, names?: MemberNames): ((absolute: string) => FileOutcome) => {
    const project = projects[index];
    if (project === undefined) throw new Error(`no project ${index} in the run`);
    const view = ts7?.view(project);
    if (view !== undefined) return ts7Extractor(view, project, files, names);
    const projectRoots = roots[index] ?? [];
    const program =
      prepared?.programFor(project, projectRoots) ??
      buildRunProgram(loaderFor(state, project), index, items, texts, projectRoots);
    return programExtractor(program, project, files);
  };
  const writer = createOutcomeWriter(store, items.length, options.onProgress);
  try {
    // A kept TypeScript 7 session is warm, a worker's would open cold: by default such runs stay on this thread.
    const jobs =
      !canExtractInParallel() || (ts7 !== undefined && options.keepPrograms && options.jobs === "auto")
        ? 1
        : jobsFor(options.jobs, items);
    if (jobs > 1) {
      const sharedNames = ts7 === undefined ? undefined : ts7SharedNames(ts7, projects, items, files);
      await extractInParallel({
        engine: options.engine,
        projects,
        items,
        roots,
        texts,
        files,
        jobs,
        extractorFor,
        writer,
        ...(sharedNames === undefined ? {} : { sharedNames }),
      });
    } else {
      extractOnThisThread(items, extractorFor, writer);
    }
    return { ...writer.finish(), jobs, warnings };
  } catch (error) {
    // Whatever failed (TypeScript 7's process among others), the next run starts from a new session.
    if (ts7 !== undefined) closeTs7(state);
    throw error;
  } finally {
    if (ts7 !== undefined && !options.keepPrograms) closeTs7(state);
  }
}

/** The projects of the run's files that TypeScript 7 loaded, whose member names the threads compute in shares (shared-member-names.ts). */
function ts7SharedNames(
  ts7: Ts7Run,
  projects: readonly ProjectSpec[],
  items: readonly RunItem[],
  files: RunFiles,
): ParallelRun["sharedNames"] {
  const used = new Set(items.map((item) => item.project));
  const loaded = projects.flatMap((project, index) =>
    used.has(index) && ts7.view(project) !== undefined ? [index] : [],
  );
  return {
    projects: loaded,
    share(index, include) {
      const project = projects[index];
      const view = project === undefined ? undefined : ts7.view(project);
      if (view === undefined) throw new Error(`TypeScript 7 did not load project ${index} of the run`);
      return ts7MemberNames(view, files, include);
    },
  };
}

/** A warning for each project of the run's files that TypeScript 7 could not load: its files are extracted with TypeScript 6. */
function ts7Fallbacks(ts7: Ts7Run, projects: readonly ProjectSpec[], items: readonly RunItem[]): string[] {
  const used = new Set(items.map((item) => item.project));
  return projects.flatMap((project, index) =>
    used.has(index) && ts7.view(project) === undefined
      ? [
          `TypeScript 7 could not load ${project.id || "the fallback project"}: its files were extracted with TypeScript 6`,
        ]
      : [],
  );
}

/**
 * A kept session opened with other options (a tsconfig edited since) is closed: TypeScript 7 reads a project's
 * config when it opens it, so the next run opens a new one.
 */
function dropStaleTs7(state: EngineState, projects: readonly ProjectSpec[]): void {
  if (state.ts7 === undefined || state.ts7.configKey === ts7ConfigKey(projects)) return;
  closeTs7(state);
}

/** Closes TypeScript 7's session, if there is one, and forgets it (closing never throws: ts7-session.ts). */
function closeTs7(state: EngineState): void {
  const session = state.ts7;
  state.ts7 = undefined;
  state.ts7Prepared = undefined;
  session?.close();
}

/** TypeScript 7's session for a run: the kept one told what changed, or a new one (ts7-run.ts). */
function ts7RunFor(
  state: EngineState,
  projects: readonly ProjectSpec[],
  texts: ReadonlyMap<string, string>,
  request: ExtractionRequest,
): Ts7Run {
  const removed = request.removed.map((relative) => path.join(state.options.root, relative));
  // Planning told the kept session these very changes already (ts7-preparation.ts).
  const prepared = state.ts7Prepared?.preparedFor(request) === true;
  state.ts7Prepared = undefined;
  dropStaleTs7(state, projects);
  if (state.ts7 === undefined) {
    state.ts7 = openTs7Run(state.options.root, projects, texts);
  } else if (!prepared) {
    state.ts7.update(projects, texts, removed, [...state.ts7Patched]);
  }
  state.ts7Patched.clear();
  return state.ts7;
}

/** A fingerprint of everything besides file contents that decides what extraction writes. */
function fingerprint(root: string, engine: EngineName, projects: readonly ProjectSpec[], configText: string): string {
  return hashText(
    JSON.stringify({
      schema: SCHEMA_VERSION,
      extractor: EXTRACTOR_VERSION,
      typescript: engine === "ts7" ? `ts7:${TS7_VERSION}` : ts.version,
      config: configText,
      projects: projects.map((project) => ({ id: project.id, options: rootRelativeValue(project.options, root) })),
    }),
  );
}

function planRename(
  state: EngineState,
  hint: RenameHint,
  changed: readonly ScannedFile[],
  storedHashOf: (path: string) => string | undefined,
): PlannedPatch {
  const { store } = state.options;
  // A kept program's parse of a file's old text saves parsing it again (bound, so with parent pointers).
  const parsedBefore = (absolute: string, text: string): ts.SourceFile | undefined => {
    const renamed = state.renamed.get(absolute);
    if (renamed?.text === text) return renamed;
    for (const loader of state.loaders.values()) {
      const sourceFile = loader.parsedFile(absolute);
      const first = sourceFile?.statements[0];
      if (sourceFile?.text === text && first !== undefined && first.parent === sourceFile) return sourceFile;
    }
    return undefined;
  };
  const graph = {
    nodeOutlinesOfFile: (path: string) => store.nodeOutlinesOfFile(path),
    importEdgesOfFile: (path: string) => store.importEdgesOfFile(path),
    dynamicCallsOfFile: (path: string) => store.dynamicCallsOfFile(path),
    syntaxErrorCountOf: (path: string) => store.syntaxErrorCountOf(path),
    storedHashOf,
    indexedPaths: () => store.filePaths(),
    textOf: (relative: string) => {
      try {
        return fs.readFileSync(path.join(state.options.root, relative), "utf8");
      } catch {
        return undefined;
      }
    },
    edgesAtNode: (key: string) => store.edgesAtNode(key),
    reachesLibraryMember: (key: string, names: readonly string[]) => store.reachesLibraryMember(key, names),
    meetsForeignType: (key: string) => store.meetsForeignType(key),
  };
  return planRenamePatch(hint, changed, graph, parsedBefore);
}

export function createExtractionEngine(options: EngineOptions): ExtractionEngine {
  const { root } = options;
  const state: EngineState = {
    options,
    loaders: new Map(),
    renamed: new Map(),
    prepared: undefined,
    ts7: undefined,
    ts7Patched: new Set(),
    ts7Prepared: undefined,
  };
  return {
    discover(config, tsconfigs, discovery) {
      const discovered = discoverProjects(root, config, tsconfigs, discovery);
      if (options.engine !== "ts7") return discovered;
      // What TypeScript 7 is given instead of the options it removed, said with every run like discovery's warnings.
      const { notes } = ts7ConfigRewrites(root, discovered.projects);
      return notes.length === 0
        ? discovered
        : { ...discovered, warnings: [...discovered.warnings, ...notes.map((note) => `TypeScript 7: ${note}`)] };
    },
    fingerprint: (projects, configText) => fingerprint(root, options.engine, projects, configText),
    dependentsOf: (changed, added, removed, candidates, projects) =>
      dependentsOf(state, changed, added, removed, candidates, projects),
    extract: (request) => extract(state, request),
    warm(projects) {
      if (options.engine === "ts7") {
        state.ts7 ??= openTs7Run(root, projects, new Map());
        for (const project of projects) state.ts7.view(project)?.fileNames();
        return;
      }
      for (const project of projects) loaderFor(state, project).build(project.fileNames).getTypeChecker();
    },
    close() {
      state.ts7?.close();
      state.ts7 = undefined;
    },
    describe: () => ({ name: options.engine, typescript: options.engine === "ts7" ? TS7_VERSION : ts.version }),
    planRename: (hint, changed, storedHashOf) => planRename(state, hint, changed, storedHashOf),
    applyRename(planned, changed) {
      options.store.patchRename(planned.patch, Date.now());
      state.renamed = new Map(planned.parsed.map((sourceFile) => [sourceFile.fileName, sourceFile]));
      for (const loader of state.loaders.values()) for (const file of changed) loader.invalidate(file.absolute);
      for (const file of changed) state.ts7Patched.add(file.absolute);
    },
  };
}

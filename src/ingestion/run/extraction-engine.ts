import fs from "node:fs";
import path from "node:path";
import { ts } from "ts-morph";
import type { TsGraphConfig } from "../../config/config-file.js";
import { discoverProjects, type DiscoveredProjects, type ProjectSpec } from "../../config/discover-projects.js";
import { relativeTo } from "../../config/project-paths.js";
import type { FileWrite, GraphStore } from "../../db/graph-store.js";
import { SCHEMA_VERSION } from "../../db/schema.js";
import type { FileDiagnostic, FileExtraction } from "../../model/extracted.js";
import { accessorNamesOf, memberNamesOf, storedAccessorNames, storedMemberNames } from "../extract/member-names.js";
import { extractDeclarations, type FileDeclarations } from "../extract/extract-declarations.js";
import { extractEdges } from "../extract/extract-edges.js";
import { createExternalMemberKeys } from "../extract/external-members.js";
import { EXTRACTOR_VERSION } from "../extract/extractor-version.js";
import { hashText, type PlannedFile, type ScannedFile } from "../scan/file-scan.js";
import { createModuleResolver, createProgramLoader, type ProgramLoader } from "../extract/program-loader.js";
import { mayNameAdded } from "../plan/module-stem.js";
import { planDependents, type PlanningInput } from "../plan/plan-dependents.js";
import { rootRelativeValue } from "../scan/root-relative.js";

/**
 * Everything of indexing that needs TypeScript: discovery, planning by surface, and extraction.
 * The indexer loads this module only when a run has work to do, so a run that finds nothing
 * changed never loads the compiler.
 */

const MAX_SYNTAX_ERRORS_PER_FILE = 20;
/** Files written per transaction (each file is still replaced whole; a killed run leaves the batch pending). */
const WRITE_BATCH_FILES = 32;

export interface ExtractionProgress {
  readonly done: number;
  readonly total: number;
  readonly file: string;
}

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

export interface ExtractionOutcome {
  readonly syntaxErrors: (FileDiagnostic & { readonly file: string })[];
  readonly unreadable: { readonly path: string; readonly reason: string }[];
}

export interface ExtractionEngine {
  discover(config: TsGraphConfig, tsconfigs: readonly string[] | undefined): DiscoveredProjects;
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
  extract(request: ExtractionRequest): ExtractionOutcome;
  /** Builds and binds every project's program now, so that the first change after it is applied fast (watch mode). */
  warm(projects: readonly ProjectSpec[]): void;
}

/**
 * Whether an import that named no indexed file may name one of the added files now: the specifier's text may
 * name one (module-stem.ts `mayNameAdded`), or module resolution with the importer's project options against
 * the files on disk finds an indexed file (resolution outside a program misses project reference redirects,
 * which the text covers). Resolutions are cached for one planning only: the files on disk change between runs.
 */
function importReresolver(projects: readonly ProjectSpec[], files: readonly PlannedFile[]): NonNullable<PlanningInput["mayNowName"]> {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const indexed = new Set(files.map((file) => file.absolute));
  const resolvers = new Map<string, (specifier: string, containingFile: string) => string | undefined>();
  return (importerPath, specifier, addedPaths) => {
    if (addedPaths.some((addedPath) => mayNameAdded(importerPath, specifier, addedPath))) return true;
    const importer = byPath.get(importerPath);
    const project = importer === undefined ? undefined : projects.find((candidate) => candidate.id === importer.project);
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
}

function syntaxErrorsOf(program: ts.Program, sourceFile: ts.SourceFile): FileDiagnostic[] {
  return program
    .getSyntacticDiagnostics(sourceFile)
    .slice(0, MAX_SYNTAX_ERRORS_PER_FILE)
    .map((diagnostic) => {
      const position = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return {
        line: position.line + 1,
        column: position.character + 1,
        message: ts.flattenDiagnosticMessageText(diagnostic.messageText, " "),
      };
    });
}

/**
 * Roots of a program for re-extracting some files of a project: those files, which pull in what they import,
 * and the project's files that may declare globals nothing imports (every .d.ts file, and the files the
 * database knows to declare globals).
 */
function narrowRoots(project: ProjectSpec, files: readonly string[], declaringGlobals: ReadonlySet<string>): string[] {
  const roots = new Set(files);
  for (const fileName of project.fileNames) {
    if (/\.d\.[cm]?ts$/.test(fileName) || declaringGlobals.has(fileName)) roots.add(fileName);
  }
  return [...roots];
}

/** Declarations of a parsed file, computed once per parse (a re-parsed file is a new SourceFile). */
const declarationCache = new WeakMap<ts.SourceFile, FileDeclarations>();

function declarationsFor(sourceFile: ts.SourceFile, relativePath: string): FileDeclarations {
  let declarations = declarationCache.get(sourceFile);
  if (declarations === undefined) {
    declarations = extractDeclarations(sourceFile, relativePath);
    declarationCache.set(sourceFile, declarations);
  }
  return declarations;
}

export function createExtractionEngine(options: EngineOptions): ExtractionEngine {
  const { root, store } = options;
  const loaders = new Map<string, ProgramLoader>();

  function loaderFor(project: ProjectSpec): ProgramLoader {
    if (!options.keepPrograms) return createProgramLoader(project);
    const key = `${project.id}\u0000${JSON.stringify(project.options)}`;
    let loader = loaders.get(key);
    if (loader === undefined) {
      for (const stale of [...loaders.keys()].filter((other) => other.startsWith(`${project.id}\u0000`))) loaders.delete(stale);
      loader = createProgramLoader(project);
      loaders.set(key, loader);
    }
    return loader;
  }

  function dependentsOf(
    changed: readonly ScannedFile[],
    added: readonly ScannedFile[],
    removed: readonly string[],
    candidates: readonly PlannedFile[],
    projects: readonly ProjectSpec[],
  ): Set<string> {
    // Kept programs (watch mode) have parsed the files that did not change: planning reads those parses,
    // once binding has given them parent pointers (the loader parses without them).
    const parsedFile = (fileName: string, text: string): ts.SourceFile | undefined => {
      for (const loader of loaders.values()) {
        const sourceFile = loader.parsedFile(fileName);
        const first = sourceFile?.statements[0];
        if (sourceFile?.text === text && first !== undefined && first.parent === sourceFile) return sourceFile;
      }
      return undefined;
    };
    const mayNowName = importReresolver(projects, [...candidates, ...changed, ...added]);
    return planDependents({ changed, added, removed, candidates, parsedFile, mayNowName }, store);
  }

  function statFile(absolute: string, relative: string, project: string, text: string): ScannedFile {
    const stat = fs.statSync(absolute);
    return { path: relative, absolute, project, size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs), hash: hashText(text), text };
  }

  function extract(request: ExtractionRequest): ExtractionOutcome {
    const { projects, paths, scanned, pathByAbsolute } = request;
    const outcome: ExtractionOutcome = { syntaxErrors: [], unreadable: [] };
    const wanted = new Set(paths);
    const declaringGlobals = new Set(store.filesDeclaringGlobals().map((relative) => path.join(root, relative)));
    const storedAccessorNamesByFile = store.accessorNamesByFile();
    const storedMemberNamesByFile = store.memberNamesByFile();
    /**
     * Names of the accessor nodes and of all member nodes of the indexed files a program holds (member-names.ts):
     * as stored for the files this run does not re-extract (their text is the one they were indexed with),
     * else from their declarations.
     */
    const memberNamesIn = (program: ts.Program, checker: ts.TypeChecker): { accessors: Set<string>; members: Set<string> } => {
      const accessors = new Set<string>();
      const members = new Set<string>();
      for (const sourceFile of program.getSourceFiles()) {
        const relative = pathByAbsolute.get(sourceFile.fileName);
        if (relative === undefined) continue;
        const declarations = wanted.has(relative) ? declarationsFor(sourceFile, relative) : undefined;
        const accessorNames = declarations
          ? accessorNamesOf(declarations, checker)
          : storedAccessorNames(storedAccessorNamesByFile.get(relative) ?? [], sourceFile, checker);
        const memberNames = declarations
          ? memberNamesOf(declarations, checker)
          : storedMemberNames(storedMemberNamesByFile.get(relative) ?? [], sourceFile, checker);
        for (const name of accessorNames) accessors.add(name);
        for (const name of memberNames) members.add(name);
      }
      return { accessors, members };
    };
    const total = paths.length;
    let done = 0;
    // A kept program of one project may hold another project's file: every loader forgets every changed file.
    for (const loader of loaders.values()) {
      for (const relative of [...scanned.keys(), ...request.removed]) loader.invalidate(path.join(root, relative));
    }
    const writes: FileWrite[] = [];
    const flushWrites = (): void => {
      if (writes.length > 0) store.writeFiles(writes.splice(0));
    };
    for (const project of projects) {
      const files = project.fileNames.filter((absolute) => wanted.has(pathByAbsolute.get(absolute) ?? ""));
      if (files.length === 0) continue;
      const loader = loaderFor(project);
      for (const absolute of files) {
        const file = scanned.get(pathByAbsolute.get(absolute) ?? "");
        if (file?.text !== undefined) loader.provideText(absolute, file.text);
      }
      const whole = options.keepPrograms && options.narrowPrograms !== true;
      const program = loader.build(whole ? project.fileNames : narrowRoots(project, files, declaringGlobals));
      const checker = program.getTypeChecker();
      const names = memberNamesIn(program, checker);
      const context = {
        checker,
        declarationsOf: (sourceFile: ts.SourceFile) => {
          const relative = pathByAbsolute.get(sourceFile.fileName);
          return relative === undefined ? undefined : declarationsFor(sourceFile, relative);
        },
        indexedPathOf: (fileName: string) => pathByAbsolute.get(fileName),
        resolveModuleFileName: createModuleResolver(project),
        mayNameAccessor: (name: string) => names.accessors.has(name),
        mayNameMember: (name: string) => names.members.has(name),
        externalMemberKeys: createExternalMemberKeys(program, checker, (sourceFile) => pathByAbsolute.has(sourceFile.fileName)),
      };
      for (const absolute of files) {
        const relative = pathByAbsolute.get(absolute) ?? relativeTo(root, absolute);
        const sourceFile = program.getSourceFile(absolute);
        done += 1;
        options.onProgress?.({ done, total, file: relative });
        if (sourceFile === undefined) {
          outcome.unreadable.push({ path: relative, reason: "TypeScript could not load it" });
          flushWrites();
          store.removeFile(relative);
          continue;
        }
        const declarations = declarationsFor(sourceFile, relative);
        const { edges, externalEdges, externalImports, dynamicCalls } = extractEdges(sourceFile, declarations, context);
        const fileErrors = syntaxErrorsOf(program, sourceFile);
        for (const error of fileErrors) outcome.syntaxErrors.push({ file: relative, ...error });
        const extraction: FileExtraction = {
          path: relative,
          nodes: declarations.nodes,
          edges,
          externalEdges,
          externalImports,
          dynamicCalls,
          syntaxErrors: fileErrors,
          declaresGlobals: declarations.declaresGlobals,
        };
        const known = scanned.get(relative) ?? statFile(absolute, relative, project.id, sourceFile.text);
        writes.push({
          file: { path: relative, hash: known.hash, size: known.size, mtimeMs: known.mtimeMs, project: project.id },
          extraction,
          indexedAt: Date.now(),
          text: sourceFile.text,
        });
        if (writes.length >= WRITE_BATCH_FILES) flushWrites();
      }
    }
    flushWrites();
    return outcome;
  }

  return {
    discover: (config, tsconfigs) => discoverProjects(root, config, tsconfigs),
    fingerprint: (projects, configText) =>
      hashText(
        JSON.stringify({
          schema: SCHEMA_VERSION,
          extractor: EXTRACTOR_VERSION,
          typescript: ts.version,
          config: configText,
          projects: projects.map((project) => ({ id: project.id, options: rootRelativeValue(project.options, root) })),
        }),
      ),
    dependentsOf,
    extract,
    warm(projects) {
      for (const project of projects) loaderFor(project).build(project.fileNames).getTypeChecker();
    },
  };
}

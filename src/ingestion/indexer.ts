import fs from "node:fs";
import path from "node:path";
import { ts } from "ts-morph";
import { CONFIG_FILE_NAME, loadConfig } from "../config/config-file.js";
import { discoverProjects, relativeTo, type ProjectSpec } from "../config/discover-projects.js";
import { createGraphStore, type FileRecord } from "../db/graph-store.js";
import { openGraphDb, readMeta, type SqliteDb } from "../db/open-graph-db.js";
import { META, SCHEMA_VERSION } from "../db/schema.js";
import type { FileDiagnostic, FileExtraction } from "../model/extracted.js";
import { extractDeclarations, type FileDeclarations } from "./extract-declarations.js";
import { extractEdges } from "./extract-edges.js";
import { hashText, scanFiles, type PlannedFile, type ScannedFile } from "./file-scan.js";
import { compareSurfaces, mentionsAny, nameTokens } from "./surface-change.js";
import { createModuleResolver, createProgramLoader, type ProgramLoader } from "./program-loader.js";

/** Bump when extraction changes what it writes: every database made before is then re-extracted in full. */
export const EXTRACTOR_VERSION = 1;

export const DEFAULT_DB_RELATIVE_PATH = path.join(".ts-graph", "graph.db");
const MAX_SYNTAX_ERRORS_PER_FILE = 20;

export interface IndexerOptions {
  readonly root: string;
  /** Database path; default from ts-graph.config.json, else `.ts-graph/graph.db` under the root. */
  readonly dbPath?: string | undefined;
  readonly tsconfigs?: readonly string[] | undefined;
  /**
   * Keep each project's program between runs and root it at all the project's files (watch mode);
   * otherwise each run builds a program rooted at just the files it re-extracts.
   */
  readonly keepPrograms?: boolean;
  readonly onProgress?: (progress: IndexProgress) => void;
  readonly onWarning?: (message: string) => void;
}

export interface IndexProgress {
  readonly done: number;
  readonly total: number;
  readonly file: string;
}

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
  readonly durationMs: number;
  readonly dbBytes: number;
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

export interface Indexer {
  readonly root: string;
  readonly dbPath: string;
  readonly db: SqliteDb;
  /** Brings the graph up to date with the files on disk. */
  run(): IndexSummary;
  close(): void;
}

/** A fingerprint of everything besides file contents that decides what extraction writes. */
function projectsFingerprint(root: string, projects: readonly ProjectSpec[], configText: string): string {
  return hashText(
    JSON.stringify({
      schema: SCHEMA_VERSION,
      extractor: EXTRACTOR_VERSION,
      typescript: ts.version,
      root,
      config: configText,
      projects: projects.map((project) => ({ id: project.id, options: project.options })),
    }),
  );
}

function syntaxErrorsOf(program: ts.Program, sourceFile: ts.SourceFile): FileDiagnostic[] {
  return program
    .getSyntacticDiagnostics(sourceFile)
    .slice(0, MAX_SYNTAX_ERRORS_PER_FILE)
    .map((diagnostic) => {
      const start = diagnostic.start ?? 0;
      const position = sourceFile.getLineAndCharacterOfPosition(start);
      return {
        line: position.line + 1,
        column: position.character + 1,
        message: ts.flattenDiagnosticMessageText(diagnostic.messageText, " "),
      };
    });
}

function fileSize(fileName: string): number {
  try {
    return fs.statSync(fileName).size;
  } catch {
    return 0;
  }
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

/** Names exported as default through `export default name`. */
function defaultExportedNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals && ts.isIdentifier(statement.expression)) {
      names.add(statement.expression.text);
    }
  }
  return names;
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

export function openIndexer(options: IndexerOptions): Indexer {
  const root = fs.realpathSync(path.resolve(options.root));
  if (!fs.statSync(root).isDirectory()) throw new Error(`${root} is not a directory`);
  const { config, text: configText } = loadConfig(root);
  const dbPath = path.resolve(root, options.dbPath ?? config.db ?? DEFAULT_DB_RELATIVE_PATH);
  const ownedPath = dbPath.startsWith(path.join(root, path.dirname(DEFAULT_DB_RELATIVE_PATH)) + path.sep);
  const opened = openGraphDb(dbPath, { ownedPath });
  const store = createGraphStore(opened.db);
  let rebuiltBecause = opened.rebuiltBecause;
  const loaders = new Map<string, ProgramLoader>();
  const warn = (message: string): void => options.onWarning?.(message);

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

  /**
   * Files whose edges may change because other files changed, besides those files: files that mention a
   * declaration whose surface changed (see surface-change.ts), importers of a file whose re-exports or
   * default export changed, owners of edges into keys that vanished, and, when files come or go, files
   * with unresolved imports.
   */
  function dependentsOf(
    changed: readonly ScannedFile[],
    added: readonly ScannedFile[],
    removed: readonly string[],
    candidates: readonly PlannedFile[],
  ): Set<string> {
    const dependents = new Set<string>();
    const tokens = new Set<string>();
    const vanishedKeys: string[] = [];
    const addImporters = (file: string): void => {
      for (const importer of store.importersOf(file)) dependents.add(importer);
    };
    for (const file of [...changed, ...added]) {
      const text = file.text ?? fs.readFileSync(file.absolute, "utf8");
      const parsed = ts.createSourceFile(file.absolute, text, ts.ScriptTarget.Latest, true);
      const declarations = extractDeclarations(parsed, file.path);
      const isNew = added.includes(file);
      if (isNew && !declarations.declaresGlobals) continue;
      const change = compareSurfaces(isNew ? [] : store.nodeSurfacesOfFile(file.path), declarations.nodes, defaultExportedNames(parsed));
      for (const token of change.tokens) tokens.add(token);
      vanishedKeys.push(...change.vanishedKeys);
      if (change.allImporters) addImporters(file.path);
    }
    for (const removedPath of removed) {
      addImporters(removedPath);
      for (const node of store.nodeSurfacesOfFile(removedPath)) {
        vanishedKeys.push(node.key);
        for (const token of nameTokens(node.name)) tokens.add(token);
      }
    }
    for (const key of vanishedKeys) for (const owner of store.ownersOfEdgesInto(key)) dependents.add(owner);
    if (added.length > 0 || removed.length > 0) for (const file of store.filesWithUnresolvedImports()) dependents.add(file);
    if (tokens.size > 0) {
      for (const file of candidates) {
        if (dependents.has(file.path)) continue;
        try {
          if (mentionsAny(fs.readFileSync(file.absolute, "utf8"), tokens)) dependents.add(file.path);
        } catch {
          // an unreadable file is reported by the scan
        }
      }
    }
    return dependents;
  }

  function run(): IndexSummary {
    const startedAt = performance.now();
    const { projects, warnings: discoveryWarnings } = discoverProjects(root, config, options.tsconfigs);
    const warnings: string[] = [...discoveryWarnings];
    if (rebuiltBecause !== undefined && rebuiltBecause !== "no database yet") warnings.push(`rebuilding the graph: ${rebuiltBecause}`);
    for (const warning of discoveryWarnings) warn(warning);
    if (rebuiltBecause !== undefined && rebuiltBecause !== "no database yet") warn(`rebuilding the graph: ${rebuiltBecause}`);

    const planned: PlannedFile[] = projects.flatMap((project) =>
      project.fileNames.map((absolute) => ({ path: relativeTo(root, absolute), absolute, project: project.id })),
    );
    if (planned.length === 0) throw new NothingToIndexError(root);
    const plannedByPath = new Map(planned.map((file) => [file.path, file]));
    const pathByAbsolute = new Map(planned.map((file) => [file.absolute, file.path]));

    const storedFiles = new Map<string, FileRecord>(store.allFiles().map((file) => [file.path, file]));
    const fingerprint = projectsFingerprint(root, projects, configText);
    const previousFingerprint = readMeta(opened.db, META.fingerprint);
    let reason: string | undefined;
    if (rebuiltBecause !== undefined) reason = rebuiltBecause;
    else if (storedFiles.size === 0) reason = "the database holds no files";
    else if (previousFingerprint !== fingerprint) reason = "the TypeScript projects or ts-graph's configuration changed";
    const full = reason !== undefined;
    const changes = scanFiles(planned, storedFiles, full);
    const pending = new Set(store.pendingPaths().filter((pendingPath) => plannedByPath.has(pendingPath)));

    const unreadable = [...changes.unreadable];
    const unreadablePaths = new Set(unreadable.map((file) => file.path));
    const removed = [...changes.deleted, ...[...unreadablePaths].filter((p) => storedFiles.has(p))].sort();
    const toExtract = new Map<string, ScannedFile | PlannedFile>();
    for (const file of [...changes.added, ...changes.changed]) toExtract.set(file.path, file);
    if (!full) {
      for (const pendingPath of pending) {
        const file = plannedByPath.get(pendingPath);
        if (file !== undefined && !unreadablePaths.has(pendingPath)) toExtract.set(pendingPath, file);
      }
      const candidates = planned.filter((file) => !toExtract.has(file.path) && !unreadablePaths.has(file.path));
      for (const dependent of dependentsOf(changes.changed, changes.added, removed, candidates)) {
        const file = plannedByPath.get(dependent);
        if (file !== undefined && !toExtract.has(dependent) && !unreadablePaths.has(dependent)) toExtract.set(dependent, file);
      }
    }
    if (changes.touched.length > 0) store.touchFiles(changes.touched);

    const nothingToDo = toExtract.size === 0 && removed.length === 0 && !full;
    const extractedPaths = [...toExtract.keys()].sort();
    const syntaxErrors: (FileDiagnostic & { file: string })[] = [];
    if (!nothingToDo) {
      store.beginRun(extractedPaths);
      for (const removedPath of removed) store.removeFile(removedPath);
      const scannedByPath = new Map<string, ScannedFile>([...changes.added, ...changes.changed].map((file) => [file.path, file]));
      extractFiles(projects, extractedPaths, scannedByPath, pathByAbsolute, syntaxErrors, unreadable);
      store.finishRun(Date.now(), fingerprint, root);
      opened.db.pragma(options.keepPrograms ? "wal_checkpoint(PASSIVE)" : "wal_checkpoint(TRUNCATE)");
    }
    rebuiltBecause = undefined;

    const nodeCounts = store.nodeCountsByKind();
    const edgeCounts = store.edgeCountsByKind();
    const sum = (counts: Record<string, number>): number => Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      root,
      db: dbPath,
      mode: full ? "full" : nothingToDo ? "noop" : "incremental",
      reason,
      files: {
        total: planned.length - unreadable.length,
        extracted: extractedPaths.length,
        removed: removed.length,
        withSyntaxErrors: new Set(syntaxErrors.map((error) => error.file)).size,
        unreadable: unreadable.length,
      },
      extractedPaths,
      nodes: { total: sum(nodeCounts), byKind: nodeCounts },
      edges: { total: sum(edgeCounts), byKind: edgeCounts },
      syntaxErrors,
      unreadable: unreadable.map((file) => ({ file: file.path, reason: file.reason })),
      warnings,
      durationMs: Math.round(performance.now() - startedAt),
      dbBytes: fileSize(dbPath) + fileSize(`${dbPath}-wal`),
    };
  }

  function extractFiles(
    projects: readonly ProjectSpec[],
    paths: readonly string[],
    scanned: ReadonlyMap<string, ScannedFile>,
    pathByAbsolute: ReadonlyMap<string, string>,
    syntaxErrors: (FileDiagnostic & { file: string })[],
    unreadable: { path: string; reason: string }[],
  ): void {
    const wanted = new Set(paths);
    const declaringGlobals = new Set(store.filesDeclaringGlobals().map((relative) => path.join(root, relative)));
    const total = paths.length;
    let done = 0;
    for (const project of projects) {
      const files = project.fileNames.filter((absolute) => wanted.has(pathByAbsolute.get(absolute) ?? ""));
      if (files.length === 0) continue;
      const loader = loaderFor(project);
      for (const absolute of files) {
        const file = scanned.get(pathByAbsolute.get(absolute) ?? "");
        if (options.keepPrograms) loader.invalidate(absolute);
        if (file?.text !== undefined) loader.provideText(absolute, file.text);
      }
      const program = loader.build(options.keepPrograms ? project.fileNames : narrowRoots(project, files, declaringGlobals));
      const checker = program.getTypeChecker();
      const resolveModule = createModuleResolver(project);
      const context = {
        checker,
        declarationsOf: (sourceFile: ts.SourceFile) => {
          const relative = pathByAbsolute.get(sourceFile.fileName);
          return relative === undefined ? undefined : declarationsFor(sourceFile, relative);
        },
        indexedPathOf: (fileName: string) => pathByAbsolute.get(fileName),
        resolveModuleFileName: resolveModule,
      };
      for (const absolute of files) {
        const relative = pathByAbsolute.get(absolute) ?? relativeTo(root, absolute);
        const sourceFile = program.getSourceFile(absolute);
        done += 1;
        options.onProgress?.({ done, total, file: relative });
        if (sourceFile === undefined) {
          unreadable.push({ path: relative, reason: "TypeScript could not load it" });
          store.removeFile(relative);
          continue;
        }
        const declarations = declarationsFor(sourceFile, relative);
        const { edges, externalImports } = extractEdges(sourceFile, declarations, context);
        const fileErrors = syntaxErrorsOf(program, sourceFile);
        for (const error of fileErrors) syntaxErrors.push({ file: relative, ...error });
        const extraction: FileExtraction = {
          path: relative,
          nodes: declarations.nodes,
          edges,
          externalImports,
          syntaxErrors: fileErrors,
          declaresGlobals: declarations.declaresGlobals,
        };
        const known = scanned.get(relative) ?? statFile(absolute, relative, project.id, sourceFile.text);
        store.writeFile(
          { path: relative, hash: known.hash, size: known.size, mtimeMs: known.mtimeMs, project: project.id },
          extraction,
          Date.now(),
        );
      }
    }
  }

  function statFile(absolute: string, relative: string, project: string, text: string): ScannedFile {
    const stat = fs.statSync(absolute);
    return { path: relative, absolute, project, size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs), hash: hashText(text), text };
  }

  return {
    root,
    dbPath,
    db: opened.db,
    run,
    close() {
      try {
        opened.db.pragma("optimize");
      } finally {
        opened.db.close();
      }
    },
  };
}

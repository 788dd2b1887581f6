import { ts } from "../../engine/ts6/typescript6.js";
import fs from "node:fs";
import type { ProjectSpec } from "../../config/discover-projects.js";
import { relativeTo } from "../../config/project-paths.js";
import type { FileWrite, StoredFile } from "../../db/graph-store.js";
import type { ComputedMemberNames, FileDiagnostic, FileExtraction } from "../../model/extracted.js";
import { extractDeclarations, type FileDeclarations } from "../extract/extract-declarations.js";
import { extractEdges } from "../extract/extract-edges.js";
import type { EdgeContext } from "../extract/edges/edge-collector.js";
import type { CheckerPort } from "../extract/checker-port.js";
import { createExternalMemberKeys, createExternalTypeKey } from "../extract/external-members.js";
import { hashText } from "../scan/file-scan.js";
import {
  accessorNamesOf,
  computedNamesOf,
  memberNamesOf,
  storedAccessorNames,
  storedMemberNames,
} from "../extract/member-names.js";
import { createModuleResolver, type ProgramLoader } from "../extract/program-loader.js";
import { inSiteOrder } from "../extract/site-order.js";

/**
 * Extracting the files of one built program: what the thread that writes the graph and the extraction
 * workers (`--jobs`, parallel-extraction.ts) share, so that a file is extracted the same way wherever it is.
 */

const MAX_SYNTAX_ERRORS_PER_FILE = 20;

/** What a run knows of the files besides the programs: the same in every thread that extracts. */
export interface RunFiles {
  readonly root: string;
  /** Relative path of every indexed file, by absolute path. */
  readonly pathByAbsolute: ReadonlyMap<string, string>;
  /** Relative paths re-extracted in this run. */
  readonly wanted: ReadonlySet<string>;
  /** Stored names of the accessor and member nodes of the files this run does not re-extract (member-names.ts). */
  readonly storedAccessorNames: ReadonlyMap<string, readonly string[]>;
  readonly storedMemberNames: ReadonlyMap<string, readonly string[]>;
  /** What the computed member names of those files stood for when they were extracted (`files.computed_names`). */
  readonly storedComputedNames: ReadonlyMap<string, ComputedMemberNames>;
  /** What the scan found of a file it read (hash, size, mtime), by relative path. */
  readonly scannedFile: (relative: string) => FileStamp | undefined;
}

/** One file of a run, in the order the run writes them. */
export interface RunItem {
  /** Index in the run's project list. */
  readonly project: number;
  readonly absolute: string;
  /** What partitioning weighs the file by: its size. */
  readonly bytes: number;
}

/**
 * A project's program as every thread of a run builds it: the texts the scan read for the run's files of the
 * project (parsed instead of what is on disk now), then the program of the run's roots for it.
 */
export function buildRunProgram(
  loader: ProgramLoader,
  project: number,
  items: readonly RunItem[],
  texts: ReadonlyMap<string, string>,
  roots: readonly string[],
): ts.Program {
  for (const item of items) {
    const text = item.project === project ? texts.get(item.absolute) : undefined;
    if (text !== undefined) loader.provideText(item.absolute, text);
  }
  return loader.build(roots);
}

/** What the files table keeps of a file's content and stat. */
export type FileStamp = Pick<StoredFile, "hash" | "size" | "mtimeMs">;

/** One file's outcome, in the order the run writes them. */
export type FileOutcome =
  | { readonly kind: "extracted"; readonly write: FileWrite; readonly syntaxErrors: readonly FileDiagnostic[] }
  | { readonly kind: "unreadable"; readonly path: string; readonly reason: string };

/** Declarations of a parsed file, computed once per parse (a re-parsed file is a new SourceFile). */
const declarationCache = new WeakMap<ts.SourceFile, FileDeclarations>();

/** The declarations of a program's file, computed once per parse (planning's type comparison and extraction share them). */
export function declarationsFor(sourceFile: ts.SourceFile, relativePath: string): FileDeclarations {
  let declarations = declarationCache.get(sourceFile);
  if (declarations === undefined) {
    declarations = extractDeclarations(sourceFile, relativePath);
    declarationCache.set(sourceFile, declarations);
  }
  return declarations;
}

function syntaxErrorsOf(program: ts.Program, sourceFile: ts.SourceFile): FileDiagnostic[] {
  return firstSyntaxErrors(sourceFile, program.getSyntacticDiagnostics(sourceFile));
}

/** The first syntax errors of a file, as the graph keeps them. */
export function firstSyntaxErrors(sourceFile: ts.SourceFile, diagnostics: readonly ts.Diagnostic[]): FileDiagnostic[] {
  return diagnostics.slice(0, MAX_SYNTAX_ERRORS_PER_FILE).map((diagnostic) => {
    const position = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return {
      line: position.line + 1,
      column: position.character + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, " "),
    };
  });
}

/** A file's accessor and member names (member-names.ts). */
interface FileMemberNames {
  readonly accessors: readonly string[];
  readonly members: readonly string[];
}

/**
 * The names last computed for a parse of a file. A file that keeps its parse from one run to the next (a
 * watcher's, a daemon's or a server's programs reuse the SourceFile of an unchanged file) reuses them: what a
 * computed key stands for changes only with the declarations it names, and a change to those makes planning
 * re-extract the file (ADR 0004: it mentions them), which computes its names afresh.
 */
const memberNamesCache = new WeakMap<ts.SourceFile, FileMemberNames>();

function fileMemberNames(
  sourceFileOf: () => ts.SourceFile | undefined,
  relative: string,
  checker: CheckerPort,
  files: RunFiles,
): FileMemberNames {
  if (!files.wanted.has(relative)) {
    const storedAccessors = files.storedAccessorNames.get(relative) ?? [];
    const storedMembers = files.storedMemberNames.get(relative) ?? [];
    // Stored names with no computed one stand as they are, and computed ones as the file's extraction resolved
    // them (computedNamesOf): the file's syntax is not needed.
    const computed = files.storedComputedNames.get(relative);
    const withComputed = (
      stored: readonly string[],
      resolved: readonly string[] | undefined,
    ): readonly string[] | undefined => {
      const plain = stored.filter((name) => !name.startsWith("["));
      return plain.length === stored.length ? stored : resolved === undefined ? undefined : [...plain, ...resolved];
    };
    const accessors = withComputed(storedAccessors, computed?.accessors);
    const members = withComputed(storedMembers, computed?.members);
    if (accessors !== undefined && members !== undefined) return { accessors, members };
  }
  const sourceFile = sourceFileOf();
  if (sourceFile === undefined) return { accessors: [], members: [] };
  if (files.wanted.has(relative)) {
    const declarations = declarationsFor(sourceFile, relative);
    const names = { accessors: accessorNamesOf(declarations, checker), members: memberNamesOf(declarations, checker) };
    memberNamesCache.set(sourceFile, names);
    return names;
  }
  const cached = memberNamesCache.get(sourceFile);
  if (cached !== undefined) return cached;
  const names = {
    accessors: storedAccessorNames(files.storedAccessorNames.get(relative) ?? [], sourceFile, checker),
    members: storedMemberNames(files.storedMemberNames.get(relative) ?? [], sourceFile, checker),
  };
  memberNamesCache.set(sourceFile, names);
  return names;
}

/**
 * The names of the accessor nodes and of all member nodes a program's files declare: what the walk's filters
 * (`mayNameAccessor`, `mayNameMember`) accept. A set that lacks a name loses edges; one with more names costs
 * questions only.
 */
export interface MemberNames {
  readonly accessors: Set<string>;
  readonly members: Set<string>;
}

/**
 * Names of the accessor nodes and of all member nodes of the indexed files a program holds (member-names.ts):
 * as stored for the files this run does not re-extract (their text is the one they were indexed with),
 * else from their declarations. Each file comes with a way to its syntax tree, asked only when needed.
 * `include`: the files to take (a thread's share of a parallel run, parallel-extraction.ts); default all.
 */
export function memberNamesIn(
  programFiles: Iterable<readonly [fileName: string, sourceFileOf: () => ts.SourceFile | undefined]>,
  checker: CheckerPort,
  files: RunFiles,
  include: (fileName: string) => boolean = () => true,
): MemberNames {
  const accessors = new Set<string>();
  const members = new Set<string>();
  for (const [fileName, sourceFileOf] of programFiles) {
    const relative = files.pathByAbsolute.get(fileName);
    if (relative === undefined || !include(fileName)) continue;
    const names = fileMemberNames(sourceFileOf, relative, checker, files);
    for (const name of names.accessors) accessors.add(name);
    for (const name of names.members) members.add(name);
  }
  return { accessors, members };
}

function stampOf(absolute: string, text: string): FileStamp {
  const stat = fs.statSync(absolute);
  return { hash: hashText(text), size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) };
}

/** Extracts files of one project's program, one at a time; the program must hold every file of `files.wanted` it is asked about. */
export function programExtractor(
  program: ts.Program,
  project: ProjectSpec,
  files: RunFiles,
): (absolute: string) => FileOutcome {
  const checker = program.getTypeChecker();
  const names = memberNamesIn(
    program.getSourceFiles().map((sourceFile) => [sourceFile.fileName, () => sourceFile] as const),
    checker,
    files,
  );
  const isIndexed = (sourceFile: ts.SourceFile): boolean => files.pathByAbsolute.has(sourceFile.fileName);
  const context = {
    checker,
    declarationsOf: (sourceFile: ts.SourceFile) => {
      const relative = files.pathByAbsolute.get(sourceFile.fileName);
      return relative === undefined ? undefined : declarationsFor(sourceFile, relative);
    },
    indexedPathOf: (fileName: string) => files.pathByAbsolute.get(fileName),
    resolveModuleFileName: createModuleResolver(project),
    mayNameAccessor: (name: string) => names.accessors.has(name),
    mayNameMember: (name: string) => names.members.has(name),
    externalMemberKeys: createExternalMemberKeys(
      (sourceFile) => program.isSourceFileDefaultLibrary(sourceFile),
      checker,
      isIndexed,
    ),
    externalTypeKey: createExternalTypeKey(
      (sourceFile) => program.isSourceFileDefaultLibrary(sourceFile),
      checker,
      isIndexed,
    ),
  };
  return (absolute) => {
    const sourceFile = program.getSourceFile(absolute);
    if (sourceFile === undefined) return unloadable(absolute, files);
    return extractFile(sourceFile, context, syntaxErrorsOf(program, sourceFile), project, files);
  };
}

/** The outcome of a file the compiler could not load. */
export function unloadable(absolute: string, files: RunFiles): FileOutcome {
  const relative = files.pathByAbsolute.get(absolute) ?? relativeTo(files.root, absolute);
  return { kind: "unreadable", path: relative, reason: "TypeScript could not load it" };
}

/** One file's declarations and edges, with the edge context of its program, as the run writes them. */
export function extractFile(
  sourceFile: ts.SourceFile,
  context: EdgeContext,
  syntaxErrors: readonly FileDiagnostic[],
  project: ProjectSpec,
  files: RunFiles,
): FileOutcome {
  const absolute = sourceFile.fileName;
  const relative = files.pathByAbsolute.get(absolute) ?? relativeTo(files.root, absolute);
  const declarations = declarationsFor(sourceFile, relative);
  const { edges, externalEdges, externalImports, dynamicCalls, exportNames } = extractEdges(
    sourceFile,
    declarations,
    context,
  );
  const computedNames = computedNamesOf(sourceFile, declarations, context.checker);
  const extraction: FileExtraction = {
    path: relative,
    nodes: declarations.nodes,
    edges: inSiteOrder(edges),
    externalEdges: inSiteOrder(externalEdges),
    externalImports,
    dynamicCalls,
    exportNames,
    syntaxErrors,
    declaresGlobals: declarations.declaresGlobals,
    ...(computedNames === undefined ? {} : { computedNames }),
  };
  const { hash, size, mtimeMs } = files.scannedFile(relative) ?? stampOf(absolute, sourceFile.text);
  return {
    kind: "extracted",
    write: {
      file: { path: relative, hash, size, mtimeMs, project: project.id },
      extraction,
      indexedAt: Date.now(),
      text: sourceFile.text,
    },
    syntaxErrors,
  };
}

/**
 * Roots of a program for re-extracting some files of a project: those files, which pull in what they import,
 * and the project's files that may declare globals nothing imports (every .d.ts file, and the files the
 * database knows to declare globals).
 */
export function narrowRoots(
  project: ProjectSpec,
  files: readonly string[],
  declaringGlobals: ReadonlySet<string>,
): string[] {
  const roots = new Set(files);
  for (const fileName of project.fileNames) {
    if (/\.d\.[cm]?ts$/.test(fileName) || declaringGlobals.has(fileName)) roots.add(fileName);
  }
  return [...roots];
}

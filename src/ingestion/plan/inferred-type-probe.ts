import { ts } from "../../engine/ts6/typescript6.js";
import type { ProjectSpec } from "../../config/discover-projects.js";
import type { Ts7ProjectView } from "../../engine/ts7/ts7-session.js";
import type { FileDeclarations } from "../extract/extract-declarations.js";
import { isJavaScriptFile } from "../extract/surface-text.js";
import {
  comparableTypes,
  comparableTypesOf,
  type DeclarationTypes,
  MAX_PROPERTIES,
  MAX_TYPES_WALKED,
  parsedTypeNode,
} from "./comparable-type.js";
import { hashText, type ScannedFile } from "../scan/file-scan.js";
import { declarationsFor } from "../run/program-extraction.js";

/** A file as one side of the comparison sees it: its tree, and the comparable texts of its declarations' types. */
interface ProbedFile {
  readonly sourceFile: ts.SourceFile;
  readonly hasSyntaxErrors: boolean;
  /** comparable-type.ts's texts of the declarations asked, by key, on this side's checker. */
  comparable(declarations: FileDeclarations, keys: readonly string[]): Map<string, string>;
}

/** What the probe compares: the file as the last run's checker saw it, and as the run's checker sees it. */
interface ProbeSources {
  readonly projects: readonly ProjectSpec[];
  /** The hash the graph holds for an indexed file (relative path). */
  readonly storedHash: (path: string) => string | undefined;
  /** The file in the last run's program or snapshot of its project, if one is kept. */
  readonly lastFile: (project: ProjectSpec, absolute: string) => ProbedFile | undefined;
  /** The file in the run's program or snapshot (with the run's texts; the one extraction then uses). */
  readonly runFile: (project: ProjectSpec, absolute: string) => ProbedFile | undefined;
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * PlanningInput.sameInferredTypes (ADR 0012): which of a changed file's inferred declarations print the
 * same type in the last run's program or snapshot (the file's text there must be the one the graph holds)
 * and in the run's. Nothing in JavaScript files (types there come from comments and assignments all over the
 * file), in a file with syntax errors, or when the file's imports changed (a name in a type printed as
 * written may then stand for another declaration).
 */
export function inferredTypeProbe(
  sources: ProbeSources,
): (file: ScannedFile, keys: readonly string[]) => ReadonlySet<string> {
  return (file, keys) => {
    try {
      return sameTypes(sources, file, keys);
    } catch {
      // Only an optimization: whatever goes wrong in it (a checker's failure), the text rule still holds.
      return NOTHING;
    }
  };
}

function sameTypes(sources: ProbeSources, file: ScannedFile, keys: readonly string[]): ReadonlySet<string> {
  const project = sources.projects.find((candidate) => candidate.id === file.project);
  if (project === undefined || file.text === undefined || isJavaScriptFile(file.absolute)) return NOTHING;
  const last = sources.lastFile(project, file.absolute);
  if (last === undefined || hashText(last.sourceFile.text) !== sources.storedHash(file.path) || last.hasSyntaxErrors)
    return NOTHING;
  const before = last.comparable(declarationsFor(last.sourceFile, file.path), keys);
  if (before.size === 0) return NOTHING;
  const run = sources.runFile(project, file.absolute);
  if (
    run?.sourceFile.text !== file.text ||
    run.hasSyntaxErrors ||
    importsOf(run.sourceFile) !== importsOf(last.sourceFile)
  )
    return NOTHING;
  const after = run.comparable(declarationsFor(run.sourceFile, file.path), [...before.keys()]);
  return new Set([...before].filter(([key, text]) => after.get(key) === text).map(([key]) => key));
}

/** A file of a TypeScript 6 program, as the probe sees it. */
export function programFile(program: ts.Program, absolute: string): ProbedFile | undefined {
  const sourceFile = program.getSourceFile(absolute);
  if (sourceFile === undefined) return undefined;
  // The checker first: it binds the files, and declarations need their parent pointers.
  const checker = program.getTypeChecker();
  return {
    sourceFile,
    hasSyntaxErrors: program.getSyntacticDiagnostics(sourceFile).length > 0,
    comparable: (declarations, keys) => comparableTypes(checker, sourceFile, declarations, keys),
  };
}

/** A file of a TypeScript 7 snapshot's project, as the probe sees it: types printed by TypeScript 7, compared as TypeScript 6 parses them. */
export function snapshotFile(view: Ts7ProjectView, absolute: string): ProbedFile | undefined {
  const sourceFile = view.sourceFile(absolute);
  if (sourceFile === undefined) return undefined;
  const types = view.inferredTypes();
  const limits = { maxTypes: MAX_TYPES_WALKED, maxProperties: MAX_PROPERTIES };
  const declarationTypes: DeclarationTypes = {
    typeNode: (declaration) => {
      const printed = types.printedType(declaration);
      return printed === undefined ? undefined : parsedTypeNode(printed);
    },
    isClean: (declaration, isLocal) => types.isClean(declaration, isLocal, limits),
  };
  const parseDiagnostics =
    (sourceFile as ts.SourceFile & { readonly parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
  return {
    sourceFile,
    hasSyntaxErrors: parseDiagnostics.length > 0,
    comparable: (declarations, keys) => comparableTypesOf(declarationTypes, sourceFile, declarations, keys),
  };
}

/** The text of a file's import statements. */
function importsOf(sourceFile: ts.SourceFile): string {
  return sourceFile.statements
    .filter((statement) => ts.isImportDeclaration(statement) || ts.isImportEqualsDeclaration(statement))
    .map((statement) => statement.getText(sourceFile))
    .join("\n");
}

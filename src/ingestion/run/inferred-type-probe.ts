import { ts } from "ts-morph";
import type { ProjectSpec } from "../../config/discover-projects.js";
import { isJavaScriptFile } from "../extract/surface-text.js";
import { comparableTypes } from "../plan/comparable-type.js";
import { hashText, type ScannedFile } from "../scan/file-scan.js";
import { declarationsFor } from "./program-extraction.js";

/** What the probe compares with: the kept programs of the last run and the run's own programs. */
interface ProbeSources {
  readonly projects: readonly ProjectSpec[];
  /** The program each project's files were last extracted or warmed with, by project id (kept programs only). */
  readonly lastPrograms: ReadonlyMap<string, ts.Program>;
  /** The hash the graph holds for an indexed file (relative path). */
  readonly storedHash: (path: string) => string | undefined;
  /** The run's program of a project, with the run's texts: built once, and the one extraction then uses. */
  readonly runProgram: (project: ProjectSpec) => ts.Program;
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * PlanningInput.sameInferredTypes with programs (ADR 0012): which of a changed file's inferred declarations
 * print the same type in the program of the last run (the file's text there must be the one the graph
 * holds) and in the run's program. Nothing in JavaScript files (types there come from comments and
 * assignments all over the file), in a file with syntax errors, or when the file's imports changed (a
 * name in a type printed as written may then stand for another declaration).
 */
export function inferredTypeProbe(sources: ProbeSources): (file: ScannedFile, keys: readonly string[]) => ReadonlySet<string> {
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
  const last = project === undefined ? undefined : sources.lastPrograms.get(project.id);
  if (project === undefined || last === undefined || file.text === undefined || isJavaScriptFile(file.absolute)) return NOTHING;
  const lastFile = last.getSourceFile(file.absolute);
  if (lastFile === undefined || hashText(lastFile.text) !== sources.storedHash(file.path) || hasSyntaxErrors(last, lastFile)) return NOTHING;
  // The checker first: it binds the files, and declarations need their parent pointers.
  const lastChecker = last.getTypeChecker();
  const before = comparableTypes(lastChecker, lastFile, declarationsFor(lastFile, file.path), keys);
  if (before.size === 0) return NOTHING;
  const program = sources.runProgram(project);
  const runFile = program.getSourceFile(file.absolute);
  if (runFile?.text !== file.text || hasSyntaxErrors(program, runFile) || importsOf(runFile) !== importsOf(lastFile)) return NOTHING;
  const checker = program.getTypeChecker();
  const after = comparableTypes(checker, runFile, declarationsFor(runFile, file.path), [...before.keys()]);
  return new Set([...before].filter(([key, text]) => after.get(key) === text).map(([key]) => key));
}

function hasSyntaxErrors(program: ts.Program, sourceFile: ts.SourceFile): boolean {
  return program.getSyntacticDiagnostics(sourceFile).length > 0;
}

/** The text of a file's import statements. */
function importsOf(sourceFile: ts.SourceFile): string {
  return sourceFile.statements
    .filter((statement) => ts.isImportDeclaration(statement) || ts.isImportEqualsDeclaration(statement))
    .map((statement) => statement.getText(sourceFile))
    .join("\n");
}

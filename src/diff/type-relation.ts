import os from "node:os";
import path from "node:path";
import { ts } from "ts-morph";
import { createProgramLoader } from "../ingestion/program-loader.js";

/** `from → to`: may a value of type `from` be used where `to` is expected? Undefined when the checker cannot tell. */
export type Assignability = (from: string, to: string) => boolean | undefined;

export function relationId(from: string, to: string): string {
  return JSON.stringify([from, to]);
}

/**
 * Asks the type checker, in one small program with the default library only, whether each `from` type text
 * is assignable to its `to`. A pair whose types name anything the library does not declare (a project type,
 * a package) has no answer: its declarations get a diagnostic, and the rules say "not classified" rather
 * than guess what the name means.
 */
export function checkAssignability(pairs: readonly (readonly [string, string])[]): Map<string, boolean | undefined> {
  const answers = new Map<string, boolean | undefined>();
  if (pairs.length === 0) return answers;
  const fileName = path.join(os.tmpdir(), `ts-graph-diff-types-${process.pid}.ts`);
  const lines = pairs.map(([from, to], index) => `declare const __from${index}: ${from};\ndeclare const __to${index}: ${to};`);
  const text = `export {};\n${lines.join("\n")}\n`;
  const loader = createProgramLoader({
    id: "",
    options: { strict: true, target: ts.ScriptTarget.ES2022, lib: ["lib.es2022.d.ts"], types: [], noEmit: true },
    projectReferences: undefined,
    fileNames: [fileName],
  });
  loader.provideText(fileName, text);
  const program = loader.build([fileName]);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(fileName);
  if (source === undefined) return answers;
  const faultyLines = new Set(
    [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) =>
      diagnostic.start === undefined ? -1 : source.getLineAndCharacterOfPosition(diagnostic.start).line,
    ),
  );
  const typeOfLine = (line: number): ts.Type | undefined => {
    const statement = source.statements[line];
    if (statement === undefined || !ts.isVariableStatement(statement)) return undefined;
    const declaration = statement.declarationList.declarations[0];
    return declaration === undefined ? undefined : checker.getTypeAtLocation(declaration);
  };
  pairs.forEach(([from, to], index) => {
    // Statement 0 is `export {}`; pair i is statements 1 + 2i and 2 + 2i, on lines 1 + 2i and 2 + 2i.
    const fromLine = 1 + 2 * index;
    if (faultyLines.has(-1) || faultyLines.has(fromLine) || faultyLines.has(fromLine + 1)) {
      answers.set(relationId(from, to), undefined);
      return;
    }
    const fromType = typeOfLine(fromLine);
    const toType = typeOfLine(fromLine + 1);
    answers.set(relationId(from, to), fromType === undefined || toType === undefined ? undefined : checker.isTypeAssignableTo(fromType, toType));
  });
  return answers;
}

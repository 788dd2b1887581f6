import os from "node:os";
import path from "node:path";
import type { ts } from "ts-morph";
import { getLibFiles, typescript } from "../ingestion/extract/ts-morph-common.js";
import { createProgramLoader } from "../ingestion/extract/program-loader.js";

/** `from → to`: may a value of type `from` be used where `to` is expected? Undefined when the checker cannot tell. */
export type Assignability = (from: string, to: string) => boolean | undefined;

export function relationId(from: string, to: string): string {
  return JSON.stringify([from, to]);
}

/** The default library the questions are asked with: lib.es2022.d.ts and the libs it references. */
const LIB = "es2022";

let libWords: ReadonlySet<string> | undefined;
/** Every identifier-like word of the default library's texts, comments included: a name not among them is not declared there. */
function wordsOfLib(): ReadonlySet<string> {
  if (libWords !== undefined) return libWords;
  const texts = new Map(getLibFiles().map((file) => [file.fileName, file.text]));
  const words = new Set<string>();
  const seen = new Set<string>();
  const queue = [LIB];
  for (let lib = queue.pop(); lib !== undefined; lib = queue.pop()) {
    if (seen.has(lib)) continue;
    seen.add(lib);
    const text = texts.get(`lib.${lib}.d.ts`) ?? "";
    for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
    for (const reference of text.matchAll(/^\/\/\/\s*<reference\s+lib="([^"]+)"/gm)) if (reference[1] !== undefined) queue.push(reference[1]);
  }
  libWords = words;
  return words;
}

/**
 * The names a type text needs from outside itself: the first identifier of each type reference and
 * `typeof` query, less the type parameters it declares (`<T>(x: T) => T`, mapped keys, `infer U`); an
 * `import("…")` type counts as a name no library has. Undefined when the text does not parse as a type.
 */
function namesNeeded(typeText: string): Set<string> | undefined {
  const file = typescript.createSourceFile("type.ts", `type __T = ${typeText};`, typescript.ScriptTarget.Latest, true, typescript.ScriptKind.TS);
  if (((file as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics ?? []).length > 0) return undefined;
  const needed = new Set<string>();
  const declared = new Set<string>();
  const first = (name: ts.EntityName): string => (typescript.isIdentifier(name) ? name.text : first(name.left));
  const visit = (node: ts.Node): void => {
    if (typescript.isTypeReferenceNode(node)) needed.add(first(node.typeName));
    else if (typescript.isTypeQueryNode(node)) needed.add(first(node.exprName));
    else if (typescript.isImportTypeNode(node)) needed.add("import(…)");
    else if (typescript.isTypeParameterDeclaration(node)) declared.add(node.name.text);
    typescript.forEachChild(node, visit);
  };
  const alias = file.statements[0];
  if (alias === undefined || !typescript.isTypeAliasDeclaration(alias)) return undefined;
  visit(alias.type);
  for (const name of declared) needed.delete(name);
  return needed;
}

/** Whether the checker, with the default library only, cannot relate these types: one names what the library never mentions. */
function namesOutsideLib(from: string, to: string): boolean {
  const words = wordsOfLib();
  return [from, to].some((text) => [...(namesNeeded(text) ?? [])].some((name) => name !== "globalThis" && !words.has(name)));
}

/**
 * Asks the type checker, in one small program with the default library only, whether each `from` type text
 * is assignable to its `to`. A pair whose types name anything the library does not declare (a project type,
 * a package) has no answer: its declarations get a diagnostic, and the rules say "not classified" rather
 * than guess what the name means. Such a pair is found first without the checker (a name the library's
 * text never mentions), and no program is built when no pair is left.
 */
export function checkAssignability(asked: readonly (readonly [string, string])[]): Map<string, boolean | undefined> {
  const answers = new Map<string, boolean | undefined>();
  const pairs: (readonly [string, string])[] = [];
  for (const [from, to] of asked) {
    if (namesOutsideLib(from, to)) answers.set(relationId(from, to), undefined);
    else pairs.push([from, to]);
  }
  if (pairs.length === 0) return answers;
  const fileName = path.join(os.tmpdir(), `ts-graph-diff-types-${process.pid}.ts`);
  const lines = pairs.map(([from, to], index) => `declare const __from${index}: ${from};\ndeclare const __to${index}: ${to};`);
  const text = `export {};\n${lines.join("\n")}\n`;
  const loader = createProgramLoader({
    id: "",
    options: { strict: true, target: typescript.ScriptTarget.ES2022, lib: [`lib.${LIB}.d.ts`], types: [], noEmit: true },
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
    if (statement === undefined || !typescript.isVariableStatement(statement)) return undefined;
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

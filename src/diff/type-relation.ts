import { getLibFiles, ts } from "../engine/ts6/typescript6.js";
import os from "node:os";
import path from "node:path";
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
    for (const reference of text.matchAll(/^\/\/\/\s*<reference\s+lib="([^"]+)"/gm))
      if (reference[1] !== undefined) queue.push(reference[1]);
  }
  libWords = words;
  return words;
}

/** What a type text needs from outside itself, found in one parse. */
interface TypeNeeds {
  /**
   * The first identifier of each type reference and `typeof` query, less the type parameters the text
   * declares (`<T>(x: T) => T`, mapped keys, `infer U`); an `import("…")` type counts as a name no library has.
   */
  readonly names: ReadonlySet<string>;
  /** Whether the text is built of intrinsic types only (INTRINSIC_KINDS), whose relations no library declaration changes. */
  readonly intrinsic: boolean;
}

/**
 * The syntax of types the checker relates without any library: keyword types (`string`, `unknown`, …),
 * literal types (`"a"`, `-1`, `true`, `null`), and unions, intersections and parentheses of them. The
 * library's interfaces (`String`, `Array`, `Function`, …) give types their members; a relation between
 * such types never asks for a member. (`object`, `{}`, arrays, functions and templates are left out: their
 * relations do read members.)
 */
const INTRINSIC_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.AnyKeyword,
  ts.SyntaxKind.UnknownKeyword,
  ts.SyntaxKind.NeverKeyword,
  ts.SyntaxKind.VoidKeyword,
  ts.SyntaxKind.UndefinedKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.StringKeyword,
  ts.SyntaxKind.NumberKeyword,
  ts.SyntaxKind.BigIntKeyword,
  ts.SyntaxKind.BooleanKeyword,
  ts.SyntaxKind.SymbolKeyword,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.LiteralType,
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.BigIntLiteral,
  ts.SyntaxKind.PrefixUnaryExpression,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.UnionType,
  ts.SyntaxKind.IntersectionType,
  ts.SyntaxKind.ParenthesizedType,
]);

/** What a type text needs (TypeNeeds); undefined when the text does not parse as a type. */
function typeNeeds(typeText: string): TypeNeeds | undefined {
  const file = ts.createSourceFile(
    "type.ts",
    `type __T = ${typeText};`,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  if (((file as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics ?? []).length > 0)
    return undefined;
  const names = new Set<string>();
  const declared = new Set<string>();
  let intrinsic = true;
  const first = (name: ts.EntityName): string => (ts.isIdentifier(name) ? name.text : first(name.left));
  const visit = (node: ts.Node): void => {
    if (!INTRINSIC_KINDS.has(node.kind)) intrinsic = false;
    if (ts.isTypeReferenceNode(node)) names.add(first(node.typeName));
    else if (ts.isTypeQueryNode(node)) names.add(first(node.exprName));
    else if (ts.isImportTypeNode(node)) names.add("import(…)");
    else if (ts.isTypeParameterDeclaration(node)) declared.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  const alias = file.statements[0];
  if (alias === undefined || !ts.isTypeAliasDeclaration(alias)) return undefined;
  visit(alias.type);
  for (const name of declared) names.delete(name);
  return { names, intrinsic };
}

/**
 * The program a pair is asked in: none when a type names what the library's text never mentions (no
 * answer), one without the library when both types are intrinsic, else one with the default library.
 */
function libraryFor(from: string, to: string): "none" | "intrinsic" | "full" {
  const words = wordsOfLib();
  const needs = [typeNeeds(from), typeNeeds(to)];
  if (needs.some((need) => [...(need?.names ?? [])].some((name) => name !== "globalThis" && !words.has(name))))
    return "none";
  return needs.every((need) => need?.intrinsic === true) ? "intrinsic" : "full";
}

/**
 * The global interfaces the checker requires of every program (it reports their absence), empty: no
 * relation between intrinsic types reads a member. A program of them with `noLib` is built in
 * milliseconds, where the default library takes about half a second of CPU to parse and bind.
 */
const REQUIRED_GLOBALS = `interface Array<T> {}
interface Boolean {}
interface CallableFunction {}
interface Function {}
interface IArguments {}
interface NewableFunction {}
interface Number {}
interface Object {}
interface RegExp {}
interface String {}
`;

/**
 * Asks the type checker, in one small program with the default library only, whether each `from` type text
 * is assignable to its `to`. A pair whose types name anything the library does not declare (a project type,
 * a package) has no answer: its declarations get a diagnostic, and the rules say "not classified" rather
 * than guess what the name means. Such a pair is found first without the checker (a name the library's
 * text never mentions). Pairs of intrinsic types are asked in a program without the library (the same
 * answers, at a fraction of the cost); no program is built for a group with no pair.
 */
export function checkAssignability(asked: readonly (readonly [string, string])[]): Map<string, boolean | undefined> {
  const answers = new Map<string, boolean | undefined>();
  const groups = { intrinsic: [] as (readonly [string, string])[], full: [] as (readonly [string, string])[] };
  for (const [from, to] of asked) {
    const library = libraryFor(from, to);
    if (library === "none") answers.set(relationId(from, to), undefined);
    else groups[library].push([from, to]);
  }
  if (groups.intrinsic.length > 0) askChecker(groups.intrinsic, "intrinsic", answers);
  if (groups.full.length > 0) askChecker(groups.full, "full", answers);
  return answers;
}

/** One program of `declare const` pairs, with the default library or with REQUIRED_GLOBALS only; each pair's answer set in `answers`. */
function askChecker(
  pairs: readonly (readonly [string, string])[],
  library: "intrinsic" | "full",
  answers: Map<string, boolean | undefined>,
): void {
  const fileName = path.join(os.tmpdir(), `ts-graph-diff-types-${process.pid}.ts`);
  const globalsName = path.join(os.tmpdir(), `ts-graph-diff-globals-${process.pid}.d.ts`);
  const lines = pairs.map(
    ([from, to], index) => `declare const __from${index}: ${from};\ndeclare const __to${index}: ${to};`,
  );
  const text = `export {};\n${lines.join("\n")}\n`;
  const libraryOptions = library === "full" ? { lib: [`lib.${LIB}.d.ts`] } : { noLib: true };
  const rootNames = library === "full" ? [fileName] : [globalsName, fileName];
  const loader = createProgramLoader({
    id: "",
    options: { strict: true, target: ts.ScriptTarget.ES2022, ...libraryOptions, types: [], noEmit: true },
    projectReferences: undefined,
    fileNames: rootNames,
  });
  loader.provideText(fileName, text);
  if (library === "intrinsic") loader.provideText(globalsName, REQUIRED_GLOBALS);
  const program = loader.build(rootNames);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(fileName);
  if (source === undefined) return;
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
    answers.set(
      relationId(from, to),
      fromType === undefined || toType === undefined ? undefined : checker.isTypeAssignableTo(fromType, toType),
    );
  });
}

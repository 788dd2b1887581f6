import { ts } from "../../engine/ts6/typescript6.js";
import type {
  DeclarationContainer,
  DeclarationSite,
  DeclarationTarget,
  EditSyntax,
  SourceProblem,
} from "../../model/edit-ports.js";
import { declarationKey } from "../../model/node-key.js";
import { propertyNameText, skipOuterExpressions, startAfterDecorators } from "../extract/declaration-text.js";
import { WRAPPERS, contentDeclarations } from "./content-declarations.js";
import { locateWithOxc, oxcParsesCleanly } from "./edit-oxc.js";
import { extractDeclarations } from "../extract/extract-declarations.js";

/**
 * The syntax side of the edit tools: where each declaration of a file is, byte for byte in its text, and
 * whether a text parses. oxc-parser answers first (edit-oxc.ts: a clean parse, a declaration it matches to
 * the node exactly); ts-morph's bundled TypeScript parser, the one that makes the graph's keys, answers the
 * rest: texts with syntax errors (it counts and places them) and declarations oxc cannot match. Pure
 * functions of the text given; nothing here reads or writes a file.
 */

function parse(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(
    fileName,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    true,
    scriptKindOf(fileName),
  );
}

function scriptKindOf(fileName: string): ts.ScriptKind {
  if (/\.[cm]?tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.[cm]?jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[cm]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function parseDiagnosticsOf(sourceFile: ts.SourceFile): readonly ts.DiagnosticWithLocation[] {
  // The parser's own errors: what `tsc` reports as syntax errors, without building a program.
  return (
    (sourceFile as ts.SourceFile & { readonly parseDiagnostics?: readonly ts.DiagnosticWithLocation[] })
      .parseDiagnostics ?? []
  );
}

function syntaxErrors(fileName: string, text: string, as?: DeclarationContainer): readonly SourceProblem[] {
  const wrapper = WRAPPERS[as ?? "statements"];
  if (oxcParsesCleanly(fileName, wrapper.before + text + wrapper.after)) return [];
  const sourceFile = parse(fileName, wrapper.before + text + wrapper.after);
  const offset = wrapper.before.length;
  const lineOffset = wrapper.before === "" ? 0 : 1;
  return parseDiagnosticsOf(sourceFile).map((diagnostic) => {
    const start = Math.min(Math.max(diagnostic.start - offset, 0), text.length);
    const position = sourceFile.getLineAndCharacterOfPosition(start + offset);
    return {
      line: position.line + 1 - lineOffset,
      column: position.character + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, " "),
    };
  });
}

function containerOf(node: ts.Node): DeclarationContainer | undefined {
  const parent = node.parent;
  if (ts.isSourceFile(parent) || ts.isModuleBlock(parent) || ts.isBlock(parent)) return "statements";
  if (ts.isClassLike(parent)) return "class";
  if (ts.isInterfaceDeclaration(parent) || ts.isTypeLiteralNode(parent)) return "interface";
  if (ts.isObjectLiteralExpression(parent)) return "object";
  if (ts.isEnumDeclaration(parent)) return "enum";
  return undefined;
}

/** The node that stands for the whole declaration in its container: a one-declaration `const` is its statement. */
function outerNode(node: ts.Node): { readonly node: ts.Node; readonly notEditable?: string } {
  if (ts.isVariableDeclaration(node)) {
    const list = node.parent;
    if (ts.isVariableDeclarationList(list) && ts.isVariableStatement(list.parent)) {
      return list.declarations.length === 1
        ? { node: list.parent }
        : { node, notEditable: "it is one of several declarations of one statement (`let a, b`)" };
    }
    return { node, notEditable: "it is not declared by a statement of its own" };
  }
  if (ts.isBindingElement(node)) return { node, notEditable: "it is one name of a destructuring pattern" };
  if (ts.isParameter(node)) return { node, notEditable: "it is a constructor parameter property" };
  return { node };
}

/** Start of the comments directly above `start` (none separated from it by a blank line). */
function commentStartOf(text: string, node: ts.Node, start: number): number {
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  let begin = start;
  for (let index = ranges.length - 1; index >= 0; index -= 1) {
    const range = ranges[index];
    if (range === undefined || range.end > begin) continue;
    const between = text.slice(range.end, begin);
    if ((between.match(/\n/g)?.length ?? 0) > 1) break;
    begin = range.pos;
  }
  return begin;
}

type FunctionLike = ts.FunctionDeclaration | ts.MethodDeclaration | ts.ConstructorDeclaration;

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node);
}

/** Where an overloaded declaration's implementation is: the last of its declarations, after signatures without a body. */
function implementationOf(
  text: string,
  sourceFile: ts.SourceFile,
  declarations: readonly ts.Node[],
): DeclarationSite["implementation"] {
  const ordered = [...declarations].sort((a, b) => a.pos - b.pos);
  const last = ordered[ordered.length - 1];
  const signatures = ordered.slice(0, -1);
  if (last === undefined || signatures.length === 0 || !isFunctionLike(last) || last.body === undefined)
    return undefined;
  if (!signatures.every((signature) => isFunctionLike(signature) && signature.body === undefined)) return undefined;
  const start = last.getStart(sourceFile);
  return {
    commentStart: commentStartOf(text, last, start),
    start,
    startAfterDecorators: startAfterDecorators(last, sourceFile),
    // A constructor has no name of its own: its name starts where it does, as for a site.
    nameStart: last.name === undefined ? start : last.name.getStart(sourceFile),
    signatures: signatures.length,
  };
}

/**
 * The properties of the object literals that module-level `const`s hold which make no graph node (`blue: "#00f"`,
 * shorthand `red`): the edit tools address them as `colors.blue`, as the graph does the literal's methods.
 */
function objectLiteralProperties(
  relativePath: string,
  text: string,
  sourceFile: ts.SourceFile,
  found: ReturnType<typeof extractDeclarations>,
): DeclarationSite[] {
  const sites: DeclarationSite[] = [];
  for (const [astNode, holder] of found.nodeOf) {
    if (!ts.isVariableDeclaration(astNode) || holder.kind !== "Variable" || astNode.initializer === undefined) continue;
    const literal = skipOuterExpressions(astNode.initializer);
    if (!ts.isObjectLiteralExpression(literal)) continue;
    for (const property of literal.properties) {
      if (
        !(ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) ||
        ts.isComputedPropertyName(property.name)
      )
        continue;
      const start = property.getStart(sourceFile);
      sites.push({
        key: declarationKey(relativePath, `${holder.qualifiedName}.${propertyNameText(property.name, sourceFile)}`),
        container: "object",
        commentStart: commentStartOf(text, property, start),
        start,
        startAfterDecorators: start,
        end: property.end,
        nameStart: property.name.getStart(sourceFile),
      });
    }
  }
  return sites;
}

function declarations(relativePath: string, text: string): ReadonlyMap<string, DeclarationSite> {
  const sourceFile = parse(relativePath, text);
  const found = extractDeclarations(sourceFile, relativePath);
  const nodesOf = new Map<string, ts.Node[]>();
  for (const [astNode, extracted] of found.nodeOf) {
    if (extracted.kind === "File") continue;
    const list = nodesOf.get(extracted.key) ?? [];
    list.push(astNode);
    nodesOf.set(extracted.key, list);
  }
  const sites = new Map<string, DeclarationSite>();
  for (const [key, astNodes] of nodesOf) {
    // An initializer or a binding stands for the same node: the declaration is the outermost of them.
    const declarations = astNodes.filter(
      (candidate) =>
        !astNodes.some((other) => other !== candidate && other.pos <= candidate.pos && candidate.end <= other.end),
    );
    const outer = declarations.map(outerNode);
    const first = outer.reduce((a, b) => (b.node.pos < a.node.pos ? b : a));
    const last = outer.reduce((a, b) => (b.node.end > a.node.end ? b : a));
    const container = containerOf(first.node);
    const start = first.node.getStart(sourceFile);
    const named = declarations[0] as ts.Node & { readonly name?: ts.Node };
    sites.set(key, {
      key,
      container: container ?? "statements",
      notEditable:
        first.notEditable ?? (container === undefined ? "its container is not a list of declarations" : undefined),
      commentStart: commentStartOf(text, first.node, start),
      start,
      startAfterDecorators: startAfterDecorators(first.node, sourceFile),
      end: last.node.end,
      nameStart: named.name === undefined ? start : named.name.getStart(sourceFile),
      implementation: implementationOf(text, sourceFile, declarations),
    });
  }
  for (const site of objectLiteralProperties(relativePath, text, sourceFile, found))
    if (!sites.has(site.key)) sites.set(site.key, site);
  return sites;
}

function literalLines(fileName: string, text: string): ReadonlySet<number> {
  const sourceFile = parse(fileName, text);
  const lines = new Set<number>();
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
      const first = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      const last = sourceFile.getLineAndCharacterOfPosition(node.end).line;
      for (let line = first + 1; line <= last; line += 1) lines.add(line);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return lines;
}

/**
 * The last few surfaces computed, by path and text: an edit's text after is the next edit's text before (a
 * large file's surface costs a parse and a walk, 0.2 s and more for a 1 MB file).
 */
const recentSurfaces = new Map<string, string>();
const RECENT_SURFACES = 8;

function surface(relativePath: string, text: string): string {
  const key = `${relativePath}\0${text}`;
  const known = recentSurfaces.get(key);
  if (known !== undefined) return known;
  const computed = surfaceOf(relativePath, text);
  recentSurfaces.set(key, computed);
  for (const oldest of recentSurfaces.keys()) {
    if (recentSurfaces.size <= RECENT_SURFACES) break;
    recentSurfaces.delete(oldest);
  }
  return computed;
}

function surfaceOf(relativePath: string, text: string): string {
  return extractDeclarations(parse(relativePath, text), relativePath)
    .nodes.map((node) => `${node.key}\0${node.surface}`)
    .join("\n");
}

function locate(
  relativePath: string,
  text: string,
  node: DeclarationTarget,
): { readonly site: DeclarationSite | undefined; readonly parser: "oxc" | "typescript" } {
  const site = locateWithOxc(relativePath, text, node);
  return site === undefined
    ? { site: declarations(relativePath, text).get(node.key), parser: "typescript" }
    : { site, parser: "oxc" };
}

export const EDIT_SYNTAX: EditSyntax = {
  declarations,
  locate,
  syntaxErrors,
  literalLines,
  surface,
  contentDeclarations,
};

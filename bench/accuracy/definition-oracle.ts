import * as path from "node:path";
import ts from "typescript-6";
import type { GroundTruth } from "./call-hierarchy.js";

/**
 * The second oracle, for calls of declarations the compiler's call hierarchy cannot be asked about
 * (`let` arrows, object-property arrows, property signatures of function type, computed names):
 * go-to-definition (`getDefinitionAtPosition`, the language service behind an editor's F12) at every call
 * site of the corpus. A site calls a declaration when go-to-definition at the name it calls lands on it.
 */
export interface DefinitionSite {
  readonly file: string;
  readonly line: number;
  /** The caller item of the site by the compiler's call hierarchy rule (caller-rule.ts). */
  readonly caller: string;
  readonly callerKind: string;
  /** Where go-to-definition lands: `<file>:<line of the declaration's name>` and its name, for each definition in the corpus. */
  readonly definitions: readonly { readonly declaration: string; readonly name: string }[];
}

/**
 * Where a call-like expression names what it calls: the identifier of `f()`, the name of `a.b()`, the
 * literal of `a["b"]()`, for calls, `new`, tagged templates, decorators and JSX tags.
 */
function calledName(expression: ts.Expression): ts.Node | undefined {
  let current = expression;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current)
  )
    current = current.expression;
  if (ts.isIdentifier(current)) return current;
  if (ts.isPropertyAccessExpression(current)) return current.name;
  if (ts.isElementAccessExpression(current) && ts.isStringLiteralLike(current.argumentExpression))
    return current.argumentExpression;
  return undefined;
}

function callSitesOf(sourceFile: ts.SourceFile): ts.Node[] {
  const sites: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    let named: ts.Node | undefined;
    if (
      ts.isCallExpression(node) &&
      node.expression.kind !== ts.SyntaxKind.SuperKeyword &&
      node.expression.kind !== ts.SyntaxKind.ImportKeyword
    )
      named = calledName(node.expression);
    else if (ts.isNewExpression(node)) named = calledName(node.expression);
    else if (ts.isTaggedTemplateExpression(node)) named = calledName(node.tag);
    else if (ts.isDecorator(node) && !ts.isCallExpression(node.expression)) named = calledName(node.expression);
    else if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node))
      named = calledName(node.tagName as ts.Expression);
    if (named !== undefined) sites.push(named);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return sites;
}

/** Go-to-definition at every call site of the corpus; `cached` is an earlier run's answer (the slow part). */
export function definitionSites(
  truth: GroundTruth,
  root: string,
  cached?: readonly DefinitionSite[],
): DefinitionSite[] {
  if (cached !== undefined) return [...cached];
  const corpusFiles = new Set(truth.files);
  const sites: DefinitionSite[] = [];
  for (const file of truth.files) {
    const sourceFile = truth.sourceFileOf(file);
    if (sourceFile === undefined) continue;
    for (const named of callSitesOf(sourceFile)) {
      const position = named.getStart(sourceFile);
      const definitions = new Map<string, { declaration: string; name: string }>();
      for (const definition of truth.service.getDefinitionAtPosition(sourceFile.fileName, position) ?? []) {
        const relative = path.relative(root, definition.fileName).split(path.sep).join("/");
        const target = truth.program.getSourceFile(definition.fileName);
        if (!corpusFiles.has(relative) || target === undefined) continue;
        const declaration = `${relative}:${target.getLineAndCharacterOfPosition(definition.textSpan.start).line + 1}`;
        definitions.set(`${declaration}:${definition.name}`, { declaration, name: definition.name });
      }
      if (definitions.size === 0) continue;
      const { caller, callerKind } = truth.callerAt(file, position);
      sites.push({
        file,
        line: sourceFile.getLineAndCharacterOfPosition(position).line + 1,
        caller,
        callerKind,
        definitions: [...definitions.values()],
      });
    }
  }
  return sites;
}

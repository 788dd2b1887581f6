/**
 * The kinds of one-file edit the benches time (plan-bench, the daemon rows of `npm run bench`), made on a
 * file's text:
 *   append      a new exported const at the end (the edit of the CLI and watch rows of `npm run bench`)
 *   body        a statement added to the body of the first module-level function or method
 *   inferred    the same, in the first one whose return type is inferred (files without one are skipped)
 *   signature   an optional parameter added to the first exported module-level function (or const-bound arrow)
 */
import { ts } from "../src/engine/ts6/typescript6.js";
import { editSuffix } from "./corpus.js";

export type EditKind = "append" | "body" | "inferred" | "signature";
export const EDIT_KINDS: readonly EditKind[] = ["append", "body", "inferred", "signature"];

type FunctionLike = ts.FunctionDeclaration | ts.MethodDeclaration | ts.ArrowFunction | ts.FunctionExpression;

/** Module-level functions, class methods and const-bound arrows with a block body, in source order. */
function functionsWithBodies(sourceFile: ts.SourceFile): { node: FunctionLike; body: ts.Block; exported: boolean }[] {
  const found: { node: FunctionLike; body: ts.Block; exported: boolean }[] = [];
  const isExported = (node: ts.Node): boolean =>
    (ts.getCombinedModifierFlags(node as ts.Declaration) & ts.ModifierFlags.Export) !== 0;
  for (const statement of sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body)
      found.push({ node: statement, body: statement.body, exported: isExported(statement) });
    if (ts.isClassDeclaration(statement)) {
      for (const member of statement.members) {
        if (ts.isMethodDeclaration(member) && member.body)
          found.push({ node: member, body: member.body, exported: false });
      }
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (
          value !== undefined &&
          (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) &&
          ts.isBlock(value.body)
        ) {
          found.push({ node: value, body: value.body, exported: isExported(statement) });
        }
      }
    }
  }
  return found;
}

/** The file's text after the edit, or undefined when the file has nothing to edit that way. */
export function editedText(text: string, kind: EditKind, fileName: string): string | undefined {
  // The marker of corpus.ts's editSuffix: setup strips it if a killed run left it behind.
  if (kind === "append") return `${text}${editSuffix(0)}`;
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const functions = functionsWithBodies(sourceFile);
  const insertAt = (position: number, insertion: string): string =>
    text.slice(0, position) + insertion + text.slice(position);
  if (kind === "body") {
    const first = functions[0];
    return first === undefined ? undefined : insertAt(first.body.getStart(sourceFile) + 1, " void 0;");
  }
  if (kind === "inferred") {
    const first = functions.find(({ node }) => node.type === undefined);
    return first === undefined ? undefined : insertAt(first.body.getStart(sourceFile) + 1, " void 0;");
  }
  const exported = functions.find(
    ({ node, exported }) =>
      exported && node.parameters.hasTrailingComma === false && text[node.parameters.pos - 1] === "(",
  );
  if (exported === undefined) return undefined;
  const parameters = exported.node.parameters;
  const last = parameters[parameters.length - 1];
  if (last?.dotDotDotToken !== undefined) return undefined;
  return last === undefined
    ? insertAt(parameters.pos, "__planBench?: unknown")
    : insertAt(last.end, ", __planBench?: unknown");
}

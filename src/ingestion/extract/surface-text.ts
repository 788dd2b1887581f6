import { ts } from "../../engine/ts6/typescript6.js";

/**
 * Parts of a file that change what other files see of a declaration without being inside its text
 * (ADR 0004): JSDoc types in JavaScript files, and expando assignments (`f.helper = …`).
 */

const JAVASCRIPT_FILE = /\.[cm]?jsx?$/;

export function isJavaScriptFile(fileName: string): boolean {
  return JAVASCRIPT_FILE.test(fileName);
}

/** In a JavaScript file, the doc comments that declare types of their own (`@typedef`, `@callback`); "" elsewhere. */
export function jsDocTypedefsText(sourceFile: ts.SourceFile): string {
  if (!isJavaScriptFile(sourceFile.fileName)) return "";
  const comments = sourceFile.text.match(/\/\*\*[\s\S]*?\*\//g) ?? [];
  return comments.filter((comment) => /@(?:typedef|callback)\b/.test(comment)).join("\n");
}

/**
 * Module-level assignments to a property of a module-level name (`f.helper = …`), by that name, in source
 * order. TypeScript adds such properties to the type of a function declared in the same file.
 */
export function expandoAssignments(sourceFile: ts.SourceFile): Map<string, ts.ExpressionStatement[]> {
  const byName = new Map<string, ts.ExpressionStatement[]>();
  for (const statement of sourceFile.statements) {
    if (!ts.isExpressionStatement(statement)) continue;
    const expression = statement.expression;
    if (!ts.isBinaryExpression(expression) || expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const target = expression.left;
    if (!ts.isPropertyAccessExpression(target) && !ts.isElementAccessExpression(target)) continue;
    if (!ts.isIdentifier(target.expression)) continue;
    const statements = byName.get(target.expression.text) ?? [];
    statements.push(statement);
    byName.set(target.expression.text, statements);
  }
  return byName;
}

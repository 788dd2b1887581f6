import { ts } from "../../engine/ts6/typescript6.js";

const MAX_SIGNATURE_LENGTH = 240;
const MAX_DOC_LENGTH = 200;
const MAX_INITIALIZER_PREVIEW = 60;

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** 1-based line of a position. */
export function lineOf(sourceFile: ts.SourceFile, position: number): number {
  return sourceFile.getLineAndCharacterOfPosition(position).line + 1;
}

/** Start of a declaration after its decorators and JSDoc. */
export function startAfterDecorators(node: ts.Node, sourceFile: ts.SourceFile): number {
  let start = node.getStart(sourceFile);
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  const decorators = ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined;
  const lastDecorator = decorators?.[decorators.length - 1];
  if (lastDecorator !== undefined) {
    const firstModifierAfter = modifiers?.find((modifier) => modifier.pos >= lastDecorator.end);
    start = firstModifierAfter?.getStart(sourceFile) ?? firstTokenAfter(node, sourceFile, lastDecorator.end) ?? start;
  }
  return start;
}

function firstTokenAfter(node: ts.Node, sourceFile: ts.SourceFile, position: number): number | undefined {
  for (const child of node.getChildren(sourceFile)) {
    if (child.kind === ts.SyntaxKind.SyntaxList) {
      const inner = firstTokenAfter(child, sourceFile, position);
      if (inner !== undefined) return inner;
    } else if (child.pos >= position) {
      return child.getStart(sourceFile);
    }
  }
  return undefined;
}

/** An expression with parentheses, `as`, `satisfies`, `<T>` casts and `!` taken off. */
export function skipOuterExpressions(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/** The one-line header of text between start and end: whitespace folded, a trailing `{`, `;` or `,` dropped. */
export function headerBetween(sourceFile: ts.SourceFile, start: number, end: number): string {
  const text = collapseWhitespace(sourceFile.text.slice(start, end)).replace(/\s*[{;,]$/, "");
  return truncate(text, MAX_SIGNATURE_LENGTH);
}

/** A short preview of an initializer expression, for a variable or property without a type annotation. */
export function initializerPreview(sourceFile: ts.SourceFile, initializer: ts.Expression): string {
  return truncate(collapseWhitespace(initializer.getText(sourceFile)), MAX_INITIALIZER_PREVIEW);
}

/** The node whose leading comments hold a declaration's doc comment (a variable's statement, say). */
function docHost(declaration: ts.Node): ts.Node {
  let node = declaration;
  while (ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node))
    node = node.parent;
  if (ts.isVariableDeclaration(node) && ts.isVariableDeclarationList(node.parent)) {
    const list = node.parent;
    if (ts.isVariableStatement(list.parent) && list.declarations[0] === node) return list.parent;
  }
  return node;
}

/** The description of a `/** … *\/` comment: text before the first tag, without the comment's stars. */
export function jsDocDescription(comment: string): string {
  const body = comment.replace(/^\/\*\*/, "").replace(/\*\/$/, "");
  const lines: string[] = [];
  for (const rawLine of body.split(/\r?\n/)) {
    const line = rawLine.replace(/^\s*\*?\s?/, "");
    if (/^@\w/.test(line.trim())) break;
    lines.push(line);
  }
  return collapseWhitespace(lines.join(" "));
}

/** Where the `/** … *\/` comments right before a declaration are (JSDoc types of JavaScript files live there). */
export function docCommentRanges(declaration: ts.Node): { readonly start: number; readonly end: number }[] {
  const host = docHost(declaration);
  const text = host.getSourceFile().text;
  return (ts.getLeadingCommentRanges(text, host.pos) ?? [])
    .filter((range) => text.startsWith("/**", range.pos) && range.end - range.pos > 4)
    .map((range) => ({ start: range.pos, end: range.end }));
}

/**
 * First sentence of the declaration's doc comment (the last `/** … *\/` right before it), or "".
 * Read from the comment text, so that files can be parsed without JSDoc (JSDocParsingMode.ParseNone).
 */
export function docSummary(declaration: ts.Node): string {
  const host = docHost(declaration);
  const sourceFile = host.getSourceFile();
  const ranges = ts.getLeadingCommentRanges(sourceFile.text, host.pos) ?? [];
  for (let index = ranges.length - 1; index >= 0; index -= 1) {
    const range = ranges[index];
    if (range === undefined) continue;
    const text = sourceFile.text.slice(range.pos, range.end);
    if (range.kind !== ts.SyntaxKind.MultiLineCommentTrivia || !text.startsWith("/**") || text === "/**/") continue;
    const description = jsDocDescription(text);
    const sentence = /^(.*?[.!?])(?:\s|$)/.exec(description)?.[1] ?? description;
    return truncate(sentence, MAX_DOC_LENGTH);
  }
  return "";
}

/** The readable name of a property-like name node (`x`, `#x`, `"x-y"`, `[Symbol.iterator]`). */
export function propertyNameText(name: ts.PropertyName | ts.BindingName, sourceFile: ts.SourceFile): string {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) {
    return name.text;
  }
  if (ts.isComputedPropertyName(name)) return `[${collapseWhitespace(name.expression.getText(sourceFile))}]`;
  return collapseWhitespace(name.getText(sourceFile));
}

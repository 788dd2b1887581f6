import { ts } from "../../engine/ts6/typescript6.js";
import { skipOuterExpressions } from "./declaration-text.js";

/**
 * How an identifier, `a.b` or `a["b"]` is used where it is written, from syntax alone (ADR 0009):
 * - `value`: its value is read, passed or stored (an operand, an argument, an initialiser, a spread, a
 *   template span, a default value, the right side of an assignment, an assignment target…);
 * - `receiver`: only a member of it is used (`NS.x`, `Color.Red`, `Widget.registry`);
 * - undefined: it is not a value use that READS or REFERENCES records: a declaration's name, a callee (CALLS),
 *   the class of `new` (INSTANTIATES), a tag, a decorator, a JSX tag, a heritage type, a type name, an
 *   import or export specifier, a label, or the name after a dot (the whole `a.b` is the use).
 */
export type ValueUse = "value" | "receiver";

/** The outermost expression that stands for this one: parentheses, `as`, `satisfies`, `<T>` and `!` around it. */
export function outerExpression(node: ts.Node): ts.Node {
  let current = node;
  while (
    ts.isParenthesizedExpression(current.parent) ||
    ts.isAsExpression(current.parent) ||
    ts.isSatisfiesExpression(current.parent) ||
    ts.isNonNullExpression(current.parent) ||
    ts.isTypeAssertionExpression(current.parent)
  ) {
    current = current.parent;
  }
  return current;
}

/** Whether node is the thing a call, `new`, tag or decorator invokes. */
function isInvoked(node: ts.Node): boolean {
  const outer = outerExpression(node);
  const parent = outer.parent;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent) || ts.isDecorator(parent))
    return parent.expression === outer;
  if (ts.isTaggedTemplateExpression(parent)) return parent.tag === outer;
  return false;
}

/** Whether node is the name a declaration, a binding, a specifier or a label introduces. */
function isNameOfParent(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isShorthandPropertyAssignment(parent)) return true;
  if (ts.isBindingElement(parent)) return parent.name === node || parent.propertyName === node;
  if (
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent) ||
    ts.isNamespaceExport(parent) ||
    ts.isImportEqualsDeclaration(parent) ||
    ts.isLabeledStatement(parent) ||
    ts.isBreakOrContinueStatement(parent) ||
    ts.isMetaProperty(parent)
  ) {
    return true;
  }
  return "name" in parent && (parent as { name?: ts.Node }).name === node;
}

/**
 * Whether node is written as a type or a heritage clause entry, where it names a type rather than reading a
 * value. An instantiation expression (`f<A>` passed as an argument) is a value.
 */
function isTypeName(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isQualifiedName(parent) || ts.isTypeReferenceNode(parent) || ts.isTypeQueryNode(parent)) return true;
  return ts.isExpressionWithTypeArguments(parent) && parent.expression === node && ts.isHeritageClause(parent.parent);
}

/**
 * Whether node qualifies the type an `implements` clause or an interface's `extends` names (`Cause` in
 * `extends Cause.Variance<never>`): a type use, recorded with the heritage, not a value read. A class's
 * `extends` is evaluated, so its qualifiers are read.
 */
function qualifiesTypeHeritage(node: ts.Node): boolean {
  let current = node;
  while (ts.isPropertyAccessExpression(current.parent) && current.parent.expression === current)
    current = current.parent;
  const parent = current.parent;
  if (current === node || !ts.isExpressionWithTypeArguments(parent) || !ts.isHeritageClause(parent.parent))
    return false;
  const clause = parent.parent;
  return clause.token === ts.SyntaxKind.ImplementsKeyword || !ts.isClassLike(clause.parent);
}

function isJsxTag(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    (ts.isJsxOpeningElement(parent) || ts.isJsxSelfClosingElement(parent) || ts.isJsxClosingElement(parent)) &&
    parent.tagName === node
  );
}

export function valueUseOf(
  node: ts.Identifier | ts.PropertyAccessExpression | ts.ElementAccessExpression,
): ValueUse | undefined {
  const parent = node.parent;
  if (ts.isIdentifier(node)) {
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) return undefined;
    if (isNameOfParent(node)) return undefined;
  }
  if (isTypeName(node) || isJsxTag(node) || isInvoked(node) || qualifiesTypeHeritage(node)) return undefined;
  if (ts.isExportAssignment(parent)) return undefined;
  const outer = outerExpression(node);
  const outerParent = outer.parent;
  if (
    (ts.isPropertyAccessExpression(outerParent) || ts.isElementAccessExpression(outerParent)) &&
    outerParent.expression === outer
  ) {
    return "receiver";
  }
  return "value";
}

/**
 * The expressions whose value an assignment or initialiser may store: the expression itself, through
 * parentheses and casts, both branches of `?:`, both operands of `??`, `||` and `&&`, and the last operand of
 * `,` (`options.getPath ?? getPath` stores `options.getPath` or `getPath`).
 */
export function storedValues(expression: ts.Expression): ts.Expression[] {
  const values: ts.Expression[] = [];
  const visit = (current: ts.Expression): void => {
    const inner = skipOuterExpressions(current);
    if (ts.isConditionalExpression(inner)) {
      visit(inner.whenTrue);
      visit(inner.whenFalse);
      return;
    }
    if (ts.isBinaryExpression(inner)) {
      const operator = inner.operatorToken.kind;
      if (
        operator === ts.SyntaxKind.QuestionQuestionToken ||
        operator === ts.SyntaxKind.BarBarToken ||
        operator === ts.SyntaxKind.AmpersandAmpersandToken
      ) {
        visit(inner.left);
        visit(inner.right);
        return;
      }
      if (operator === ts.SyntaxKind.CommaToken) {
        visit(inner.right);
        return;
      }
    }
    values.push(inner);
  };
  visit(expression);
  return values;
}

/** The assignment operators that store their right side: `=`, `??=`, `||=`, `&&=`. */
export function isStoringAssignment(expression: ts.BinaryExpression): boolean {
  const operator = expression.operatorToken.kind;
  return (
    operator === ts.SyntaxKind.EqualsToken ||
    operator === ts.SyntaxKind.QuestionQuestionEqualsToken ||
    operator === ts.SyntaxKind.BarBarEqualsToken ||
    operator === ts.SyntaxKind.AmpersandAmpersandEqualsToken
  );
}

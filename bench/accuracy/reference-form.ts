import ts from "typescript-6";

/**
 * How a reference site is written: the syntactic position of the name find-references lists, in the words
 * of docs/accuracy.md ("Reference completeness"). A name after a dot (`x.f`) or a string key (`x["f"]`)
 * is classified by the position of the whole access and marked `x.f`.
 */
export interface ReferenceForm {
  /** e.g. `call`, `argument`, `??/||/&& operand`, `type reference`, `heritage`, `import/export`. */
  readonly form: string;
  /** The name is the member of a property or element access (`x.f`, `x["f"]`). */
  readonly member: boolean;
  /** Imports, exports and `export default x`: not uses, left out of the oracle. */
  readonly excluded: boolean;
}

/**
 * The deepest node at a position (the name find-references reports). A position in a comment gives the node
 * whose trivia holds it, or a JSDoc node: referenceForm calls both comments.
 */
export function tokenAt(sourceFile: ts.SourceFile, position: number): ts.Node {
  let node: ts.Node = sourceFile;
  for (;;) {
    const child: ts.Node | undefined = node
      .getChildren(sourceFile)
      .find((candidate) => candidate.getStart(sourceFile) <= position && position < candidate.getEnd());
    if (child === undefined) return node;
    node = child;
  }
}

function isImportOrExport(node: ts.Node): boolean {
  return (
    ts.isImportSpecifier(node) ||
    ts.isExportSpecifier(node) ||
    ts.isImportClause(node) ||
    ts.isNamespaceImport(node) ||
    ts.isNamespaceExport(node) ||
    ts.isImportEqualsDeclaration(node) ||
    ts.isExportAssignment(node) ||
    ts.isImportDeclaration(node) ||
    ts.isExportDeclaration(node)
  );
}

/** The name is followed by `.member` in a qualified type name (`NS.T`, `A.NS.T`): it names a namespace. */
function isQualifier(name: ts.Node): boolean {
  const parent = name.parent;
  if (!ts.isQualifiedName(parent)) return false;
  return parent.left === name || (ts.isQualifiedName(parent.parent) && parent.parent.left === parent);
}

/** The form of a site in a type: the innermost type construct around the name. */
function typeForm(name: ts.Node): string | undefined {
  for (let node: ts.Node = name; node.parent !== undefined; node = node.parent) {
    const parent = node.parent;
    if (ts.isTypeQueryNode(parent)) return "typeof (type query)";
    if (ts.isExpressionWithTypeArguments(parent))
      return ts.isHeritageClause(parent.parent) ? "heritage (extends/implements)" : undefined;
    if (ts.isImportTypeNode(parent)) return 'import("…") type';
    if (ts.isTypeReferenceNode(parent))
      return node === name || ts.isQualifiedName(node)
        ? isQualifier(name)
          ? "type reference (namespace qualifier)"
          : "type reference"
        : "type argument";
    if (ts.isIndexedAccessTypeNode(parent) || ts.isLiteralTypeNode(parent)) return "indexed access type";
    if (ts.isTypeNode(parent)) return "type (other)";
    if (!ts.isQualifiedName(parent)) return undefined;
  }
  return undefined;
}

/** The form of a site that is the name of another member's declaration. */
export const RELATED_MEMBER = "related member declaration";

const LOGICAL = new Set([
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.AmpersandAmpersandToken,
]);
const COMPARISON = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

function binaryForm(expression: ts.Node, parent: ts.BinaryExpression): string {
  const operator = parent.operatorToken.kind;
  if (LOGICAL.has(operator)) return "??/||/&& operand";
  if (operator === ts.SyntaxKind.EqualsToken)
    return parent.left === expression ? "assignment target (write)" : "assignment right side";
  if (operator >= ts.SyntaxKind.FirstCompoundAssignment && operator <= ts.SyntaxKind.LastCompoundAssignment)
    return "compound assignment";
  if (operator === ts.SyntaxKind.CommaToken) return "comma operand";
  if (COMPARISON.has(operator)) return "comparison operand";
  if (operator === ts.SyntaxKind.InstanceOfKeyword)
    return parent.right === expression ? "instanceof right side" : "comparison operand";
  if (operator === ts.SyntaxKind.InKeyword) return "in operand";
  return "arithmetic operand";
}

/** The form of an expression site from its parent. */
function expressionForm(expression: ts.Node): string {
  const parent = expression.parent;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression === expression)
    return ts.isNewExpression(parent) ? "new" : "call";
  if (
    (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    parent.arguments?.includes(expression as ts.Expression)
  )
    return "argument";
  if (ts.isTaggedTemplateExpression(parent) && parent.tag === expression) return "tagged template";
  if (ts.isDecorator(parent)) return "decorator";
  if (
    (ts.isJsxOpeningElement(parent) || ts.isJsxSelfClosingElement(parent) || ts.isJsxClosingElement(parent)) &&
    parent.tagName === expression
  )
    return "JSX tag";
  if (ts.isJsxExpression(parent)) return "JSX expression";
  if (ts.isBinaryExpression(parent)) return binaryForm(expression, parent);
  if (ts.isVariableDeclaration(parent))
    return parent.initializer === expression ? "variable initialiser" : "other (variable name)";
  if (ts.isPropertyAssignment(parent))
    return parent.initializer === expression ? "property value" : "object literal key";
  if (ts.isShorthandPropertyAssignment(parent)) return "shorthand property";
  if (ts.isSpreadElement(parent) || ts.isSpreadAssignment(parent)) return "spread";
  if (ts.isArrayLiteralExpression(parent)) return "array element";
  if (ts.isReturnStatement(parent)) return "return";
  if (ts.isArrowFunction(parent)) return "arrow body";
  if (ts.isConditionalExpression(parent)) return parent.condition === expression ? "condition" : "conditional branch";
  if (ts.isIfStatement(parent) || ts.isWhileStatement(parent) || ts.isDoStatement(parent) || ts.isForStatement(parent))
    return "condition";
  if (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) {
    const operator = parent.operator;
    return operator === ts.SyntaxKind.PlusPlusToken || operator === ts.SyntaxKind.MinusMinusToken
      ? "compound assignment"
      : "unary operand";
  }
  if (ts.isTypeOfExpression(parent)) return "typeof (value)";
  if (ts.isDeleteExpression(parent)) return "delete";
  if (ts.isAwaitExpression(parent) || ts.isYieldExpression(parent) || ts.isVoidExpression(parent))
    return "await/yield/void operand";
  if (ts.isTemplateSpan(parent)) return "template literal";
  if (ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent) || ts.isTypeAssertionExpression(parent))
    return "as/satisfies operand";
  if (ts.isParameter(parent)) return "parameter default";
  if (ts.isBindingElement(parent)) return parent.initializer === expression ? "destructuring default" : "destructuring";
  if (ts.isPropertyDeclaration(parent)) return "property initialiser";
  if (ts.isPropertyAccessExpression(parent)) return "receiver of .";
  if (ts.isElementAccessExpression(parent))
    return parent.expression === expression ? "receiver of []" : "element access key";
  if (ts.isExpressionStatement(parent)) return "expression statement";
  if (ts.isComputedPropertyName(parent)) return "computed name";
  if (ts.isThrowStatement(parent)) return "throw";
  if (ts.isCaseClause(parent) || ts.isSwitchStatement(parent)) return "switch/case";
  if (ts.isForOfStatement(parent) || ts.isForInStatement(parent)) return "for-of/in operand";
  if (ts.isExpressionWithTypeArguments(parent))
    return ts.isHeritageClause(parent.parent) ? "heritage (extends/implements)" : expressionForm(parent);
  return `other (${ts.SyntaxKind[parent.kind]})`;
}

function skipOuterParentheses(node: ts.Node): ts.Node {
  let current = node;
  while (ts.isParenthesizedExpression(current.parent) || ts.isNonNullExpression(current.parent))
    current = current.parent;
  return current;
}

/** Inside a function body or an initialiser (where ts-graph records no USES_TYPE), rather than a signature. */
function inBody(name: ts.Node): boolean {
  for (let node: ts.Node = name; node.parent !== undefined; node = node.parent) {
    const parent = node.parent;
    if (ts.isFunctionLike(parent) && (parent as ts.SignatureDeclaration & { body?: ts.Node }).body === node)
      return true;
    if (
      (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isParameter(parent)) &&
      parent.initializer === node
    )
      return true;
    if (ts.isClassStaticBlockDeclaration(parent) || ts.isExpressionStatement(parent)) return true;
  }
  return false;
}

function inComment(name: ts.Node): boolean {
  for (let node: ts.Node | undefined = name; node !== undefined; node = node.parent) {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return true;
  }
  return false;
}

/** Classifies the site of a reference whose name token is `name`. */
export function referenceForm(name: ts.Node): ReferenceForm {
  const parent = name.parent;
  if (parent === undefined || name.getChildCount() > 0 || inComment(name))
    return { form: "comment", member: false, excluded: true };
  if (
    isImportOrExport(parent) ||
    (ts.isExternalModuleReference(parent) && ts.isImportEqualsDeclaration(parent.parent))
  ) {
    return { form: "import/export", member: false, excluded: true };
  }
  const inType = typeForm(name);
  if (inType !== undefined) {
    const form = inBody(name) ? `${inType}, in a body or initialiser` : inType;
    return { form, member: ts.isQualifiedName(parent) && parent.right === name, excluded: false };
  }
  if (ts.isBindingElement(parent) && (parent.propertyName === name || parent.name === name))
    return { form: "destructuring", member: true, excluded: false };
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isGetAccessorDeclaration(parent) ||
      ts.isSetAccessorDeclaration(parent)) &&
    parent.name === name
  ) {
    if (ts.isObjectLiteralExpression(parent.parent))
      return { form: "object literal key", member: true, excluded: false };
  }
  if (ts.isClassElement(parent) || ts.isTypeElement(parent)) {
    // The declaration of a member find-references relates to the node (a contextual type's member an object
    // literal implements): the graph's OVERRIDES edge between the two.
    if (parent.name === name) return { form: RELATED_MEMBER, member: true, excluded: false };
  }
  if (ts.isShorthandPropertyAssignment(parent) && parent.name === name)
    return { form: "shorthand property", member: false, excluded: false };
  if (ts.isJsxAttribute(parent)) return { form: "JSX attribute", member: true, excluded: false };
  let expression: ts.Node = name;
  let member = false;
  if (
    (ts.isPropertyAccessExpression(parent) && parent.name === name) ||
    (ts.isElementAccessExpression(parent) && parent.argumentExpression === name && ts.isStringLiteralLike(name))
  ) {
    expression = parent;
    member = true;
  }
  return { form: expressionForm(skipOuterParentheses(expression)), member, excluded: false };
}

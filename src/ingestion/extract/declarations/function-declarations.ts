import { ts } from "../../../engine/ts6/typescript6.js";
import type { Modifier } from "../../../model/graph-kinds.js";
import { initializerPreview, propertyNameText, skipOuterExpressions, truncate } from "../declaration-text.js";
import { declareClassLike, declareMethodLike } from "./class-declarations.js";
import {
  annotatedSurface,
  bodySurface,
  flagModifiers,
  isAsync,
  isFunctionValue,
  localScope,
  overloadState,
  type DeclarationCollector,
  type Scope,
} from "./declaration-collector.js";

/** The initializer of a binding with parentheses, `as`, `satisfies` and `!` taken off. */
function unwrapInitializer(expression: ts.Expression | undefined): ts.Expression | undefined {
  return expression === undefined ? undefined : skipOuterExpressions(expression);
}

function isConst(declaration: ts.VariableDeclaration): boolean {
  const list = declaration.parent;
  return ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
}

function variableKeyword(declaration: ts.VariableDeclaration): string {
  const flags = declaration.parent.flags;
  if (flags & ts.NodeFlags.Const) return "const";
  if (flags & ts.NodeFlags.Let) return "let";
  if (flags & ts.NodeFlags.Using) return "using";
  return "var";
}

function variableSignaturePrefix(declaration: ts.VariableDeclaration): string {
  const modifiers = flagModifiers(declaration).filter((m) => m === "export" || m === "declare" || m === "default");
  return [...modifiers, variableKeyword(declaration)].join(" ");
}

export function declareFunction(c: DeclarationCollector, declaration: ts.FunctionDeclaration, scope: Scope): void {
  const name = declaration.name?.text ?? "default";
  const modifiers = flagModifiers(declaration);
  if (declaration.asteriskToken) modifiers.push("generator");
  const node = c.register(scope, {
    name,
    kind: "Function",
    variant: "function",
    astNodes: [declaration],
    rangeStart: c.startAfterDecorators(declaration),
    rangeEnd: declaration.end,
    nameNode: declaration.name ?? declaration,
    exported: c.isExportedHere(scope, declaration, name),
    signature: c.headerUntil(declaration, declaration.body?.pos),
    doc: c.doc(declaration),
    modifiers,
    overloadable: overloadState(declaration.body),
    ...bodySurface(declaration, declaration.body),
  });
  if (declaration.body) c.visitChildren(declaration.body, c.childScope(scope, node));
}

export function declareVariableStatement(c: DeclarationCollector, statement: ts.VariableStatement, scope: Scope): void {
  const declarations = statement.declarationList.declarations;
  const atModuleLevel = ts.isSourceFile(statement.parent) || ts.isModuleBlock(statement.parent);
  if (!atModuleLevel && scope.moduleLevel) {
    // A binding inside a top-level block is local to that block, not a module-level variable.
    const local = localScope(scope);
    for (const declaration of declarations) declareVariable(c, declaration, local, declaration);
    return;
  }
  for (const declaration of declarations) {
    const rangeNode = declarations.length === 1 ? statement : declaration;
    declareVariable(c, declaration, scope, rangeNode);
  }
}

/**
 * One variable: a `const` holding a class is a Class, one holding a function or arrow a Function (a
 * module-level `let` or `var` holding one a Variable that owns its body), any other module-level binding a
 * Variable (an object literal's methods and function-valued properties become its members); a local binding
 * that holds no function is no node. rangeNode is the statement when it declares only this variable.
 */
export function declareVariable(
  c: DeclarationCollector,
  declaration: ts.VariableDeclaration,
  scope: Scope,
  rangeNode: ts.Node,
): void {
  if (!ts.isIdentifier(declaration.name)) {
    declareBindingPattern(c, declaration.name, declaration, scope);
    if (declaration.initializer) c.visitChildren(declaration.initializer, scope);
    return;
  }
  const name = declaration.name.text;
  const initializer = unwrapInitializer(declaration.initializer);
  const exported = c.isExportedHere(scope, declaration, name);
  if (initializer !== undefined && ts.isClassExpression(initializer) && isConst(declaration)) {
    declareClassLike(c, initializer, scope, name, {
      astNodes: [declaration],
      rangeNode,
      nameNode: declaration.name,
      exported,
      signatureStartNode: declaration,
    });
    return;
  }
  if (isFunctionValue(initializer) && (isConst(declaration) || scope.moduleLevel)) {
    declareFunctionVariable(c, { declaration, name: declaration.name, rangeNode, exported }, initializer, scope);
    return;
  }
  if (!scope.moduleLevel) {
    if (declaration.initializer) c.visitChildren(declaration.initializer, scope);
    return;
  }
  const typeText = declaration.type ? `: ${c.header(c.start(declaration.type), declaration.type.end)}` : "";
  const valueText = !declaration.type && initializer ? ` = ${initializerPreview(c.sourceFile, initializer)}` : "";
  const node = c.register(scope, {
    name,
    kind: "Variable",
    variant: "variable",
    astNodes: [declaration],
    rangeStart: c.start(rangeNode),
    rangeEnd: rangeNode.end,
    nameNode: declaration.name,
    exported,
    signature: truncate(`${variableSignaturePrefix(declaration)} ${name}${typeText}${valueText}`, 240),
    doc: c.doc(declaration),
    modifiers: flagModifiers(declaration),
    ...annotatedSurface(declaration.type, initializer, rangeNode.end),
  });
  if (initializer !== undefined && ts.isObjectLiteralExpression(initializer)) {
    declareObjectLiteralMembers(c, initializer, c.childScope(scope, node), node.exported);
  } else if (declaration.initializer) {
    c.visitChildren(declaration.initializer, c.childScope(scope, node));
  }
}

/** A variable declared with a plain name; rangeNode is its statement when that declares only this variable. */
interface NamedVariable {
  readonly declaration: ts.VariableDeclaration;
  readonly name: ts.Identifier;
  readonly rangeNode: ts.Node;
  readonly exported: boolean;
}

/** A variable holding a function or arrow: a Function when `const`, else a Variable; it owns the body. */
function declareFunctionVariable(
  c: DeclarationCollector,
  variable: NamedVariable,
  initializer: ts.ArrowFunction | ts.FunctionExpression,
  scope: Scope,
): void {
  const { declaration, rangeNode, exported } = variable;
  const functionLike = isConst(declaration);
  const modifiers = flagModifiers(declaration);
  if (functionLike) modifiers.push("arrow");
  if (isAsync(initializer)) modifiers.push("async");
  if (initializer.asteriskToken) modifiers.push("generator");
  const header = c.header(c.start(declaration), initializer.body.pos);
  const node = c.register(scope, {
    name: variable.name.text,
    kind: functionLike ? "Function" : "Variable",
    variant: functionLike ? "function" : "variable",
    astNodes: [declaration, initializer],
    rangeStart: c.start(rangeNode),
    rangeEnd: rangeNode.end,
    nameNode: variable.name,
    exported,
    signature: truncate(`${variableSignaturePrefix(declaration)} ${header}`, 240),
    doc: c.doc(declaration),
    modifiers,
    ...annotatedSurface(declaration.type, initializer, rangeNode.end),
  });
  c.visitChildren(initializer.body, c.childScope(scope, node));
}

/** Each name a module-level destructuring binds is a Variable (`export const { a, b: [c] } = make()`). */
function declareBindingPattern(
  c: DeclarationCollector,
  pattern: ts.BindingPattern,
  declaration: ts.VariableDeclaration,
  scope: Scope,
): void {
  if (!scope.moduleLevel) return;
  for (const element of pattern.elements) {
    if (ts.isOmittedExpression(element)) continue;
    if (!ts.isIdentifier(element.name)) {
      declareBindingPattern(c, element.name, declaration, scope);
      continue;
    }
    const name = element.name.text;
    c.register(scope, {
      name,
      kind: "Variable",
      variant: "variable",
      astNodes: [element],
      rangeStart: c.start(element),
      rangeEnd: element.end,
      nameNode: element.name,
      exported: c.isExportedHere(scope, declaration, name),
      signature: `${variableSignaturePrefix(declaration)} ${name}`,
      doc: c.doc(declaration),
      modifiers: flagModifiers(declaration),
      surfaceEnd: declaration.end,
      typed: false,
    });
  }
}

/** Methods and function-valued properties of an object literal bound to a module-level variable. */
function declareObjectLiteralMembers(
  c: DeclarationCollector,
  literal: ts.ObjectLiteralExpression,
  scope: Scope,
  exported: boolean,
): void {
  for (const property of literal.properties) {
    if (
      ts.isMethodDeclaration(property) ||
      ts.isGetAccessorDeclaration(property) ||
      ts.isSetAccessorDeclaration(property)
    ) {
      declareMethodLike(c, property, scope, exported);
      continue;
    }
    if (ts.isPropertyAssignment(property)) {
      const initializer = unwrapInitializer(property.initializer);
      if (isFunctionValue(initializer)) {
        declareFunctionProperty(c, property, initializer, scope, exported);
        continue;
      }
    }
    c.visitChildren(property, scope);
  }
}

/** `key: () => …` or `key: function () {…}` in an object literal: a Method that owns the body. */
function declareFunctionProperty(
  c: DeclarationCollector,
  property: ts.PropertyAssignment,
  initializer: ts.ArrowFunction | ts.FunctionExpression,
  scope: Scope,
  exported: boolean,
): void {
  const modifiers: Modifier[] = ["arrow"];
  if (isAsync(initializer)) modifiers.push("async");
  const node = c.register(scope, {
    name: propertyNameText(property.name, c.sourceFile),
    kind: "Method",
    variant: "method",
    astNodes: [property, initializer],
    rangeStart: c.start(property),
    rangeEnd: property.end,
    nameNode: property.name,
    exported,
    signature: c.header(c.start(property), initializer.body.pos),
    doc: c.doc(property),
    modifiers,
    ...annotatedSurface(undefined, initializer, property.end),
  });
  c.visitChildren(initializer.body, c.childScope(scope, node));
}

/** `export default () => …` is a Function named default, `export default class {…}` a Class. */
export function declareExportAssignment(c: DeclarationCollector, assignment: ts.ExportAssignment, scope: Scope): void {
  const expression = unwrapInitializer(assignment.expression);
  if (expression !== undefined && isFunctionValue(expression) && !assignment.isExportEquals) {
    const node = c.register(scope, {
      name: "default",
      kind: "Function",
      variant: "function",
      astNodes: [assignment, expression],
      rangeStart: c.start(assignment),
      rangeEnd: assignment.end,
      nameNode: assignment,
      exported: true,
      signature: c.header(c.start(assignment), expression.body.pos),
      doc: c.doc(assignment),
      modifiers: ["export", "default", "arrow"],
      ...annotatedSurface(undefined, expression, assignment.end),
    });
    c.visitChildren(expression.body, c.childScope(scope, node));
    return;
  }
  if (expression !== undefined && ts.isClassExpression(expression)) {
    declareClassLike(c, expression, scope, expression.name?.text ?? "default", {
      astNodes: [assignment],
      rangeNode: assignment,
      nameNode: expression.name ?? assignment,
      exported: true,
      signatureStartNode: assignment,
    });
    return;
  }
  c.visitChildren(assignment, scope);
}

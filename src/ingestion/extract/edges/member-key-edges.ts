import { ts } from "../../../engine/ts6/typescript6.js";
import type { CheckerPort, PortSymbol, PortType } from "../checker-port.js";
import type { ExtractedNode } from "../../../model/extracted.js";
import { skipOuterExpressions } from "../declaration-text.js";
import { declaredArgumentType } from "../declared-argument-type.js";
import { outerExpression } from "../value-use.js";
import type { EdgeCollector } from "./edge-collector.js";
import { MEMBER_KINDS } from "./edge-target-kinds.js";

/** The member name a key or a binding names: an identifier's, a string's or a number's text; undefined for a computed name. */
function propertyNameText(name: ts.PropertyName): string | undefined {
  if (
    ts.isIdentifier(name) ||
    ts.isPrivateIdentifier(name) ||
    ts.isStringLiteral(name) ||
    ts.isNumericLiteral(name) ||
    ts.isNoSubstitutionTemplateLiteral(name)
  )
    return name.text;
  return undefined;
}

/** Whether an expression is written as a literal, a name or `a.b` (what a discriminant's value usually is). */
function mayBeUnit(expression: ts.Expression): boolean {
  const inner = skipOuterExpressions(expression);
  return (
    ts.isLiteralExpression(inner) ||
    ts.isIdentifier(inner) ||
    ts.isPropertyAccessExpression(inner) ||
    inner.kind === ts.SyntaxKind.TrueKeyword ||
    inner.kind === ts.SyntaxKind.FalseKeyword ||
    ts.isPrefixUnaryExpression(inner)
  );
}

/**
 * A key of an object literal sets the member of the literal's type it names (`{ maxDepth: 2 }`, `{ path }`):
 * READS of that member, as a write is. Members of a literal that are nodes themselves OVERRIDES it instead. A key
 * that is no node but holds code written in the literal (a method, an accessor, `next: (v) => …`) implements that
 * member: the node whose code it is (`owner`) HOLDS_IMPLEMENTATION of it, so a call of the member reaches that code.
 */
export function recordKeyUse(c: EdgeCollector, element: ts.ObjectLiteralElementLike, owner: ExtractedNode): void {
  if (element.name === undefined || !ts.isObjectLiteralExpression(element.parent)) return;
  const name = propertyNameText(element.name);
  if (name === undefined || !c.context.mayNameMember(name)) return;
  const code = codeHeld(element);
  for (const type of typesSetBy(c, element.parent)) {
    const member = c.checker.getPropertyOfType(type, name);
    recordMemberUse(c, member, owner, element.name);
    if (code !== undefined) recordImplementation(c, member, owner, element.name, code);
  }
}

function recordImplementation(
  c: EdgeCollector,
  member: PortSymbol | undefined,
  owner: ExtractedNode,
  at: ts.Node,
  code: ts.Node,
): void {
  for (const target of c.nodesOfSymbol(member, MEMBER_KINDS)) {
    if (target !== owner) c.addImplementation(owner, target, at, code);
  }
}

/**
 * The code a literal's key holds, written there: the method or accessor itself, or the function expression that
 * is its value (through parentheses and `as`); undefined for any other key.
 */
function codeHeld(element: ts.ObjectLiteralElementLike): ts.Node | undefined {
  if (ts.isMethodDeclaration(element) || ts.isAccessor(element)) return element;
  if (!ts.isPropertyAssignment(element)) return undefined;
  const value = skipOuterExpressions(element.initializer);
  return ts.isArrowFunction(value) || ts.isFunctionExpression(value) ? value : undefined;
}

/**
 * An attribute of a JSX element sets the member of the element's props type it names (`<Chart scale={2} />` sets
 * `ChartProps.scale`): READS of that member, as an object literal's key is. Of a union of props types, each member
 * that has the name. The props type is asked for only when some attribute may name a member node.
 */
export function recordJsxAttributes(c: EdgeCollector, element: ts.JsxOpeningLikeElement, owner: ExtractedNode): void {
  const named = element.attributes.properties.filter(
    (attribute): attribute is ts.JsxAttribute & { readonly name: ts.Identifier } =>
      ts.isJsxAttribute(attribute) && ts.isIdentifier(attribute.name) && c.context.mayNameMember(attribute.name.text),
  );
  if (named.length === 0) return;
  const props = c.checker.getContextualType(element.attributes);
  if (props === undefined) return;
  const types = props.isUnion() ? props.types : [props];
  for (const attribute of named) {
    for (const type of types)
      recordMemberUse(c, c.checker.getPropertyOfType(type, attribute.name.text), owner, attribute.name);
  }
}

/** A destructured name reads the member of the destructured type it names (`const { a } = obj`, `({ a }: T) =>`). */
export function recordBindingKey(c: EdgeCollector, element: ts.BindingElement, owner: ExtractedNode): void {
  if (!ts.isObjectBindingPattern(element.parent) || element.dotDotDotToken !== undefined) return;
  const key = element.propertyName ?? element.name;
  const name = ts.isObjectBindingPattern(key) || ts.isArrayBindingPattern(key) ? undefined : propertyNameText(key);
  if (name === undefined || !c.context.mayNameMember(name)) return;
  recordMemberUse(c, c.checker.getPropertyOfType(c.checker.getTypeAtLocation(element.parent), name), owner, key);
}

function recordMemberUse(c: EdgeCollector, member: PortSymbol | undefined, owner: ExtractedNode, at: ts.Node): void {
  for (const target of c.nodesOfSymbol(member, MEMBER_KINDS)) {
    if (target !== owner) c.addEdge("READS", owner, target, c.line(at));
  }
}

/**
 * The types whose members an object literal's keys set: its contextual type (`go(d, { maxDepth: 2 })` sets
 * `Context.maxDepth`; for a call's argument, the parameter's declared type where that has the same members,
 * declared-argument-type.ts), or the assigned value's type in a destructuring assignment (`({ a } = value)`). Of a
 * union, the members its literal-valued keys do not rule out (`{ code: "too_big", … }` sets the `code` of
 * the issue whose `code` is "too_big"), as find-references has it.
 */
function typesSetBy(c: EdgeCollector, literal: ts.ObjectLiteralExpression): readonly PortType[] {
  const known = c.literalTypes.get(literal);
  if (known !== undefined) return known;
  const { checker } = c;
  const parent = outerExpression(literal).parent;
  const assigned =
    ts.isBinaryExpression(parent) &&
    parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    parent.left === outerExpression(literal);
  const type = assigned
    ? checker.getTypeAtLocation(parent.right)
    : (declaredArgumentType(checker, literal) ?? checker.getContextualType(literal));
  const types = type === undefined ? [] : type.isUnion() ? discriminated(checker, literal, type.types) : [type];
  c.literalTypes.set(literal, types);
  return types;
}

function discriminated(
  checker: CheckerPort,
  literal: ts.ObjectLiteralExpression,
  members: readonly PortType[],
): readonly PortType[] {
  const discriminants = literal.properties.flatMap((property) => {
    // Only a value written as a literal or a name (`"too_big"`, `Code.TooBig`) can have a unit type worth
    // asking for; the type of any other value (a function, a call) is not computed for this.
    if (!ts.isPropertyAssignment(property) || !mayBeUnit(property.initializer)) return [];
    const key = propertyNameText(property.name);
    const value = checker.getTypeAtLocation(property.initializer);
    return key !== undefined && (value.isLiteral() || (value.flags & ts.TypeFlags.BooleanLiteral) !== 0)
      ? [{ key, value }]
      : [];
  });
  if (discriminants.length === 0) return members;
  const allowed = members.filter((member) =>
    discriminants.every(({ key, value }) => {
      const property = checker.getPropertyOfType(member, key);
      return (
        property === undefined ||
        checker.isTypeAssignableTo(value, checker.getTypeOfSymbolAtLocation(property, literal))
      );
    }),
  );
  return allowed.length > 0 ? allowed : members;
}

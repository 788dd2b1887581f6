import { ts } from "../../../engine/ts6/typescript6.js";
import type { PortType } from "../checker-port.js";
import type { ExtractedNode } from "../../../model/extracted.js";
import type { EdgeKind, NodeKind } from "../../../model/graph-kinds.js";
import type { EdgeCollector } from "./edge-collector.js";
import { MEMBER_KINDS, QUALIFIER_KINDS } from "./edge-target-kinds.js";

const HERITAGE_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Class", "Interface", "TypeAlias"]);
/** What a class may extend that holds a class rather than declaring one (`extends Data.Class<…>`). */
const HELD_CLASS_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Variable", "Property"]);

/**
 * EXTENDS and IMPLEMENTS to the classes, interfaces and type aliases named (an external edge to one declared
 * only in lib or node_modules: `lib:Error`), and USES_TYPE to the namespaces qualifying them; a class's
 * `extends` is evaluated (recordExtendedValue).
 */
export function recordHeritage(
  c: EdgeCollector,
  declaration: ts.ClassLikeDeclaration | ts.InterfaceDeclaration,
  owner: ExtractedNode,
): void {
  for (const clause of declaration.heritageClauses ?? []) {
    const kind: EdgeKind = clause.token === ts.SyntaxKind.ImplementsKeyword ? "IMPLEMENTS" : "EXTENDS";
    for (const type of clause.types) {
      const symbol = c.symbolOfExpression(type.expression);
      c.addEdgesTo(kind, owner, symbol, HERITAGE_TARGET_KINDS);
      const external = symbol === undefined ? undefined : c.context.externalTypeKey(c.resolveAlias(symbol));
      if (external !== undefined) c.addExternalEdge(kind, owner, external, undefined);
      if (kind !== "EXTENDS" || !ts.isClassLike(declaration)) recordHeritageQualifiers(c, type.expression, owner);
    }
  }
  if (ts.isClassLike(declaration)) recordExtendedValue(c, declaration, owner);
}

/** The namespaces qualifying a type an `implements` or an interface's `extends` names (`Cause` in `Cause.Variance<R>`). */
function recordHeritageQualifiers(c: EdgeCollector, expression: ts.Expression, owner: ExtractedNode): void {
  for (
    let qualifier = ts.isPropertyAccessExpression(expression) ? expression.expression : undefined;
    qualifier !== undefined;
    qualifier = ts.isPropertyAccessExpression(qualifier) ? qualifier.expression : undefined
  ) {
    c.addEdgesTo("USES_TYPE", owner, c.symbolOfExpression(qualifier), QUALIFIER_KINDS);
  }
}

/**
 * A class extending a constant or property that holds a class (`extends Data.Class<…>`) reads it (READS),
 * since no class node stands for it: from the class, or from the owner of the code a class that is no node
 * is written in (`return class extends Base {…}`).
 */
export function recordExtendedValue(
  c: EdgeCollector,
  declaration: ts.ClassLikeDeclaration,
  owner: ExtractedNode,
): void {
  const extended = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
    ?.types[0]?.expression;
  if (extended === undefined) return;
  for (const target of c.nodesOfSymbol(c.symbolOfExpression(extended), HELD_CLASS_KINDS)) {
    if (target !== owner) c.addEdge("READS", owner, target, c.siteLine(extended));
  }
}

function recordOverride(c: EdgeCollector, memberNode: ExtractedNode, type: PortType, name: string): void {
  const base = c.checker.getPropertyOfType(type, name);
  const targets = c.nodesOfSymbol(base, MEMBER_KINDS);
  for (const target of targets) {
    if (target !== memberNode) c.addEdge("OVERRIDES", memberNode, target, undefined);
  }
  if (targets.length === 0 && base !== undefined) {
    for (const external of c.context.externalMemberKeys(base))
      c.addExternalEdge("OVERRIDES", memberNode, external, undefined);
  }
}

/**
 * A member overrides (or implements) the same-named member of every type its container extends or
 * implements; a method of an object literal implements the same-named member of the literal's contextual
 * type (`const clock: Clock = { now() {…} }`).
 */
export function recordOverrides(c: EdgeCollector, member: ts.Node, memberNode: ExtractedNode): void {
  const container = member.parent;
  if (container === undefined) return;
  if (
    !(ts.isClassElement(member) || ts.isTypeElement(member) || ts.isObjectLiteralElementLike(member)) ||
    member.name === undefined
  )
    return;
  if (
    ts.canHaveModifiers(member) &&
    ts.getModifiers(member)?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword)
  )
    return;
  const symbol = c.checker.getSymbolAtLocation(member.name);
  if (symbol === undefined) return;
  if (ts.isObjectLiteralExpression(container)) {
    const contextual = c.checker.getContextualType(container);
    if (contextual === undefined) return;
    for (const type of contextual.isUnion() ? contextual.types : [contextual])
      recordOverride(c, memberNode, type, symbol.name);
    return;
  }
  if (!(ts.isClassLike(container) || ts.isInterfaceDeclaration(container))) return;
  for (const clause of container.heritageClauses ?? []) {
    for (const type of clause.types) recordOverride(c, memberNode, c.checker.getTypeAtLocation(type), symbol.name);
  }
}

/**
 * A class that implements an interface with a member it inherits from a base (`class A extends Base
 * implements I`, where Base declares `m` without implementing I): the inherited member implements `I.m` as
 * seen through A, so it gets the OVERRIDES edge its own declaration cannot have (written by A's file). The
 * members that override it below reach `I.m` through it.
 */
export function recordInheritedImplementations(c: EdgeCollector, declaration: ts.ClassLikeDeclaration): void {
  const { checker } = c;
  const implemented = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ImplementsKeyword);
  const extended = declaration.heritageClauses?.some((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
  if (implemented === undefined || extended !== true) return;
  const classSymbol =
    declaration.name === undefined
      ? checker.getSymbolAtLocation(declaration)
      : checker.getSymbolAtLocation(declaration.name);
  const classType = classSymbol === undefined ? undefined : checker.getDeclaredTypeOfSymbol(classSymbol);
  if (classType === undefined) return;
  for (const typeNode of implemented.types) {
    for (const wanted of checker.getPropertiesOfType(checker.getTypeAtLocation(typeNode))) {
      const found = checker.getPropertyOfType(classType, wanted.name);
      if (found === undefined || found.declarations?.some((member) => member.parent === declaration)) continue;
      for (const inherited of c.nodesOfSymbol(found, MEMBER_KINDS))
        recordOverride(c, inherited, checker.getTypeAtLocation(typeNode), wanted.name);
    }
  }
}

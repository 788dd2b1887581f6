import { ts } from "../../../engine/ts6/typescript6.js";
import type { ExtractedNode } from "../../../model/extracted.js";
import type { PortSymbol } from "../checker-port.js";
import { skipOuterExpressions } from "../declaration-text.js";
import type { EdgeCollector, SiteReceiver } from "./edge-collector.js";

/** Nothing but the member named runs (`super.m()`). */
const EXACT: SiteReceiver = [];

/**
 * The receiver of a call of a class member, when it narrows the call's dispatch (edge-collector.ts, SiteReceiver):
 * its static class, when that is a class of the index other than the one declaring the member. `this` (and
 * `super`) need no checker: inside Mid, `this` is a Mid (or a subclass), and `super.m()` runs the member named.
 * The checker is asked for the type of any other receiver only when the member can be overridden (an instance
 * member of a class, not private): for a function, an interface member or a private member it never is.
 */
export function callReceiver(
  c: EdgeCollector,
  callee: ts.Expression,
  symbol: PortSymbol,
  target: ExtractedNode,
): SiteReceiver {
  if (!overridable(c, symbol, target)) return undefined;
  const access = skipOuterExpressions(callee);
  if (!ts.isPropertyAccessExpression(access) && !ts.isElementAccessExpression(access)) return undefined;
  const receiver = skipOuterExpressions(access.expression);
  if (receiver.kind === ts.SyntaxKind.SuperKeyword) return EXACT;
  const receiverClass =
    receiver.kind === ts.SyntaxKind.ThisKeyword ? classOfThis(c, receiver) : staticClassOf(c, receiver);
  return receiverClass === undefined || receiverClass.key === target.parentKey ? undefined : [receiverClass.key];
}

/**
 * The receiver of a call of a library member (`this.toString()` naming `lib:Object.toString`, external-members.ts),
 * when it narrows the call's dispatch to the project's overrides: `this` inside a class (that class, or a subclass),
 * or a receiver whose static type is a class or an interface of the index (`x: Mid`, `this: ConfigError.And`):
 * only overrides in those or below them may run. `super.m()` runs the library member itself. None (any override
 * may run) for any other receiver: a union, a type parameter, an object literal's or a library type. The checker
 * is asked only when a member of the project has the member's name: no other library member has an override.
 */
export function libraryCallReceiver(c: EdgeCollector, callee: ts.Expression, symbol: PortSymbol): SiteReceiver {
  if (!c.context.mayNameMember(symbol.name)) return undefined;
  const access = skipOuterExpressions(callee);
  if (!ts.isPropertyAccessExpression(access) && !ts.isElementAccessExpression(access)) return undefined;
  const receiver = skipOuterExpressions(access.expression);
  if (receiver.kind === ts.SyntaxKind.SuperKeyword) return EXACT;
  const ofThis = receiver.kind === ts.SyntaxKind.ThisKeyword ? classOfThis(c, receiver) : undefined;
  if (ofThis !== undefined) return [ofThis.key];
  const types = staticTypesOf(c, receiver, ts.SymbolFlags.Class | ts.SymbolFlags.Interface);
  return types.length === 0 ? undefined : types.map((node) => node.key).sort();
}

/** An instance method or property of a class (the declaration of `symbol` that `target` stands for), not private: a subclass may override it. */
function overridable(c: EdgeCollector, symbol: PortSymbol, target: ExtractedNode): boolean {
  if (target.kind !== "Method" && target.kind !== "Property") return false;
  if (target.modifiers.includes("private") || target.modifiers.includes("static") || target.name.startsWith("#"))
    return false;
  const declaration = c.resolveAlias(symbol).declarations?.find((found) => c.nodeForDeclaration(found) === target);
  return declaration !== undefined && ts.isClassLike(declaration.parent);
}

/**
 * The class `this` stands for: the class of the member, property initialiser or static block the code is in,
 * through arrow functions (which keep the `this` around them); none inside a function or an object literal's method.
 */
function classOfThis(c: EdgeCollector, node: ts.Node): ExtractedNode | undefined {
  const container = ts.findAncestor(
    node.parent,
    (ancestor) =>
      (ts.isFunctionLike(ancestor) && !ts.isArrowFunction(ancestor)) ||
      ts.isClassStaticBlockDeclaration(ancestor) ||
      ts.isPropertyDeclaration(ancestor) ||
      ts.isClassLike(ancestor),
  );
  if (container === undefined || ts.isClassLike(container) || !ts.isClassLike(container.parent)) return undefined;
  return classNode(c, container.parent);
}

/** The class of the index a receiver's static type is an instance of (`x: Mid`, `Mid<T>`); none for a union, a type parameter, a literal type. */
function staticClassOf(c: EdgeCollector, receiver: ts.Expression): ExtractedNode | undefined {
  return staticTypesOf(c, receiver, ts.SymbolFlags.Class)[0];
}

/**
 * The classes (and, when `flags` has Interface, the interfaces: each declaration of a merged one) of the index
 * that a receiver's static type names; none for a union, a type parameter, an anonymous or a library type.
 */
function staticTypesOf(c: EdgeCollector, receiver: ts.Expression, flags: ts.SymbolFlags): ExtractedNode[] {
  const symbol = c.checker.getTypeAtLocation(receiver).getSymbol();
  if (symbol === undefined || (symbol.flags & flags) === 0) return [];
  const found: ExtractedNode[] = [];
  for (const declaration of symbol.declarations ?? []) {
    const node =
      ts.isClassLike(declaration) || ts.isInterfaceDeclaration(declaration)
        ? c.nodeForDeclaration(declaration)
        : undefined;
    if (node === undefined || found.includes(node)) continue;
    if (node.kind === "Class" || (node.kind === "Interface" && (flags & ts.SymbolFlags.Interface) !== 0))
      found.push(node);
  }
  return found;
}

function classNode(c: EdgeCollector, declaration: ts.ClassLikeDeclaration): ExtractedNode | undefined {
  const node = c.declarations.nodeOf.get(declaration);
  return node?.kind === "Class" ? node : undefined;
}

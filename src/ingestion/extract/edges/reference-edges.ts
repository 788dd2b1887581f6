import { ts } from "../../../engine/ts6/typescript6.js";
import type { ExtractedNode } from "../../../model/extracted.js";
import type { EdgeKind, NodeKind } from "../../../model/graph-kinds.js";
import { skipOuterExpressions } from "../declaration-text.js";
import { storedValues, valueUseOf } from "../value-use.js";
import { callReceiver } from "./call-receivers.js";
import { isAccessor, type EdgeCollector } from "./edge-collector.js";
import { CALL_TARGET_KINDS, VALUE_TARGET_KINDS } from "./edge-target-kinds.js";

/** A use of these as a value passes or stores code that may run later (REFERENCES, ADR 0003). */
const REFERENCE_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Function", "Method", "Class"]);
/** What an assignment can store a function in, for a later call (`this.getPath = getPath`, `this.m = this.m.bind(this)`). */
const STORE_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Variable", "Property", "Method"]);

/** The property a use names: `b` in `a.b` and `a["b"]`; undefined for a computed `a[k]`. */
function accessedName(expression: ts.PropertyAccessExpression | ts.ElementAccessExpression): string | undefined {
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return ts.isStringLiteralLike(expression.argumentExpression) ? expression.argumentExpression.text : undefined;
}

/**
 * A read of a declaration's value (ADR 0009): a Function, Method or Class used as a value is REFERENCES
 * (code passed or stored, which may run later), anything else read (a variable, a property, an enum, a
 * namespace), or a callable used only as the receiver of a member, is READS. Accessors are CALLS
 * (recordAccessorUse); a declaration never reads itself.
 */
export function recordValueUse(
  c: EdgeCollector,
  expression: ts.Identifier | ts.PropertyAccessExpression | ts.ElementAccessExpression,
  owner: ExtractedNode,
): void {
  const use = valueUseOf(expression);
  if (use === undefined) return;
  for (const target of c.nodesOfSymbol(c.symbolOfExpression(expression), VALUE_TARGET_KINDS)) {
    if (isAccessor(target)) continue;
    const kind: EdgeKind = use === "value" && REFERENCE_TARGET_KINDS.has(target.kind) ? "REFERENCES" : "READS";
    if (kind === "READS" && target === owner) continue;
    c.addEdge(kind, owner, target, c.siteLine(expression));
  }
}

/** `{ handler }`: the value the shorthand names is read, or referenced when it is code. */
export function recordShorthandReference(
  c: EdgeCollector,
  property: ts.ShorthandPropertyAssignment,
  owner: ExtractedNode,
): void {
  const symbol = c.checker.getShorthandAssignmentValueSymbol(property);
  for (const target of c.nodesOfSymbol(symbol, VALUE_TARGET_KINDS)) {
    if (isAccessor(target) || target === owner) continue;
    c.addEdge(REFERENCE_TARGET_KINDS.has(target.kind) ? "REFERENCES" : "READS", owner, target, c.line(property));
  }
}

/**
 * A function or class stored in a variable or property (`this.getPath = options.getPath ?? getPath`) is
 * referenced by that variable or property too, so that the calls through it (`this.getPath()`) reach it.
 */
export function recordStore(c: EdgeCollector, target: ts.Expression, value: ts.Expression): void {
  const store = skipOuterExpressions(target);
  if (!ts.isIdentifier(store) && !ts.isPropertyAccessExpression(store)) return;
  const holders = c.nodesOfSymbol(c.symbolOfExpression(store), STORE_KINDS);
  if (holders.length === 0) return;
  for (const stored of storedValues(value)) {
    if (!ts.isIdentifier(stored) && !ts.isPropertyAccessExpression(stored)) continue;
    for (const referenced of c.nodesOfSymbol(c.symbolOfExpression(stored), REFERENCE_TARGET_KINDS)) {
      if (isAccessor(referenced)) continue;
      for (const holder of holders) {
        if (holder !== referenced && !isAccessor(holder))
          c.addEdge("REFERENCES", holder, referenced, c.siteLine(stored));
      }
    }
  }
}

/** How an accessor property is used where it is named: read (getter), written (setter), or both (`+=`, `++`). */
function accessorUse(expression: ts.Expression): { readonly get: boolean; readonly set: boolean } {
  let current: ts.Node = expression;
  while (ts.isParenthesizedExpression(current.parent) || ts.isNonNullExpression(current.parent))
    current = current.parent;
  const parent = current.parent;
  if (ts.isBinaryExpression(parent) && parent.left === current) {
    const operator = parent.operatorToken.kind;
    if (operator === ts.SyntaxKind.EqualsToken) return { get: false, set: true };
    if (operator >= ts.SyntaxKind.FirstCompoundAssignment && operator <= ts.SyntaxKind.LastCompoundAssignment)
      return { get: true, set: true };
  }
  if (
    (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
    (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)
  ) {
    return { get: true, set: true };
  }
  if (ts.isDeleteExpression(parent)) return { get: false, set: false };
  return { get: true, set: false };
}

/** Reading an accessor property calls its getter; writing it calls its setter. */
export function recordAccessorUse(
  c: EdgeCollector,
  expression: ts.PropertyAccessExpression | ts.ElementAccessExpression,
  owner: ExtractedNode,
): void {
  const name = accessedName(expression);
  if (name === undefined || !c.context.mayNameAccessor(name)) return;
  const symbol = c.symbolOfExpression(expression);
  if (symbol === undefined || (c.resolveAlias(symbol).flags & ts.SymbolFlags.Accessor) === 0) return;
  const use = accessorUse(expression);
  for (const target of c.nodesOfSymbol(symbol, CALL_TARGET_KINDS)) {
    const wanted = (use.get && target.modifiers.includes("get")) || (use.set && target.modifiers.includes("set"));
    if (wanted) c.addEdge("CALLS", owner, target, c.siteLine(expression), callReceiver(c, expression, symbol, target));
  }
}

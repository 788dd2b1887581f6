import { ts } from "../../../engine/ts6/typescript6.js";
import type { PortSymbol } from "../checker-port.js";
import {
  DYNAMIC_CALL_EXPRESSION_MAX,
  type ExtractedDynamicCall,
  type ExtractedNode,
} from "../../../model/extracted.js";
import type { EdgeKind, NodeKind } from "../../../model/graph-kinds.js";
import { skipOuterExpressions } from "../declaration-text.js";
import { callReceiver, libraryCallReceiver } from "./call-receivers.js";
import { isAccessor, type EdgeCollector } from "./edge-collector.js";
import { CALL_TARGET_KINDS } from "./edge-target-kinds.js";

const NEW_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Class", "Function", "Variable", "Property"]);
const RENDER_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Function", "Class", "Variable", "Method"]);

/** The callee as written, on one line, cut to DYNAMIC_CALL_EXPRESSION_MAX characters. */
export function calleeText(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length <= DYNAMIC_CALL_EXPRESSION_MAX
    ? oneLine
    : `${oneLine.slice(0, DYNAMIC_CALL_EXPRESSION_MAX - 1)}…`;
}

/** The order of FileEdges.dynamicCalls: by source, line and expression. */
export function compareDynamicCalls(a: ExtractedDynamicCall, b: ExtractedDynamicCall): number {
  return a.source < b.source
    ? -1
    : a.source > b.source
      ? 1
      : a.line - b.line || (a.expression < b.expression ? -1 : a.expression > b.expression ? 1 : 0);
}

/**
 * A call: CALLS to the nodes its callee names (never an accessor: reading one is the call, recordAccessorUse),
 * else a dynamic call site (isDynamicCallee), else CALLS to the library members it calls.
 */
export function recordCall(c: EdgeCollector, call: ts.CallExpression, owner: ExtractedNode): void {
  const callee = skipOuterExpressions(call.expression);
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return;
  if (callee.kind === ts.SyntaxKind.SuperKeyword) {
    recordSuperCall(c, call, owner);
    return;
  }
  const symbol = c.symbolOfExpression(callee);
  const targets = c.nodesOfSymbol(symbol, CALL_TARGET_KINDS);
  for (const target of targets) {
    if (!isAccessor(target) && symbol !== undefined)
      c.addEdge("CALLS", owner, target, c.siteLine(callee), callReceiver(c, callee, symbol, target));
  }
  if (targets.length > 0) return;
  if (isDynamicCallee(c, callee, symbol)) {
    c.dynamicCalls.push({
      source: owner.key,
      line: c.siteLine(callee),
      expression: calleeText(call.expression.getText(c.sourceFile)),
    });
    return;
  }
  if (symbol !== undefined) {
    const externals = c.context.externalMemberKeys(c.resolveAlias(symbol));
    const receiver = externals.length === 0 ? undefined : libraryCallReceiver(c, callee, symbol);
    for (const external of externals) c.addExternalEdge("CALLS", owner, external, c.siteLine(callee), receiver);
  }
}

/**
 * Whether a callee that resolved to no node has no static target at all: it has no symbol (a call result,
 * `fns[i]`, an `any` receiver), or every declaration of its symbol is in an indexed file without being a
 * node (a parameter, a local, a member of an inline type). A function or arrow written in place (an IIFE)
 * is its own target, and a symbol declared in lib or node_modules (`fetch`, `console.log`, a package
 * function), or an import that does not resolve, is external: none of these is dynamic.
 */
function isDynamicCallee(c: EdgeCollector, callee: ts.Expression, symbol: PortSymbol | undefined): boolean {
  if (ts.isFunctionExpression(callee) || ts.isArrowFunction(callee)) return false;
  if (symbol === undefined) return true;
  const resolved = c.resolveAlias(symbol);
  if ((resolved.flags & ts.SymbolFlags.Alias) !== 0) return false;
  return (resolved.declarations ?? []).every(
    (declaration) => c.context.indexedPathOf(declaration.getSourceFile().fileName) !== undefined,
  );
}

/** `super(…)` calls the base class's constructor, or, when it declares none, the base class itself. */
function recordSuperCall(c: EdgeCollector, call: ts.CallExpression, owner: ExtractedNode): void {
  const declaration = c.checker.getResolvedSignature(call)?.declaration;
  const constructorNode = declaration === undefined ? undefined : c.nodeForDeclaration(declaration);
  if (constructorNode !== undefined) {
    c.addEdge("CALLS", owner, constructorNode, c.line(call));
    return;
  }
  const classDeclaration = ts.findAncestor(call, ts.isClassLike);
  const baseClause = classDeclaration?.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
  const baseExpression = baseClause?.types[0]?.expression;
  if (baseExpression === undefined) return;
  for (const target of c.nodesOfSymbol(c.symbolOfExpression(baseExpression), NEW_TARGET_KINDS)) {
    c.addEdge("CALLS", owner, target, c.line(call));
  }
}

function recordTargets(
  c: EdgeCollector,
  kind: EdgeKind,
  expression: ts.Expression,
  kinds: ReadonlySet<NodeKind>,
  owner: ExtractedNode,
): void {
  for (const target of c.nodesOfSymbol(c.symbolOfExpression(expression), kinds))
    c.addEdge(kind, owner, target, c.siteLine(expression));
}

/** A tagged template calls its tag; a decorator written without a call (`@sealed`) calls the decorator. */
export function recordCallOf(c: EdgeCollector, callee: ts.Expression, owner: ExtractedNode): void {
  recordTargets(c, "CALLS", callee, CALL_TARGET_KINDS, owner);
}

/** `new X()`; `new this()` in a static member constructs the class it is written in (or a subclass). */
export function recordNew(c: EdgeCollector, expression: ts.NewExpression, owner: ExtractedNode): void {
  const constructed = skipOuterExpressions(expression.expression);
  if (constructed.kind === ts.SyntaxKind.ThisKeyword) {
    const member = ts.findAncestor(
      expression.parent,
      (ancestor) => ts.isClassElement(ancestor) || (ts.isFunctionLike(ancestor) && !ts.isArrowFunction(ancestor)),
    );
    const classNode =
      member !== undefined && ts.isClassLike(member.parent) ? c.declarations.nodeOf.get(member.parent) : undefined;
    if (classNode !== undefined) c.addEdge("INSTANTIATES", owner, classNode, c.siteLine(constructed));
    return;
  }
  recordTargets(c, "INSTANTIATES", expression.expression, NEW_TARGET_KINDS, owner);
}

/**
 * A JSX element renders its component (a tag starting with a lower-case letter is an intrinsic element), and the
 * component a wrapped one wraps (wrappedComponents).
 */
export function recordJsx(c: EdgeCollector, element: ts.JsxOpeningLikeElement, owner: ExtractedNode): void {
  const tag = element.tagName;
  if (ts.isIdentifier(tag) && /^[a-z]/.test(tag.text)) return;
  if (ts.isJsxNamespacedName(tag)) return;
  const line = c.siteLine(tag as ts.Expression);
  const symbol = c.symbolOfExpression(tag as ts.Expression);
  for (const target of c.nodesOfSymbol(symbol, RENDER_TARGET_KINDS)) c.addEdge("RENDERS", owner, target, line);
  for (const target of wrappedComponents(c, symbol)) c.addEdge("RENDERS", owner, target, line);
}

/** How many wrappers deep a component is looked for (`memo(forwardRef(withTheme(Layer)))` is three). */
const MAX_WRAPPERS = 4;

/**
 * The components a wrapped component value renders: the function, class or value named by the first argument of
 * the call that makes it (`const Layer = memo(LayerImpl)`, `export default memo(Layer)`, `forwardRef(Render)`, a
 * higher-order component `withTheme(Layer)` or `connect(mapState)(Layer)`), through nested wrappers and
 * wrapped values bound to a name. A function written in place (`forwardRef((props, ref) => …)`) belongs to the
 * value's own node, which the element already renders.
 */
function wrappedComponents(c: EdgeCollector, symbol: PortSymbol | undefined): ExtractedNode[] {
  const found: ExtractedNode[] = [];
  const seen = new Set<PortSymbol>();
  const visit = (value: PortSymbol | undefined, depth: number): void => {
    if (value === undefined || depth > MAX_WRAPPERS) return;
    const resolved = c.resolveAlias(value);
    if (seen.has(resolved)) return;
    seen.add(resolved);
    for (const declaration of resolved.declarations ?? []) {
      let argument = wrapperArgument(declaration);
      for (let inner = 0; argument !== undefined && ts.isCallExpression(argument) && inner < MAX_WRAPPERS; inner += 1) {
        argument = firstArgument(argument);
      }
      if (argument === undefined || ts.isCallExpression(argument)) continue;
      const wrapped = c.symbolOfExpression(argument);
      for (const node of c.nodesOfSymbol(wrapped, RENDER_TARGET_KINDS)) if (!found.includes(node)) found.push(node);
      visit(wrapped, depth + 1);
    }
  };
  visit(symbol, 0);
  return found;
}

/** The first argument of the call a `const` or an `export default` is made by, or undefined. */
function wrapperArgument(declaration: ts.Declaration): ts.Expression | undefined {
  const value = ts.isVariableDeclaration(declaration)
    ? declaration.initializer
    : ts.isExportAssignment(declaration)
      ? declaration.expression
      : undefined;
  const call = value === undefined ? undefined : skipOuterExpressions(value);
  return call !== undefined && ts.isCallExpression(call) ? firstArgument(call) : undefined;
}

function firstArgument(call: ts.CallExpression): ts.Expression | undefined {
  const argument = call.arguments[0];
  return argument === undefined ? undefined : skipOuterExpressions(argument);
}

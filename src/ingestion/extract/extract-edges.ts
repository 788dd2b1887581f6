import { ts } from "ts-morph";
import {
  DYNAMIC_CALL_EXPRESSION_MAX,
  type ExtractedDynamicCall,
  type ExtractedEdge,
  type ExtractedExternalEdge,
  type ExtractedNode,
  type ExternalImport,
} from "../../model/extracted.js";
import type { EdgeKind, NodeKind } from "../../model/graph-kinds.js";
import { fileKey, type ExternalKey } from "../../model/node-key.js";
import { declaredArgumentType } from "./declared-argument-type.js";
import type { ExternalMemberKeys } from "./external-members.js";
import type { FileDeclarations } from "./extract-declarations.js";
import { lineOf, skipOuterExpressions } from "./declaration-text.js";
import { isStoringAssignment, outerExpression, storedValues, valueUseOf } from "./value-use.js";

/** What edge extraction needs to know beyond the file itself. */
export interface EdgeContext {
  readonly checker: ts.TypeChecker;
  /** Declarations of an indexed file; undefined for files outside the index (node_modules, lib, excluded). */
  declarationsOf(sourceFile: ts.SourceFile): FileDeclarations | undefined;
  /** Relative path of an indexed file by absolute file name; undefined if the file is not indexed. */
  indexedPathOf(fileName: string): string | undefined;
  /** Resolves a module specifier when the checker has no symbol for it (a side-effect import of a script). */
  resolveModuleFileName(specifier: string, containingFile: string): string | undefined;
  /**
   * Whether an accessor node may have this name (member-names.ts). A property use whose name no
   * accessor has cannot call one, so the checker is not asked for its symbol.
   */
  mayNameAccessor(name: string): boolean;
  /**
   * Whether a method or property node may have this name (member-names.ts). An object-literal key or a
   * destructured name that no member node has cannot read one, so its literal's type is not computed.
   */
  mayNameMember(name: string): boolean;
  /** Keys of a method or property declared only in lib or node_modules, and of those it overrides (external-members.ts). */
  readonly externalMemberKeys: ExternalMemberKeys;
}

export interface FileEdges {
  readonly edges: readonly ExtractedEdge[];
  /** Calls of library members, and members that override or implement one. */
  readonly externalEdges: readonly ExtractedExternalEdge[];
  readonly externalImports: readonly ExternalImport[];
  /** Call sites with no static target (see isDynamicCallee), sorted by source, line and expression. */
  readonly dynamicCalls: readonly ExtractedDynamicCall[];
}

const CALL_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>([
  "Function",
  "Method",
  "Constructor",
  "Class",
  "Variable",
  "Property",
]);
const NEW_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Class", "Function", "Variable", "Property"]);
const RENDER_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Function", "Class", "Variable", "Method"]);
/** A use of these as a value passes or stores code that may run later (REFERENCES, ADR 0003). */
const REFERENCE_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Function", "Method", "Class"]);
/** Any declaration whose value a use may read (READS for those that are not REFERENCE_TARGET_KINDS, ADR 0009). */
const VALUE_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Function", "Method", "Class", "Variable", "Property", "Enum", "Namespace"]);
/** What an assignment can store a function in, for a later call (`this.getPath = getPath`, `this.m = this.m.bind(this)`). */
const STORE_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Variable", "Property", "Method"]);
const TYPE_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Class", "Interface", "TypeAlias", "Enum"]);
/** A namespace that qualifies a type name (`Brand.BrandErrors`), or an enum naming a member's type (`Kind.ZodString`). */
const QUALIFIER_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Namespace", "Enum"]);
const HERITAGE_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Class", "Interface", "TypeAlias"]);
/** What a class may extend that holds a class rather than declaring one (`extends Data.Class<…>`). */
const HELD_CLASS_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Variable", "Property"]);
const MEMBER_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Method", "Property"]);

/** Node kinds that own the calls made inside them. */
const CALL_OWNER_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>([
  "File",
  "Function",
  "Method",
  "Constructor",
  "Class",
  "Variable",
  "Property",
  "Namespace",
]);

/** Package name of a bare module specifier (`@scope/pkg/sub` → `@scope/pkg`); undefined for a relative one. */
export function packageNameOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/")) return undefined;
  if (specifier.startsWith("node:")) return specifier;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function isFunctionLikeWithBody(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return ts.isFunctionLike(node) && "body" in node;
}

/** Whether child is the body or the initializer of parent: code that runs, not a signature. */
function isBodyOrInitializer(parent: ts.Node, child: ts.Node): boolean {
  if (isFunctionLikeWithBody(parent) && parent.body === child) return true;
  if (ts.isClassStaticBlockDeclaration(parent)) return true;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isPropertyAssignment(parent)) &&
    parent.initializer === child
  ) {
    return true;
  }
  return false;
}

/** The property a use names: `b` in `a.b` and `a["b"]`; undefined for a computed `a[k]`. */
function accessedName(expression: ts.PropertyAccessExpression | ts.ElementAccessExpression): string | undefined {
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return ts.isStringLiteralLike(expression.argumentExpression) ? expression.argumentExpression.text : undefined;
}

/** The member name a key or a binding names: an identifier's, a string's or a number's text; undefined for a computed name. */
function propertyNameText(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

/** Whether an expression is written as a literal, a name or `a.b` (what a discriminant's value usually is). */
function mayBeUnit(expression: ts.Expression): boolean {
  const inner = skipOuterExpressions(expression);
  return ts.isLiteralExpression(inner) || ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner) || inner.kind === ts.SyntaxKind.TrueKeyword || inner.kind === ts.SyntaxKind.FalseKeyword || ts.isPrefixUnaryExpression(inner);
}

/** The callee as written, on one line, cut to DYNAMIC_CALL_EXPRESSION_MAX characters. */
export function calleeText(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length <= DYNAMIC_CALL_EXPRESSION_MAX ? oneLine : `${oneLine.slice(0, DYNAMIC_CALL_EXPRESSION_MAX - 1)}…`;
}

function compareDynamicCalls(a: ExtractedDynamicCall, b: ExtractedDynamicCall): number {
  return a.source < b.source ? -1 : a.source > b.source ? 1 : a.line - b.line || (a.expression < b.expression ? -1 : a.expression > b.expression ? 1 : 0);
}

export function extractEdges(sourceFile: ts.SourceFile, declarations: FileDeclarations, context: EdgeContext): FileEdges {
  const { checker } = context;
  const fileNode = declarations.nodes[0];
  if (fileNode === undefined) throw new Error(`no file node for ${sourceFile.fileName}`);

  const edges = new Map<string, { kind: EdgeKind; source: ExtractedNode; target: ExtractedNode; lines: number[] }>();
  const imports = new Map<string, { names: Set<string>; typeOnly: boolean }>();
  const externalImports = new Map<string, ExternalImport>();
  const externalEdges = new Map<string, { kind: ExtractedExternalEdge["kind"]; source: ExtractedNode; target: ExternalKey; lines: number[] }>();
  const dynamicCalls: ExtractedDynamicCall[] = [];
  const literalTypes = new Map<ts.ObjectLiteralExpression, readonly ts.Type[]>();

  /** One entry per (kind, source, target), collecting the line of every site. */
  function addSite<T extends { readonly lines: number[] }>(into: Map<string, T>, id: string, entry: () => T, line: number | undefined): void {
    let edge = into.get(id);
    if (edge === undefined) {
      edge = entry();
      into.set(id, edge);
    }
    if (line !== undefined) edge.lines.push(line);
  }

  function addExternalEdge(kind: ExtractedExternalEdge["kind"], source: ExtractedNode, target: ExternalKey, line: number | undefined): void {
    addSite(externalEdges, `${kind}\u0000${source.key}\u0000${target}`, () => ({ kind, source, target, lines: [] }), line);
  }

  function addEdge(kind: EdgeKind, source: ExtractedNode, target: ExtractedNode, line: number | undefined): void {
    addSite(edges, `${kind}\u0000${source.key}\u0000${target.key}`, () => ({ kind, source, target, lines: [] }), line);
  }

  function nodeForDeclaration(declaration: ts.Node): ExtractedNode | undefined {
    const owner = declaration.getSourceFile();
    return context.declarationsOf(owner)?.nodeOf.get(declaration);
  }

  function resolveAlias(symbol: ts.Symbol): ts.Symbol {
    if ((symbol.flags & ts.SymbolFlags.Alias) === 0) return symbol;
    const aliased = checker.getAliasedSymbol(symbol);
    return aliased.declarations === undefined ? symbol : aliased;
  }

  function nodesOfSymbol(symbol: ts.Symbol | undefined, kinds: ReadonlySet<NodeKind>): ExtractedNode[] {
    if (symbol === undefined) return [];
    const resolved = resolveAlias(symbol);
    const found: ExtractedNode[] = [];
    for (const declaration of resolved.declarations ?? []) {
      const node = nodeForDeclaration(declaration);
      if (node !== undefined && kinds.has(node.kind) && !found.includes(node)) found.push(node);
    }
    return found;
  }

  /** The name whose symbol is the thing invoked, rendered or referenced. */
  function symbolOfExpression(expression: ts.Expression): ts.Symbol | undefined {
    const target = skipOuterExpressions(expression);
    if (ts.isIdentifier(target)) return checker.getSymbolAtLocation(target);
    if (ts.isPropertyAccessExpression(target)) return checker.getSymbolAtLocation(target.name);
    if (ts.isElementAccessExpression(target) && ts.isStringLiteralLike(target.argumentExpression)) {
      return checker.getSymbolAtLocation(target.argumentExpression);
    }
    return undefined;
  }

  function line(node: ts.Node): number {
    return lineOf(sourceFile, node.getStart(sourceFile));
  }

  /**
   * The line a site is recorded at: where the callee is named (`.m` of a call spread over several lines,
   * the class of `new`, the tag of a template or JSX element), as the compiler's call hierarchy reports it.
   */
  function siteLine(expression: ts.Expression): number {
    const target = skipOuterExpressions(expression);
    if (ts.isPropertyAccessExpression(target)) return line(target.name);
    if (ts.isElementAccessExpression(target)) return line(target.argumentExpression);
    return line(target);
  }

  // ---- calls, instantiations, renders, references --------------------------------------------

  function recordCall(call: ts.CallExpression, owner: ExtractedNode): void {
    const callee = skipOuterExpressions(call.expression);
    if (callee.kind === ts.SyntaxKind.ImportKeyword) return;
    if (callee.kind === ts.SyntaxKind.SuperKeyword) {
      recordSuperCall(call, owner);
      return;
    }
    const symbol = symbolOfExpression(callee);
    const targets = nodesOfSymbol(symbol, CALL_TARGET_KINDS);
    for (const target of targets) {
      if (!isAccessor(target)) addEdge("CALLS", owner, target, siteLine(callee));
    }
    if (targets.length > 0) return;
    if (isDynamicCallee(callee, symbol)) {
      dynamicCalls.push({ source: owner.key, line: siteLine(callee), expression: calleeText(call.expression.getText(sourceFile)) });
      return;
    }
    if (symbol !== undefined) {
      for (const external of context.externalMemberKeys(resolveAlias(symbol))) addExternalEdge("CALLS", owner, external, siteLine(callee));
    }
  }

  /**
   * Whether a callee that resolved to no node has no static target at all: it has no symbol (a call result,
   * `fns[i]`, an `any` receiver), or every declaration of its symbol is in an indexed file without being a
   * node (a parameter, a local, a member of an inline type). A function or arrow written in place (an IIFE)
   * is its own target, and a symbol declared in lib or node_modules (`fetch`, `console.log`, a package
   * function), or an import that does not resolve, is external: none of these is dynamic.
   */
  function isDynamicCallee(callee: ts.Expression, symbol: ts.Symbol | undefined): boolean {
    if (ts.isFunctionExpression(callee) || ts.isArrowFunction(callee)) return false;
    if (symbol === undefined) return true;
    const resolved = resolveAlias(symbol);
    if ((resolved.flags & ts.SymbolFlags.Alias) !== 0) return false;
    return (resolved.declarations ?? []).every((declaration) => context.indexedPathOf(declaration.getSourceFile().fileName) !== undefined);
  }

  function recordSuperCall(call: ts.CallExpression, owner: ExtractedNode): void {
    const declaration = checker.getResolvedSignature(call)?.declaration;
    const constructorNode = declaration === undefined ? undefined : nodeForDeclaration(declaration);
    if (constructorNode !== undefined) {
      addEdge("CALLS", owner, constructorNode, line(call));
      return;
    }
    const classDeclaration = ts.findAncestor(call, ts.isClassLike);
    const baseClause = classDeclaration?.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
    const baseExpression = baseClause?.types[0]?.expression;
    if (baseExpression === undefined) return;
    for (const target of nodesOfSymbol(symbolOfExpression(baseExpression), NEW_TARGET_KINDS)) {
      addEdge("CALLS", owner, target, line(call));
    }
  }

  function recordTargets(kind: EdgeKind, expression: ts.Expression, kinds: ReadonlySet<NodeKind>, owner: ExtractedNode, at: ts.Expression): void {
    for (const target of nodesOfSymbol(symbolOfExpression(expression), kinds)) addEdge(kind, owner, target, siteLine(at));
  }

  /** `new X()`; `new this()` in a static member constructs the class it is written in (or a subclass). */
  function recordNew(expression: ts.NewExpression, owner: ExtractedNode): void {
    const constructed = skipOuterExpressions(expression.expression);
    if (constructed.kind === ts.SyntaxKind.ThisKeyword) {
      const member = ts.findAncestor(expression.parent, (ancestor) => ts.isClassElement(ancestor) || (ts.isFunctionLike(ancestor) && !ts.isArrowFunction(ancestor)));
      const classNode = member !== undefined && ts.isClassLike(member.parent) ? declarations.nodeOf.get(member.parent) : undefined;
      if (classNode !== undefined) addEdge("INSTANTIATES", owner, classNode, siteLine(constructed));
      return;
    }
    recordTargets("INSTANTIATES", expression.expression, NEW_TARGET_KINDS, owner, expression.expression);
  }

  function recordJsx(element: ts.JsxOpeningLikeElement, owner: ExtractedNode): void {
    const tag = element.tagName;
    if (ts.isIdentifier(tag) && /^[a-z]/.test(tag.text)) return;
    if (ts.isJsxNamespacedName(tag)) return;
    recordTargets("RENDERS", tag as ts.Expression, RENDER_TARGET_KINDS, owner, tag as ts.Expression);
  }

  /** Reading an accessor runs it; it does not pass a function around. */
  function isAccessor(node: ExtractedNode): boolean {
    return node.modifiers.includes("get") || node.modifiers.includes("set");
  }

  /**
   * A read of a declaration's value (ADR 0009): a Function, Method or Class used as a value is REFERENCES
   * (code passed or stored, which may run later), anything else read (a variable, a property, an enum, a
   * namespace), or a callable used only as the receiver of a member, is READS. Accessors are CALLS
   * (recordAccessorUse); a declaration never reads itself.
   */
  function recordValueUse(expression: ts.Identifier | ts.PropertyAccessExpression | ts.ElementAccessExpression, owner: ExtractedNode): void {
    const use = valueUseOf(expression);
    if (use === undefined) return;
    for (const target of nodesOfSymbol(symbolOfExpression(expression), VALUE_TARGET_KINDS)) {
      if (isAccessor(target)) continue;
      const kind: EdgeKind = use === "value" && REFERENCE_TARGET_KINDS.has(target.kind) ? "REFERENCES" : "READS";
      if (kind === "READS" && target === owner) continue;
      addEdge(kind, owner, target, siteLine(expression));
    }
  }

  /**
   * A function or class stored in a variable or property (`this.getPath = options.getPath ?? getPath`) is
   * referenced by that variable or property too, so that the calls through it (`this.getPath()`) reach it.
   */
  function recordStore(target: ts.Expression, value: ts.Expression): void {
    const store = skipOuterExpressions(target);
    if (!ts.isIdentifier(store) && !ts.isPropertyAccessExpression(store)) return;
    const holders = nodesOfSymbol(symbolOfExpression(store), STORE_KINDS);
    if (holders.length === 0) return;
    for (const stored of storedValues(value)) {
      if (!ts.isIdentifier(stored) && !ts.isPropertyAccessExpression(stored)) continue;
      for (const referenced of nodesOfSymbol(symbolOfExpression(stored), REFERENCE_TARGET_KINDS)) {
        if (isAccessor(referenced)) continue;
        for (const holder of holders) {
          if (holder !== referenced && !isAccessor(holder)) addEdge("REFERENCES", holder, referenced, siteLine(stored));
        }
      }
    }
  }

  /** How an accessor property is used where it is named: read (getter), written (setter), or both (`+=`, `++`). */
  function accessorUse(expression: ts.Expression): { readonly get: boolean; readonly set: boolean } {
    let current: ts.Node = expression;
    while (ts.isParenthesizedExpression(current.parent) || ts.isNonNullExpression(current.parent)) current = current.parent;
    const parent = current.parent;
    if (ts.isBinaryExpression(parent) && parent.left === current) {
      const operator = parent.operatorToken.kind;
      if (operator === ts.SyntaxKind.EqualsToken) return { get: false, set: true };
      if (operator >= ts.SyntaxKind.FirstCompoundAssignment && operator <= ts.SyntaxKind.LastCompoundAssignment) return { get: true, set: true };
    }
    if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
      (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) {
      return { get: true, set: true };
    }
    if (ts.isDeleteExpression(parent)) return { get: false, set: false };
    return { get: true, set: false };
  }

  /** Reading an accessor property calls its getter; writing it calls its setter. */
  function recordAccessorUse(expression: ts.PropertyAccessExpression | ts.ElementAccessExpression, owner: ExtractedNode): void {
    const name = accessedName(expression);
    if (name === undefined || !context.mayNameAccessor(name)) return;
    const symbol = symbolOfExpression(expression);
    if (symbol === undefined || (resolveAlias(symbol).flags & ts.SymbolFlags.Accessor) === 0) return;
    const use = accessorUse(expression);
    for (const target of nodesOfSymbol(symbol, CALL_TARGET_KINDS)) {
      const wanted = (use.get && target.modifiers.includes("get")) || (use.set && target.modifiers.includes("set"));
      if (wanted) addEdge("CALLS", owner, target, siteLine(expression));
    }
  }

  function recordOverride(memberNode: ExtractedNode, type: ts.Type, name: string): void {
    const base = checker.getPropertyOfType(type, name);
    const targets = nodesOfSymbol(base, MEMBER_KINDS);
    for (const target of targets) {
      if (target !== memberNode) addEdge("OVERRIDES", memberNode, target, undefined);
    }
    if (targets.length === 0 && base !== undefined) {
      for (const external of context.externalMemberKeys(base)) addExternalEdge("OVERRIDES", memberNode, external, undefined);
    }
  }

  /**
   * A member overrides (or implements) the same-named member of every type its container extends or
   * implements; a method of an object literal implements the same-named member of the literal's contextual
   * type (`const clock: Clock = { now() {…} }`).
   */
  function recordOverrides(member: ts.Node, memberNode: ExtractedNode): void {
    const container = member.parent;
    if (container === undefined) return;
    if (!(ts.isClassElement(member) || ts.isTypeElement(member) || ts.isObjectLiteralElementLike(member)) || member.name === undefined) return;
    if (ts.canHaveModifiers(member) && ts.getModifiers(member)?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword)) return;
    const symbol = checker.getSymbolAtLocation(member.name);
    if (symbol === undefined) return;
    if (ts.isObjectLiteralExpression(container)) {
      const contextual = checker.getContextualType(container);
      if (contextual === undefined) return;
      for (const type of contextual.isUnion() ? contextual.types : [contextual]) recordOverride(memberNode, type, symbol.name);
      return;
    }
    if (!(ts.isClassLike(container) || ts.isInterfaceDeclaration(container))) return;
    for (const clause of container.heritageClauses ?? []) {
      for (const type of clause.types) recordOverride(memberNode, checker.getTypeAtLocation(type), symbol.name);
    }
  }

  /**
   * A class that implements an interface with a member it inherits from a base (`class A extends Base
   * implements I`, where Base declares `m` without implementing I): the inherited member implements `I.m` as
   * seen through A, so it gets the OVERRIDES edge its own declaration cannot have (written by A's file). The
   * members that override it below reach `I.m` through it.
   */
  function recordInheritedImplementations(declaration: ts.ClassLikeDeclaration): void {
    const implemented = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ImplementsKeyword);
    const extended = declaration.heritageClauses?.some((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword);
    if (implemented === undefined || extended !== true) return;
    const classSymbol = declaration.name === undefined ? checker.getSymbolAtLocation(declaration) : checker.getSymbolAtLocation(declaration.name);
    const classType = classSymbol === undefined ? undefined : checker.getDeclaredTypeOfSymbol(classSymbol);
    if (classType === undefined) return;
    for (const typeNode of implemented.types) {
      for (const wanted of checker.getPropertiesOfType(checker.getTypeAtLocation(typeNode))) {
        const found = checker.getPropertyOfType(classType, wanted.name);
        if (found === undefined || found.declarations?.some((member) => member.parent === declaration)) continue;
        for (const inherited of nodesOfSymbol(found, MEMBER_KINDS)) recordOverride(inherited, checker.getTypeAtLocation(typeNode), wanted.name);
      }
    }
  }

  function recordShorthandReference(property: ts.ShorthandPropertyAssignment, owner: ExtractedNode): void {
    const symbol = checker.getShorthandAssignmentValueSymbol(property);
    for (const target of nodesOfSymbol(symbol, VALUE_TARGET_KINDS)) {
      if (isAccessor(target) || target === owner) continue;
      addEdge(REFERENCE_TARGET_KINDS.has(target.kind) ? "REFERENCES" : "READS", owner, target, line(property));
    }
  }

  /**
   * The types whose members an object literal's keys set: its contextual type (`go(d, { maxDepth: 2 })` sets
   * `Context.maxDepth`; for a call's argument, the parameter's declared type where that has the same members,
   * declared-argument-type.ts), or the assigned value's type in a destructuring assignment (`({ a } = value)`). Of a
   * union, the members its literal-valued keys do not rule out (`{ code: "too_big", … }` sets the `code` of
   * the issue whose `code` is "too_big"), as find-references has it.
   */
  function typesSetBy(literal: ts.ObjectLiteralExpression): readonly ts.Type[] {
    const known = literalTypes.get(literal);
    if (known !== undefined) return known;
    const parent = outerExpression(literal).parent;
    const assigned = ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.left === outerExpression(literal);
    const type = assigned ? checker.getTypeAtLocation(parent.right) : (declaredArgumentType(checker, literal) ?? checker.getContextualType(literal));
    const types = type === undefined ? [] : type.isUnion() ? discriminated(literal, type.types) : [type];
    literalTypes.set(literal, types);
    return types;
  }

  function discriminated(literal: ts.ObjectLiteralExpression, members: readonly ts.Type[]): readonly ts.Type[] {
    const discriminants = literal.properties.flatMap((property) => {
      // Only a value written as a literal or a name (`"too_big"`, `Code.TooBig`) can have a unit type worth
      // asking for; the type of any other value (a function, a call) is not computed for this.
      if (!ts.isPropertyAssignment(property) || !mayBeUnit(property.initializer)) return [];
      const key = propertyNameText(property.name);
      const value = checker.getTypeAtLocation(property.initializer);
      return key !== undefined && (value.isLiteral() || (value.flags & ts.TypeFlags.BooleanLiteral) !== 0) ? [{ key, value }] : [];
    });
    if (discriminants.length === 0) return members;
    const allowed = members.filter((member) =>
      discriminants.every(({ key, value }) => {
        const property = checker.getPropertyOfType(member, key);
        return property === undefined || checker.isTypeAssignableTo(value, checker.getTypeOfSymbolAtLocation(property, literal));
      }),
    );
    return allowed.length > 0 ? allowed : members;
  }

  /**
   * A key of an object literal sets the member of the literal's type it names (`{ maxDepth: 2 }`, `{ path }`):
   * READS of that member, as a write is. Members of a literal that are nodes themselves OVERRIDES it instead.
   */
  function recordKeyUse(element: ts.ObjectLiteralElementLike, owner: ExtractedNode): void {
    if (element.name === undefined || !ts.isObjectLiteralExpression(element.parent)) return;
    const name = propertyNameText(element.name);
    if (name === undefined || !context.mayNameMember(name)) return;
    for (const type of typesSetBy(element.parent)) recordMemberUse(checker.getPropertyOfType(type, name), owner, element.name);
  }

  /** A destructured name reads the member of the destructured type it names (`const { a } = obj`, `({ a }: T) =>`). */
  function recordBindingKey(element: ts.BindingElement, owner: ExtractedNode): void {
    if (!ts.isObjectBindingPattern(element.parent) || element.dotDotDotToken !== undefined) return;
    const key = element.propertyName ?? element.name;
    const name = ts.isObjectBindingPattern(key) || ts.isArrayBindingPattern(key) ? undefined : propertyNameText(key);
    if (name === undefined || !context.mayNameMember(name)) return;
    recordMemberUse(checker.getPropertyOfType(checker.getTypeAtLocation(element.parent), name), owner, key);
  }

  function recordMemberUse(member: ts.Symbol | undefined, owner: ExtractedNode, at: ts.Node): void {
    for (const target of nodesOfSymbol(member, MEMBER_KINDS)) {
      if (target !== owner) addEdge("READS", owner, target, line(at));
    }
  }

  // ---- types and heritage ------------------------------------------------------------------

  /** `T["k"]` names the member `k` of `T`: USES_TYPE of it. */
  function recordIndexedAccess(type: ts.IndexedAccessTypeNode, owner: ExtractedNode): void {
    const index = type.indexType;
    if (!ts.isLiteralTypeNode(index) || !(ts.isStringLiteral(index.literal) || ts.isNumericLiteral(index.literal))) return;
    for (const target of nodesOfSymbol(checker.getSymbolAtLocation(index.literal), MEMBER_KINDS)) {
      if (target !== owner) addEdge("USES_TYPE", owner, target, undefined);
    }
  }

  function recordTypeUse(reference: ts.TypeReferenceNode, owner: ExtractedNode): void {
    for (const target of nodesOfSymbol(checker.getSymbolAtLocation(reference.typeName), TYPE_TARGET_KINDS)) {
      if (target !== owner) addEdge("USES_TYPE", owner, target, undefined);
    }
    recordQualifiers(reference.typeName, owner);
  }

  /**
   * What qualifies a type name (`Brand` in `Brand.BrandErrors`: a namespace or an enum) or a `typeof` operand
   * (`typeof Scheduler.prototype.run`, `typeof Codes.invalid`: any value).
   */
  function recordQualifiers(name: ts.EntityName, owner: ExtractedNode, kinds: ReadonlySet<NodeKind> = QUALIFIER_KINDS): void {
    for (let qualifier = ts.isQualifiedName(name) ? name.left : undefined; qualifier !== undefined; qualifier = ts.isQualifiedName(qualifier) ? qualifier.left : undefined) {
      const symbol = checker.getSymbolAtLocation(ts.isQualifiedName(qualifier) ? qualifier.right : qualifier);
      for (const target of nodesOfSymbol(symbol, kinds)) {
        if (target !== owner) addEdge("USES_TYPE", owner, target, undefined);
      }
    }
  }

  /** The namespaces qualifying a type an `implements` or an interface's `extends` names (`Cause` in `Cause.Variance<R>`). */
  function recordHeritageQualifiers(expression: ts.Expression, owner: ExtractedNode): void {
    for (let qualifier = ts.isPropertyAccessExpression(expression) ? expression.expression : undefined; qualifier !== undefined; qualifier = ts.isPropertyAccessExpression(qualifier) ? qualifier.expression : undefined) {
      for (const target of nodesOfSymbol(symbolOfExpression(qualifier), QUALIFIER_KINDS)) {
        if (target !== owner) addEdge("USES_TYPE", owner, target, undefined);
      }
    }
  }

  /** `typeof x` in a type: the type of a value (a variable, a function, a class…) is part of the owner's type. */
  function recordTypeQuery(query: ts.TypeQueryNode, owner: ExtractedNode): void {
    const name = ts.isQualifiedName(query.exprName) ? query.exprName.right : query.exprName;
    for (const target of nodesOfSymbol(checker.getSymbolAtLocation(name), VALUE_TARGET_KINDS)) {
      if (target !== owner) addEdge("USES_TYPE", owner, target, undefined);
    }
    recordQualifiers(query.exprName, owner, VALUE_TARGET_KINDS);
  }

  /**
   * EXTENDS and IMPLEMENTS to the classes, interfaces and type aliases named, and USES_TYPE to the namespaces
   * qualifying them; a class's `extends` is evaluated (recordExtendedValue).
   */
  function recordHeritage(declaration: ts.ClassLikeDeclaration | ts.InterfaceDeclaration, owner: ExtractedNode): void {
    for (const clause of declaration.heritageClauses ?? []) {
      const kind: EdgeKind = clause.token === ts.SyntaxKind.ImplementsKeyword ? "IMPLEMENTS" : "EXTENDS";
      for (const type of clause.types) {
        for (const target of nodesOfSymbol(symbolOfExpression(type.expression), HERITAGE_TARGET_KINDS)) {
          if (target !== owner) addEdge(kind, owner, target, undefined);
        }
        if (kind !== "EXTENDS" || !ts.isClassLike(declaration)) recordHeritageQualifiers(type.expression, owner);
      }
    }
    if (ts.isClassLike(declaration)) recordExtendedValue(declaration, owner);
  }

  /**
   * A class extending a constant or property that holds a class (`extends Data.Class<…>`) reads it (READS),
   * since no class node stands for it: from the class, or from the owner of the code a class that is no node
   * is written in (`return class extends Base {…}`).
   */
  function recordExtendedValue(declaration: ts.ClassLikeDeclaration, owner: ExtractedNode): void {
    const extended = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    if (extended === undefined) return;
    for (const target of nodesOfSymbol(symbolOfExpression(extended), HELD_CLASS_KINDS)) {
      if (target !== owner) addEdge("READS", owner, target, siteLine(extended));
    }
  }

  // ---- imports -------------------------------------------------------------------------------

  function resolvedFileName(specifier: ts.StringLiteralLike): string | undefined {
    const symbol = checker.getSymbolAtLocation(specifier);
    const moduleFile = symbol?.declarations?.find(ts.isSourceFile);
    if (moduleFile !== undefined) return moduleFile.fileName;
    if (symbol?.declarations?.some(ts.isModuleDeclaration)) return undefined;
    return context.resolveModuleFileName(specifier.text, sourceFile.fileName);
  }

  function recordImport(specifier: ts.Expression | undefined, names: readonly string[], typeOnly: boolean): void {
    if (specifier === undefined || !ts.isStringLiteralLike(specifier)) return;
    const fileName = resolvedFileName(specifier);
    const indexedPath = fileName === undefined ? undefined : context.indexedPathOf(fileName);
    if (indexedPath !== undefined) {
      let entry = imports.get(indexedPath);
      if (entry === undefined) {
        entry = { names: new Set(), typeOnly: true };
        imports.set(indexedPath, entry);
      }
      for (const name of names) entry.names.add(name);
      entry.typeOnly &&= typeOnly;
      return;
    }
    const previous = externalImports.get(specifier.text);
    externalImports.set(specifier.text, {
      specifier: specifier.text,
      packageName: packageNameOf(specifier.text),
      resolved: fileName !== undefined,
      typeOnly: (previous?.typeOnly ?? true) && typeOnly,
    });
  }

  function recordImportDeclaration(declaration: ts.ImportDeclaration): void {
    const clause = declaration.importClause;
    if (clause === undefined) {
      recordImport(declaration.moduleSpecifier, [], false);
      return;
    }
    const names: string[] = [];
    let allTypeOnly = clause.isTypeOnly;
    let anyValue = false;
    if (clause.name) {
      names.push("default");
      anyValue = true;
    }
    const bindings = clause.namedBindings;
    if (bindings !== undefined && ts.isNamespaceImport(bindings)) {
      names.push("*");
      anyValue = true;
    } else if (bindings !== undefined) {
      for (const element of bindings.elements) {
        names.push((element.propertyName ?? element.name).text);
        if (!element.isTypeOnly) anyValue = true;
      }
      if (!anyValue && bindings.elements.length > 0) allTypeOnly = true;
    }
    recordImport(declaration.moduleSpecifier, names, allTypeOnly || !anyValue);
  }

  function recordExportDeclaration(declaration: ts.ExportDeclaration): void {
    if (declaration.moduleSpecifier === undefined) return;
    const clause = declaration.exportClause;
    if (clause === undefined || ts.isNamespaceExport(clause)) {
      recordImport(declaration.moduleSpecifier, ["*"], declaration.isTypeOnly);
      return;
    }
    const names = clause.elements.map((element) => (element.propertyName ?? element.name).text);
    const typeOnly = declaration.isTypeOnly || clause.elements.every((element) => element.isTypeOnly);
    recordImport(declaration.moduleSpecifier, names, typeOnly);
  }

  // ---- the walk ------------------------------------------------------------------------------

  /**
   * callOwner: the node that owns calls made here. typeOwner: the node whose signature is being read,
   * undefined inside bodies and initializers (where type references are not part of a signature).
   */
  function visit(node: ts.Node, callOwner: ExtractedNode, typeOwner: ExtractedNode | undefined): void {
    const graphNode = declarations.nodeOf.get(node);
    if (graphNode !== undefined && node !== sourceFile) {
      const decorators = ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined;
      for (const decorator of decorators ?? []) visitDecorator(decorator, callOwner);
      if (ts.isClassLike(node) || ts.isInterfaceDeclaration(node)) recordHeritage(node, graphNode);
      if (ts.isClassLike(node)) recordInheritedImplementations(node);
      if (MEMBER_KINDS.has(graphNode.kind)) recordOverrides(node, graphNode);
      if (ts.isBindingElement(node)) recordBindingKey(node, graphNode);
      const ownsCalls = CALL_OWNER_KINDS.has(graphNode.kind);
      const nextCallOwner = ownsCalls ? graphNode : callOwner;
      visitChildren(node, nextCallOwner, graphNode, decorators !== undefined);
      return;
    }
    switch (node.kind) {
      case ts.SyntaxKind.CallExpression:
        recordCall(node as ts.CallExpression, callOwner);
        break;
      case ts.SyntaxKind.NewExpression:
        recordNew(node as ts.NewExpression, callOwner);
        break;
      case ts.SyntaxKind.TaggedTemplateExpression:
        recordTargets("CALLS", (node as ts.TaggedTemplateExpression).tag, CALL_TARGET_KINDS, callOwner, (node as ts.TaggedTemplateExpression).tag);
        break;
      case ts.SyntaxKind.JsxOpeningElement:
      case ts.SyntaxKind.JsxSelfClosingElement:
        recordJsx(node as ts.JsxOpeningLikeElement, callOwner);
        break;
      case ts.SyntaxKind.Identifier:
        recordValueUse(node as ts.Identifier, typeOwner ?? callOwner);
        return;
      case ts.SyntaxKind.PropertyAccessExpression:
        recordAccessorUse(node as ts.PropertyAccessExpression, callOwner);
        recordValueUse(node as ts.PropertyAccessExpression, typeOwner ?? callOwner);
        break;
      case ts.SyntaxKind.BinaryExpression:
        if (isStoringAssignment(node as ts.BinaryExpression)) recordStore((node as ts.BinaryExpression).left, (node as ts.BinaryExpression).right);
        break;
      case ts.SyntaxKind.ElementAccessExpression:
        recordAccessorUse(node as ts.ElementAccessExpression, callOwner);
        if (ts.isStringLiteralLike((node as ts.ElementAccessExpression).argumentExpression)) recordValueUse(node as ts.ElementAccessExpression, typeOwner ?? callOwner);
        break;
      case ts.SyntaxKind.ShorthandPropertyAssignment:
        recordShorthandReference(node as ts.ShorthandPropertyAssignment, callOwner);
        recordKeyUse(node as ts.ShorthandPropertyAssignment, callOwner);
        break;
      case ts.SyntaxKind.PropertyAssignment:
      case ts.SyntaxKind.MethodDeclaration:
      case ts.SyntaxKind.GetAccessor:
      case ts.SyntaxKind.SetAccessor:
        recordKeyUse(node as ts.ObjectLiteralElementLike, callOwner);
        break;
      case ts.SyntaxKind.BindingElement:
        recordBindingKey(node as ts.BindingElement, callOwner);
        break;
      case ts.SyntaxKind.ClassExpression:
      case ts.SyntaxKind.ClassDeclaration:
        recordExtendedValue(node as ts.ClassLikeDeclaration, callOwner);
        break;
      case ts.SyntaxKind.IndexedAccessType:
        recordIndexedAccess(node as ts.IndexedAccessTypeNode, typeOwner ?? callOwner);
        break;
      case ts.SyntaxKind.TypeReference:
        recordTypeUse(node as ts.TypeReferenceNode, typeOwner ?? callOwner);
        break;
      case ts.SyntaxKind.TypeQuery:
        recordTypeQuery(node as ts.TypeQueryNode, typeOwner ?? callOwner);
        return;
      case ts.SyntaxKind.ImportDeclaration:
        recordImportDeclaration(node as ts.ImportDeclaration);
        return;
      case ts.SyntaxKind.ExportDeclaration:
        recordExportDeclaration(node as ts.ExportDeclaration);
        return;
      case ts.SyntaxKind.ImportEqualsDeclaration: {
        const reference = (node as ts.ImportEqualsDeclaration).moduleReference;
        if (ts.isExternalModuleReference(reference)) recordImport(reference.expression, ["*"], (node as ts.ImportEqualsDeclaration).isTypeOnly);
        return;
      }
      case ts.SyntaxKind.ImportType: {
        const argument = (node as ts.ImportTypeNode).argument;
        if (ts.isLiteralTypeNode(argument)) recordImport(argument.literal, ["*"], true);
        break;
      }
      case ts.SyntaxKind.Decorator:
        visitDecorator(node as ts.Decorator, callOwner);
        return;
      default:
        break;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      recordImport(node.arguments[0], ["*"], false);
    }
    visitChildren(node, callOwner, typeOwner, false);
  }

  function visitDecorator(decorator: ts.Decorator, owner: ExtractedNode): void {
    const expression = skipOuterExpressions(decorator.expression);
    if (!ts.isCallExpression(expression)) {
      recordTargets("CALLS", expression, CALL_TARGET_KINDS, owner, expression);
    }
    visitChildren(decorator, owner, undefined, false);
  }

  function visitChildren(
    node: ts.Node,
    callOwner: ExtractedNode,
    typeOwner: ExtractedNode | undefined,
    skipDecorators: boolean,
  ): void {
    ts.forEachChild(node, (child) => {
      if (skipDecorators && ts.isDecorator(child)) return;
      visit(child, callOwner, typeOwner !== undefined && isBodyOrInitializer(node, child) ? undefined : typeOwner);
    });
  }

  visitChildren(sourceFile, fileNode, fileNode, false);

  const result: ExtractedEdge[] = [...declarations.contains];
  for (const edge of edges.values()) {
    result.push({ kind: edge.kind, source: edge.source.key, target: edge.target.key, lines: edge.lines.sort((a, b) => a - b) });
  }
  for (const [path, entry] of imports) {
    if (path === declarations.nodes[0]?.qualifiedName) continue;
    result.push({
      kind: "IMPORTS",
      source: fileNode.key,
      target: fileKey(path),
      lines: [],
      names: [...entry.names].sort(),
      typeOnly: entry.typeOnly,
    });
  }
  const external: ExtractedExternalEdge[] = [];
  for (const edge of externalEdges.values()) {
    external.push({ kind: edge.kind, source: edge.source.key, target: edge.target, lines: edge.lines.sort((a, b) => a - b) });
  }
  return {
    edges: result,
    externalEdges: external,
    externalImports: [...externalImports.values()],
    dynamicCalls: dynamicCalls.sort(compareDynamicCalls),
  };
}

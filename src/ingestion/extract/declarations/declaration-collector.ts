import { ts } from "../../../engine/ts6/typescript6.js";
import crypto from "node:crypto";
import type { ExtractedEdge, ExtractedNode } from "../../../model/extracted.js";
import { MODIFIER_ORDER, type Modifier, type NodeKind } from "../../../model/graph-kinds.js";
import { declarationKey, disambiguatedName, memberName } from "../../../model/node-key.js";
import {
  collapseWhitespace,
  docCommentRanges,
  docSummary,
  headerBetween,
  lineOf,
  startAfterDecorators,
} from "../declaration-text.js";
import { isJavaScriptFile } from "../surface-text.js";
import { surfacesWithoutComments, textWithoutComments } from "./surface-comments.js";

/** A span of the file's text that a node's surface hashes. */
export interface SurfaceRange {
  readonly start: number;
  readonly end: number;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
export type NodeDraft = Mutable<ExtractedNode>;

interface ScopeNames {
  readonly seenNames: Map<string, number>;
  readonly seenVariants: Map<string, number>;
}

/** Where declarations are being found: the node that contains them and how their names and exports work. */
export interface Scope extends ScopeNames {
  readonly node: NodeDraft;
  /** Qualified name of the container; undefined for the file. */
  readonly qualifiedName: string | undefined;
  /** Whether this scope holds module-level declarations (file or namespace body). */
  readonly moduleLevel: boolean;
  /** Whether `export`ed declarations in this scope are visible outside the file. */
  readonly exportsVisible: boolean;
  /** Whether every declaration in this scope is visible (ambient module, global script). */
  readonly implicitlyExported: boolean;
  /**
   * Member names already taken under each name of this scope. Declarations that merge (an interface and a
   * namespace called `Money`) share one: their members are `Money.x` whichever declaration holds them.
   */
  readonly memberSpaces: Map<string, ScopeNames>;
  /** The last overload group, open while its declarations have no body. */
  openOverload: { readonly name: string; readonly node: NodeDraft } | undefined;
}

type ScopeOptions = Partial<Pick<Scope, "moduleLevel" | "exportsVisible" | "implicitlyExported">>;

/** What a visitor found out about one declaration; DeclarationCollector.register makes it a node. */
interface Registration {
  readonly name: string;
  /** The name the key is made from when it is not `name`: a static member's beside an instance namesake (staticMemberName). */
  readonly keyName?: string;
  readonly kind: NodeKind;
  /** What tells this declaration apart from others of the same name: its kind, or `get`/`set`. */
  readonly variant: string;
  /** AST nodes that stand for the new graph node (declaration, initializer, binding). */
  readonly astNodes: readonly ts.Node[];
  readonly rangeStart: number;
  readonly rangeEnd: number;
  readonly nameNode: ts.Node;
  readonly exported: boolean;
  readonly signature: string;
  readonly doc: string;
  readonly modifiers: readonly Modifier[];
  /** An overload signature (no body) that a following declaration of the same name may join. */
  readonly overloadable?: "open" | "closing";
  /**
   * Where the part other files can see ends: the header's end when the type is written out (`typed`),
   * otherwise the declaration's end (an inferred type depends on the whole text).
   */
  readonly surfaceEnd: number;
  readonly typed: boolean;
}

/** Where a surface ends and whether the type is written out (see Registration.surfaceEnd). */
interface SurfaceEnd {
  readonly surfaceEnd: number;
  readonly typed: boolean;
}

/** Visits the children of an AST node in a scope: the walk, which dispatches to the visitors of each concern. */
type VisitChildren = (collector: DeclarationCollector, node: ts.Node, scope: Scope) => void;

interface CollectorOptions {
  /** Record where every surface is (FileDeclarations.surfaceRanges). */
  readonly surfaceRanges: boolean;
  /** Leave every surface hash, signature and doc summary empty (DeclarationOptions.withoutSurfaces). */
  readonly withoutSurfaces: boolean;
}

/** Hash of a surface text, prefixed `d:` (declared type) or `i:` (inferred type). */
export function surfaceHash(text: string, typed: boolean, previous = ""): string {
  const digest = crypto.createHash("sha1").update(previous).update(collapseWhitespace(text)).digest("hex").slice(0, 16);
  return `${typed ? "d" : "i"}:${digest}`;
}

export function newScope(
  node: NodeDraft,
  qualifiedName: string | undefined,
  options: ScopeOptions,
  names: ScopeNames = { seenNames: new Map(), seenVariants: new Map() },
): Scope {
  return {
    node,
    qualifiedName,
    moduleLevel: options.moduleLevel ?? false,
    exportsVisible: options.exportsVisible ?? false,
    implicitlyExported: options.implicitlyExported ?? false,
    seenNames: names.seenNames,
    seenVariants: names.seenVariants,
    memberSpaces: new Map(),
    openOverload: undefined,
  };
}

/** A scope for bindings local to a block or a statement: not module-level, same names as the scope around it. */
export function localScope(scope: Scope): Scope {
  return newScope(scope.node, scope.qualifiedName, {}, scope);
}

function sortModifiers(modifiers: Iterable<Modifier>): Modifier[] {
  const set = new Set(modifiers);
  return MODIFIER_ORDER.filter((modifier) => set.has(modifier));
}

const MODIFIER_FLAGS: readonly (readonly [ts.ModifierFlags, Modifier])[] = [
  [ts.ModifierFlags.Export, "export"],
  [ts.ModifierFlags.Default, "default"],
  [ts.ModifierFlags.Ambient, "declare"],
  [ts.ModifierFlags.Public, "public"],
  [ts.ModifierFlags.Protected, "protected"],
  [ts.ModifierFlags.Private, "private"],
  [ts.ModifierFlags.Static, "static"],
  [ts.ModifierFlags.Abstract, "abstract"],
  [ts.ModifierFlags.Override, "override"],
  [ts.ModifierFlags.Readonly, "readonly"],
  [ts.ModifierFlags.Async, "async"],
];

export function flagModifiers(declaration: ts.Node): Modifier[] {
  const flags = ts.getCombinedModifierFlags(declaration as ts.Declaration);
  const modifiers: Modifier[] = [];
  for (const [flag, modifier] of MODIFIER_FLAGS) if (flags & flag) modifiers.push(modifier);
  return modifiers;
}

export function isFunctionValue(
  expression: ts.Expression | undefined,
): expression is ts.ArrowFunction | ts.FunctionExpression {
  return expression !== undefined && (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression));
}

export function isAsync(value: ts.ArrowFunction | ts.FunctionExpression): boolean {
  return value.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword) === true;
}

export function overloadState(body: ts.Node | undefined): "open" | "closing" {
  return body === undefined ? "open" : "closing";
}

/** Surface of a binding: up to its type annotation, else up to a typed function value's body, else all of it. */
export function annotatedSurface(
  annotation: ts.TypeNode | undefined,
  value: ts.Expression | undefined,
  end: number,
): SurfaceEnd {
  if (annotation !== undefined) return { surfaceEnd: annotation.end, typed: true };
  if (value !== undefined && isFunctionValue(value) && value.type !== undefined)
    return { surfaceEnd: value.body.pos, typed: true };
  return { surfaceEnd: end, typed: false };
}

/** A function-like's surface: its header when the return type is written (or needs none), else all of it. */
export function bodySurface(declaration: ts.SignatureDeclaration, body: ts.Node | undefined): SurfaceEnd {
  const typed =
    body === undefined ||
    declaration.type !== undefined ||
    ts.isConstructorDeclaration(declaration) ||
    ts.isSetAccessorDeclaration(declaration);
  return { surfaceEnd: typed && body !== undefined ? body.pos : declaration.end, typed };
}

/** Local names exported by `export { a, b as c }` and `export default a` statements of a statement list. */
function locallyExportedNames(statements: readonly ts.Statement[]): Set<string> {
  const names = new Set<string>();
  for (const statement of statements) {
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier === undefined && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) names.add((element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) {
      names.add(statement.expression.text);
    }
  }
  return names;
}

/**
 * What the visitors of one file share: the nodes found so far (in source order), their CONTAINS edges, the
 * graph node of each AST node, and the surfaces' ranges. `register` turns what a visitor found into a node
 * (or joins it to an open overload group); the scopes give each node a unique qualified name.
 */
export class DeclarationCollector {
  readonly nodes: NodeDraft[] = [];
  readonly contains: ExtractedEdge[] = [];
  readonly nodeOf = new Map<ts.Node, ExtractedNode>();
  /** The key names of nodes registered with one (Registration.keyName): their members are named under it. */
  private readonly keyNames = new Map<NodeDraft, string>();
  readonly surfaceRanges: Map<string, SurfaceRange[]> | undefined;
  readonly withoutSurfaces: boolean;
  private readonly javaScript: boolean;
  /** Surfaces are hashed without their comments (surface-comments.ts). */
  private readonly withoutComments: boolean;
  private readonly exportedByList: ReadonlySet<string>;

  constructor(
    readonly sourceFile: ts.SourceFile,
    readonly relativePath: string,
    options: CollectorOptions,
    private readonly walk: VisitChildren,
  ) {
    this.surfaceRanges = options.surfaceRanges ? new Map() : undefined;
    this.withoutSurfaces = options.withoutSurfaces;
    this.javaScript = isJavaScriptFile(sourceFile.fileName);
    this.withoutComments = surfacesWithoutComments(sourceFile);
    this.exportedByList = locallyExportedNames(sourceFile.statements);
  }

  visitChildren(node: ts.Node, scope: Scope): void {
    this.walk(this, node, scope);
  }

  /** The one-line header between two positions; empty without surfaces (names and line spans only). */
  header(start: number, end: number): string {
    return this.withoutSurfaces ? "" : headerBetween(this.sourceFile, start, end);
  }

  /** The header of a declaration from after its decorators up to `end` (its end when undefined). */
  headerUntil(node: ts.Node, end: number | undefined): string {
    return this.header(startAfterDecorators(node, this.sourceFile), end ?? node.end);
  }

  doc(declaration: ts.Node): string {
    return this.withoutSurfaces ? "" : docSummary(declaration);
  }

  start(node: ts.Node): number {
    return node.getStart(this.sourceFile);
  }

  startAfterDecorators(node: ts.Node): number {
    return startAfterDecorators(node, this.sourceFile);
  }

  isExportedHere(scope: Scope, declaration: ts.Node, name: string): boolean {
    if (scope.implicitlyExported) return true;
    if (!scope.moduleLevel) return false;
    const flags = ts.getCombinedModifierFlags(declaration as ts.Declaration);
    if (flags & ts.ModifierFlags.Export) return scope.exportsVisible;
    return scope.node.kind === "File" && this.exportedByList.has(name);
  }

  /** The scope of a node's members, named under the node's plain name (see Scope.memberSpaces). */
  childScope(scope: Scope, node: NodeDraft, options: ScopeOptions = {}): Scope {
    const name = this.keyNames.get(node) ?? node.name;
    let names = scope.memberSpaces.get(name);
    if (names === undefined) {
      names = { seenNames: new Map(), seenVariants: new Map() };
      scope.memberSpaces.set(name, names);
    }
    return newScope(node, memberName(scope.qualifiedName, name), options, names);
  }

  /** The node a declaration stands for: a new one, or the open overload group it joins. */
  register(scope: Scope, registration: Registration): NodeDraft {
    // In JavaScript, types are written in doc comments.
    const declaration = registration.astNodes[0];
    const ranges = this.javaScript && declaration !== undefined ? docCommentRanges(declaration) : [];
    ranges.push({ start: registration.rangeStart, end: registration.surfaceEnd });
    const open = scope.openOverload;
    const keyName = registration.keyName ?? registration.name;
    if (registration.overloadable !== undefined && open !== undefined && open.name === keyName) {
      this.joinOverload(scope, open.node, registration, ranges);
      return open.node;
    }
    const qualifiedName = this.uniqueQualifiedName(scope, keyName, registration.variant);
    const node: NodeDraft = {
      key: declarationKey(this.relativePath, qualifiedName),
      kind: registration.kind,
      name: registration.name,
      qualifiedName,
      parentKey: scope.node.key,
      startLine: this.lineOf(registration.rangeStart),
      endLine: this.lineOf(registration.rangeEnd),
      nameLine: this.lineOf(registration.nameNode.getStart(this.sourceFile)),
      exported: registration.exported,
      signature: registration.signature,
      doc: registration.doc,
      modifiers: sortModifiers(registration.modifiers),
      surface: this.surfaceOf(ranges, registration.typed),
    };
    this.nodes.push(node);
    this.surfaceRanges?.set(node.key, ranges);
    for (const astNode of registration.astNodes) this.nodeOf.set(astNode, node);
    if (registration.keyName !== undefined) this.keyNames.set(node, registration.keyName);
    this.contains.push({ kind: "CONTAINS", source: scope.node.key, target: node.key, lines: [] });
    scope.openOverload = registration.overloadable === "open" ? { name: keyName, node } : undefined;
    return node;
  }

  /** Adds ranges to the surface of an existing node (the ranges already recorded for it come first). */
  extendSurfaceRanges(key: string, ranges: readonly SurfaceRange[]): void {
    this.surfaceRanges?.set(key, [...(this.surfaceRanges.get(key) ?? []), ...ranges]);
  }

  /** An overload signature, or the implementation that closes the group, joins the group's node. */
  private joinOverload(
    scope: Scope,
    node: NodeDraft,
    registration: Registration,
    ranges: readonly SurfaceRange[],
  ): void {
    node.endLine = Math.max(node.endLine, this.lineOf(registration.rangeEnd));
    node.surface = this.surfaceOf(ranges, registration.typed && node.surface.startsWith("d:"), node.surface);
    this.extendSurfaceRanges(node.key, ranges);
    for (const astNode of registration.astNodes) this.nodeOf.set(astNode, node);
    if (registration.overloadable === "closing") {
      const implementationLine = this.lineOf(registration.nameNode.getStart(this.sourceFile));
      if (implementationLine !== node.nameLine) node.implementationLine = implementationLine;
      node.modifiers = sortModifiers([...node.modifiers, ...registration.modifiers]);
      scope.openOverload = undefined;
    }
  }

  private surfaceOf(ranges: readonly SurfaceRange[], typed: boolean, previous?: string): string {
    if (this.withoutSurfaces) return "";
    const textOf = (range: SurfaceRange): string =>
      this.withoutComments
        ? textWithoutComments(this.sourceFile, range.start, range.end)
        : this.sourceFile.text.slice(range.start, range.end);
    return surfaceHash(ranges.map(textOf).join(""), typed, previous);
  }

  private uniqueQualifiedName(scope: Scope, name: string, variant: string): string {
    const seen = scope.seenNames.get(name) ?? 0;
    scope.seenNames.set(name, seen + 1);
    if (seen === 0) return memberName(scope.qualifiedName, name);
    const variantKey = `${name}#${variant}`;
    const occurrence = (scope.seenVariants.get(variantKey) ?? 0) + 1;
    scope.seenVariants.set(variantKey, occurrence);
    return memberName(scope.qualifiedName, disambiguatedName(name, variant, occurrence));
  }

  private lineOf(position: number): number {
    return lineOf(this.sourceFile, position);
  }
}

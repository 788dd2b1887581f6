import { ts } from "../../../engine/ts6/typescript6.js";
import type { CheckerPort, PortSymbol, PortType } from "../checker-port.js";
import type {
  ExtractedDynamicCall,
  ExtractedExternalEdge,
  ExtractedNode,
  ExternalImport,
  LineSpan,
} from "../../../model/extracted.js";
import type { EdgeKind, NodeKind } from "../../../model/graph-kinds.js";
import type { ExternalKey, NodeKey } from "../../../model/node-key.js";
import { lineOf, skipOuterExpressions } from "../declaration-text.js";
import type { ExternalMemberKeys, ExternalTypeKey } from "../external-members.js";
import { moduleExportNamed } from "./namespace-member.js";
import type { FileDeclarations } from "../extract-declarations.js";

/** What edge extraction needs to know beyond the file itself. */
export interface EdgeContext {
  readonly checker: CheckerPort;
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
  /** The key of a class, interface or type alias declared only in lib or node_modules (external-members.ts). */
  readonly externalTypeKey: ExternalTypeKey;
}

/**
 * The classes whose overrides a call site may dispatch to (docs/graph.md, Receivers): `undefined` when any
 * override may run (the receiver's static class is not known to be narrower than the member's class); the
 * receiver's static class when it is narrower (`this` inside Mid, `x: Mid`); none for `super.m()`, which runs
 * the member named and no override.
 */
export type SiteReceiver = readonly NodeKey[] | undefined;

/** An edge between two nodes with the line of each of its sites. */
interface SiteEdge {
  readonly kind: EdgeKind;
  readonly source: ExtractedNode;
  readonly target: ExtractedNode;
  readonly lines: number[];
  /** The union of its sites' receivers; null once a site may dispatch to any override. */
  receivers: Set<NodeKey> | null;
  /** HOLDS_IMPLEMENTATION: the lines of each literal function implementing the target (ExtractedEdge.spans). */
  readonly spans: LineSpan[];
}

interface ExternalSiteEdge {
  readonly kind: ExtractedExternalEdge["kind"];
  readonly source: ExtractedNode;
  readonly target: ExternalKey;
  readonly lines: number[];
  /** CALLS: the union of its sites' receivers (as SiteEdge's); null once a site may dispatch to any override. */
  receivers: Set<NodeKey> | null;
}

/** The files one file imports, with the names it imports from each and whether only types. */
interface ImportEntry {
  readonly names: Set<string>;
  typeOnly: boolean;
}

/** What the recorders of one file share: the checker's answers about symbols, and the edges found so far. */
export class EdgeCollector {
  readonly checker: CheckerPort;
  readonly edges = new Map<string, SiteEdge>();
  readonly externalEdges = new Map<string, ExternalSiteEdge>();
  /** By the root-relative path of the indexed file imported. */
  readonly imports = new Map<string, ImportEntry>();
  /** By specifier, for imports of files outside the index. */
  readonly externalImports = new Map<string, ExternalImport>();
  readonly dynamicCalls: ExtractedDynamicCall[] = [];
  /** The types whose members each object literal's keys set (typesSetBy), computed once per literal. */
  readonly literalTypes = new Map<ts.ObjectLiteralExpression, readonly PortType[]>();

  constructor(
    readonly sourceFile: ts.SourceFile,
    readonly declarations: FileDeclarations,
    readonly context: EdgeContext,
  ) {
    this.checker = context.checker;
  }

  /** `receiver`: a call site's receiver classes (SiteReceiver); a site without one may dispatch to any override. */
  addEdge(
    kind: EdgeKind,
    source: ExtractedNode,
    target: ExtractedNode,
    line: number | undefined,
    receiver?: SiteReceiver,
  ): void {
    const id = edgeId(kind, source, target);
    addSite(
      this.edges,
      id,
      () => ({
        kind,
        source,
        target,
        lines: [],
        receivers: receiver === undefined ? null : new Set<NodeKey>(),
        spans: [],
      }),
      line,
    );
    const edge = this.edges.get(id);
    if (edge === undefined || edge.receivers === null) return;
    if (receiver === undefined) edge.receivers = null;
    else for (const key of receiver) edge.receivers.add(key);
  }

  /**
   * A HOLDS_IMPLEMENTATION edge for one literal function: its site is the key's line, and `code` (the method, or
   * the function expression a key holds) gives the span of lines whose sites are that function's (ExtractedEdge.spans).
   */
  addImplementation(source: ExtractedNode, target: ExtractedNode, at: ts.Node, code: ts.Node): void {
    this.addEdge("HOLDS_IMPLEMENTATION", source, target, this.line(at));
    const span: LineSpan = [this.line(code), lineOf(this.sourceFile, code.getEnd())];
    const edge = this.edges.get(edgeId("HOLDS_IMPLEMENTATION", source, target));
    if (edge !== undefined && !edge.spans.some(([start, end]) => start === span[0] && end === span[1]))
      edge.spans.push(span);
  }

  /** `receiver`: a call site's receiver classes, as for addEdge (call-receivers.ts, libraryCallReceiver). */
  addExternalEdge(
    kind: ExtractedExternalEdge["kind"],
    source: ExtractedNode,
    target: ExternalKey,
    line: number | undefined,
    receiver?: SiteReceiver,
  ): void {
    const id = `${kind}\u0000${source.key}\u0000${target}`;
    addSite(
      this.externalEdges,
      id,
      () => ({ kind, source, target, lines: [], receivers: receiver === undefined ? null : new Set<NodeKey>() }),
      line,
    );
    const edge = this.externalEdges.get(id);
    if (edge === undefined || edge.receivers === null) return;
    if (receiver === undefined) edge.receivers = null;
    else for (const key of receiver) edge.receivers.add(key);
  }

  /** The graph node an AST node of any indexed file stands for. */
  nodeForDeclaration(declaration: ts.Node): ExtractedNode | undefined {
    const owner = declaration.getSourceFile();
    return this.context.declarationsOf(owner)?.nodeOf.get(declaration);
  }

  /** An import's target symbol (when it has declarations), otherwise the symbol itself. */
  resolveAlias(symbol: PortSymbol): PortSymbol {
    if ((symbol.flags & ts.SymbolFlags.Alias) === 0) return symbol;
    const aliased = this.checker.getAliasedSymbol(symbol);
    return aliased.declarations === undefined ? symbol : aliased;
  }

  /** The nodes of the given kinds that declare a symbol (through an import alias), each once. */
  nodesOfSymbol(symbol: PortSymbol | undefined, kinds: ReadonlySet<NodeKind>): ExtractedNode[] {
    if (symbol === undefined) return [];
    const resolved = this.resolveAlias(symbol);
    const found: ExtractedNode[] = [];
    for (const declaration of resolved.declarations ?? []) {
      const node = this.nodeForDeclaration(declaration);
      if (node !== undefined && kinds.has(node.kind) && !found.includes(node)) found.push(node);
    }
    return found;
  }

  /**
   * An edge of a kind that keeps no site lines (USES_TYPE, EXTENDS, IMPLEMENTS) from owner to each node of the
   * kinds the symbol stands for; never a self-edge.
   */
  addEdgesTo(kind: EdgeKind, owner: ExtractedNode, symbol: PortSymbol | undefined, kinds: ReadonlySet<NodeKind>): void {
    for (const target of this.nodesOfSymbol(symbol, kinds)) {
      if (target !== owner) this.addEdge(kind, owner, target, undefined);
    }
  }

  /** The name whose symbol is the thing invoked, rendered or referenced. */
  symbolOfExpression(expression: ts.Expression): PortSymbol | undefined {
    const target = skipOuterExpressions(expression);
    if (ts.isIdentifier(target)) return this.checker.getSymbolAtLocation(target);
    if (ts.isPropertyAccessExpression(target))
      return moduleExportNamed(this.checker, target) ?? this.checker.getSymbolAtLocation(target.name);
    if (ts.isElementAccessExpression(target) && ts.isStringLiteralLike(target.argumentExpression)) {
      return this.checker.getSymbolAtLocation(target.argumentExpression);
    }
    return undefined;
  }

  line(node: ts.Node): number {
    return lineOf(this.sourceFile, node.getStart(this.sourceFile));
  }

  /**
   * The line a site is recorded at: where the callee is named (`.m` of a call spread over several lines,
   * the class of `new`, the tag of a template or JSX element), as the compiler's call hierarchy reports it.
   */
  siteLine(expression: ts.Expression): number {
    const target = skipOuterExpressions(expression);
    if (ts.isPropertyAccessExpression(target)) return this.line(target.name);
    if (ts.isElementAccessExpression(target)) return this.line(target.argumentExpression);
    return this.line(target);
  }
}

/** The entry of a (kind, source, target) in EdgeCollector.edges. */
function edgeId(kind: EdgeKind, source: ExtractedNode, target: ExtractedNode): string {
  return `${kind}\u0000${source.key}\u0000${target.key}`;
}

/** One entry per (kind, source, target), collecting the line of every site. */
function addSite<T extends { readonly lines: number[] }>(
  into: Map<string, T>,
  id: string,
  entry: () => T,
  line: number | undefined,
): void {
  let edge = into.get(id);
  if (edge === undefined) {
    edge = entry();
    into.set(id, edge);
  }
  if (line !== undefined) edge.lines.push(line);
}

/** Reading an accessor runs it; it does not pass a function around. */
export function isAccessor(node: ExtractedNode): boolean {
  return node.modifiers.includes("get") || node.modifiers.includes("set");
}

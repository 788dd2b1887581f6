import { ts } from "../../engine/ts6/typescript6.js";
import type {
  ExtractedDynamicCall,
  ExtractedEdge,
  ExtractedExportName,
  ExtractedExternalEdge,
  ExtractedNode,
  ExternalImport,
} from "../../model/extracted.js";
import type { NodeKind } from "../../model/graph-kinds.js";
import { fileKey } from "../../model/node-key.js";
import { skipOuterExpressions } from "./declaration-text.js";
import type { FileDeclarations } from "./extract-declarations.js";
import { compareDynamicCalls, recordCall, recordCallOf, recordJsx, recordNew } from "./edges/call-edges.js";
import { EdgeCollector, type EdgeContext } from "./edges/edge-collector.js";
import { MEMBER_KINDS } from "./edges/edge-target-kinds.js";
import {
  recordExtendedValue,
  recordHeritage,
  recordInheritedImplementations,
  recordOverrides,
} from "./edges/heritage-edges.js";
import { exportNamesOf } from "./edges/export-names.js";
import { recordExportDeclaration, recordImport, recordImportDeclaration } from "./edges/import-edges.js";
import { recordBindingKey, recordJsxAttributes, recordKeyUse } from "./edges/member-key-edges.js";
import { recordAccessorUse, recordShorthandReference, recordStore, recordValueUse } from "./edges/reference-edges.js";
import { recordIndexedAccess, recordTypeQuery, recordTypeUse } from "./edges/type-edges.js";
import { isStoringAssignment } from "./value-use.js";

export interface FileEdges {
  readonly edges: readonly ExtractedEdge[];
  /** Calls of library members, and members that override or implement one. */
  readonly externalEdges: readonly ExtractedExternalEdge[];
  readonly externalImports: readonly ExternalImport[];
  /** Call sites with no static target (call-edges.ts, isDynamicCallee), sorted by source, line and expression. */
  readonly dynamicCalls: readonly ExtractedDynamicCall[];
  /** Export aliases and re-exports (edges/export-names.ts), sorted by name and target. */
  readonly exportNames: readonly ExtractedExportName[];
}

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

/**
 * Walks the file's syntax tree with the program's checker. Each kind of site has its recorder (edges/: calls,
 * heritage and overrides, imports, references and member keys, types), which asks the checker what the site
 * names and records the edge in the collector, owned by the node the walk is in (docs/graph.md, Ownership).
 */
export function extractEdges(
  sourceFile: ts.SourceFile,
  declarations: FileDeclarations,
  context: EdgeContext,
): FileEdges {
  const fileNode = declarations.nodes[0];
  if (fileNode === undefined) throw new Error(`no file node for ${sourceFile.fileName}`);
  const c = new EdgeCollector(sourceFile, declarations, context);
  visitChildren(c, sourceFile, fileNode, fileNode, false);
  return fileEdgesOf(c, fileNode);
}

function fileEdgesOf(c: EdgeCollector, fileNode: ExtractedNode): FileEdges {
  const result: ExtractedEdge[] = [...c.declarations.contains];
  for (const edge of c.edges.values()) {
    const receivers = edge.kind === "CALLS" && edge.receivers !== null ? { receivers: [...edge.receivers].sort() } : {};
    const spans = edge.spans.length > 0 ? { spans: edge.spans.sort((a, b) => a[0] - b[0] || a[1] - b[1]) } : {};
    result.push({
      kind: edge.kind,
      source: edge.source.key,
      target: edge.target.key,
      lines: edge.lines.sort((a, b) => a - b),
      ...receivers,
      ...spans,
    });
  }
  for (const [path, entry] of c.imports) {
    if (path === fileNode.qualifiedName) continue;
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
  for (const edge of c.externalEdges.values()) {
    const receivers = edge.kind === "CALLS" && edge.receivers !== null ? { receivers: [...edge.receivers].sort() } : {};
    external.push({
      kind: edge.kind,
      source: edge.source.key,
      target: edge.target,
      lines: edge.lines.sort((a, b) => a - b),
      ...receivers,
    });
  }
  return {
    edges: result,
    externalEdges: external,
    externalImports: [...c.externalImports.values()],
    dynamicCalls: c.dynamicCalls.sort(compareDynamicCalls),
    exportNames: exportNamesOf(c),
  };
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

/**
 * callOwner: the node that owns calls made here. typeOwner: the node whose signature is being read,
 * undefined inside bodies and initializers (where type references are not part of a signature).
 */
function visit(c: EdgeCollector, node: ts.Node, callOwner: ExtractedNode, typeOwner: ExtractedNode | undefined): void {
  const graphNode = c.declarations.nodeOf.get(node);
  if (graphNode !== undefined && node !== c.sourceFile) {
    visitDeclaration(c, node, graphNode, callOwner);
    return;
  }
  if (!recordSite(c, node, callOwner, typeOwner)) return;
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    recordImport(c, node.arguments[0], ["*"], false);
  }
  visitChildren(c, node, callOwner, typeOwner, false);
}

/** A node of the graph: its own edges (heritage, overrides, a destructured key), then the code inside it, which it may own. */
function visitDeclaration(c: EdgeCollector, node: ts.Node, graphNode: ExtractedNode, callOwner: ExtractedNode): void {
  const decorators = ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined;
  for (const decorator of decorators ?? []) visitDecorator(c, decorator, callOwner);
  if (ts.isClassLike(node) || ts.isInterfaceDeclaration(node)) recordHeritage(c, node, graphNode);
  if (ts.isClassLike(node)) recordInheritedImplementations(c, node);
  if (MEMBER_KINDS.has(graphNode.kind)) recordOverrides(c, node, graphNode);
  if (ts.isBindingElement(node)) recordBindingKey(c, node, graphNode);
  const nextCallOwner = CALL_OWNER_KINDS.has(graphNode.kind) ? graphNode : callOwner;
  visitChildren(c, node, nextCallOwner, graphNode, decorators !== undefined);
}

/**
 * Records what a node that is no declaration names, by its syntax kind (one case per kind of site); false when
 * its children need no walk (a name, a `typeof`, an import or export statement, a decorator walked here).
 */
function recordSite(
  c: EdgeCollector,
  node: ts.Node,
  callOwner: ExtractedNode,
  typeOwner: ExtractedNode | undefined,
): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.CallExpression:
      recordCall(c, node as ts.CallExpression, callOwner);
      return true;
    case ts.SyntaxKind.NewExpression:
      recordNew(c, node as ts.NewExpression, callOwner);
      return true;
    case ts.SyntaxKind.TaggedTemplateExpression:
      recordCallOf(c, (node as ts.TaggedTemplateExpression).tag, callOwner);
      return true;
    case ts.SyntaxKind.JsxOpeningElement:
    case ts.SyntaxKind.JsxSelfClosingElement:
      recordJsx(c, node as ts.JsxOpeningLikeElement, callOwner);
      recordJsxAttributes(c, node as ts.JsxOpeningLikeElement, callOwner);
      return true;
    case ts.SyntaxKind.Identifier:
      recordValueUse(c, node as ts.Identifier, typeOwner ?? callOwner);
      return false;
    case ts.SyntaxKind.PropertyAccessExpression:
      recordAccessorUse(c, node as ts.PropertyAccessExpression, callOwner);
      recordValueUse(c, node as ts.PropertyAccessExpression, typeOwner ?? callOwner);
      return true;
    case ts.SyntaxKind.BinaryExpression:
      if (isStoringAssignment(node as ts.BinaryExpression))
        recordStore(c, (node as ts.BinaryExpression).left, (node as ts.BinaryExpression).right);
      return true;
    case ts.SyntaxKind.ElementAccessExpression:
      recordAccessorUse(c, node as ts.ElementAccessExpression, callOwner);
      if (ts.isStringLiteralLike((node as ts.ElementAccessExpression).argumentExpression))
        recordValueUse(c, node as ts.ElementAccessExpression, typeOwner ?? callOwner);
      return true;
    case ts.SyntaxKind.ShorthandPropertyAssignment:
      recordShorthandReference(c, node as ts.ShorthandPropertyAssignment, callOwner);
      recordKeyUse(c, node as ts.ShorthandPropertyAssignment, callOwner);
      return true;
    case ts.SyntaxKind.PropertyAssignment:
    case ts.SyntaxKind.MethodDeclaration:
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
      recordKeyUse(c, node as ts.ObjectLiteralElementLike, callOwner);
      return true;
    case ts.SyntaxKind.BindingElement:
      recordBindingKey(c, node as ts.BindingElement, callOwner);
      return true;
    case ts.SyntaxKind.ClassExpression:
    case ts.SyntaxKind.ClassDeclaration:
      recordExtendedValue(c, node as ts.ClassLikeDeclaration, callOwner);
      return true;
    case ts.SyntaxKind.IndexedAccessType:
      recordIndexedAccess(c, node as ts.IndexedAccessTypeNode, typeOwner ?? callOwner);
      return true;
    case ts.SyntaxKind.TypeReference:
      recordTypeUse(c, node as ts.TypeReferenceNode, typeOwner ?? callOwner);
      return true;
    case ts.SyntaxKind.TypeQuery:
      recordTypeQuery(c, node as ts.TypeQueryNode, typeOwner ?? callOwner);
      return false;
    case ts.SyntaxKind.ImportDeclaration:
      recordImportDeclaration(c, node as ts.ImportDeclaration);
      return false;
    case ts.SyntaxKind.ExportDeclaration:
      recordExportDeclaration(c, node as ts.ExportDeclaration);
      return false;
    case ts.SyntaxKind.ImportEqualsDeclaration: {
      const reference = (node as ts.ImportEqualsDeclaration).moduleReference;
      if (ts.isExternalModuleReference(reference))
        recordImport(c, reference.expression, ["*"], (node as ts.ImportEqualsDeclaration).isTypeOnly);
      return false;
    }
    case ts.SyntaxKind.ImportType: {
      const argument = (node as ts.ImportTypeNode).argument;
      if (ts.isLiteralTypeNode(argument)) recordImport(c, argument.literal, ["*"], true);
      return true;
    }
    case ts.SyntaxKind.Decorator:
      visitDecorator(c, node as ts.Decorator, callOwner);
      return false;
    default:
      return true;
  }
}

/** A decorator's code belongs to the owner around the decorated declaration; `@sealed` (no call) calls `sealed`. */
function visitDecorator(c: EdgeCollector, decorator: ts.Decorator, owner: ExtractedNode): void {
  const expression = skipOuterExpressions(decorator.expression);
  if (!ts.isCallExpression(expression)) recordCallOf(c, expression, owner);
  visitChildren(c, decorator, owner, undefined, false);
}

function visitChildren(
  c: EdgeCollector,
  node: ts.Node,
  callOwner: ExtractedNode,
  typeOwner: ExtractedNode | undefined,
  skipDecorators: boolean,
): void {
  ts.forEachChild(node, (child) => {
    if (skipDecorators && ts.isDecorator(child)) return;
    visit(c, child, callOwner, typeOwner !== undefined && isBodyOrInitializer(node, child) ? undefined : typeOwner);
  });
}

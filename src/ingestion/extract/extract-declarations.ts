import { ts } from "../../engine/ts6/typescript6.js";
import type { ExtractedEdge, ExtractedNode } from "../../model/extracted.js";
import { declareClassLike, declareMethodLike } from "./declarations/class-declarations.js";
import {
  DeclarationCollector,
  localScope,
  type Scope,
  type SurfaceRange,
} from "./declarations/declaration-collector.js";
import {
  declareExportAssignment,
  declareFunction,
  declareVariable,
  declareVariableStatement,
} from "./declarations/function-declarations.js";
import {
  declareFile,
  declareModule,
  declaresGlobals,
  foldExpandoAssignments,
} from "./declarations/module-declarations.js";
import { declareEnum, declareInterface, declareTypeAlias } from "./declarations/type-declarations.js";

export type { SurfaceRange };

/**
 * The declarations of one file, found from its syntax alone (no type checker):
 * graph nodes in source order (the File node first), the CONTAINS edges between them,
 * and, for every AST node that stands for a graph node, that node.
 */
export interface FileDeclarations {
  /** A global script, or a module with `declare global` or `declare module "x"`. */
  readonly declaresGlobals: boolean;
  readonly nodes: readonly ExtractedNode[];
  readonly contains: readonly ExtractedEdge[];
  readonly nodeOf: ReadonlyMap<ts.Node, ExtractedNode>;
  /** Where the text each node's surface hashes is, by key (File node excluded); only when asked for (planning). */
  readonly surfaceRanges?: ReadonlyMap<string, readonly SurfaceRange[]>;
}

export interface DeclarationOptions {
  /** Also return where every surface is (FileDeclarations.surfaceRanges). */
  readonly surfaceRanges?: boolean;
  /**
   * Leave every surface hash, signature and doc summary empty: for readers that need only names and line spans
   * (co-change maps the lines of past versions to declarations), the texts are most of the cost.
   */
  readonly withoutSurfaces?: boolean;
}

/**
 * Walks the file's syntax tree once. Each kind of declaration has its visitor (declarations/: classes and
 * members, functions and variables, modules and namespaces, types), which registers the node in the
 * collector and visits the code inside it in the scope it opens; anything else is walked through.
 */
export function extractDeclarations(
  sourceFile: ts.SourceFile,
  relativePath: string,
  options: DeclarationOptions = {},
): FileDeclarations {
  const withoutSurfaces = options.withoutSurfaces === true;
  const c = new DeclarationCollector(
    sourceFile,
    relativePath,
    { surfaceRanges: options.surfaceRanges === true, withoutSurfaces },
    visitChildren,
  );
  visitChildren(c, sourceFile, declareFile(c));
  if (!withoutSurfaces) foldExpandoAssignments(c);
  const { nodes, contains, nodeOf, surfaceRanges } = c;
  return {
    declaresGlobals: declaresGlobals(sourceFile),
    nodes,
    contains,
    nodeOf,
    ...(surfaceRanges === undefined ? {} : { surfaceRanges }),
  };
}

function visit(c: DeclarationCollector, node: ts.Node, scope: Scope): void {
  switch (node.kind) {
    case ts.SyntaxKind.FunctionDeclaration:
      return declareFunction(c, node as ts.FunctionDeclaration, scope);
    case ts.SyntaxKind.ClassDeclaration:
      return declareClassDeclaration(c, node as ts.ClassDeclaration, scope);
    case ts.SyntaxKind.InterfaceDeclaration:
      return declareInterface(c, node as ts.InterfaceDeclaration, scope);
    case ts.SyntaxKind.TypeAliasDeclaration:
      return declareTypeAlias(c, node as ts.TypeAliasDeclaration, scope);
    case ts.SyntaxKind.EnumDeclaration:
      return declareEnum(c, node as ts.EnumDeclaration, scope);
    case ts.SyntaxKind.ModuleDeclaration:
      return declareModule(c, node as ts.ModuleDeclaration, scope);
    case ts.SyntaxKind.VariableStatement:
      return declareVariableStatement(c, node as ts.VariableStatement, scope);
    case ts.SyntaxKind.VariableDeclaration:
      // for-loop and catch bindings: local to their statement
      return declareVariable(c, node as ts.VariableDeclaration, scope.moduleLevel ? localScope(scope) : scope, node);
    case ts.SyntaxKind.ExportAssignment:
      return declareExportAssignment(c, node as ts.ExportAssignment, scope);
    case ts.SyntaxKind.MethodDeclaration:
    case ts.SyntaxKind.GetAccessor:
    case ts.SyntaxKind.SetAccessor:
      // A method of an object literal built inside a declaration (`const make = () => ({ pipe() {…} })`)
      // is a member of that declaration. At module level, outside any declaration, it stays anonymous.
      if (ts.isObjectLiteralExpression(node.parent) && !scope.moduleLevel) {
        return declareMethodLike(c, node as ts.MethodDeclaration | ts.AccessorDeclaration, scope, false);
      }
      return visitChildren(c, node, scope);
    default:
      return visitChildren(c, node, scope);
  }
}

function visitChildren(c: DeclarationCollector, node: ts.Node, scope: Scope): void {
  ts.forEachChild(node, (child) => visit(c, child, scope));
}

function declareClassDeclaration(c: DeclarationCollector, declaration: ts.ClassDeclaration, scope: Scope): void {
  const name = declaration.name?.text ?? "default";
  declareClassLike(c, declaration, scope, name, {
    astNodes: [],
    rangeNode: declaration,
    nameNode: declaration.name ?? declaration,
    exported: c.isExportedHere(scope, declaration, name),
    signatureStartNode: declaration,
  });
}

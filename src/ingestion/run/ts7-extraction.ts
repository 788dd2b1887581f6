import { ts } from "../../engine/ts6/typescript6.js";
import type { ProjectSpec } from "../../config/discover-projects.js";
import type { Ts7ProjectView } from "../../engine/ts7/ts7-session.js";
import type { EdgeContext } from "../extract/edges/edge-collector.js";
import { createExternalMemberKeys, createExternalTypeKey } from "../extract/external-members.js";
import { moduleExportNamed } from "../extract/edges/namespace-member.js";
import { createModuleResolver } from "../extract/program-loader.js";
import {
  declarationsFor,
  extractFile,
  firstSyntaxErrors,
  memberNamesIn,
  unloadable,
  type FileOutcome,
  type MemberNames,
  type RunFiles,
} from "./program-extraction.js";

/**
 * Extracting the files of one project on TypeScript 7's checker (ADR 0021): the same walk and recorders as on
 * TypeScript 6 (program-extraction.ts), over TypeScript 6 trees of the texts TypeScript 7 read, with the
 * checker port of the session's project. Before a file's walk, the symbols of all its names are asked in one
 * round trip; what the walk asks beyond them is one round trip each.
 */
export function ts7Extractor(
  view: Ts7ProjectView,
  project: ProjectSpec,
  files: RunFiles,
  names: MemberNames = ts7MemberNames(view, files),
): (absolute: string) => FileOutcome {
  const { checker } = view;
  const isIndexed = (sourceFile: ts.SourceFile): boolean => files.pathByAbsolute.has(sourceFile.fileName);
  const context: EdgeContext = {
    checker,
    declarationsOf: (sourceFile) => {
      const relative = files.pathByAbsolute.get(sourceFile.fileName);
      return relative === undefined ? undefined : declarationsFor(sourceFile, relative);
    },
    indexedPathOf: (fileName) => files.pathByAbsolute.get(fileName),
    resolveModuleFileName: createModuleResolver(project),
    mayNameAccessor: (name) => names.accessors.has(name),
    mayNameMember: (name) => names.members.has(name),
    externalMemberKeys: createExternalMemberKeys(view.isDefaultLibrary, checker, isIndexed),
    externalTypeKey: createExternalTypeKey(view.isDefaultLibrary, checker, isIndexed),
  };
  return (absolute) => {
    const sourceFile = view.sourceFile(absolute);
    if (sourceFile === undefined) return unloadable(absolute, files);
    const { names: asked, namespaceMembers, heritageTypes } = namesIn(sourceFile);
    checker.prefetchSymbols(asked);
    // A member the module's exports do not answer (an augmented module, a type-only name) is asked by its name.
    checker.prefetchSymbols(
      namespaceMembers
        .filter((access) => moduleExportNamed(checker, access) === undefined)
        .map((access) => access.name),
    );
    // The types the walk asks for each member of its classes and interfaces (heritage-edges.ts), in one round trip.
    checker.prefetchTypes(heritageTypes);
    return extractFile(
      sourceFile,
      context,
      firstSyntaxErrors(sourceFile, parseDiagnosticsOf(sourceFile)),
      project,
      files,
    );
  };
}

/**
 * The member names of the project's program (program-extraction.ts `memberNamesIn`), of the files `include`
 * keeps: all by default, a thread's share in a parallel run, whose threads then use the union of their shares.
 */
export function ts7MemberNames(
  view: Ts7ProjectView,
  files: RunFiles,
  include?: (fileName: string) => boolean,
): MemberNames {
  return memberNamesIn(
    view.fileNames().map((fileName) => [fileName, () => view.sourceFile(fileName)] as const),
    view.checker,
    files,
    include,
  );
}

/**
 * The name a declaration of these kinds introduces is never asked about by the walk (a member's name is: its
 * overrides). Measured on effect@3.22.4: asking every identifier asked 366k, of which the walk used 223k.
 */
const UNASKED_NAME_OF = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.TypeParameter,
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.BindingElement,
  ts.SyntaxKind.NamespaceImport,
  ts.SyntaxKind.ImportSpecifier,
  ts.SyntaxKind.ImportClause,
  ts.SyntaxKind.NamespaceExport,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.NamedTupleMember,
  ts.SyntaxKind.LabeledStatement,
  ts.SyntaxKind.BreakStatement,
  ts.SyntaxKind.ContinueStatement,
]);

/** Where a string literal names something the walk asks about: a module, a member (`a["b"]`, `T["k"]`). */
const ASKED_STRING_PARENTS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.ExternalModuleReference,
  ts.SyntaxKind.LiteralType,
  ts.SyntaxKind.ElementAccessExpression,
  ts.SyntaxKind.CallExpression,
]);

/** The local names of a file's namespace imports (`import * as Effect`): `Effect.map` is answered from the module's exports. */
function namespaceImportNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of sourceFile.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (bindings !== undefined && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
  }
  return names;
}

/**
 * The nodes of a file whose symbols the walk is likely to ask, asked in one round trip before it: names in
 * code, a type reference's (qualified) name, module specifiers and literal member names, computed member
 * names. What the walk asks beyond them is asked one at a time, so this list decides speed, never the graph.
 */
function namesIn(sourceFile: ts.SourceFile): FileQuestions {
  const namespaces = namespaceImportNames(sourceFile);
  const found: ts.Node[] = [];
  const namespaceMembers: ts.PropertyAccessExpression[] = [];
  const heritageTypes: ts.ExpressionWithTypeArguments[] = [];
  const visit = (node: ts.Node): void => {
    const parent = node.parent;
    if ((ts.isClassLike(node) || ts.isInterfaceDeclaration(node)) && node.members.some(mayOverride)) {
      for (const clause of node.heritageClauses ?? []) heritageTypes.push(...clause.types);
    }
    switch (node.kind) {
      case ts.SyntaxKind.Identifier:
      case ts.SyntaxKind.PrivateIdentifier:
        if (isNamespaceMember(node, parent, namespaces)) namespaceMembers.push(parent as ts.PropertyAccessExpression);
        else if (!isUnaskedName(node, parent)) found.push(node);
        return;
      case ts.SyntaxKind.QualifiedName:
        if (ts.isTypeReferenceNode(parent)) {
          // The walk asks the whole name, then each qualifier (type-edges.ts, recordQualifiers).
          found.push(node);
          for (let qualifier: ts.EntityName = (node as ts.QualifiedName).left; ; qualifier = qualifier.left) {
            if (!ts.isQualifiedName(qualifier)) {
              found.push(qualifier);
              break;
            }
            found.push(qualifier.right);
          }
          return;
        }
        break;
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
        if (ASKED_STRING_PARENTS.has(parent.kind)) found.push(node);
        return;
      case ts.SyntaxKind.ComputedPropertyName:
        found.push(node);
        break;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { names: found, namespaceMembers, heritageTypes };
}

/**
 * What the walk of a file asks, to be asked before it in a few round trips: the symbols of its names, the
 * members of its namespace imports (asked by name where the module's exports do not answer them), and the
 * types its classes and interfaces extend or implement (each member asks them for what it overrides).
 */
interface FileQuestions {
  readonly names: ts.Node[];
  readonly namespaceMembers: ts.PropertyAccessExpression[];
  readonly heritageTypes: ts.ExpressionWithTypeArguments[];
}

/** A member that asks the types its class or interface extends for a member it overrides (heritage-edges.ts, recordOverrides). */
function mayOverride(member: ts.ClassElement | ts.TypeElement): boolean {
  if (member.name === undefined) return false;
  return !(
    ts.canHaveModifiers(member) &&
    ts.getModifiers(member)?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword)
  );
}

function isUnaskedName(node: ts.Node, parent: ts.Node): boolean {
  return UNASKED_NAME_OF.has(parent.kind) && (parent as ts.Node & { readonly name?: ts.Node }).name === node;
}

/** `map` in `Effect.map` with `import * as Effect`: the module's export is found without asking for `map` (namespace-member.ts). */
function isNamespaceMember(node: ts.Node, parent: ts.Node, namespaces: ReadonlySet<string>): boolean {
  return (
    ts.isPropertyAccessExpression(parent) &&
    parent.name === node &&
    ts.isIdentifier(parent.expression) &&
    namespaces.has(parent.expression.text)
  );
}

/** What TypeScript 6's program answers as a TypeScript file's syntactic diagnostics: its parser's. */
function parseDiagnosticsOf(sourceFile: ts.SourceFile): readonly ts.Diagnostic[] {
  return (
    (sourceFile as ts.SourceFile & { readonly parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? []
  );
}

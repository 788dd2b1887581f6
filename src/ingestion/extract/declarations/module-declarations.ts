import { ts } from "../../../engine/ts6/typescript6.js";
import { fileKey } from "../../../model/node-key.js";
import { SCRIPT_SURFACE_PREFIX } from "../../../model/extracted.js";
import { lineOf } from "../declaration-text.js";
import { expandoAssignments, jsDocTypedefsText } from "../surface-text.js";
import {
  flagModifiers,
  newScope,
  surfaceHash,
  type DeclarationCollector,
  type NodeDraft,
  type Scope,
} from "./declaration-collector.js";

/**
 * Re-export and export-list statements: what importers see of a file besides its declarations
 * (and, in a JavaScript file, its `@typedef` and `@callback` comments).
 */
function exportStatementsSurface(sourceFile: ts.SourceFile): string {
  const parts = sourceFile.statements
    .filter((statement) => ts.isExportDeclaration(statement) || ts.isExportAssignment(statement))
    .map((statement) => statement.getText(sourceFile));
  const typedefs = jsDocTypedefsText(sourceFile);
  if (typedefs !== "") parts.push(typedefs);
  const surface = parts.length === 0 ? "" : surfaceHash(parts.join("\n"), true);
  // A global script's declarations are seen by every file: whether the file is one is part of what it shows.
  return ts.isExternalModule(sourceFile) ? surface : `${SCRIPT_SURFACE_PREFIX}${surface}`;
}

/** The File node, registered first, and the scope of the file's top-level declarations. */
export function declareFile(c: DeclarationCollector): Scope {
  const { sourceFile, relativePath } = c;
  const fileNode: NodeDraft = {
    key: fileKey(relativePath),
    kind: "File",
    name: relativePath.slice(relativePath.lastIndexOf("/") + 1),
    qualifiedName: relativePath,
    parentKey: undefined,
    startLine: 1,
    endLine: lineOf(sourceFile, sourceFile.end),
    nameLine: 1,
    exported: false,
    signature: "",
    doc: "",
    modifiers: [],
    surface: c.withoutSurfaces ? "" : exportStatementsSurface(sourceFile),
  };
  c.nodes.push(fileNode);
  c.nodeOf.set(sourceFile, fileNode);
  // In a global script (no import or export), every top-level declaration is visible to other files.
  return newScope(fileNode, undefined, {
    moduleLevel: true,
    exportsVisible: true,
    implicitlyExported: !ts.isExternalModule(sourceFile),
  });
}

/** A namespace, `declare module "x"` or `declare global`, and the module-level declarations of its body. */
export function declareModule(c: DeclarationCollector, declaration: ts.ModuleDeclaration, scope: Scope): void {
  const isGlobal = (declaration.flags & ts.NodeFlags.GlobalAugmentation) !== 0;
  const name = isGlobal
    ? "global"
    : ts.isStringLiteral(declaration.name)
      ? `"${declaration.name.text}"`
      : declaration.name.text;
  const ambientModule = isGlobal || ts.isStringLiteral(declaration.name);
  const node = c.register(scope, {
    name,
    kind: "Namespace",
    variant: "namespace",
    astNodes: [declaration],
    rangeStart: c.start(declaration),
    rangeEnd: declaration.end,
    nameNode: declaration.name,
    exported: ambientModule || c.isExportedHere(scope, declaration, name),
    signature: c.header(c.start(declaration), declaration.body?.pos ?? declaration.end),
    doc: c.doc(declaration),
    modifiers: flagModifiers(declaration),
    surfaceEnd: declaration.body?.pos ?? declaration.end,
    typed: true,
  });
  const inner = c.childScope(scope, node, {
    moduleLevel: true,
    exportsVisible: node.exported,
    implicitlyExported: ambientModule,
  });
  const body = declaration.body;
  if (body === undefined) return;
  if (ts.isModuleDeclaration(body)) declareModule(c, body, inner);
  else c.visitChildren(body, inner);
}

/** Folds expando assignments (`f.helper = …`) into the surface of the module-level declaration they extend. */
export function foldExpandoAssignments(c: DeclarationCollector): void {
  const { sourceFile, nodes } = c;
  const assignments = expandoAssignments(sourceFile);
  if (assignments.size === 0) return;
  const fileKeyOfNodes = nodes[0]?.key;
  for (const node of nodes) {
    const statements = assignments.get(node.name);
    if (statements === undefined || node.parentKey !== fileKeyOfNodes || node.qualifiedName !== node.name) continue;
    node.surface = surfaceHash(
      statements.map((statement) => statement.getText(sourceFile)).join("\n"),
      false,
      node.surface,
    );
    c.extendSurfaceRanges(
      node.key,
      statements.map((statement) => ({ start: statement.getStart(sourceFile), end: statement.end })),
    );
  }
}

/** A global script, or a module with `declare global` or `declare module "x"`. */
export function declaresGlobals(sourceFile: ts.SourceFile): boolean {
  return (
    !ts.isExternalModule(sourceFile) ||
    sourceFile.statements.some(
      (statement) =>
        ts.isModuleDeclaration(statement) &&
        ((statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0 || ts.isStringLiteral(statement.name)),
    )
  );
}

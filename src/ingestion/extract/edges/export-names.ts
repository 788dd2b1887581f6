import { ts } from "../../../engine/ts6/typescript6.js";
import type { PortSymbol } from "../checker-port.js";
import type { ExtractedExportName, ExtractedNode } from "../../../model/extracted.js";
import type { EdgeCollector } from "./edge-collector.js";

/**
 * The names a file exports under another name than the declaration's, or re-exports from another file, each with
 * the node it reaches (schema.ts, export_names): the checker follows imports and re-exports to the declaration.
 * A name the file exports as its declaration is named (`export class A`, `export { A }`) is the node's `exported`
 * flag, not a row here.
 */
export function exportNamesOf(c: EdgeCollector): ExtractedExportName[] {
  const rows = new Map<string, ExtractedExportName>();
  const own = new Set(c.declarations.nodes);
  const add = (name: string, target: ExtractedNode): void => {
    if (target.name === name && own.has(target)) return;
    rows.set(`${name}\u0000${target.key}`, { name, target: target.key });
  };
  for (const statement of c.sourceFile.statements) {
    if (ts.isExportDeclaration(statement)) exportDeclarationNames(c, statement, add);
    else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      for (const node of nodesOf(c, c.checker.getSymbolAtLocation(statement.expression))) add("default", node);
    } else if (hasDefaultModifier(statement)) {
      const node = c.declarations.nodeOf.get(statement);
      if (node !== undefined && node.name !== "default") add("default", node);
    }
  }
  return [...rows.values()].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.target < b.target ? -1 : a.target > b.target ? 1 : 0,
  );
}

function hasDefaultModifier(statement: ts.Statement): boolean {
  const flags = ts.canHaveModifiers(statement) ? ts.getCombinedModifierFlags(statement as ts.Declaration) : 0;
  return (flags & ts.ModifierFlags.Default) !== 0 && (flags & ts.ModifierFlags.Export) !== 0;
}

function exportDeclarationNames(
  c: EdgeCollector,
  statement: ts.ExportDeclaration,
  add: (name: string, target: ExtractedNode) => void,
): void {
  const clause = statement.exportClause;
  if (clause === undefined || ts.isNamespaceExport(clause)) {
    const module = moduleFileNode(c, statement.moduleSpecifier);
    if (module !== undefined) add(clause === undefined ? "*" : clause.name.text, module);
    return;
  }
  for (const element of clause.elements) {
    const local = c.checker.getExportSpecifierLocalTargetSymbol(element);
    for (const node of nodesOf(c, local)) add(element.name.text, node);
  }
}

/** The nodes a symbol's declarations are, through every import and re-export. */
function nodesOf(c: EdgeCollector, symbol: PortSymbol | undefined): ExtractedNode[] {
  if (symbol === undefined) return [];
  const resolved = (symbol.flags & ts.SymbolFlags.Alias) !== 0 ? c.checker.getAliasedSymbol(symbol) : symbol;
  const nodes: ExtractedNode[] = [];
  for (const declaration of resolved.declarations ?? []) {
    const node = ts.isSourceFile(declaration) ? moduleNode(c, declaration) : c.nodeForDeclaration(declaration);
    if (node !== undefined && !nodes.includes(node)) nodes.push(node);
  }
  return nodes;
}

function moduleNode(c: EdgeCollector, sourceFile: ts.SourceFile): ExtractedNode | undefined {
  return c.context.declarationsOf(sourceFile)?.nodes[0];
}

/** The File node of the indexed module a specifier names. */
function moduleFileNode(c: EdgeCollector, specifier: ts.Expression | undefined): ExtractedNode | undefined {
  if (specifier === undefined) return undefined;
  const moduleFile = c.checker.getSymbolAtLocation(specifier)?.declarations?.find(ts.isSourceFile);
  return moduleFile === undefined ? undefined : moduleNode(c, moduleFile);
}

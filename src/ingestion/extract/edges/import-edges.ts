import { ts } from "../../../engine/ts6/typescript6.js";
import type { EdgeCollector } from "./edge-collector.js";

/** Package name of a bare module specifier (`@scope/pkg/sub` → `@scope/pkg`); undefined for a relative one. */
export function packageNameOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/")) return undefined;
  if (specifier.startsWith("node:")) return specifier;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The file a specifier names: the checker's module symbol, else module resolution (an ambient module names none). */
function resolvedFileName(c: EdgeCollector, specifier: ts.StringLiteralLike): string | undefined {
  const symbol = c.checker.getSymbolAtLocation(specifier);
  const moduleFile = symbol?.declarations?.find(ts.isSourceFile);
  if (moduleFile !== undefined) return moduleFile.fileName;
  if (symbol?.declarations?.some(ts.isModuleDeclaration)) return undefined;
  return c.context.resolveModuleFileName(specifier.text, c.sourceFile.fileName);
}

/** An import of names from a specifier: of an indexed file (IMPORTS), else of a package, builtin or unresolved module. */
export function recordImport(
  c: EdgeCollector,
  specifier: ts.Expression | undefined,
  names: readonly string[],
  typeOnly: boolean,
): void {
  if (specifier === undefined || !ts.isStringLiteralLike(specifier)) return;
  const fileName = resolvedFileName(c, specifier);
  const indexedPath = fileName === undefined ? undefined : c.context.indexedPathOf(fileName);
  if (indexedPath !== undefined) {
    let entry = c.imports.get(indexedPath);
    if (entry === undefined) {
      entry = { names: new Set(), typeOnly: true };
      c.imports.set(indexedPath, entry);
    }
    for (const name of names) entry.names.add(name);
    entry.typeOnly &&= typeOnly;
    return;
  }
  const previous = c.externalImports.get(specifier.text);
  c.externalImports.set(specifier.text, {
    specifier: specifier.text,
    packageName: packageNameOf(specifier.text),
    resolved: fileName !== undefined,
    typeOnly: (previous?.typeOnly ?? true) && typeOnly,
  });
}

/** `import d, { a, type T } from "x"` imports `default`, `a` and `T`; `* as ns` imports `*`; `import "x"` nothing. */
export function recordImportDeclaration(c: EdgeCollector, declaration: ts.ImportDeclaration): void {
  const clause = declaration.importClause;
  if (clause === undefined) {
    recordImport(c, declaration.moduleSpecifier, [], false);
    return;
  }
  let allTypeOnly = clause.isTypeOnly;
  let anyValue = clause.name !== undefined;
  const bindings = clause.namedBindings;
  if (bindings !== undefined && ts.isNamespaceImport(bindings)) {
    anyValue = true;
  } else if (bindings !== undefined) {
    for (const element of bindings.elements) {
      if (!element.isTypeOnly) anyValue = true;
    }
    if (!anyValue && bindings.elements.length > 0) allTypeOnly = true;
  }
  recordImport(c, declaration.moduleSpecifier, declaredImportNames(declaration), allTypeOnly || !anyValue);
}

/**
 * The names an import or `export … from` declaration imports, as IMPORTS edges list them: `default`, `*` for a
 * namespace import or `export *`, else each name as the other module exports it. None for `export { a }` without a module.
 */
export function declaredImportNames(declaration: ts.ImportDeclaration | ts.ExportDeclaration): string[] {
  if (ts.isExportDeclaration(declaration)) {
    const clause = declaration.exportClause;
    if (declaration.moduleSpecifier === undefined) return [];
    if (clause === undefined || ts.isNamespaceExport(clause)) return ["*"];
    return clause.elements.map((element) => (element.propertyName ?? element.name).text);
  }
  const clause = declaration.importClause;
  if (clause === undefined) return [];
  const names: string[] = clause.name === undefined ? [] : ["default"];
  const bindings = clause.namedBindings;
  if (bindings !== undefined && ts.isNamespaceImport(bindings)) names.push("*");
  else if (bindings !== undefined)
    for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
  return names;
}

/** `export … from "x"` imports what it re-exports. */
export function recordExportDeclaration(c: EdgeCollector, declaration: ts.ExportDeclaration): void {
  if (declaration.moduleSpecifier === undefined) return;
  const clause = declaration.exportClause;
  if (clause === undefined || ts.isNamespaceExport(clause)) {
    recordImport(c, declaration.moduleSpecifier, ["*"], declaration.isTypeOnly);
    return;
  }
  const typeOnly = declaration.isTypeOnly || clause.elements.every((element) => element.isTypeOnly);
  recordImport(c, declaration.moduleSpecifier, declaredImportNames(declaration), typeOnly);
}

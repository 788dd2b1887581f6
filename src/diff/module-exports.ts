/**
 * What a module's text exports from other modules, read with oxc-parser (no TypeScript): `export * from`,
 * `export * as ns from`, `export { a as b } from`, and local `export { x }` of an imported name. The
 * declarations a file exports itself are the graph's (nodes.exported); this gives the re-exports the graph's
 * IMPORTS edges do not tell apart from imports. Pure: a text in, its re-exports out.
 */
import { parseSync } from "oxc-parser";

/** One name a module exports from another: `exported` is its name here, `imported` its name there (`*`: the whole module). */
export interface ReExport {
  readonly exported: string;
  readonly imported: string;
  readonly specifier: string;
}

export interface ModuleExports {
  /** `export * from "s"`: every name of s but `default`. */
  readonly stars: readonly string[];
  /** Named and namespace re-exports, and local exports of imported names. */
  readonly named: readonly ReExport[];
  /** Local `export { x as y }` of a declaration of this module: y → x. */
  readonly aliases: ReadonlyMap<string, string>;
}

/** `export *`, `export {`, `export type {`, `export type *`, `export default name;`: what may export a name from elsewhere or under another name. */
const MAY_RE_EXPORT = /\bexport\s+(?:type\s+)?[*{]|\bexport\s+default\s+[A-Za-z_$][\w$]*\s*;/;

/** The re-exports of a module's text, from oxc's module record (no AST is built); a text that does not parse gives what oxc recovered. */
export function moduleExports(fileName: string, text: string): ModuleExports {
  // Most modules only declare what they export: then there is nothing to parse for.
  if (!MAY_RE_EXPORT.test(text)) return { stars: [], named: [], aliases: new Map() };
  const lang = /\.d\.[cm]?ts$/.test(fileName) ? "dts" : /\.[cm]?tsx$/.test(fileName) ? "tsx" : "ts";
  const record = parseSync(fileName, text, { lang, sourceType: "module" }).module;
  const imports = new Map<string, { imported: string; specifier: string }>();
  for (const statement of record.staticImports) {
    for (const entry of statement.entries) {
      const imported =
        entry.importName.kind === "Name"
          ? entry.importName.name
          : entry.importName.kind === "Default"
            ? "default"
            : "*";
      if (imported !== null) imports.set(entry.localName.value, { imported, specifier: statement.moduleRequest.value });
    }
  }
  const stars: string[] = [];
  const named: ReExport[] = [];
  const aliases = new Map<string, string>();
  for (const statement of record.staticExports) {
    for (const entry of statement.entries) {
      const exported = entry.exportName.kind === "Default" ? "default" : entry.exportName.name;
      const specifier = entry.moduleRequest?.value;
      if (specifier !== undefined) {
        if (entry.importName.kind === "AllButDefault") stars.push(specifier);
        else if (exported !== null)
          named.push({
            exported,
            imported: entry.importName.kind === "All" ? "*" : (entry.importName.name ?? "*"),
            specifier,
          });
        continue;
      }
      const local = entry.localName.name;
      if (exported === null || local === null) continue;
      const imported = imports.get(local);
      if (imported !== undefined) named.push({ exported, imported: imported.imported, specifier: imported.specifier });
      else if (local !== exported) aliases.set(exported, local);
    }
  }
  return { stars, named, aliases };
}

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

interface EsNode {
  readonly type: string;
  readonly [field: string]: unknown;
}

function isNode(value: unknown): value is EsNode {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

/** An identifier's name or a string literal's value (`export { "a-b" as c }`). */
function nameOf(value: unknown): string | undefined {
  if (!isNode(value)) return undefined;
  if (value.type === "Identifier" && typeof value.name === "string") return value.name;
  if (value.type === "Literal" && typeof value.value === "string") return value.value;
  return undefined;
}

function sourceOf(statement: EsNode): string | undefined {
  return isNode(statement.source) && typeof statement.source.value === "string" ? statement.source.value : undefined;
}

function nodes(value: unknown): EsNode[] {
  return Array.isArray(value) ? value.filter(isNode) : [];
}

/** The local names an import declaration binds: local → {imported, specifier} (`*` for a namespace import). */
function importBindings(statement: EsNode, specifier: string, into: Map<string, { imported: string; specifier: string }>): void {
  for (const binding of nodes(statement.specifiers)) {
    const local = nameOf(binding.local);
    if (local === undefined) continue;
    if (binding.type === "ImportDefaultSpecifier") into.set(local, { imported: "default", specifier });
    else if (binding.type === "ImportNamespaceSpecifier") into.set(local, { imported: "*", specifier });
    else {
      const imported = nameOf(binding.imported);
      if (imported !== undefined) into.set(local, { imported, specifier });
    }
  }
}

/** The re-exports of a module's text; a text that does not parse gives what oxc recovered. */
export function moduleExports(fileName: string, text: string): ModuleExports {
  const lang = /\.d\.[cm]?ts$/.test(fileName) ? "dts" : /\.[cm]?tsx$/.test(fileName) ? "tsx" : "ts";
  const program = parseSync(fileName, text, { lang, sourceType: "module" }).program as unknown as EsNode;
  const stars: string[] = [];
  const named: ReExport[] = [];
  const localExports: [string, string][] = [];
  const imports = new Map<string, { imported: string; specifier: string }>();
  for (const statement of nodes(program.body)) {
    const specifier = sourceOf(statement);
    if (statement.type === "ImportDeclaration" && specifier !== undefined) {
      importBindings(statement, specifier, imports);
    } else if (statement.type === "ExportAllDeclaration" && specifier !== undefined) {
      const exported = nameOf(statement.exported);
      if (exported === undefined) stars.push(specifier);
      else named.push({ exported, imported: "*", specifier });
    } else if (statement.type === "ExportNamedDeclaration" && statement.declaration == null) {
      for (const entry of nodes(statement.specifiers)) {
        const local = nameOf(entry.local);
        const exported = nameOf(entry.exported) ?? local;
        if (local === undefined || exported === undefined) continue;
        if (specifier !== undefined) named.push({ exported, imported: local, specifier });
        else localExports.push([exported, local]);
      }
    } else if (statement.type === "ExportDefaultDeclaration" && isNode(statement.declaration) && statement.declaration.type === "Identifier") {
      localExports.push(["default", nameOf(statement.declaration) ?? ""]);
    }
  }
  const aliases = new Map<string, string>();
  for (const [exported, local] of localExports) {
    const imported = imports.get(local);
    if (imported !== undefined) named.push({ exported, imported: imported.imported, specifier: imported.specifier });
    else aliases.set(exported, local);
  }
  return { stars, named, aliases };
}

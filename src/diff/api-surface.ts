/**
 * The public API of a side: the declarations its packages' entry points make reachable (docs/ci.md, "What is
 * API"). From each entry file: what it exports itself, and what it re-exports (`export *`, `export { x } from`,
 * `export * as ns from`, an imported name exported again), followed from module to module; then the members of
 * what is reachable (all but `private`), and, through the graph's edges, what their public signatures name
 * (a class a public function returns, an interface a public class implements, a base class). Pure: module
 * texts are read through `exportsOf`.
 */
import path from "node:path";
import { fileKey } from "../model/node-key.js";
import type { DiffEdge, DiffNode } from "./graph-diff.js";
import type { ModuleExports } from "./module-exports.js";
import type { PackageEntry } from "./package-entries.js";

export interface SurfacePackage {
  /** `name` of its package.json (undefined when it has none): what bare specifiers of other packages name. */
  readonly name: string | undefined;
  readonly entries: readonly PackageEntry[];
}

export interface SurfaceInput {
  readonly packages: readonly SurfacePackage[];
  readonly nodes: readonly DiffNode[];
  readonly edges: readonly DiffEdge[];
  /** A module's re-exports, undefined when its text cannot be read. */
  readonly exportsOf: (file: string) => ModuleExports | undefined;
}

const RESOLVED_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".d.ts", "/index.ts", "/index.tsx", "/index.d.ts"];

/** The indexed file a module specifier names from `from`: a relative path (a `.js` written for `.ts`), or a workspace package and subpath. */
function resolver(
  files: ReadonlySet<string>,
  packages: readonly SurfacePackage[],
): (from: string, specifier: string) => string | undefined {
  return (from, specifier) => {
    if (specifier.startsWith(".")) {
      const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
      const stem = joined.replace(/\.(m|c)?jsx?$/, "");
      if (files.has(joined) && !/\.(m|c)?jsx?$/.test(joined)) return joined;
      return RESOLVED_EXTENSIONS.map((extension) => stem + extension).find((candidate) => files.has(candidate));
    }
    for (const pack of packages) {
      if (pack.name === undefined || (specifier !== pack.name && !specifier.startsWith(`${pack.name}/`))) continue;
      const subpath = `.${specifier.slice(pack.name.length)}`;
      return pack.entries.find((entry) => entry.subpath === subpath)?.file;
    }
    return undefined;
  };
}

function indexNodes(nodes: readonly DiffNode[]): {
  topLevel: Map<string, DiffNode[]>;
  children: Map<string, DiffNode[]>;
  byKey: Map<string, DiffNode>;
} {
  const topLevel = new Map<string, DiffNode[]>();
  const children = new Map<string, DiffNode[]>();
  const byKey = new Map<string, DiffNode>();
  for (const node of nodes) byKey.set(node.key, node);
  for (const node of nodes) {
    if (node.kind === "File" || node.parent === undefined) continue;
    if (byKey.get(node.parent)?.kind === "File") pushTo(topLevel, node.file, node);
    else pushTo(children, node.parent, node);
  }
  return { topLevel, children, byKey };
}

/** The keys of every declaration the packages' entry points make reachable, members and signature types included. */
export function apiSurface(input: SurfaceInput): Set<string> {
  const files = new Set(input.nodes.filter((node) => node.kind === "File").map((node) => node.key));
  const resolve = resolver(files, input.packages);
  const { topLevel, children, byKey } = indexNodes(input.nodes);
  const reached = new Set<string>();
  const seenModules = new Set<string>();
  const seenNames = new Set<string>();
  const exportsCache = new Map<string, ModuleExports | undefined>();
  const exportsOf = (file: string) => {
    if (!exportsCache.has(file)) exportsCache.set(file, input.exportsOf(file));
    return exportsCache.get(file);
  };
  const declarationsNamed = (file: string, name: string): DiffNode[] =>
    (topLevel.get(file) ?? []).filter((node) =>
      name === "default" ? node.modifiers.includes("default") : node.name === name && node.exported,
    );

  const wholeModule = (file: string): void => {
    if (seenModules.has(file)) return;
    seenModules.add(file);
    for (const node of topLevel.get(file) ?? []) if (node.exported) reached.add(node.key);
    const exported = exportsOf(file);
    if (exported === undefined) return;
    for (const specifier of exported.stars) {
      const target = resolve(file, specifier);
      if (target !== undefined) everyNameBut("default", target);
    }
    for (const entry of exported.named) {
      const target = resolve(file, entry.specifier);
      if (target !== undefined) oneName(target, entry.imported);
    }
  };
  // `export * from` re-exports every name but `default`: the whole module, less its default export.
  const everyNameBut = (excluded: string, file: string): void => {
    const key = `${file}\u0000*-${excluded}`;
    if (seenNames.has(key)) return;
    seenNames.add(key);
    for (const node of topLevel.get(file) ?? [])
      if (node.exported && !node.modifiers.includes(excluded)) reached.add(node.key);
    const exported = exportsOf(file);
    for (const specifier of exported?.stars ?? []) {
      const target = resolve(file, specifier);
      if (target !== undefined) everyNameBut(excluded, target);
    }
    for (const entry of exported?.named ?? []) {
      const target = resolve(file, entry.specifier);
      if (target !== undefined && entry.exported !== excluded) oneName(target, entry.imported);
    }
  };
  const oneName = (file: string, name: string): void => {
    if (name === "*") return wholeModule(file);
    const key = `${file}\u0000${name}`;
    if (seenNames.has(key)) return;
    seenNames.add(key);
    const exported = exportsOf(file);
    const local = exported?.aliases.get(name) ?? name;
    const own = declarationsNamed(file, local);
    for (const node of own) reached.add(node.key);
    if (own.length > 0) return;
    for (const entry of exported?.named ?? []) {
      const target = entry.exported === name ? resolve(file, entry.specifier) : undefined;
      if (target !== undefined) oneName(target, entry.imported);
    }
    if (name === "default") return;
    for (const specifier of exported?.stars ?? []) {
      const target = resolve(file, specifier);
      if (target !== undefined) oneName(target, name);
    }
  };

  for (const pack of input.packages) for (const entry of pack.entries) wholeModule(entry.file);
  return withMembersAndSignatureTypes(reached, { children, byKey, edges: input.edges });
}

const SIGNATURE_EDGES = new Set(["USES_TYPE", "EXTENDS", "IMPLEMENTS"]);

/**
 * The reachable declarations with their members (all but `private` and `#private` ones) and, transitively, the
 * declarations their signatures name: an EXTENDS or IMPLEMENTS target, or a USES_TYPE target whose name the
 * source's signature text holds (a USES_TYPE edge also stands for a type named in a body, which is no API).
 */
function withMembersAndSignatureTypes(
  reached: Set<string>,
  graph: { children: Map<string, DiffNode[]>; byKey: Map<string, DiffNode>; edges: readonly DiffEdge[] },
): Set<string> {
  const out = new Map<string, DiffEdge[]>();
  for (const edge of graph.edges) if (SIGNATURE_EDGES.has(edge.kind)) pushTo(out, edge.source, edge);
  const queue = [...reached];
  const add = (key: string) => {
    if (reached.has(key)) return;
    reached.add(key);
    queue.push(key);
  };
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    for (const member of graph.children.get(key) ?? []) {
      if (!member.modifiers.includes("private") && !member.name.startsWith("#")) add(member.key);
    }
    const source = graph.byKey.get(key);
    for (const edge of out.get(key) ?? []) {
      const target = graph.byKey.get(edge.target);
      if (target === undefined || target.kind === "File" || edge.target === fileKey(target.file)) continue;
      if (
        edge.kind !== "USES_TYPE" ||
        new RegExp(`(?<![\\w$])${escapeRegExp(target.name)}(?![\\w$])`).test(source?.signature ?? "")
      )
        add(target.key);
    }
  }
  return reached;
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

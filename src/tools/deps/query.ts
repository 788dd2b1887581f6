import type { SqliteDb } from "../../db/open-graph-db.js";
import { fileKey } from "../../model/node-key.js";
import { walkGraph, type WalkDirection } from "../walk/graph-walk.js";
import { preparedStatements } from "../prepared-statements.js";
import { folderKeyRange, folderOf } from "../workspace/workspace-files.js";

/**
 * Module and package dependencies of a set of files (a file, a folder, a workspace package), from IMPORTS
 * edges (file → file) and external imports (file → npm package), rolled up into modules.
 */
export const DEPS_DIRECTIONS = ["in", "out", "both"] as const;
export type DepsDirection = (typeof DEPS_DIRECTIONS)[number];
export const GROUPINGS = ["file", "folder", "package"] as const;
export type Grouping = (typeof GROUPINGS)[number];

const SQL = {
  filesUnder: "SELECT path FROM files WHERE path >= @low AND path < @high ORDER BY path",
  isFile: "SELECT 1 FROM files WHERE path = ?",
  importsFrom: `SELECT source AS inside, target AS outside, names, type_only AS typeOnly FROM edges
    WHERE kind = 'IMPORTS' AND source IN (SELECT value FROM json_each(?))`,
  importsInto: `SELECT target AS inside, source AS outside, names, type_only AS typeOnly FROM edges
    WHERE kind = 'IMPORTS' AND target IN (SELECT value FROM json_each(?))`,
  packagesOf: `SELECT file, package, type_only AS typeOnly FROM external_imports
    WHERE package IS NOT NULL AND file IN (SELECT value FROM json_each(?)) ORDER BY package, file`,
} as const;

const statements = preparedStatements(SQL);

/** The indexed files at or under a folder (all files for the root, ""). */
export function filesUnder(db: SqliteDb, folder: string): string[] {
  return statements(db).filesUnder.pluck().all(folderKeyRange(folder)) as string[];
}

export function isIndexedFile(db: SqliteDb, path: string): boolean {
  return statements(db).isFile.get(path) !== undefined;
}

/** A file on the other side of the target's imports. */
export interface LinkedFile {
  readonly file: string;
  /** 1 for a direct import; more through other files (transitive). */
  readonly depth: number;
  /** Names imported across the boundary (direct imports only). */
  readonly names: readonly string[];
  /** Every direct import across the boundary is `import type`. */
  readonly typeOnly: boolean;
}

export interface PackageLink {
  readonly name: string;
  /** Depth of the importing file plus one (1: the target imports it). */
  readonly depth: number;
  /** Files that import it. */
  readonly importers: number;
  readonly typeOnly: boolean;
}

/** An import between two files of the target. */
export interface InternalImport {
  readonly source: string;
  readonly target: string;
  readonly typeOnly: boolean;
}

export interface DepsRows {
  /** Imports between the target's own files. */
  readonly internal: readonly InternalImport[];
  readonly outgoing: readonly LinkedFile[];
  readonly incoming: readonly LinkedFile[];
  readonly packages: readonly PackageLink[];
}

interface ImportRow {
  readonly inside: string;
  readonly outside: string;
  readonly names: string | null;
  readonly typeOnly: number | null;
}

/** Files linked to the target in one direction, direct ones with the names they exchange. */
function linked(
  db: SqliteDb,
  files: readonly string[],
  direction: WalkDirection,
  depth: number,
): { links: LinkedFile[]; internal: InternalImport[] } {
  const inside = new Set(files);
  const sql = statements(db);
  const rows = (direction === "out" ? sql.importsFrom : sql.importsInto).all(JSON.stringify(files)) as ImportRow[];
  const direct = new Map<string, { names: Set<string>; typeOnly: boolean }>();
  const internal: InternalImport[] = [];
  for (const row of rows) {
    if (inside.has(row.outside)) {
      const [source, target] = direction === "out" ? [row.inside, row.outside] : [row.outside, row.inside];
      internal.push({ source, target, typeOnly: row.typeOnly === 1 });
      continue;
    }
    const entry = direct.get(row.outside) ?? { names: new Set<string>(), typeOnly: true };
    for (const name of JSON.parse(row.names ?? "[]") as string[]) entry.names.add(name);
    entry.typeOnly &&= row.typeOnly === 1;
    direct.set(row.outside, entry);
  }
  const seeds = files.map((file) => fileKey(file));
  const reached = depth > 1 ? walkGraph(db, { seeds, direction, kinds: ["IMPORTS"], maxDepth: depth }).nodes : [];
  const links: LinkedFile[] = [...direct].map(([file, entry]) => ({
    file,
    depth: 1,
    names: [...entry.names].sort(),
    typeOnly: entry.typeOnly,
  }));
  for (const node of reached) {
    if (node.depth > 1) links.push({ file: node.file, depth: node.depth, names: [], typeOnly: false });
  }
  links.sort((a, b) => a.depth - b.depth || a.file.localeCompare(b.file));
  return { links, internal };
}

function packagesOf(db: SqliteDb, filesByDepth: ReadonlyMap<string, number>): PackageLink[] {
  const rows = statements(db).packagesOf.all(JSON.stringify([...filesByDepth.keys()])) as {
    file: string;
    package: string;
    typeOnly: number;
  }[];
  const byName = new Map<string, { depth: number; importers: Set<string>; typeOnly: boolean }>();
  for (const row of rows) {
    const entry = byName.get(row.package) ?? { depth: Infinity, importers: new Set<string>(), typeOnly: true };
    entry.depth = Math.min(entry.depth, (filesByDepth.get(row.file) ?? 0) + 1);
    entry.importers.add(row.file);
    entry.typeOnly &&= row.typeOnly === 1;
    byName.set(row.package, entry);
  }
  return [...byName]
    .map(([name, entry]) => ({ name, depth: entry.depth, importers: entry.importers.size, typeOnly: entry.typeOnly }))
    .sort((a, b) => a.depth - b.depth || a.name.localeCompare(b.name));
}

/** Imports out of and into the given files, up to `depth` import steps away, and the packages imported on the way out. */
export function queryDeps(db: SqliteDb, files: readonly string[], direction: DepsDirection, depth: number): DepsRows {
  const outgoing = direction === "in" ? undefined : linked(db, files, "out", depth);
  const incoming = direction === "out" ? undefined : linked(db, files, "in", depth);
  const depths = new Map<string, number>(files.map((file) => [file, 0]));
  for (const link of outgoing?.links ?? []) if (link.depth < depth) depths.set(link.file, link.depth);
  return {
    internal: outgoing?.internal ?? incoming?.internal ?? [],
    outgoing: outgoing?.links ?? [],
    incoming: incoming?.links ?? [],
    packages: outgoing === undefined ? [] : packagesOf(db, depths),
  };
}

/** A module on the other side: the files of one group (a file, a folder, a workspace package). */
export interface ModuleLink {
  readonly module: string;
  readonly depth: number;
  readonly files: readonly LinkedFile[];
}

/** Groups linked files into modules; `moduleOf` names a file's module. Modules keep their files' order. */
export function rollUp(links: readonly LinkedFile[], moduleOf: (file: string) => string): ModuleLink[] {
  const modules = new Map<string, LinkedFile[]>();
  for (const link of links) {
    const name = moduleOf(link.file);
    modules.set(name, [...(modules.get(name) ?? []), link]);
  }
  return [...modules]
    .map(([module, files]) => ({ module, depth: Math.min(...files.map((file) => file.depth)), files }))
    .sort((a, b) => a.depth - b.depth || a.module.localeCompare(b.module));
}

/** Imports between two modules of the target, one link per ordered pair of modules. */
export interface InnerLink {
  readonly from: string;
  readonly to: string;
  readonly imports: number;
  readonly typeOnly: boolean;
}

/** Rolls the target's own imports up into links between its modules (imports within one module are left out). */
export function rollUpInternal(imports: readonly InternalImport[], moduleOf: (file: string) => string): InnerLink[] {
  const links = new Map<string, { from: string; to: string; imports: number; typeOnly: boolean }>();
  for (const link of imports) {
    const from = moduleOf(link.source);
    const to = moduleOf(link.target);
    if (from === to) continue;
    const key = `${from}\n${to}`;
    const entry = links.get(key) ?? { from, to, imports: 0, typeOnly: true };
    entry.imports += 1;
    entry.typeOnly &&= link.typeOnly;
    links.set(key, entry);
  }
  return [...links.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** The folder a file rolls up to, as deps names it (`.` for the root). */
export function depsFolderOf(file: string): string {
  return folderOf(file) || ".";
}

/** Names each file by the workspace package whose folder holds it (the deepest), else `(root)`. */
export function packageOfFile(
  packages: readonly { readonly name: string; readonly dir: string }[],
): (file: string) => string {
  const byDepth = [...packages].sort((a, b) => b.dir.length - a.dir.length);
  return (file) => byDepth.find((pkg) => file.startsWith(`${pkg.dir}/`))?.name ?? "(root)";
}

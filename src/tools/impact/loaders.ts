import type { SqliteDb } from "../../db/open-graph-db.js";
import type { EdgeKind } from "../../model/graph-kinds.js";
import { parseNodeKey } from "../../model/node-key.js";
import type { ReachedNode } from "../walk/graph-walk.js";
import { preparedStatements } from "../prepared-statements.js";

/**
 * The files that load a changed file: importing a module runs its top-level code, so a change that reaches a
 * file's top-level code (a class decorator, a registration, a `const x = f()`) reaches every file that imports
 * it, and every file importing those, each one step further. Impact lists the test files among them as tests
 * to run (docs/tools.md, "Tests reached through top-level code").
 *
 * An import loads the file unless nothing of it survives compilation: `import type`, `export type … from`, an
 * `import("x").T` type, or an import whose every name the imported file declares only as an interface or type
 * alias. A name the file does not declare itself (a re-export, `default`, `* as ns`) counts as loading it.
 */
const LOADING_IMPORTERS = `SELECT e.source AS importer, e.target AS imported
  FROM json_each(@files) f CROSS JOIN edges e ON e.target = f.value AND e.kind = 'IMPORTS'
  WHERE e.type_only = 0 AND (
    e.names IS NULL OR json_array_length(e.names) = 0
    OR EXISTS (SELECT 1 FROM json_each(e.names) n WHERE NOT (
      EXISTS (SELECT 1 FROM nodes d WHERE d.parent_key = e.target AND d.qualified_name = n.value AND d.kind IN ('Interface', 'TypeAlias'))
      AND NOT EXISTS (SELECT 1 FROM nodes d WHERE d.parent_key = e.target AND d.qualified_name = n.value AND d.kind NOT IN ('Interface', 'TypeAlias')))))
  ORDER BY e.source, e.target`;

/**
 * Of the given nodes, those whose code runs when their file loads: the file's own top-level statements, a
 * top-level variable's initialiser, a static property's initialiser of a top-level class.
 */
const RUN_AT_LOAD = `SELECT n.key FROM json_each(@keys) k CROSS JOIN nodes n ON n.key = k.value
  WHERE n.kind = 'File' OR (n.kind = 'Variable' AND n.parent_key = n.file)
    OR (n.kind = 'Property' AND ' ' || n.modifiers || ' ' GLOB '* static *'
      AND EXISTS (SELECT 1 FROM nodes c WHERE c.key = n.parent_key AND c.parent_key = n.file))`;

const statements = preparedStatements({ loadingImporters: LOADING_IMPORTERS, runAtLoad: RUN_AT_LOAD });

/** What a changed top-level code does to the node one step closer to the symbol. */
export interface TopLevelUse {
  /** The top-level declaration whose initialiser it is (absent for the file's own statements). */
  readonly in?: string;
  readonly edge: EdgeKind;
  readonly via: string;
}

/** A file whose top-level code the change reaches. */
export interface ChangedTopLevel {
  readonly file: string;
  /** Its distance from the symbol (0 for a seed's own). */
  readonly depth: number;
  /** Absent when it is a seed's own code. */
  readonly uses?: TopLevelUse;
}

/** Edges by which code runs or reads its target (a REFERENCES edge only stores it: loading runs nothing of it). */
const RUNNING_EDGES: ReadonlySet<EdgeKind> = new Set(["CALLS", "INSTANTIATES", "READS", "RENDERS"]);

/**
 * The top-level code the change reaches: the seeds' own when it runs at load (a file's statements, a
 * top-level variable, a static property), and the runtime dependants' that run or read what they depend on.
 */
export function changedTopLevels(
  db: SqliteDb,
  seeds: readonly string[],
  runtime: readonly ReachedNode[],
): ChangedTopLevel[] {
  const runsAtLoad = (keys: readonly string[]): Set<string> =>
    new Set((statements(db).runAtLoad.all({ keys: JSON.stringify(keys) }) as { key: string }[]).map((row) => row.key));
  const seedsAtLoad = runsAtLoad(seeds);
  const changed: ChangedTopLevel[] = [...seedsAtLoad].map((key) => ({ file: parseNodeKey(key).file, depth: 0 }));
  const running = runtime.filter((node) => node.links.some((link) => RUNNING_EDGES.has(link.edge)));
  const atLoad = runsAtLoad(running.map((node) => node.key));
  for (const node of running) {
    if (!atLoad.has(node.key)) continue;
    const link = node.links.find((candidate) => RUNNING_EDGES.has(candidate.edge)) ?? node.links[0];
    if (link === undefined) continue;
    const declared = node.kind === "File" ? {} : { in: node.qualifiedName };
    changed.push({ file: node.file, depth: node.depth, uses: { ...declared, edge: link.edge, via: link.via } });
  }
  return changed;
}

/** A file that loads a changed top-level code by importing, directly or through other files. */
export interface Loader {
  readonly file: string;
  /** The changed top-level code's depth plus the import steps. */
  readonly depth: number;
  /** The file it imports on the way (the changed file itself when it imports that directly). */
  readonly imports: string;
  /** The file whose top-level code the change reaches. */
  readonly loads: string;
  readonly uses?: TopLevelUse;
}

/**
 * Every file that imports a changed file, transitively, at most `maxDepth` from the symbol, each at its shortest
 * depth (ties to the first importer by path); the changed files themselves are not listed.
 */
export function loadersOf(db: SqliteDb, changed: readonly ChangedTopLevel[], maxDepth: number): Loader[] {
  const sql = statements(db);
  const changedFiles = new Map<string, ChangedTopLevel>();
  for (const entry of changed) {
    const known = changedFiles.get(entry.file);
    if (known === undefined || entry.depth < known.depth) changedFiles.set(entry.file, entry);
  }
  const found = new Map<string, Loader>();
  const seen = new Set(changedFiles.keys());
  let frontier: { file: string; depth: number; from: ChangedTopLevel }[] = [];
  for (let depth = 0; depth < maxDepth; depth += 1) {
    const starting = [...changedFiles.values()]
      .filter((entry) => entry.depth === depth)
      .map((entry) => ({ file: entry.file, depth, from: entry }));
    const level = [...frontier, ...starting];
    if (level.length === 0) continue;
    const byFile = new Map(level.map((entry) => [entry.file, entry]));
    const rows = sql.loadingImporters.all({ files: JSON.stringify([...byFile.keys()]) }) as {
      importer: string;
      imported: string;
    }[];
    const next: typeof frontier = [];
    for (const { importer, imported } of rows) {
      const from = byFile.get(imported);
      if (from === undefined || seen.has(importer)) continue;
      seen.add(importer);
      const loader: Loader = {
        file: importer,
        depth: depth + 1,
        imports: imported,
        loads: from.from.file,
        ...(from.from.uses === undefined ? {} : { uses: from.from.uses }),
      };
      found.set(importer, loader);
      next.push({ file: importer, depth: depth + 1, from: from.from });
    }
    frontier = next;
  }
  return [...found.values()].sort((a, b) => a.depth - b.depth || a.file.localeCompare(b.file));
}

import type { SqliteDb } from "../../db/open-graph-db.js";
import type { NodeKind } from "../../model/graph-kinds.js";
import { preparedStatements } from "../prepared-statements.js";
import type { SymbolNode } from "../inputs/symbol-address.js";

/**
 * The type hierarchy of a class, interface or type alias, from EXTENDS and IMPLEMENTS edges: its supertypes
 * (what it extends or implements, transitively) and its subtypes (what extends or implements it, transitively).
 * Recursive CTEs collect every heritage edge within the depth; the tree is laid out here, each type expanded
 * once (a type reached again through a diamond is listed as a repeat).
 */
export const HIERARCHY_DIRECTIONS = ["up", "down", "both"] as const;
export type HierarchyDirection = (typeof HIERARCHY_DIRECTIONS)[number];
/** The deepest a hierarchy is followed (and the default): deeper trees are rare and say where they go on. */
export const MAX_HIERARCHY_DEPTH = 10;

/** The node kinds a hierarchy is about: those EXTENDS and IMPLEMENTS edges join. */
export const HIERARCHY_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Class", "Interface", "TypeAlias"]);

export type Relation = "extends" | "implements";

/** One line of the tree: a type one heritage step from `parent`. */
export interface HierarchyEntry {
  /** Heritage steps from the symbol asked about (1: a direct supertype or subtype). */
  readonly depth: number;
  /** Up: `parent` extends or implements this type. Down: this type extends or implements `parent`. */
  readonly relation: Relation;
  /** Node key, or for a type declared outside the indexed files, its external key (`lib:Error`). */
  readonly key: string;
  /** The type one step closer to the symbol asked about. */
  readonly parent: string;
  /** Declared outside the indexed files (the default library, node_modules): no node, nothing beyond it. */
  readonly external: boolean;
  /** `class`, `abstract class`, `interface`, `type`; absent for an external type. */
  readonly kind?: string | undefined;
  readonly qualifiedName: string;
  readonly file?: string | undefined;
  readonly line?: number | undefined;
  /** Reached before (a diamond through interfaces): listed, not expanded again. */
  readonly repeated: boolean;
  /** At the depth limit, with more supertypes or subtypes beyond it. */
  readonly beyondDepth: boolean;
}

export interface HierarchyResult {
  readonly symbol: SymbolNode;
  /** The symbol's kind as the tree writes it (`abstract class`). */
  readonly typeKind: string;
  readonly direction: HierarchyDirection;
  readonly depth: number;
  readonly up: readonly HierarchyEntry[];
  readonly down: readonly HierarchyEntry[];
  /** Distinct supertypes and subtypes (a repeat counts once). */
  readonly supertypes: number;
  readonly subtypes: number;
  /** Distinct files of the supertypes and subtypes that are nodes. */
  readonly files: number;
}

interface HeritageRow {
  readonly source: string;
  readonly target: string;
  readonly kind: "EXTENDS" | "IMPLEMENTS";
}

interface TypeRow {
  readonly key: string;
  readonly kind: NodeKind;
  readonly qualifiedName: string;
  readonly file: string;
  readonly line: number;
  readonly modifiers: string;
}

const HERITAGE = "('EXTENDS', 'IMPLEMENTS')";

const statements = preparedStatements({
  // Every heritage edge up from the seed within @depth steps: (source, target) where source is reached.
  up: `WITH RECURSIVE reached(key, depth) AS (
      SELECT @seed, 0
      UNION
      SELECT e.target, r.depth + 1 FROM reached r JOIN edges e ON e.source = r.key AND e.kind IN ${HERITAGE} WHERE r.depth < @depth
    )
    SELECT DISTINCT e.source, e.target, e.kind FROM edges e
    WHERE e.kind IN ${HERITAGE} AND e.source IN (SELECT key FROM reached WHERE depth < @depth)
    ORDER BY e.source, e.target, e.kind`,
  down: `WITH RECURSIVE reached(key, depth) AS (
      SELECT @seed, 0
      UNION
      SELECT e.source, r.depth + 1 FROM reached r JOIN edges e ON e.target = r.key AND e.kind IN ${HERITAGE} WHERE r.depth < @depth
    )
    SELECT DISTINCT e.source, e.target, e.kind FROM edges e
    WHERE e.kind IN ${HERITAGE} AND e.target IN (SELECT key FROM reached WHERE depth < @depth)
    ORDER BY e.source, e.target, e.kind`,
  external: `SELECT DISTINCT source, target, kind FROM external_edges
    WHERE kind IN ${HERITAGE} AND source IN (SELECT value FROM json_each(?)) ORDER BY source, target, kind`,
  types: `SELECT key, kind, qualified_name AS qualifiedName, file, start_line AS line, modifiers FROM nodes
    WHERE key IN (SELECT value FROM json_each(?))`,
});

/** `abstract class`, `class`, `interface`, `type`: a type's kind as the tree writes it. */
function typeKindOf(kind: NodeKind, modifiers: string): string {
  if (kind === "Class") return modifiers.split(" ").includes("abstract") ? "abstract class" : "class";
  if (kind === "Interface") return "interface";
  if (kind === "TypeAlias") return "type";
  return kind.toLowerCase();
}

const relationOf = (kind: HeritageRow["kind"]): Relation => (kind === "EXTENDS" ? "extends" : "implements");

/** Heritage edges one way: from a type to the next ones (its supertypes up, its subtypes down), in key order. */
type Adjacency = ReadonlyMap<
  string,
  readonly { readonly next: string; readonly relation: Relation; readonly external: boolean }[]
>;

function adjacency(rows: readonly HeritageRow[], external: readonly HeritageRow[], up: boolean): Adjacency {
  const next = new Map<string, { next: string; relation: Relation; external: boolean }[]>();
  const add = (row: HeritageRow, isExternal: boolean): void => {
    const [from, to] = up ? [row.source, row.target] : [row.target, row.source];
    const list = next.get(from) ?? [];
    list.push({ next: to, relation: relationOf(row.kind), external: isExternal });
    next.set(from, list);
  };
  for (const row of rows) add(row, false);
  for (const row of external) add(row, true);
  for (const list of next.values())
    list.sort((a, b) => Number(a.external) - Number(b.external) || a.next.localeCompare(b.next));
  return next;
}

/**
 * The tree in depth-first order, each type expanded at its first line; `depth + 1` levels of edges are known, so
 * that a type at the limit says whether more lie beyond it.
 */
function layOut(seed: string, next: Adjacency, depth: number, types: ReadonlyMap<string, TypeRow>): HierarchyEntry[] {
  const entries: HierarchyEntry[] = [];
  const expanded = new Set<string>([seed]);
  const visit = (parent: string, level: number): void => {
    for (const step of next.get(parent) ?? []) {
      const repeated = expanded.has(step.next);
      const type = types.get(step.next);
      const further = !step.external && (next.get(step.next)?.length ?? 0) > 0;
      entries.push({
        depth: level,
        relation: step.relation,
        key: step.next,
        parent,
        external: step.external,
        qualifiedName: type?.qualifiedName ?? step.next,
        ...(type === undefined
          ? {}
          : { kind: typeKindOf(type.kind, type.modifiers), file: type.file, line: type.line }),
        repeated,
        beyondDepth: !repeated && level === depth && further,
      });
      if (repeated || step.external) continue;
      expanded.add(step.next);
      if (level < depth) visit(step.next, level + 1);
    }
  };
  visit(seed, 1);
  return entries;
}

function walk(
  db: SqliteDb,
  seed: SymbolNode,
  depth: number,
  up: boolean,
): { rows: HeritageRow[]; external: HeritageRow[] } {
  const sql = statements(db);
  const rows = (up ? sql.up : sql.down).all({ seed: seed.key, depth: depth + 1 }) as HeritageRow[];
  if (!up) return { rows, external: [] };
  const sources = [...new Set([seed.key, ...rows.map((row) => row.target)])];
  return { rows, external: sql.external.all(JSON.stringify(sources)) as HeritageRow[] };
}

/** The supertypes and subtypes of a type within `depth` heritage steps, as trees. */
export function queryHierarchy(
  db: SqliteDb,
  symbol: SymbolNode,
  direction: HierarchyDirection,
  depth: number,
): HierarchyResult {
  const upEdges = direction === "down" ? { rows: [], external: [] } : walk(db, symbol, depth, true);
  const downEdges = direction === "up" ? { rows: [], external: [] } : walk(db, symbol, depth, false);
  const keys = new Set<string>([symbol.key]);
  for (const row of [...upEdges.rows, ...downEdges.rows]) keys.add(row.source).add(row.target);
  const types = new Map(
    (statements(db).types.all(JSON.stringify([...keys])) as TypeRow[]).map((row) => [row.key, row]),
  );
  const up = layOut(symbol.key, adjacency(upEdges.rows, upEdges.external, true), depth, types);
  const down = layOut(symbol.key, adjacency(downEdges.rows, [], false), depth, types);
  const own = types.get(symbol.key);
  const distinct = (entries: readonly HierarchyEntry[]): number => new Set(entries.map((entry) => entry.key)).size;
  return {
    symbol,
    typeKind: typeKindOf(symbol.kind, own?.modifiers ?? ""),
    direction,
    depth,
    up,
    down,
    supertypes: distinct(up),
    subtypes: distinct(down),
    files: new Set([...up, ...down].flatMap((entry) => (entry.file === undefined ? [] : [entry.file]))).size,
  };
}

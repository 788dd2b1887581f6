import type { SqliteDb } from "../../db/open-graph-db.js";
import type { EdgeKind } from "../../model/graph-kinds.js";
import { CALL_LIKE_EDGE_KINDS, type CallLikeEdgeKind } from "../graph-walk.js";
import { preparedStatements } from "../prepared-statements.js";
import { SYMBOL_COLUMNS, type SymbolNode } from "../symbol-address.js";

/**
 * The shortest call paths from one symbol to another, over call-like edges.
 *
 * 1. A forward walk from the source finds what it reaches within the depth; a backward walk from the target,
 *    through those nodes only, gives each one's distance to the target when it can lie on a path that short.
 * 2. Paths are enumerated forwards from the source by a recursive CTE that only takes an edge when the
 *    target is still reachable within the length allowed (`length so far + 1 + distance ≤ allowed`), and never
 *    revisits a node of the path (cycle-safe). The allowed length starts at the shortest distance and grows
 *    by one until enough paths are found or the depth is reached, so paths come shortest first.
 * 3. Each enumeration stops after ENUMERATION_CAP rows; the result then says it may be incomplete.
 */
export const ENUMERATION_CAP = 20_000;

const SQL = {
  distancesTo: `
    WITH RECURSIVE
      kinds(kind) AS (SELECT value FROM json_each(@kinds)),
      fwd(key, depth) AS (
        SELECT @source, 0
        UNION
        SELECT e.target, f.depth + 1 FROM fwd f JOIN edges e ON e.source = f.key
        WHERE f.depth < @maxDepth AND e.kind IN (SELECT kind FROM kinds)),
      ahead AS MATERIALIZED (SELECT key, min(depth) AS depth FROM fwd GROUP BY key),
      back(key, depth) AS (
        SELECT @target, 0 WHERE EXISTS (SELECT 1 FROM ahead WHERE key = @target)
        UNION
        SELECT e.source, b.depth + 1 FROM back b JOIN edges e ON e.target = b.key JOIN ahead a ON a.key = e.source
        WHERE a.depth + b.depth + 1 <= @maxDepth AND e.kind IN (SELECT kind FROM kinds))
    SELECT key, min(depth) AS distance FROM back GROUP BY key`,
  enumerate: `
    WITH RECURSIVE
      kinds(kind) AS (SELECT value FROM json_each(@kinds)),
      dist(key, distance) AS MATERIALIZED (SELECT key, value FROM json_each(@distances)),
      walk(last, len, path) AS (
        SELECT @source, 0, @source
        UNION ALL
        SELECT e.target, w.len + 1, w.path || char(10) || e.target
        FROM walk w
        JOIN edges e ON e.source = w.last AND e.kind IN (SELECT kind FROM kinds)
        JOIN dist d ON d.key = e.target
        WHERE w.last <> @target
          AND w.len + 1 + d.distance <= @allowed
          AND instr(char(10) || w.path || char(10), char(10) || e.target || char(10)) = 0
        ORDER BY 2 DESC
        LIMIT @cap)
    SELECT path, len, (SELECT count(*) FROM walk) AS rows FROM walk WHERE last = @target`,
  nodes: `SELECT ${SYMBOL_COLUMNS} FROM nodes WHERE key IN (SELECT value FROM json_each(?))`,
  steps: `SELECT source, target, kind, lines FROM edges
    WHERE kind IN (SELECT value FROM json_each(@kinds))
      AND (source, target) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(@pairs))`,
} as const;

const statements = preparedStatements(SQL);

/** One node of a path, with the edge that led to it from the previous one. */
export interface PathStep extends SymbolNode {
  /** Undefined for the first step. */
  readonly edge: EdgeKind | undefined;
  /** Site lines of that edge, in the previous step's file. */
  readonly sites: readonly number[];
}

export interface PathsResult {
  readonly from: SymbolNode;
  readonly to: SymbolNode;
  readonly depth: number;
  /** Shortest first; each path starts at `from` and ends at `to`. */
  readonly paths: readonly (readonly PathStep[])[];
  /** Length (edges) of the shortest path, or undefined when there is none within the depth. */
  readonly shortest: number | undefined;
  /** False when an enumeration hit its cap: shorter paths than the ones listed cannot exist, but more of the same length may. */
  readonly complete: boolean;
  /** With no path, the length of the shortest path the other way (to → from), if there is one. */
  readonly reverse: number | undefined;
}

export interface PathsRequest {
  readonly depth: number;
  readonly maxPaths: number;
}

/** Distance to the target of every node on some path from source to target within maxDepth (empty when there is none). */
function distancesTo(db: SqliteDb, source: string, target: string, maxDepth: number): Map<string, number> {
  const rows = statements(db).distancesTo.all({ source, target, maxDepth, kinds: JSON.stringify(CALL_LIKE_EDGE_KINDS) }) as {
    key: string;
    distance: number;
  }[];
  return new Map(rows.map((row) => [row.key, row.distance]));
}

interface Enumerated {
  readonly paths: string[][];
  readonly capped: boolean;
}

/** Every path from source to target of at most `allowed` edges (up to the cap), as key lists. */
function enumerate(db: SqliteDb, source: string, target: string, distances: Map<string, number>, allowed: number): Enumerated {
  const rows = statements(db).enumerate.all({
    source,
    target,
    allowed,
    cap: ENUMERATION_CAP,
    kinds: JSON.stringify(CALL_LIKE_EDGE_KINDS),
    distances: JSON.stringify(Object.fromEntries(distances)),
  }) as { path: string; len: number; rows: number }[];
  return { paths: rows.map((row) => row.path.split("\n")), capped: (rows[0]?.rows ?? 0) >= ENUMERATION_CAP };
}

/** Preferred edge when two nodes are linked by several kinds: a call explains a path best. */
const EDGE_PREFERENCE: Record<CallLikeEdgeKind, number> = { CALLS: 0, INSTANTIATES: 1, RENDERS: 2, REFERENCES: 3 };

function describeSteps(db: SqliteDb, paths: readonly string[][]): PathStep[][] {
  const sql = statements(db);
  const keys = [...new Set(paths.flat())];
  const nodes = new Map((sql.nodes.all(JSON.stringify(keys)) as SymbolNode[]).map((node) => [node.key as string, node]));
  const pairs = [...new Set(paths.flatMap((path) => path.slice(1).map((key, index) => JSON.stringify([path[index], key]))))];
  const edges = new Map<string, { kind: CallLikeEdgeKind; lines: number[] }>();
  for (const row of sql.steps.all({ kinds: JSON.stringify(CALL_LIKE_EDGE_KINDS), pairs: `[${pairs.join(",")}]` }) as {
    source: string;
    target: string;
    kind: CallLikeEdgeKind;
    lines: string;
  }[]) {
    const pair = JSON.stringify([row.source, row.target]);
    const known = edges.get(pair);
    if (known === undefined || EDGE_PREFERENCE[row.kind] < EDGE_PREFERENCE[known.kind]) {
      edges.set(pair, { kind: row.kind, lines: JSON.parse(row.lines) as number[] });
    }
  }
  return paths.map((path) =>
    path.map((key, index) => {
      const node = nodes.get(key);
      if (node === undefined) throw new Error(`path node ${key} is not in the graph`);
      const edge = index === 0 ? undefined : edges.get(JSON.stringify([path[index - 1], key]));
      return { ...node, edge: edge?.kind, sites: edge?.lines ?? [] };
    }),
  );
}

export function queryPaths(db: SqliteDb, from: SymbolNode, to: SymbolNode, request: PathsRequest): PathsResult {
  const distances = distancesTo(db, from.key, to.key, request.depth);
  const shortest = distances.get(from.key);
  if (shortest === undefined) {
    return { from, to, depth: request.depth, paths: [], shortest, complete: true, reverse: distancesTo(db, to.key, from.key, request.depth).get(to.key) };
  }
  const found = new Map<string, string[]>();
  let complete = true;
  for (let allowed = shortest; allowed <= request.depth && found.size < request.maxPaths; allowed += 1) {
    const enumerated = enumerate(db, from.key, to.key, distances, allowed);
    for (const path of enumerated.paths) found.set(path.join("\n"), path);
    complete &&= !enumerated.capped;
  }
  const paths = [...found.values()].sort((a, b) => a.length - b.length || a.join("\n").localeCompare(b.join("\n"))).slice(0, request.maxPaths);
  return { from, to, depth: request.depth, paths: describeSteps(db, paths), shortest, complete, reverse: undefined };
}

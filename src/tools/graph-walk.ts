import type { SqliteDb } from "../db/open-graph-db.js";
import type { EdgeKind } from "../model/graph-kinds.js";
import type { NodeKey } from "../model/node-key.js";
import { preparedStatements } from "./prepared-statements.js";
import type { SymbolNode } from "./symbol-address.js";

/**
 * The transitive walk shared by the query slices (impact, callers, callees): every node reachable from the
 * seeds over the given edge kinds, each at its shortest distance, with the neighbour one step closer to the
 * seeds that brought it in.
 *
 * Direction `in` follows edges backwards (target → source: who calls, uses, extends the seeds); `out`
 * follows them forwards. Cycle-safe: the recursive CTE's UNION keeps each (node, depth) once, and the depth
 * bound ends every branch, so a cycle costs at most `maxDepth` visits per node.
 */
export type WalkDirection = "in" | "out";

/**
 * Call-like edges: calls (including tagged templates, decorators and `super(...)`), `new`, JSX renders, and
 * references (a function passed or stored as a callback is called later by whoever receives it).
 */
export const CALL_LIKE_EDGE_KINDS = ["CALLS", "INSTANTIATES", "RENDERS", "REFERENCES"] as const satisfies readonly EdgeKind[];
export type CallLikeEdgeKind = (typeof CALL_LIKE_EDGE_KINDS)[number];

export interface WalkRequest {
  readonly seeds: readonly NodeKey[];
  readonly direction: WalkDirection;
  readonly kinds: readonly EdgeKind[];
  readonly maxDepth: number;
  /** Also seed every member the seeds contain, transitively (a class's methods, a file's declarations). */
  readonly withMembers?: boolean;
  /**
   * Walking `in`: a Property that is reached also reaches its container, one step further (a property's
   * type is part of its container's type: `interface Props { cart: Cart }` makes Props depend on Cart).
   */
  readonly propertiesReachContainers?: boolean;
}

/** A node the walk reached. */
export interface ReachedNode extends SymbolNode {
  /** Shortest number of steps from a seed (1 = direct). */
  readonly depth: number;
  /** The neighbour at depth - 1 that reaches this node (the first by key when several do). */
  readonly via: NodeKey;
  /** Kind of the edge between this node and `via` (CONTAINS for a property reaching its container). */
  readonly edge: EdgeKind;
  /** Site lines of that edge, in the file of the edge's source. */
  readonly lines: readonly number[];
  /** How many neighbours at depth - 1 reach this node. */
  readonly vias: number;
  /** Distinct neighbours of this node further along the walk direction in the whole graph (its callers, for `in`). */
  readonly degree: number;
}

export interface WalkResult {
  /** Reached nodes, seeds excluded, ordered by depth, file, line. */
  readonly nodes: readonly ReachedNode[];
  /** The seeds (the start node, plus its members with `withMembers`). */
  readonly seeds: readonly NodeKey[];
}

/** The seeds and every member they contain, transitively. */
const SEEDS_WITH_MEMBERS = `seed(key) AS (
  SELECT value FROM json_each(@seeds)
  UNION SELECT e.target FROM seed s JOIN edges e ON e.source = s.key AND e.kind = 'CONTAINS')`;

function walkSql(direction: WalkDirection, options: { readonly members: boolean; readonly containers: boolean }): string {
  const [near, far] = direction === "in" ? ["target", "source"] : ["source", "target"];
  const seed = options.members ? `${SEEDS_WITH_MEMBERS},` : "seed(key) AS (SELECT value FROM json_each(@seeds)),";
  const containerStep = options.containers
    ? `UNION
       SELECT n.parent_key, r.depth + 1 FROM reach r JOIN nodes n ON n.key = r.key
       WHERE r.depth < @maxDepth AND n.kind = 'Property' AND n.parent_key IS NOT NULL`
    : "";
  const containerEdge = options.containers
    ? "OR (e.kind = 'CONTAINS' AND EXISTS (SELECT 1 FROM nodes m WHERE m.key = e.target AND m.kind = 'Property'))"
    : "";
  return `
    WITH RECURSIVE
      kinds(kind) AS (SELECT value FROM json_each(@kinds)),
      ${seed}
      reach(key, depth) AS (
        SELECT key, 0 FROM seed
        UNION
        SELECT e.${far}, r.depth + 1 FROM reach r JOIN edges e ON e.${near} = r.key
        WHERE r.depth < @maxDepth AND e.kind IN (SELECT kind FROM kinds)
        ${containerStep}
      ),
      best AS MATERIALIZED (SELECT key, min(depth) AS depth FROM reach GROUP BY key),
      step AS (
        SELECT b.key, b.depth, e.${near} AS via, e.kind AS edge, e.lines,
          row_number() OVER (PARTITION BY b.key ORDER BY e.${near}, e.kind) AS rank,
          count(*) OVER (PARTITION BY b.key) AS vias
        FROM best b
        CROSS JOIN edges e ON e.${far} = b.key AND (e.kind IN (SELECT kind FROM kinds) ${containerEdge})
        CROSS JOIN best p ON p.key = e.${near} AND p.depth = b.depth - 1
        WHERE b.depth > 0
      )
    SELECT s.key, n.kind, n.file, n.qualified_name AS qualifiedName, n.start_line AS startLine, n.end_line AS endLine,
      s.depth, s.via, s.edge, s.lines, s.vias,
      (SELECT count(DISTINCT d.${far}) FROM edges d WHERE d.${near} = s.key AND d.kind IN (SELECT kind FROM kinds)) AS degree
    FROM step s JOIN nodes n ON n.key = s.key
    WHERE s.rank = 1
    ORDER BY s.depth, n.file, n.start_line, s.key`;
}

const statements = preparedStatements({
  in: walkSql("in", { members: false, containers: false }),
  inWithMembers: walkSql("in", { members: true, containers: false }),
  inWithContainers: walkSql("in", { members: false, containers: true }),
  inWithMembersAndContainers: walkSql("in", { members: true, containers: true }),
  out: walkSql("out", { members: false, containers: false }),
  outWithMembers: walkSql("out", { members: true, containers: false }),
  membersOf: `WITH RECURSIVE ${SEEDS_WITH_MEMBERS} SELECT key FROM seed ORDER BY key`,
});

interface WalkRow extends Omit<ReachedNode, "lines"> {
  readonly lines: string;
}

function statementFor(request: WalkRequest): keyof ReturnType<typeof statements> {
  const members = request.withMembers === true;
  if (request.direction === "out") return members ? "outWithMembers" : "out";
  if (request.propertiesReachContainers === true) return members ? "inWithMembersAndContainers" : "inWithContainers";
  return members ? "inWithMembers" : "in";
}

/** Runs the walk. One statement, whatever the depth. */
export function walkGraph(db: SqliteDb, request: WalkRequest): WalkResult {
  const sql = statements(db);
  const params = { seeds: JSON.stringify(request.seeds), kinds: JSON.stringify(request.kinds), maxDepth: request.maxDepth };
  const rows = sql[statementFor(request)].all(params) as WalkRow[];
  return {
    seeds: request.withMembers === true ? (sql.membersOf.pluck().all({ seeds: params.seeds }) as NodeKey[]) : [...request.seeds],
    nodes: rows.map((row) => ({ ...row, lines: JSON.parse(row.lines) as number[] })),
  };
}

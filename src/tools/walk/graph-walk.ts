import type { SqliteDb } from "../../db/open-graph-db.js";
import type { EdgeKind, NodeKind } from "../../model/graph-kinds.js";
import type { NodeKey } from "../../model/node-key.js";
import type { Dispatch } from "../inputs/query-inputs.js";
import { closure, dispatchMap, dispatchReaches, parseReceivers, type DispatchMap } from "./dispatch-map.js";
import { preparedStatements } from "../prepared-statements.js";
import { heldEntryKey, holderKey, type LiteralEntry, parseLiteralEntry, withinSpans } from "./literal-entry.js";
import { SYMBOL_COLUMNS, type SymbolNode } from "../inputs/symbol-address.js";

/** An entry with at least this many neighbours of its own (direct callers, dependants or callees) is flagged: it spreads widely. */
export const HIGH_FAN_OUT = 20;

/**
 * The transitive walk shared by the query slices (impact, callers, callees, paths): every node reachable from
 * the seeds over the given edge kinds, each at its shortest distance, with every link to a node one step
 * closer to the seeds.
 *
 * Direction `in` follows edges backwards (target → source: who calls, uses, extends the seeds); `out`
 * follows them forwards. The walk goes level by level, one SQL statement per level, so a node is expanded
 * once, at its shortest depth, and cycles cost nothing.
 *
 * **Dispatch** (docs/tools.md, "Dispatch"). A call names one declaration, the one the checker resolved; at
 * run time it may run any member that overrides or implements it. OVERRIDES edges (and external OVERRIDES
 * edges to library members such as `lib:Iterator.next`) say which. For calls, references and reads:
 * - `none`: only the declaration the call names;
 * - `up` (the default of the call queries): walking in from M, a call of any member M overrides or implements,
 *   transitively, reaches M (`shape.area()` is a caller of `Circle.area`); walking out, a call of D also
 *   reaches every member that overrides D, transitively ("may dispatch to");
 * - `all`: the compiler's wider set (its call hierarchy and find-references): also calls of members below M
 *   and of siblings that share a base with it (`square.area()` for `Circle.area`).
 * Such a link is marked `dispatch`, with the declaration the call really names (`target`).
 */
export type WalkDirection = "in" | "out";

/**
 * Call edges, what `callers` and `callees` walk: calls (including tagged templates, decorators, `super(...)`
 * and accessor reads and writes), `new`, JSX renders. A function or class used as a value (REFERENCES) is no
 * call: those queries list such uses apart and do not walk through them.
 */
export const CALL_EDGE_KINDS = ["CALLS", "INSTANTIATES", "RENDERS"] as const satisfies readonly EdgeKind[];

/**
 * Call-like edges, what `paths` walks with `values: include`: the call edges, and references (a function passed
 * or stored as a callback may be called later by whoever receives it). By default it walks the call edges.
 */
export const CALL_LIKE_EDGE_KINDS = [
  "CALLS",
  "INSTANTIATES",
  "RENDERS",
  "REFERENCES",
] as const satisfies readonly EdgeKind[];
export type CallLikeEdgeKind = (typeof CALL_LIKE_EDGE_KINDS)[number];

/**
 * Edges whose target is a member a call may reach by dispatch: those are the ones dispatch widens. A read of
 * an interface property may read (or, for a getter, run) any member that implements it.
 */
const DISPATCHED_EDGE_KINDS = ["CALLS", "REFERENCES", "READS"] as const satisfies readonly EdgeKind[];
const DISPATCHED = DISPATCHED_EDGE_KINDS.map((kind) => `'${kind}'`).join(", ");

export interface WalkRequest {
  readonly seeds: readonly NodeKey[];
  readonly direction: WalkDirection;
  readonly kinds: readonly EdgeKind[];
  readonly maxDepth: number;
  /** How calls and references reach overriding members (default `none`). */
  readonly dispatch?: Dispatch;
  /** Also seed every member the seeds contain, transitively (a class's methods, a file's declarations). */
  readonly withMembers?: boolean;
  /**
   * Walking `in`: a Property that is reached also reaches its container, one step further (a property's
   * type is part of its container's type: `interface Props { cart: Cart }` makes Props depend on Cart).
   */
  readonly propertiesReachContainers?: boolean;
  /**
   * Walking in: a seed Property with an initialiser is run by the `new` sites of its class (impact: changing the
   * initialiser changes what `new` does). Without it only a reached Property is (it is reached because its
   * initialiser runs the seeds): the call queries list who calls a property, not who constructs its class.
   */
  readonly seedInitialisersRunByNew?: boolean;
  /** A reached node in a file this rejects is neither reported nor walked through (`--tests exclude`). */
  readonly acceptsFile?: (file: string) => boolean;
  /**
   * A seed one step from a seed (a recursive call: `f` calls `f`; a setter that calls its getter) is reported
   * at depth 1 like any other neighbour, and not walked again. Without it seeds are never reported.
   */
  readonly seedsReachSeeds?: boolean;
  /**
   * Walking in, seeds that are getters: a read (READS) of a member a getter overrides or implements runs it
   * (`init.protocol` on an `Init` whose `protocol` an object-literal getter implements), so with dispatch it is
   * a link of the getter, as a call is. At depth 1 only.
   */
  readonly getterSeeds?: readonly NodeKey[];
}

/** One edge between a reached node and a node one step closer to the seeds. */
export interface WalkLink {
  /** The node one step closer (a seed for depth 1). */
  readonly via: NodeKey;
  /** CONTAINS for a property reaching its container. */
  readonly edge: EdgeKind;
  /**
   * The declaration the edge names (its target): walking in, `via` itself for a direct link, or with dispatch a
   * member `via` overrides; walking out, the reached node itself, or with dispatch a member the reached node
   * overrides. Either may be a library member (`lib:Iterator.next`).
   */
  readonly target: string;
  /** The link exists only through dispatch: `target` is not `via`. */
  readonly dispatch: boolean;
  /**
   * A CONTAINS link from a variable to `via`, a function of the object literal it holds (holderLinks): the
   * variable's users may run it. A runtime link, where a Property's CONTAINS link to its container is a type one.
   */
  readonly holds?: true;
  /** A `new` of the class `target` that runs a constructor or property initialiser (`via` walking in, the reached node walking out). */
  readonly construction: boolean;
  /** Site lines of the edge, in the file of its source. */
  readonly lines: readonly number[];
  /** A call's receiver classes when they narrow its dispatch (schema.ts, edges.receivers); absent when any override may run. */
  readonly receivers?: readonly string[];
}

/** A node the walk reached. */
export interface ReachedNode extends SymbolNode {
  /** Shortest number of steps from a seed (1 = direct). */
  readonly depth: number;
  /** Every link to a node at depth - 1: direct links first, then by `via`, edge kind and target. */
  readonly links: readonly WalkLink[];
  /** The first link's `via`: the neighbour shown as the reason. */
  readonly via: NodeKey;
  /** The first link's edge kind. */
  readonly edge: EdgeKind;
  /** The first link's site lines. */
  readonly lines: readonly number[];
  /** How many distinct neighbours at depth - 1 reach this node. */
  readonly vias: number;
  /** Every path from the seeds to this node takes a dispatch step (it is reached only through dispatch). */
  readonly throughDispatch: boolean;
  /** Distinct neighbours of this node further along the walk direction in the whole graph, by direct edges only. */
  readonly degree: number;
}

export interface WalkResult {
  /** Reached nodes, seeds excluded (unless `seedsReachSeeds`), ordered by depth, file, line. */
  readonly nodes: readonly ReachedNode[];
  /** The seeds (the start node, plus its members with `withMembers`). */
  readonly seeds: readonly NodeKey[];
}

/** The seeds and every member they contain, transitively, with their kinds. */
const SEEDS_WITH_MEMBERS = `WITH RECURSIVE seed(key) AS (
    SELECT value FROM json_each(@seeds)
    UNION SELECT e.target FROM seed s CROSS JOIN edges e ON e.source = s.key AND e.kind = 'CONTAINS')
  SELECT s.key, n.kind FROM seed s LEFT JOIN nodes n ON n.key = s.key ORDER BY s.key`;

const NEIGHBOUR_COLUMNS = `n.key, n.kind, n.file, n.qualified_name AS qualifiedName, n.start_line AS startLine, n.end_line AS endLine`;

/**
 * Whether a Property ($p) has an initialiser that runs code: an edge with a site inside the property's own
 * lines. A property that only receives a function elsewhere (`this.getPath = getPath` in the constructor:
 * a REFERENCES edge whose site is in the constructor) runs nothing at `new`.
 */
const RUNS_AT_NEW = `EXISTS (SELECT 1 FROM edges o, json_each(o.lines) l WHERE o.source = $p.key AND l.value BETWEEN $p.start_line AND $p.end_line)`;

/**
 * Walking in, one level, in three statements. What a call may name to reach a frontier node F (F, and with
 * dispatch what F overrides, transitively, and for `all` what lies below those) comes from the dispatch map
 * (dispatch-map.ts); then one statement reads the edges into those names, a second (only when some name is a
 * library member) the external edges into library members, and a third (only when some frontier node has a
 * role, see frontierRoles) the two role links: a Property reached through its type reaches its container
 * (`@typed`); a Constructor, or an instance Property whose initialiser depends on the seeds, is run by every
 * `new` of its class (`@running`: INSTANTIATES into the class). Dispatch widens only call, reference and read
 * edges; an OVERRIDES edge into a base is not an edge into F.
 *
 * Every join is a CROSS JOIN, which SQLite never reorders: from the few frontier rows to the edges through
 * their (target, kind) index. Left to itself, the planner scanned every edge of a kind (the `kind IN (…)`
 * filter): 100 to 500 ms a step on effect@4 instead of about 1 ms. (`+e.kind`: the edges of a target are
 * read through the index and then filtered by kind; a member has few edges into it, the walk up to nine kinds.)
 */
const EDGES_INTO = `SELECT e.kind AS edge, e.target, e.lines, e.receivers, ${NEIGHBOUR_COLUMNS}
  FROM json_each(@targets) t CROSS JOIN edges e ON e.target = t.value CROSS JOIN nodes n ON n.key = e.source
  WHERE +e.kind IN (SELECT value FROM json_each(@kinds))`;

const LIBRARY_EDGES_INTO = `SELECT c.kind AS edge, c.target, c.lines, c.receivers, ${NEIGHBOUR_COLUMNS}
  FROM json_each(@targets) t CROSS JOIN external_edges c ON c.target = t.value CROSS JOIN nodes n ON n.key = c.source
  WHERE c.kind IN (SELECT value FROM json_each(@kinds))`;

const ROLE_LINKS = `SELECT f.value AS via, 'CONTAINS' AS edge, f.value AS target, '[]' AS lines, NULL AS receivers, ${NEIGHBOUR_COLUMNS}
  FROM json_each(@typed) f CROSS JOIN nodes p ON p.key = f.value CROSS JOIN nodes n ON n.key = p.parent_key
  WHERE p.kind = 'Property'
  UNION ALL
  SELECT f.value, e.kind, e.target, e.lines, NULL, ${NEIGHBOUR_COLUMNS}
  FROM json_each(@running) f CROSS JOIN nodes p ON p.key = f.value
    CROSS JOIN edges e ON e.target = p.parent_key AND e.kind = 'INSTANTIATES' CROSS JOIN nodes n ON n.key = e.source
  WHERE (p.kind = 'Constructor' OR (p.kind = 'Property' AND ' ' || p.modifiers || ' ' NOT GLOB '* static *' AND ${RUNS_AT_NEW.replaceAll("$p", "p")}))`;

/** Whether an edge ($e) has a site in the spans of a frontier row ($f), or the row has none (a whole node). */
const WITHIN_SPANS = `($f.spans IS NULL OR EXISTS (SELECT 1 FROM json_each($e.lines) l, json_each($f.spans) s
  WHERE l.value BETWEEN s.value ->> 0 AND s.value ->> 1))`;

/**
 * Walking out, one level: the edges out of each frontier node, then, with dispatch, every member that
 * overrides what an edge names, transitively (for `all`, starting from what that declaration overrides), the
 * members that override a library member a call names, and the nodes whose code holds an object literal's
 * function implementing one of those (HOLDS_IMPLEMENTATION, one step: what overrides the holder is not reached),
 * each reached as a literal entry (literal-entry.ts) with the edge's spans. A frontier row (`id`) is a node
 * (`key`), or a literal entry: its holder (`key`) with the spans its edges' sites must lie in. A `new` of a class
 * also runs its constructor and the initialisers of its instance properties: those with edges of the walk's
 * kinds are reached in the same step.
 */
const STEP_OUT = `
  WITH RECURSIVE
    frontier(id, key, spans) AS (SELECT value ->> 'id', value ->> 'key', value -> 'spans' FROM json_each(@frontier)),
    kinds(kind) AS (SELECT value FROM json_each(@kinds)),
    direct(via, edge, target, lines, receivers) AS (
      SELECT f.id, e.kind, e.target, e.lines, e.receivers FROM frontier f CROSS JOIN edges e ON e.source = f.key
      WHERE e.kind IN (SELECT kind FROM kinds) AND ${WITHIN_SPANS.replaceAll("$f", "f").replaceAll("$e", "e")}),
    bases(via, edge, target, lines, receivers, node) AS (
      SELECT via, edge, target, lines, receivers, target FROM direct
      UNION SELECT b.via, b.edge, b.target, b.lines, b.receivers, e.target FROM bases b CROSS JOIN edges e ON e.source = b.node AND e.kind = 'OVERRIDES'
      WHERE @dispatch = 'all' AND b.edge IN (${DISPATCHED})),
    below(via, edge, target, lines, receivers, node) AS (
      SELECT via, edge, target, lines, receivers, node FROM bases
      UNION SELECT f.id, x.kind, x.target, x.lines, x.receivers, o.source FROM frontier f
        CROSS JOIN external_edges x ON x.source = f.key AND x.kind IN (${DISPATCHED}) AND x.kind IN (SELECT kind FROM kinds)
        CROSS JOIN external_edges o ON o.target = x.target AND o.kind = 'OVERRIDES'
      WHERE @dispatch <> 'none' AND ${WITHIN_SPANS.replaceAll("$f", "f").replaceAll("$e", "x")}
      UNION SELECT b.via, b.edge, b.target, b.lines, b.receivers, e.source FROM below b CROSS JOIN edges e ON e.target = b.node AND e.kind = 'OVERRIDES'
      WHERE @dispatch <> 'none' AND b.edge IN (${DISPATCHED})),
    held(via, edge, target, lines, receivers, node, spans, member) AS (
      SELECT via, edge, target, lines, receivers, node, NULL, NULL FROM below
      UNION ALL SELECT b.via, b.edge, b.target, b.lines, b.receivers, h.source, h.spans, h.target FROM below b CROSS JOIN edges h ON h.target = b.node AND h.kind = 'HOLDS_IMPLEMENTATION'
      WHERE @dispatch <> 'none' AND b.edge IN (${DISPATCHED}))
  SELECT b.via, b.edge, b.target, b.lines, b.receivers, b.spans AS heldSpans, m.name AS heldName, ${NEIGHBOUR_COLUMNS}
  FROM held b CROSS JOIN nodes n ON n.key = b.node LEFT JOIN nodes m ON m.key = b.member
  UNION ALL
  SELECT d.via, d.edge, d.target, d.lines, NULL, NULL, NULL, ${NEIGHBOUR_COLUMNS}
  FROM direct d CROSS JOIN nodes n ON n.parent_key = d.target
  WHERE d.edge = 'INSTANTIATES' AND (n.kind = 'Constructor' OR (n.kind = 'Property' AND ' ' || n.modifiers || ' ' NOT GLOB '* static *' AND ${RUNS_AT_NEW.replaceAll("$p", "n")}))
    AND EXISTS (SELECT 1 FROM edges o WHERE o.source = n.key AND o.kind IN (SELECT kind FROM kinds))`;

/**
 * The holders of function-valued properties of object literals held by module-level variables (holderLinks).
 */
const HOLDER_LINKS = `SELECT f.value AS via, 'CONTAINS' AS edge, f.value AS target, '[]' AS lines, NULL AS receivers, ${NEIGHBOUR_COLUMNS}
  FROM json_each(@held) f CROSS JOIN nodes p ON p.key = f.value CROSS JOIN nodes n ON n.key = p.parent_key
  WHERE p.kind = 'Method' AND ' ' || p.modifiers || ' ' GLOB '* arrow *' AND n.kind = 'Variable'`;

/**
 * STEP_OUT for a frontier of nodes only (no literal entry), the common case: the frontier is a JSON array of keys,
 * which SQLite reads faster than objects, and no row has spans.
 */
const STEP_OUT_NODES = STEP_OUT.replace(
  "SELECT value ->> 'id', value ->> 'key', value -> 'spans' FROM json_each(@frontier)",
  "SELECT value, value, NULL FROM json_each(@frontier)",
);
if (STEP_OUT_NODES === STEP_OUT)
  throw new Error("graph-walk.ts: STEP_OUT's frontier no longer reads as STEP_OUT_NODES expects");

const statements = preparedStatements({
  edgesInto: EDGES_INTO,
  holderLinks: HOLDER_LINKS,
  libraryEdgesInto: LIBRARY_EDGES_INTO,
  roleLinks: ROLE_LINKS,
  stepOut: STEP_OUT,
  stepOutNodes: STEP_OUT_NODES,
  seedsWithMembers: SEEDS_WITH_MEMBERS,
  degreeIn: `SELECT r.value AS key, (SELECT count(DISTINCT e.source) FROM edges e WHERE e.target = r.value AND e.kind IN (SELECT value FROM json_each(@kinds))) AS degree
    FROM json_each(@keys) r`,
  degreeOut: `SELECT r.value AS key, (SELECT count(DISTINCT e.target) FROM edges e WHERE e.source = r.value AND e.kind IN (SELECT value FROM json_each(@kinds))) AS degree
    FROM json_each(@keys) r`,
  nodes: `SELECT ${SYMBOL_COLUMNS} FROM nodes WHERE key IN (SELECT value FROM json_each(?))`,
});

interface EdgeRow extends SymbolNode {
  readonly edge: EdgeKind;
  readonly target: string;
  readonly lines: string;
  /** edges.receivers (schema.ts); NULL where the row is no stored edge. */
  readonly receivers: string | null;
}

interface StepRow extends EdgeRow {
  readonly via: NodeKey;
}

/** A row of a step out: a node reached through a HOLDS_IMPLEMENTATION edge has its spans and the member's name. */
interface StepOutRow extends StepRow {
  readonly heldSpans: string | null;
  readonly heldName: string | null;
}

/** One step of a walk: a neighbour of a frontier node, and the link between them. */
export interface StepLink {
  /** The neighbour reached. */
  readonly node: SymbolNode;
  readonly link: WalkLink;
}

export interface StepRequest {
  readonly frontier: readonly string[];
  readonly direction: WalkDirection;
  readonly kinds: readonly EdgeKind[];
  readonly dispatch: Dispatch;
  /** Walking in: a Property also reaches its container (WalkRequest.propertiesReachContainers). */
  readonly propertiesReachContainers?: boolean;
  /** Walking in: the frontier nodes reached through their type (USES_TYPE), or seeds; default all of the frontier. */
  readonly typed?: readonly string[];
  /** Walking in: the frontier nodes reached through code they run (not only their type), or seeds; default all. */
  readonly running?: readonly string[];
  /** Walking in: the getters of the frontier that reads of the members they override run (WalkRequest.getterSeeds). */
  readonly getters?: readonly string[];
  /** Walking in with dispatch: the graph's OVERRIDES (read once per walk by walkDispatchMap; else per step). */
  readonly dispatchMap?: DispatchMap | undefined;
}

/** The dispatch map a walk's steps share (none without dispatch). */
export function walkDispatchMap(db: SqliteDb, dispatch: Dispatch): DispatchMap | undefined {
  return dispatch === "none" ? undefined : dispatchMap(db);
}

/** Every neighbour of the frontier nodes one step along the direction, with dispatch. */
export function walkStep(db: SqliteDb, request: StepRequest): StepLink[] {
  if (request.direction === "in") return stepIn(db, request);
  // The literal entries of the frontier, by key: their sites are those on their function's lines only.
  const entries = new Map<string, LiteralEntry>();
  for (const id of request.frontier) {
    const entry = parseLiteralEntry(id);
    if (entry !== undefined) entries.set(id, entry);
  }
  const frontier =
    entries.size === 0
      ? request.frontier
      : request.frontier.map((id) => {
          const entry = entries.get(id);
          return entry === undefined ? { id, key: id } : { id, key: entry.holder, spans: entry.spans };
        });
  const rows = statements(db)[entries.size === 0 ? "stepOutNodes" : "stepOut"].all({
    frontier: JSON.stringify(frontier),
    kinds: JSON.stringify(request.kinds),
    dispatch: request.dispatch,
  }) as StepOutRow[];
  const links = rows.map((row) => {
    const entry = heldEntryKey(row.key, row.heldName ?? "", row.heldSpans);
    const reached = entry === undefined ? row : { ...row, key: entry };
    const step = stepLink(reached, row.via, reached.key);
    const spans = entries.get(row.via)?.spans;
    if (spans === undefined) return step;
    return { ...step, link: { ...step.link, lines: step.link.lines.filter((line) => withinSpans(line, spans)) } };
  });
  if (request.dispatch !== "up") return links;
  const map = (): DispatchMap => request.dispatchMap ?? dispatchMap(db);
  return links.filter((step) => dispatchFollows(map, step, step.node.key));
}

/**
 * Whether a dispatch link is one the call's receivers allow (dispatch-map.ts, dispatchReaches): `overriding` is
 * the member that may run (walking out the reached node, walking in the frontier node). Direct links always are.
 */
function dispatchFollows(map: () => DispatchMap, step: StepLink, overriding: string): boolean {
  const { link } = step;
  if (!link.dispatch || link.edge !== "CALLS" || link.receivers === undefined) return true;
  return dispatchReaches(map(), link.target, overriding, link.receivers);
}

/** A row of a step as a link; `named` is the node the edge names without dispatch (`via` walking in, the reached node walking out). */
function stepLink(row: Omit<StepRow, "via">, via: NodeKey, named: string): StepLink {
  const node: SymbolNode = {
    key: row.key,
    kind: row.kind,
    file: row.file,
    qualifiedName: row.qualifiedName,
    startLine: row.startLine,
    endLine: row.endLine,
  };
  const lines = JSON.parse(row.lines) as number[];
  const construction = row.edge === "INSTANTIATES" && row.target !== named;
  const dispatch = row.target !== named && row.edge !== "CONTAINS" && !construction;
  const receivers = parseReceivers(row.receivers);
  return {
    node,
    link: {
      via,
      edge: row.edge,
      target: row.target,
      dispatch,
      construction,
      lines,
      ...(receivers === undefined ? {} : { receivers }),
    },
  };
}

const DISPATCHED_KINDS: ReadonlySet<EdgeKind> = new Set(DISPATCHED_EDGE_KINDS);

/** Walking in (see EDGES_INTO): the names of the frontier from the dispatch map, then the edges into them. */
function stepIn(db: SqliteDb, request: StepRequest): StepLink[] {
  const sql = statements(db);
  const kinds: ReadonlySet<EdgeKind> = new Set(request.kinds);
  const getters: ReadonlySet<string> = new Set(request.dispatch === "none" ? [] : (request.getters ?? []));
  const map = request.dispatchMap ?? walkDispatchMap(db, request.dispatch);
  const { names, libraryNames } = frontierNames(
    request.frontier,
    request.dispatch === "none" ? undefined : map,
    request.dispatch === "all",
  );
  const links: StepLink[] = [];
  const queryKinds = getters.size > 0 && !kinds.has("READS") ? [...request.kinds, "READS"] : request.kinds;
  for (const row of sql.edgesInto.all({
    targets: JSON.stringify([...names.keys()]),
    kinds: JSON.stringify(queryKinds),
  }) as EdgeRow[]) {
    for (const via of names.get(row.target) ?? []) {
      const follows =
        row.target === via
          ? kinds.has(row.edge)
          : (kinds.has(row.edge) && DISPATCHED_KINDS.has(row.edge)) || (row.edge === "READS" && getters.has(via));
      const step = follows ? stepLink(row, via as NodeKey, via) : undefined;
      if (
        step !== undefined &&
        (request.dispatch !== "up" || map === undefined || dispatchFollows(() => map, step, via))
      )
        links.push(step);
    }
  }
  const libraryKinds = request.kinds.filter((kind) => DISPATCHED_KINDS.has(kind));
  if (libraryNames.size > 0 && libraryKinds.length > 0) {
    for (const row of sql.libraryEdgesInto.all({
      targets: JSON.stringify([...libraryNames.keys()]),
      kinds: JSON.stringify(libraryKinds),
    }) as EdgeRow[]) {
      for (const via of libraryNames.get(row.target) ?? []) {
        const step = stepLink(row, via as NodeKey, via);
        if (request.dispatch !== "up" || map === undefined || dispatchFollows(() => map, step, via)) links.push(step);
      }
    }
  }
  // The role links: a typed Property's container (when asked for), and the `new` sites of a running node's class.
  const typed = request.propertiesReachContainers === true ? (request.typed ?? request.frontier) : [];
  const running = kinds.has("INSTANTIATES") ? (request.running ?? request.frontier) : [];
  if (typed.length + running.length > 0) {
    const rows = sql.roleLinks.all({ typed: JSON.stringify(typed), running: JSON.stringify(running) }) as StepRow[];
    for (const row of rows) links.push(stepLink(row, row.via, row.via));
  }
  return links;
}

/**
 * For each declaration a call may name to reach a frontier node, the frontier nodes it reaches: the node itself,
 * and with dispatch the members it overrides, transitively (for `all`, also every member below those and below
 * the library members they override); apart, the library members they override.
 */
function frontierNames(
  frontier: readonly string[],
  map: DispatchMap | undefined,
  all: boolean,
): { names: Map<string, string[]>; libraryNames: Map<string, string[]> } {
  const names = new Map<string, string[]>();
  const libraryNames = new Map<string, string[]>();
  for (const key of frontier) {
    if (map === undefined) {
      addName(names, key, key);
      continue;
    }
    const up = closure([key], map.overrides);
    const libraries = new Set<string>();
    for (const member of up) for (const library of map.libraryOverrides.get(member) ?? []) libraries.add(library);
    const named = all
      ? closure(
          [...up, ...[...libraries].flatMap((library) => map.libraryOverriddenBy.get(library) ?? [])],
          map.overriddenBy,
        )
      : up;
    for (const target of named) addName(names, target, key);
    for (const library of libraries) addName(libraryNames, library, key);
  }
  return { names, libraryNames };
}

function addName(names: Map<string, string[]>, target: string, via: string): void {
  const vias = names.get(target);
  if (vias === undefined) names.set(target, [via]);
  else if (!vias.includes(via)) vias.push(via);
}

/**
 * The variables holding the given keys, each a function-valued property of an object literal held by a
 * module-level variable (a Method marked `arrow` whose parent is a Variable: `const match = { TypeLiteral:
 * (ast) => … }`), as CONTAINS links marked `holds` from the member (impact, dependant-walk.ts). Such a literal is
 * a table of functions, which whoever the variable is handed to looks up and runs (`getCompiler(match)`). A
 * method written `key() {…}` has none: it has a `this`, and a literal of those is a prototype or an
 * implementation of a type, whose methods run through calls on the objects made from it (dispatch), not through
 * the variable's users (`Object.create(ChunkProto)`). A class's members never reach their class this way.
 */
export function holderLinks(db: SqliteDb, keys: readonly string[]): StepLink[] {
  if (keys.length === 0) return [];
  return (statements(db).holderLinks.all({ held: JSON.stringify(keys) }) as StepRow[]).map((row) => {
    const { node, link } = stepLink(row, row.via, row.via);
    return { node, link: { ...link, holds: true } };
  });
}

/** Which frontier nodes the two extra links of a step start from (StepRequest.typed and .running). */
export interface FrontierRoles {
  readonly typed: readonly string[];
  readonly running: readonly string[];
}

/** A node reached so far: its shortest depth and its links to nodes one step closer. */
export interface Reaching {
  readonly node: SymbolNode;
  readonly depth: number;
  readonly links: WalkLink[];
}

/** Direct links before dispatch links, then by neighbour, edge kind and target: the first is the reason shown. */
function compareLinks(a: WalkLink, b: WalkLink): number {
  return (
    Number(a.dispatch) - Number(b.dispatch) ||
    compareText(a.via, b.via) ||
    compareText(a.edge, b.edge) ||
    compareText(a.target, b.target)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One link per (via, edge, target); a row repeated by the SQL (two dispatch routes to one base) counts once. */
export function addLink(links: WalkLink[], link: WalkLink): void {
  const same = links.find(
    (known) => known.via === link.via && known.edge === link.edge && known.target === link.target,
  );
  if (same === undefined) links.push(link);
}

/** A seed of a walk and its kind (null for a key with no node). */
export interface Seed {
  readonly key: NodeKey;
  readonly kind: NodeKind | null;
}

/** The seeds of a walk: the start nodes, and with `withMembers` every member they contain (ordered by key). */
export function walkSeeds(db: SqliteDb, request: Pick<WalkRequest, "seeds" | "withMembers">): Seed[] {
  if (request.withMembers === true)
    return statements(db).seedsWithMembers.all({ seeds: JSON.stringify(request.seeds) }) as Seed[];
  const nodes = symbolNodes(db, request.seeds);
  return request.seeds.map((key) => ({ key, kind: nodes.get(key)?.kind ?? null }));
}

/** Runs the walk: one statement per level, plus one for the degrees of the nodes of the last level. */
export function walkGraph(db: SqliteDb, request: WalkRequest): WalkResult {
  const seedNodes = walkSeeds(db, request);
  const seeds = seedNodes.map((seed) => seed.key);
  const reached = new Map<string, Reaching>();
  const seen = new Set<string>(seeds);
  const seedSet: ReadonlySet<string> = new Set(seeds);
  const accepts = request.acceptsFile ?? (() => true);
  const dispatch = request.dispatch ?? "none";
  const step = {
    direction: request.direction,
    kinds: request.kinds,
    dispatch,
    dispatchMap: request.direction === "in" ? walkDispatchMap(db, dispatch) : undefined,
    propertiesReachContainers: request.propertiesReachContainers === true,
  };
  let frontier: readonly string[] = seeds;
  let roles: FrontierRoles = seedRoles(seedNodes, request.seedInitialisersRunByNew === true);
  const neighbours = new Map<string, Set<string>>();
  for (let depth = 1; depth <= request.maxDepth && frontier.length > 0; depth += 1) {
    const next: string[] = [];
    const getters = depth === 1 ? (request.getterSeeds ?? []) : [];
    const links = walkStep(db, { ...step, frontier, ...roles, getters });
    countDirectNeighbours(frontier, links, neighbours);
    const stepReaches = new Set(links.map(({ node }) => node.key as string));
    for (const { node, link } of links) {
      // a literal entry runs part of its holder: nothing to add once the holder itself is reached
      const holder = holderKey(node.key);
      if (holder !== node.key && (seen.has(holder) || stepReaches.has(holder))) continue;
      const seedAgain = depth === 1 && request.seedsReachSeeds === true && seedSet.has(node.key);
      if (seen.has(node.key) && reached.get(node.key)?.depth !== depth && !seedAgain) continue;
      if (!accepts(node.file)) continue;
      let entry = reached.get(node.key);
      if (entry === undefined) {
        entry = { node, depth, links: [] };
        reached.set(node.key, entry);
        seen.add(node.key);
        if (!seedAgain) next.push(node.key);
      }
      addLink(entry.links, link);
    }
    frontier = next;
    roles = frontierRoles(next, reached);
  }
  return { seeds, nodes: finishWalk(db, request, reached, new Map(), degreesOf(neighbours)) };
}

/**
 * Records, for each frontier node, the distinct neighbours its direct links reach (`keeps` chooses the links):
 * a step already reads every direct edge of an expanded node, so its degree needs no query of its own.
 */
export function countDirectNeighbours(
  frontier: readonly string[],
  links: readonly StepLink[],
  neighbours: Map<string, Set<string>>,
  keeps: (link: WalkLink) => boolean = () => true,
): void {
  for (const key of frontier) if (!neighbours.has(key)) neighbours.set(key, new Set());
  for (const { node, link } of links) {
    if (link.dispatch || link.construction || link.edge === "CONTAINS" || !keeps(link)) continue;
    neighbours.get(link.via)?.add(node.key);
  }
}

/** The degrees counted by countDirectNeighbours. */
export function degreesOf(neighbours: ReadonlyMap<string, ReadonlySet<string>>): Map<string, number> {
  return new Map([...neighbours].map(([key, found]) => [key, found.size]));
}

/**
 * Which frontier nodes a Property-to-container link and a construction link start from: a property depends
 * on the seeds through its type (USES_TYPE), through code its initialiser runs or reads (CALLS, READS…), or
 * by holding a function (REFERENCES: stored by its initialiser or by an assignment, neither of which runs it);
 * a constructor is run by `new` however it depends on them (its parameter types are part of every `new`'s call).
 * Only Properties and Constructors have a role (the SQL would find nothing for other kinds), so that a step
 * whose frontier has none skips those two branches: they were 40 % of a typical step's time.
 */
export function frontierRoles(frontier: readonly string[], reached: ReadonlyMap<string, Reaching>): FrontierRoles {
  const typed: string[] = [];
  const running: string[] = [];
  for (const key of frontier) {
    const entry = reached.get(key);
    if (entry?.node.kind === "Constructor") running.push(key);
    if (entry?.node.kind !== "Property") continue;
    if (entry.links.some((link) => link.edge === "USES_TYPE")) typed.push(key);
    if (entry.links.some((link) => link.edge !== "USES_TYPE" && link.edge !== "REFERENCES")) running.push(key);
  }
  return { typed, running };
}

/**
 * The roles of the seeds: a seed Property reaches its container through its type; a `new` runs a seed
 * Constructor, and a seed Property's initialiser when `initialisersRunByNew`.
 */
export function seedRoles(seeds: readonly Seed[], initialisersRunByNew: boolean): FrontierRoles {
  const ofKind = (kind: NodeKind): string[] => seeds.filter((seed) => seed.kind === kind).map((seed) => seed.key);
  const properties = ofKind("Property");
  return { typed: properties, running: [...ofKind("Constructor"), ...(initialisersRunByNew ? properties : [])] };
}

/**
 * Orders links and entries, marks what is reached only through dispatch, and counts each node's degree over
 * the request's edge kinds: `knownDegrees` (the expanded nodes, counted by their step), the others by one
 * query. `viaThroughDispatch` says it of neighbours finished in another call (their links are not in
 * `reached`); a neighbour in neither counts as reached directly.
 */
export function finishWalk(
  db: SqliteDb,
  request: Pick<WalkRequest, "direction" | "kinds">,
  reached: ReadonlyMap<string, Reaching>,
  viaThroughDispatch: ReadonlyMap<string, boolean> = new Map(),
  knownDegrees: ReadonlyMap<string, number> = new Map(),
): ReachedNode[] {
  const sql = statements(db);
  const unknown = [...reached.keys()].filter((key) => !knownDegrees.has(key));
  const degreeStatement = request.direction === "in" ? sql.degreeIn : sql.degreeOut;
  const degrees = new Map(knownDegrees);
  if (unknown.length > 0) {
    for (const row of degreeStatement.all({ keys: JSON.stringify(unknown), kinds: JSON.stringify(request.kinds) }) as {
      key: string;
      degree: number;
    }[]) {
      degrees.set(row.key, row.degree);
    }
  }
  const ordered = [...reached.values()].sort(
    (a, b) =>
      a.depth - b.depth ||
      compareText(a.node.file, b.node.file) ||
      a.node.startLine - b.node.startLine ||
      compareText(a.node.key, b.node.key),
  );
  const throughDispatch = new Map<string, boolean>(viaThroughDispatch);
  const nodes: ReachedNode[] = [];
  for (const { node, depth, links } of ordered) {
    links.sort(compareLinks);
    const [first] = links;
    if (first === undefined) continue;
    const viaDispatch = links.every((link) => link.dispatch || throughDispatch.get(link.via) === true);
    throughDispatch.set(node.key, viaDispatch);
    nodes.push({
      ...node,
      depth,
      links,
      via: first.via,
      edge: first.edge,
      lines: first.lines,
      vias: new Set(links.map((link) => link.via)).size,
      throughDispatch: viaDispatch,
      degree: degrees.get(node.key) ?? 0,
    });
  }
  return nodes;
}

/** Nodes by key, as SymbolNodes (keys with no node are left out). */
export function symbolNodes(db: SqliteDb, keys: readonly string[]): Map<string, SymbolNode> {
  const rows = statements(db).nodes.all(JSON.stringify(keys)) as SymbolNode[];
  return new Map(rows.map((row) => [row.key as string, row]));
}

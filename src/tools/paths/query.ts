import type { SqliteDb } from "../../db/open-graph-db.js";
import type { EdgeKind } from "../../model/graph-kinds.js";
import { CALL_LIKE_EDGE_KINDS, walkStep, type CallLikeEdgeKind, type WalkLink } from "../graph-walk.js";
import type { Dispatch } from "../query-inputs.js";
import { dynamicCallSitesOf, type DynamicCallSite } from "../dynamic-calls.js";
import { membersWithoutBody } from "../bodiless-members.js";
import type { SymbolNode } from "../symbol-address.js";

/**
 * The shortest call paths from one symbol to another, over call-like edges, through dispatch as asked
 * (graph-walk.ts: with `up`, a call of `Shape.area` may go on into `Circle.area`).
 *
 * 1. A forward walk from the source, level by level, finds what it reaches within the depth and keeps every
 *    link it took; a backward pass over those links from the target gives each node's distance to it.
 * 2. Paths are enumerated forwards from the source, depth first, taking a link only when the target is still
 *    reachable within the length allowed (`length so far + 1 + distance ≤ allowed`) and never revisiting a
 *    node of the path (cycle-safe). The allowed length starts at the shortest distance and grows by one until
 *    enough paths are found or the depth is reached, so paths come shortest first.
 * 3. Paths of direct calls come first: steps 1 and 2 run first over the links that need no dispatch, then, when
 *    they found fewer than asked, over every link. A path that takes a dispatch step (a call of `Shape.area`
 *    going on into `Circle.area`) runs only when the object is of that class; a path of direct calls runs
 *    whatever the objects are, and is the one a reader is usually after.
 * 4. Each enumeration stops after ENUMERATION_CAP partial paths; the result then says it may be incomplete.
 */
const ENUMERATION_CAP = 20_000;

/** Which paths through test files an answer lists: all (apart), none (not walked through), or only those. */
export type PathTests = "include" | "exclude" | "only";

/** One node of a path, with the edge that led to it from the previous one. */
export interface PathStep extends SymbolNode {
  /** Undefined for the first step. */
  readonly edge: EdgeKind | undefined;
  /** Site lines of that edge, in the previous step's file. */
  readonly sites: readonly number[];
  /** With dispatch: the declaration the previous step calls, which this step overrides or implements. */
  readonly through: string | undefined;
  /** `through` has no body (an abstract or interface member): the call can only run an implementation. */
  readonly throughHasNoBody: boolean;
  /** The class the previous step constructs with `new`, when this step is its constructor or a property initialiser. */
  readonly constructs: string | undefined;
}

export interface PathsResult {
  readonly from: SymbolNode;
  readonly to: SymbolNode;
  readonly depth: number;
  readonly dispatch: Dispatch;
  readonly tests: PathTests;
  /**
   * Paths of direct calls first, then paths that take a dispatch step; each group shortest first (then fewer
   * dispatch steps first). Each path starts at `from` and ends at `to`; none passes through a test file.
   */
  readonly paths: readonly (readonly PathStep[])[];
  /** Paths with a step in a test file (between the ends), in the same order (none with `tests: exclude`). */
  readonly testPaths: readonly (readonly PathStep[])[];
  /**
   * Length (edges) of the shortest path, or undefined when there is none within the depth. It may be shorter than
   * every path listed: a path through dispatch that the paths of direct calls left out.
   */
  readonly shortest: number | undefined;
  /** False when an enumeration hit its cap: shorter paths than the ones listed cannot exist, but more of the same length may. */
  readonly complete: boolean;
  /** With no path, the length of the shortest path the other way (to → from), if there is one. */
  readonly reverse: number | undefined;
  /**
   * With no path: the call sites with no static target in the code the walk went through (`handler(c, next)`),
   * where a path may continue unseen.
   */
  readonly dynamic: readonly DynamicCallSite[];
}

export interface PathsRequest {
  readonly depth: number;
  readonly maxPaths: number;
  readonly dispatch: Dispatch;
  readonly tests: PathTests;
  /** Which files are tests (tools/test-files.ts). */
  readonly isTest: (file: string) => boolean;
}

/** Preferred edge when two nodes are linked several ways: a direct call explains a path best. */
const EDGE_PREFERENCE: Record<CallLikeEdgeKind, number> = { CALLS: 0, INSTANTIATES: 1, RENDERS: 2, REFERENCES: 3 };

function preferred(a: WalkLink, b: WalkLink): WalkLink {
  const rank = (link: WalkLink): number => Number(link.dispatch) * 10 + (EDGE_PREFERENCE[link.edge as CallLikeEdgeKind] ?? 9);
  return rank(b) < rank(a) ? b : a;
}

/** What the forward walk found: the nodes, the best link from each node to each of its successors, and the nodes it went on from. */
interface Reach {
  readonly nodes: Map<string, SymbolNode>;
  readonly successors: Map<string, Map<string, WalkLink>>;
  readonly expanded: string[];
}

function forward(db: SqliteDb, from: SymbolNode, to: SymbolNode, request: PathsRequest): Reach {
  const nodes = new Map<string, SymbolNode>([[from.key, from]]);
  const successors = new Map<string, Map<string, WalkLink>>();
  const expanded: string[] = [];
  const passable = (node: SymbolNode): boolean => request.tests !== "exclude" || node.key === to.key || !request.isTest(node.file);
  let frontier: string[] = [from.key];
  for (let depth = 1; depth <= request.depth && frontier.length > 0; depth += 1) {
    const next: string[] = [];
    expanded.push(...frontier);
    for (const { node, link } of walkStep(db, { frontier, direction: "out", kinds: CALL_LIKE_EDGE_KINDS, dispatch: request.dispatch })) {
      if (!passable(node)) continue;
      const out = successors.get(link.via) ?? new Map<string, WalkLink>();
      successors.set(link.via, out);
      const known = out.get(node.key);
      out.set(node.key, known === undefined ? link : preferred(known, link));
      if (!nodes.has(node.key)) {
        nodes.set(node.key, node);
        // the target is an end: paths stop there
        if (node.key !== to.key) next.push(node.key);
      }
    }
    frontier = next;
  }
  return { nodes, successors, expanded };
}

/** Distance to the target of every node that reaches it over the kept links (breadth first, backwards). */
function distancesTo(reach: Reach, target: string): Map<string, number> {
  const predecessors = new Map<string, string[]>();
  for (const [source, out] of reach.successors) {
    for (const successor of out.keys()) predecessors.set(successor, [...(predecessors.get(successor) ?? []), source]);
  }
  const distances = new Map<string, number>();
  if (!reach.nodes.has(target)) return distances;
  distances.set(target, 0);
  let frontier = [target];
  for (let distance = 1; frontier.length > 0; distance += 1) {
    const next: string[] = [];
    for (const key of frontier) {
      for (const predecessor of predecessors.get(key) ?? []) {
        if (distances.has(predecessor)) continue;
        distances.set(predecessor, distance);
        next.push(predecessor);
      }
    }
    frontier = next;
  }
  return distances;
}

interface Enumerated {
  readonly paths: string[][];
  readonly capped: boolean;
}

/** Every path from source to target of at most `allowed` edges (up to the cap), as key lists. */
function enumerate(reach: Reach, distances: ReadonlyMap<string, number>, source: string, target: string, allowed: number): Enumerated {
  const paths: string[][] = [];
  const path = [source];
  const onPath = new Set(path);
  let visits = 0;
  const extend = (last: string): void => {
    if (last === target) {
      paths.push([...path]);
      return;
    }
    const successors = [...(reach.successors.get(last)?.keys() ?? [])].sort();
    for (const next of successors) {
      const distance = distances.get(next);
      if (distance === undefined || onPath.has(next) || path.length + distance > allowed) continue;
      if (++visits > ENUMERATION_CAP) return;
      path.push(next);
      onPath.add(next);
      extend(next);
      path.pop();
      onPath.delete(next);
    }
  };
  extend(source);
  return { paths, capped: visits > ENUMERATION_CAP };
}

/** The same reach without the links that exist only through dispatch. */
function directOnly(reach: Reach): Reach {
  const successors = new Map<string, Map<string, WalkLink>>();
  for (const [source, out] of reach.successors) {
    successors.set(source, new Map([...out].filter(([, link]) => !link.dispatch)));
  }
  return { ...reach, successors };
}

/**
 * Adds to `found` the paths of `reach` from source to target, shortest first, until `found` holds `maxPaths` or
 * the depth is reached; false when an enumeration hit its cap.
 */
function findPaths(
  reach: Reach,
  ends: { from: string; to: string },
  request: PathsRequest,
  wanted: (path: readonly string[]) => boolean,
  found: Map<string, string[]>,
  distances = distancesTo(reach, ends.to),
): boolean {
  const shortest = distances.get(ends.from);
  let complete = true;
  if (shortest === undefined) return complete;
  for (let allowed = shortest; allowed <= request.depth && found.size < request.maxPaths; allowed += 1) {
    const enumerated = enumerate(reach, distances, ends.from, ends.to, allowed);
    for (const path of enumerated.paths) if (wanted(path)) found.set(path.join("\n"), path);
    complete &&= !enumerated.capped;
  }
  return complete;
}

/** The links a path takes, one per step after the first. */
function linksOf(reach: Reach, path: readonly string[]): WalkLink[] {
  return path.slice(1).map((key, index) => {
    const link = reach.successors.get(path[index] ?? "")?.get(key);
    if (link === undefined) throw new Error(`path link to ${key} was not kept`);
    return link;
  });
}

/** Paths of direct calls first, then by length, by number of dispatch steps, and by keys. */
function rankPaths(reach: Reach, paths: readonly string[][]): string[][] {
  const ranked = paths.map((path) => ({ path, text: path.join("\n"), dispatch: linksOf(reach, path).filter((link) => link.dispatch).length }));
  ranked.sort(
    (a, b) =>
      Number(a.dispatch > 0) - Number(b.dispatch > 0) || a.path.length - b.path.length || a.dispatch - b.dispatch || a.text.localeCompare(b.text),
  );
  return ranked.map((entry) => entry.path);
}

function describeSteps(reach: Reach, path: readonly string[], withoutBody: ReadonlySet<string>): PathStep[] {
  return path.map((key, index) => {
    const node = reach.nodes.get(key);
    if (node === undefined) throw new Error(`path node ${key} was not reached`);
    const previous = path[index - 1];
    const link = previous === undefined ? undefined : reach.successors.get(previous)?.get(key);
    const through = link?.dispatch === true ? link.target : undefined;
    return {
      ...node,
      edge: link?.edge,
      sites: link?.lines ?? [],
      through,
      throughHasNoBody: through !== undefined && withoutBody.has(through),
      constructs: link?.construction === true ? link.target : undefined,
    };
  });
}

function shortestReverse(db: SqliteDb, from: SymbolNode, to: SymbolNode, request: PathsRequest): number | undefined {
  return distancesTo(forward(db, to, from, request), from.key).get(to.key);
}

export function queryPaths(db: SqliteDb, from: SymbolNode, to: SymbolNode, request: PathsRequest): PathsResult {
  const throughTests = (path: readonly PathStep[]): boolean => path.slice(1, -1).some((step) => request.isTest(step.file));
  const reach = forward(db, from, to, request);
  const distances = distancesTo(reach, to.key);
  const shortest = distances.get(from.key);
  const base = { from, to, depth: request.depth, dispatch: request.dispatch, tests: request.tests };
  if (shortest === undefined) {
    const dynamic = dynamicCallSitesOf(db, reach.expanded as SymbolNode["key"][]);
    return { ...base, paths: [], testPaths: [], shortest, complete: true, reverse: shortestReverse(db, from, to, request), dynamic };
  }
  const wanted = (path: readonly string[]): boolean => {
    if (request.tests === "include") return true;
    const inTests = path.slice(1, -1).some((key) => request.isTest(reach.nodes.get(key)?.file ?? ""));
    return request.tests === "only" ? inTests : !inTests;
  };
  const found = new Map<string, string[]>();
  const ends = { from: from.key, to: to.key };
  let complete = findPaths(directOnly(reach), ends, request, wanted, found);
  if (found.size < request.maxPaths) complete = findPaths(reach, ends, request, wanted, found, distances) && complete;
  const ranked = rankPaths(reach, [...found.values()]).slice(0, request.maxPaths);
  const withoutBody = membersWithoutBody(
    db,
    ranked.flatMap((path) =>
      linksOf(reach, path)
        .filter((link) => link.dispatch)
        .map((link) => link.target),
    ),
  );
  const paths = ranked.map((path) => describeSteps(reach, path, withoutBody));
  return {
    ...base,
    paths: paths.filter((path) => !throughTests(path)),
    testPaths: paths.filter(throughTests),
    // the listed paths may all be direct and longer than a path through dispatch (not listed): that one is the shortest
    shortest:
      paths.length === 0
        ? undefined
        : Math.min(...paths.map((path) => path.length - 1), request.tests === "only" ? Number.POSITIVE_INFINITY : shortest),
    complete,
    reverse: undefined,
    dynamic: [],
  };
}

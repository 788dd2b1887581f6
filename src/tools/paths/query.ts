import type { SqliteDb } from "../../db/open-graph-db.js";
import type { EdgeKind } from "../../model/graph-kinds.js";
import {
  CALL_EDGE_KINDS,
  CALL_LIKE_EDGE_KINDS,
  walkStep,
  type CallLikeEdgeKind,
  type WalkLink,
} from "../walk/graph-walk.js";
import type { Dispatch } from "../inputs/query-inputs.js";
import { dynamicCallSitesOf, type DynamicCallSite } from "../walk/dynamic-calls.js";
import { membersWithoutBody } from "../walk/bodiless-members.js";
import { holderKey } from "../walk/literal-entry.js";
import type { SymbolNode } from "../inputs/symbol-address.js";
import type { PathValues, StepNeed } from "./options.js";

/**
 * The shortest call paths from one symbol to another, over call edges (and value uses when asked: a function
 * passed or stored, REFERENCES), through dispatch as asked (graph-walk.ts: with `up`, a call of `Shape.area`
 * may go on into `Circle.area`).
 *
 * 1. A forward walk from the source, level by level, finds what it reaches within the depth and keeps every
 *    link it took; a backward pass over those links from the target gives each node's distance to it.
 * 2. Paths are enumerated forwards from the source, depth first, taking a link only when the target is still
 *    reachable within the length allowed (`length so far + 1 + distance ≤ allowed`) and never revisiting a
 *    node of the path (cycle-safe). The allowed length starts at the shortest distance and grows by one until
 *    enough paths are found or the depth is reached, so paths come shortest first.
 * 3. Paths of direct calls come first: steps 1 and 2 run first over the links that are direct calls, then, when
 *    they found fewer than asked, over the calls through dispatch too, then (values included) over every link.
 *    A path that takes a dispatch step (a call of `Shape.area` going on into `Circle.area`) runs only when the
 *    object is of that class; a path through a value use runs only if whoever receives the value calls it; a
 *    path of direct calls runs whatever the objects are, and is the one a reader is usually after.
 * 4. Each enumeration stops after ENUMERATION_CAP partial paths; the result then says it may be incomplete.
 * 5. The declarations on some other call chain of at most `depth` steps (steps from the source plus steps to
 *    the target within the depth, over the same links) are listed apart, each with the kind of step it needs.
 *    A chain may run a declaration twice, as a recursion through another object does (`Subscriber.next` →
 *    `_next` → `destination.next`, another Subscriber's `next`): what runs between the ends, which the paths,
 *    cycle-free, cannot show.
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
  readonly values: PathValues;
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
  /**
   * Values excluded: what `values: include` would add, when it adds something. With no path, `shortest` is the
   * length of the shortest path through a value use; `declarations` counts the declarations on chains within the
   * depth that take a value use and are neither on a listed path nor among `others`.
   */
  readonly withValues: ValueChains | undefined;
  /**
   * The declarations on another call chain of at most `depth` steps, not on a listed path and not an end: chains
   * that need only direct calls first, then those that need dispatch, then (values included) a value use; each
   * group by the length of the shortest chain through it, then by steps from the source, file and line.
   */
  readonly others: readonly OtherStep[];
}

/** What the paths through value uses would add (PathsResult.withValues). */
export interface ValueChains {
  readonly shortest: number | undefined;
  readonly declarations: number;
}

/** A declaration on a call chain from the source to the target that no listed path takes. */
export interface OtherStep extends SymbolNode {
  /** Steps from the source to it, and from it to the target, on the shortest chain through it of the kind `needs`. */
  readonly fromSource: number;
  readonly toTarget: number;
  /** The weakest step the chains through it need (their best kind). */
  readonly needs: StepNeed;
}

export interface PathsRequest {
  readonly depth: number;
  readonly maxPaths: number;
  readonly dispatch: Dispatch;
  readonly tests: PathTests;
  /** Default `exclude`: paths of calls only. */
  readonly values?: PathValues;
  /** Which files are tests (tools/workspace/test-files.ts). */
  readonly isTest: (file: string) => boolean;
}

/** Preferred edge when two nodes are linked several ways: a direct call explains a path best. */
const EDGE_PREFERENCE: Record<CallLikeEdgeKind, number> = { CALLS: 0, INSTANTIATES: 1, RENDERS: 2, REFERENCES: 3 };

function preferred(a: WalkLink, b: WalkLink): WalkLink {
  const rank = (link: WalkLink): number =>
    Number(link.dispatch) * 10 + (EDGE_PREFERENCE[link.edge as CallLikeEdgeKind] ?? 9);
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
  const passable = (node: SymbolNode): boolean =>
    request.tests !== "exclude" || node.key === to.key || !request.isTest(node.file);
  const kinds = request.values === "include" ? CALL_LIKE_EDGE_KINDS : CALL_EDGE_KINDS;
  let frontier: string[] = [from.key];
  for (let depth = 1; depth <= request.depth && frontier.length > 0; depth += 1) {
    const next: string[] = [];
    expanded.push(...frontier);
    for (const step of walkStep(db, { frontier, direction: "out", kinds, dispatch: request.dispatch })) {
      // a literal entry of an end is that end: the path reaches `to`, or comes back to `from`
      const holder = holderKey(step.node.key);
      const node = holder === to.key ? to : holder === from.key ? from : step.node;
      const { link } = step;
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
    for (const successor of out.keys()) {
      const known = predecessors.get(successor);
      if (known === undefined) predecessors.set(successor, [source]);
      else known.push(source);
    }
  }
  if (!reach.nodes.has(target)) return new Map();
  return breadthFirst(target, (key) => predecessors.get(key) ?? []);
}

/** Distance from the source of every node it reaches over the kept links. */
function distancesFrom(reach: Reach, source: string): Map<string, number> {
  return breadthFirst(source, (key) => [...(reach.successors.get(key)?.keys() ?? [])]);
}

function breadthFirst(start: string, neighbours: (key: string) => readonly string[]): Map<string, number> {
  const distances = new Map<string, number>([[start, 0]]);
  let frontier = [start];
  for (let distance = 1; frontier.length > 0; distance += 1) {
    const next: string[] = [];
    for (const key of frontier) {
      for (const neighbour of neighbours(key)) {
        if (distances.has(neighbour)) continue;
        distances.set(neighbour, distance);
        next.push(neighbour);
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
function enumerate(
  reach: Reach,
  distances: ReadonlyMap<string, number>,
  source: string,
  target: string,
  allowed: number,
): Enumerated {
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

/** What a link needs (StepNeed). */
function needOf(link: WalkLink): StepNeed {
  if (link.edge === "REFERENCES") return "value";
  return link.dispatch ? "dispatch" : "call";
}

const NEED_RANK: Record<StepNeed, number> = { call: 0, dispatch: 1, value: 2 };

/**
 * The reach at each tier, strongest first: direct calls only, calls through dispatch too, and (values included)
 * every link. A tier that would keep the same links as the one before is left out.
 */
function tiers(reach: Reach, values: PathValues): { need: StepNeed; reach: Reach }[] {
  const kept = (most: StepNeed): Reach => {
    const successors = new Map<string, Map<string, WalkLink>>();
    for (const [source, out] of reach.successors) {
      successors.set(source, new Map([...out].filter(([, link]) => NEED_RANK[needOf(link)] <= NEED_RANK[most])));
    }
    return { ...reach, successors };
  };
  return [
    { need: "call", reach: kept("call") },
    { need: "dispatch", reach: values === "include" ? kept("dispatch") : reach },
    ...(values === "include" ? [{ need: "value" as const, reach }] : []),
  ];
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
  distances: ReadonlyMap<string, number> = distancesTo(reach, ends.to),
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

/**
 * Paths of direct calls first, then paths through dispatch, then paths through a value use; each group by
 * length, by number of dispatch steps, of value steps, and by keys.
 */
function rankPaths(reach: Reach, paths: readonly string[][]): string[][] {
  const ranked = paths.map((path) => {
    const needs = linksOf(reach, path).map(needOf);
    const dispatch = needs.filter((need) => need === "dispatch").length;
    const values = needs.filter((need) => need === "value").length;
    return { path, text: path.join("\n"), dispatch, values, group: values > 0 ? 2 : dispatch > 0 ? 1 : 0 };
  });
  ranked.sort(
    (a, b) =>
      a.group - b.group ||
      a.path.length - b.path.length ||
      a.dispatch - b.dispatch ||
      a.values - b.values ||
      a.text.localeCompare(b.text),
  );
  return ranked.map((entry) => entry.path);
}

/**
 * The declarations on a call chain of at most `depth` steps through the tiers' links (steps from the source plus
 * steps to the target), other than the ends and `listed`, each at the strongest tier that has one.
 */
function otherSteps(
  levels: readonly { need: StepNeed; reach: Reach }[],
  ends: { from: string; to: string },
  depth: number,
  listed: ReadonlySet<string>,
  shown: (node: SymbolNode) => boolean,
): OtherStep[] {
  const others = new Map<string, OtherStep>();
  for (const { need, reach } of levels) {
    const fromSource = distancesFrom(reach, ends.from);
    const toTarget = distancesTo(reach, ends.to);
    for (const [key, before] of fromSource) {
      const after = toTarget.get(key);
      const node = reach.nodes.get(key);
      if (after === undefined || before + after > depth || node === undefined) continue;
      if (others.has(key) || listed.has(key) || key === ends.from || key === ends.to || !shown(node)) continue;
      others.set(key, { ...node, fromSource: before, toTarget: after, needs: need });
    }
  }
  return [...others.values()].sort(
    (a, b) =>
      NEED_RANK[a.needs] - NEED_RANK[b.needs] ||
      a.fromSource + a.toTarget - (b.fromSource + b.toTarget) ||
      a.fromSource - b.fromSource ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.startLine - b.startLine ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
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

/**
 * Values excluded: the chains through value uses a second walk (values included) finds, as the length of its
 * shortest path and the declarations on its chains within the depth that `known` (the ends, the paths and the
 * other declarations answered) leaves out; undefined when it adds none.
 */
function valueChains(
  db: SqliteDb,
  ends: { from: SymbolNode; to: SymbolNode },
  request: PathsRequest,
  known: ReadonlySet<string>,
  shown: (node: SymbolNode) => boolean,
): ValueChains | undefined {
  if (request.values === "include") return undefined;
  const reach = forward(db, ends.from, ends.to, { ...request, values: "include" });
  const fromSource = distancesFrom(reach, ends.from.key);
  const toTarget = distancesTo(reach, ends.to.key);
  let declarations = 0;
  for (const [key, before] of fromSource) {
    const node = reach.nodes.get(key);
    const within = before + (toTarget.get(key) ?? request.depth + 1) <= request.depth;
    if (within && node !== undefined && !known.has(key) && key !== ends.from.key && key !== ends.to.key && shown(node))
      declarations += 1;
  }
  const shortest = toTarget.get(ends.from.key);
  return shortest === undefined ? undefined : { shortest, declarations };
}

export function queryPaths(db: SqliteDb, from: SymbolNode, to: SymbolNode, request: PathsRequest): PathsResult {
  const throughTests = (path: readonly PathStep[]): boolean =>
    path.slice(1, -1).some((step) => request.isTest(step.file));
  const values = request.values ?? "exclude";
  const reach = forward(db, from, to, request);
  const distances = distancesTo(reach, to.key);
  const shortest = distances.get(from.key);
  const base = { from, to, depth: request.depth, dispatch: request.dispatch, tests: request.tests, values };
  if (shortest === undefined) {
    const dynamic = dynamicCallSitesOf(db, reach.expanded as SymbolNode["key"][]);
    const reverse = shortestReverse(db, from, to, request);
    const withValues = valueChains(db, { from, to }, request, new Set(), () => true);
    return { ...base, paths: [], testPaths: [], shortest, complete: true, reverse, dynamic, withValues, others: [] };
  }
  const inTests = (node: SymbolNode | undefined): boolean => request.isTest(node?.file ?? "");
  const wanted = (path: readonly string[]): boolean => {
    if (request.tests === "include") return true;
    const through = path.slice(1, -1).some((key) => inTests(reach.nodes.get(key)));
    return request.tests === "only" ? through : !through;
  };
  const found = new Map<string, string[]>();
  const ends = { from: from.key, to: to.key };
  const levels = tiers(reach, values);
  let complete = true;
  for (const level of levels) {
    if (found.size >= request.maxPaths) break;
    const known = level.reach === reach ? distances : undefined;
    complete = findPaths(level.reach, ends, request, wanted, found, known) && complete;
  }
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
  const listed = new Set(ranked.flat());
  const shown = (node: SymbolNode): boolean => request.tests !== "only" || inTests(node);
  const others = otherSteps(levels, ends, request.depth, listed, shown);
  const withValues = valueChains(
    db,
    { from, to },
    request,
    new Set([...listed, ...others.map((other) => other.key)]),
    shown,
  );
  return {
    ...base,
    paths: paths.filter((path) => !throughTests(path)),
    testPaths: paths.filter(throughTests),
    // the listed paths may all be direct and longer than a path through dispatch (not listed): that one is the shortest
    shortest:
      paths.length === 0
        ? undefined
        : Math.min(
            ...paths.map((path) => path.length - 1),
            request.tests === "only" ? Number.POSITIVE_INFINITY : shortest,
          ),
    complete,
    reverse: undefined,
    dynamic: [],
    withValues:
      withValues === undefined || withValues.declarations === 0
        ? undefined
        : { shortest: undefined, declarations: withValues.declarations },
    others,
  };
}

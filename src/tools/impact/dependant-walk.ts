import type { SqliteDb } from "../../db/open-graph-db.js";
import type { EdgeKind } from "../../model/graph-kinds.js";
import type { NodeKey } from "../../model/node-key.js";
import {
  addLink,
  countDirectNeighbours,
  degreesOf,
  finishWalk,
  frontierRoles,
  holderLinks,
  seedRoles,
  type FrontierRoles,
  walkDispatchMap,
  walkSeeds,
  walkStep,
  type Reaching,
  type ReachedNode,
  type StepLink,
} from "../walk/graph-walk.js";
import type { Dispatch } from "../inputs/query-inputs.js";

/**
 * Impact's walk: everything that depends on the seeds (walking in), each dependant classified by how it
 * depends on them, in one walk that expands each node once per use.
 *
 * - **runtime**: reached from the seeds over edges that run or read code only (every kind but the type
 *   edges), at its shortest distance along them;
 * - **type**: reached by a path that takes at least one type step (a type edge, or a Property reached through
 *   its type reaching its container), after which any edge continues it, at the shortest such distance; a
 *   node reached both ways is a runtime dependant.
 *
 * The module-level variable holding an object literal whose function-valued property is reached (graph-walk.ts,
 * holderLinks) is reached with it, at the same depth and in the same use: the function is part of its value.
 *
 * A node is expanded in each use it is reached in (a node first reached through a type and later, further
 * away, through code, twice): the same answer as a walk over code edges alone followed by a walk over every
 * edge, at the cost of one SQL statement a level. The type-state nodes are returned unfiltered:
 * `typeDependants` (impact/query.ts) keeps those linked by a type step or through another type dependant.
 */
export interface DependantWalkRequest {
  readonly seeds: readonly NodeKey[];
  /** Every edge kind the walk follows. */
  readonly kinds: readonly EdgeKind[];
  /** The kinds among `kinds` by which a dependant only names a type. */
  readonly typeKinds: readonly EdgeKind[];
  readonly maxDepth: number;
  readonly dispatch: Dispatch;
  /** A reached node in a file this rejects is neither reported nor walked through (`--tests exclude`). */
  readonly acceptsFile?: (file: string) => boolean;
}

export interface DependantWalk {
  /** The start node and every member it contains. */
  readonly seeds: readonly NodeKey[];
  /** Reached over code edges only, ordered by depth, file, line. */
  readonly runtime: readonly ReachedNode[];
  /** Reached in the type use and not over code edges, ordered the same way; not yet filtered. */
  readonly types: readonly ReachedNode[];
}

type Use = "runtime" | "type";

export function walkDependants(db: SqliteDb, request: DependantWalkRequest): DependantWalk {
  const seedNodes = walkSeeds(db, { seeds: request.seeds, withMembers: true });
  const seeds = seedNodes.map((seed) => seed.key);
  const seedSet: ReadonlySet<string> = new Set(seeds);
  const accepts = request.acceptsFile ?? (() => true);
  const typeKinds: ReadonlySet<EdgeKind> = new Set(request.typeKinds);
  const runtime = new Map<string, Reaching>();
  const typed = new Map<string, Reaching>();
  /** Runtime dependants that are reached through a type at the same depth too: their properties reach their containers. */
  const alsoTyped = new Set<string>();
  /** The direct neighbours of each expanded node, over the edges of its use: its degree. */
  const runtimeNeighbours = new Map<string, Set<string>>();
  const typeNeighbours = new Map<string, Set<string>>();
  const step = {
    direction: "in" as const,
    kinds: request.kinds,
    dispatch: request.dispatch,
    dispatchMap: walkDispatchMap(db, request.dispatch),
    propertiesReachContainers: true,
  };

  const reach = (map: Map<string, Reaching>, { node, link }: StepLink, depth: number, next: string[]): void => {
    let entry = map.get(node.key);
    if (entry === undefined) {
      entry = { node, depth, links: [] };
      map.set(node.key, entry);
      next.push(node.key);
    }
    addLink(entry.links, link);
  };

  let runtimeFrontier: readonly string[] = seeds;
  let typeFrontier: readonly string[] = [];
  let roles: FrontierRoles = seedRoles(seedNodes, true);
  for (let depth = 1; depth <= request.maxDepth && runtimeFrontier.length + typeFrontier.length > 0; depth += 1) {
    const fromRuntime: ReadonlySet<string> = new Set(runtimeFrontier);
    const typeLinks: StepLink[] = [];
    const nextRuntime: string[] = [];
    const nextType: string[] = [];
    const links = walkStep(db, { ...step, frontier: [...runtimeFrontier, ...typeFrontier], ...roles });
    countDirectNeighbours(runtimeFrontier, links, runtimeNeighbours, (link) => !typeKinds.has(link.edge));
    countDirectNeighbours(typeFrontier, links, typeNeighbours);
    for (const stepLink of links) {
      const { node, link } = stepLink;
      if (seedSet.has(node.key) || !accepts(node.file)) continue;
      const use: Use =
        fromRuntime.has(link.via) && link.edge !== "CONTAINS" && !typeKinds.has(link.edge) ? "runtime" : "type";
      if (use === "type") typeLinks.push(stepLink);
      else if ((runtime.get(node.key)?.depth ?? depth) === depth) reach(runtime, stepLink, depth, nextRuntime);
    }
    for (const stepLink of typeLinks) {
      const { node } = stepLink;
      const runtimeDepth = runtime.get(node.key)?.depth;
      if (runtimeDepth === depth && typeKinds.has(stepLink.link.edge)) alsoTyped.add(node.key);
      if (runtimeDepth !== undefined || (typed.get(node.key)?.depth ?? depth) !== depth) continue;
      reach(typed, stepLink, depth, nextType);
    }
    // The variable holding an object literal's function reached at this depth (or a seed's) is part of it: same depth.
    const holdersOf = (keys: readonly string[]) =>
      holderLinks(db, depth === 1 ? [...seeds, ...keys] : keys).filter(
        ({ node }) => !seedSet.has(node.key) && accepts(node.file),
      );
    for (const stepLink of holdersOf(nextRuntime)) {
      if ((runtime.get(stepLink.node.key)?.depth ?? depth) === depth) reach(runtime, stepLink, depth, nextRuntime);
    }
    for (const stepLink of holdersOf(nextType)) {
      const { node } = stepLink;
      if (runtime.has(node.key) || (typed.get(node.key)?.depth ?? depth) !== depth) continue;
      reach(typed, stepLink, depth, nextType);
    }
    runtimeFrontier = nextRuntime;
    typeFrontier = nextType;
    const runtimeRoles = frontierRoles(nextRuntime, runtime);
    const typeRoles = frontierRoles(nextType, typed);
    roles = {
      typed: [
        ...nextRuntime.filter((key) => alsoTyped.has(key) && runtime.get(key)?.node.kind === "Property"),
        ...typeRoles.typed,
      ],
      running: [...runtimeRoles.running, ...typeRoles.running],
    };
  }

  const runtimeKinds = request.kinds.filter((kind) => !typeKinds.has(kind));
  const runtimeNodes = finishWalk(
    db,
    { direction: "in", kinds: runtimeKinds },
    runtime,
    new Map(),
    degreesOf(runtimeNeighbours),
  );
  const viaThroughDispatch = new Map(runtimeNodes.map((node) => [node.key, node.throughDispatch]));
  const typeOnly = new Map([...typed].filter(([key]) => !runtime.has(key)));
  const types = finishWalk(
    db,
    { direction: "in", kinds: request.kinds },
    typeOnly,
    viaThroughDispatch,
    degreesOf(typeNeighbours),
  );
  return { seeds, runtime: runtimeNodes, types };
}

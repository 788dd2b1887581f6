import { perGraphGeneration } from "../db/graph-generation.js";
import type { SqliteDb } from "../db/open-graph-db.js";

/**
 * The OVERRIDES edges of the graph, in memory: which members each member overrides or implements, in the
 * graph and in libraries (`lib:Iterator.next`), and the reverse. A walk with dispatch asks these for every
 * frontier node at every step; read once per graph generation (a few thousand edges, about a millisecond),
 * they cost a map lookup instead of recursive SQL in each step.
 */
export interface DispatchMap {
  /** Member → the graph's members it overrides or implements (one step up). */
  readonly overrides: ReadonlyMap<string, readonly string[]>;
  /** Member → the graph's members that override or implement it (one step down). */
  readonly overriddenBy: ReadonlyMap<string, readonly string[]>;
  /** Member → the library members it overrides or implements (external OVERRIDES edges). */
  readonly libraryOverrides: ReadonlyMap<string, readonly string[]>;
  /** Library member → the graph's members that override or implement it. */
  readonly libraryOverriddenBy: ReadonlyMap<string, readonly string[]>;
}

const NONE: readonly string[] = [];

export const dispatchMap = perGraphGeneration((db: SqliteDb): DispatchMap => {
  const internal = db.prepare("SELECT source, target FROM edges WHERE kind = 'OVERRIDES'").raw().all() as [string, string][];
  const external = db.prepare("SELECT source, target FROM external_edges WHERE kind = 'OVERRIDES'").raw().all() as [string, string][];
  return {
    overrides: grouped(internal, 0, 1),
    overriddenBy: grouped(internal, 1, 0),
    libraryOverrides: grouped(external, 0, 1),
    libraryOverriddenBy: grouped(external, 1, 0),
  };
});

/** Pairs grouped by one end, each group without repeats (an edge can be stored once per file that sees it). */
function grouped(pairs: readonly [string, string][], from: 0 | 1, to: 0 | 1): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const pair of pairs) {
    const group = groups.get(pair[from]);
    if (group === undefined) groups.set(pair[from], [pair[to]]);
    else if (!group.includes(pair[to])) group.push(pair[to]);
  }
  return groups;
}

/** The members `start` leads to along `step`, transitively, `start` included (cycles end the walk). */
export function closure(starts: Iterable<string>, step: ReadonlyMap<string, readonly string[]>): Set<string> {
  const found = new Set<string>(starts);
  for (const key of found) for (const next of step.get(key) ?? NONE) found.add(next);
  return found;
}

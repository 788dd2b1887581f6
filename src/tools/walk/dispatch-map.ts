import { perGraphGeneration } from "../../db/graph-generation.js";
import type { SqliteDb } from "../../db/open-graph-db.js";
import { isExternalKey } from "../../model/node-key.js";
import { heldEntryKey } from "./literal-entry.js";

/**
 * The OVERRIDES edges of the graph, in memory: which members each member overrides or implements, in the
 * graph and in libraries (`lib:Iterator.next`), and the reverse; and which nodes hold an object literal's function
 * implementing a member (HOLDS_IMPLEMENTATION, followed walking out only). A walk with dispatch asks these for every
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
  /** Member at either end of an OVERRIDES edge → the class it is declared in (members of classes only). */
  readonly classOf: ReadonlyMap<string, string>;
  /** Class → the classes and interfaces it extends or implements (EXTENDS and IMPLEMENTS edges, one step up). */
  readonly supertypes: ReadonlyMap<string, readonly string[]>;
  /**
   * Member → the nodes whose code holds an object literal's function implementing it (HOLDS_IMPLEMENTATION
   * edges), each as the literal entry of its function's lines (literal-entry.ts).
   */
  readonly heldBy: ReadonlyMap<string, readonly string[]>;
}

const NONE: readonly string[] = [];

export const dispatchMap = perGraphGeneration((db: SqliteDb): DispatchMap => {
  const internal = db.prepare("SELECT source, target FROM edges WHERE kind = 'OVERRIDES'").raw().all() as [
    string,
    string,
  ][];
  const external = db.prepare("SELECT source, target FROM external_edges WHERE kind = 'OVERRIDES'").raw().all() as [
    string,
    string,
  ][];
  const classes = db.prepare(CLASSES_OF_MEMBERS).raw().all() as [string, string][];
  const heritage = db
    .prepare("SELECT source, target FROM edges WHERE kind IN ('EXTENDS', 'IMPLEMENTS')")
    .raw()
    .all() as [string, string][];
  const held = (
    db
      .prepare(
        "SELECT h.source, h.target, m.name, h.spans FROM edges h LEFT JOIN nodes m ON m.key = h.target WHERE h.kind = 'HOLDS_IMPLEMENTATION'",
      )
      .raw()
      .all() as [string, string, string | null, string | null][]
  ).map(([source, target, name, spans]): [string, string] => [
    heldEntryKey(source, name ?? "", spans) ?? source,
    target,
  ]);
  return {
    overrides: grouped(internal, 0, 1),
    overriddenBy: grouped(internal, 1, 0),
    libraryOverrides: grouped(external, 0, 1),
    libraryOverriddenBy: grouped(external, 1, 0),
    classOf: new Map(classes),
    supertypes: grouped(heritage, 0, 1),
    heldBy: grouped(held, 1, 0),
  };
});

/** The class of each member that overrides or is overridden (a library member included), by the members' parents. */
const CLASSES_OF_MEMBERS = `SELECT m.key, c.key FROM (SELECT source AS key FROM edges WHERE kind = 'OVERRIDES' UNION SELECT target FROM edges WHERE kind = 'OVERRIDES'
    UNION SELECT source FROM external_edges WHERE kind = 'OVERRIDES') o
  CROSS JOIN nodes m ON m.key = o.key CROSS JOIN nodes c ON c.key = m.parent_key WHERE c.kind = 'Class'`;

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

/**
 * Whether a call of `named` whose sites' receivers are `receivers` (schema.ts, edges.receivers) may run `override`,
 * a member below it: always when the receivers are not known (undefined); never for `super.m()` (none); else when
 * the override's class is one of the receiver classes or interfaces or below one (`this.query()` inside Mid runs
 * MidChild's override, not its sibling SiblingA's). An override whose class is not seen to descend from `named`'s
 * class (a class extending a mixin call, whose EXTENDS edge is missing) is kept: nothing says it cannot run. A
 * library member (`lib:Object.toString`) has no class in the graph: its overrides in classes are reached only
 * below the receivers (`this.toString()` inside And reaches And's subclasses' `toString`, not every class's).
 */
export function dispatchReaches(
  map: DispatchMap,
  named: string,
  override: string,
  receivers: readonly string[] | undefined,
): boolean {
  if (receivers === undefined) return true;
  if (receivers.length === 0) return false;
  const overrideClass = map.classOf.get(override);
  const namedClass = map.classOf.get(named);
  if (overrideClass === undefined || (namedClass === undefined && !isExternalKey(named))) return true;
  const above = closure([overrideClass], map.supertypes);
  if (receivers.some((receiver) => above.has(receiver))) return true;
  return namedClass !== undefined && !above.has(namedClass);
}

/** The receivers stored with an edge (edges.receivers), parsed; undefined for NULL. */
export function parseReceivers(stored: string | null | undefined): readonly string[] | undefined {
  return stored === null || stored === undefined ? undefined : (JSON.parse(stored) as string[]);
}

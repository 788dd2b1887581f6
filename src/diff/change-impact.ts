import type { SqliteDb } from "../db/open-graph-db.js";
import { symbolNodes } from "../tools/walk/graph-walk.js";
import { queryImpact } from "../tools/impact/query.js";
import type { GraphDiff } from "./graph-diff.js";

/** A changed declaration and what depends on it, by the impact query's rules (docs/tools.md, impact). */
export interface SeedImpact {
  readonly key: string;
  /** Where its dependants were looked for: head, or base for a declaration head no longer has. */
  readonly side: "head" | "base";
  readonly dependants: number;
  readonly tests: readonly string[];
}

/** One dependant of the change, at its shortest distance from any changed declaration. */
export interface ImpactedNode {
  readonly key: string;
  readonly file: string;
  readonly depth: number;
  /** The changed declaration, or the dependant one step closer to one, that brings it in. */
  readonly via: string;
  readonly edge: string;
  readonly side: "head" | "base";
}

export interface ChangeImpact {
  readonly depth: number;
  readonly seeds: readonly SeedImpact[];
  /** Every dependant of any changed declaration (a changed declaration that depends on another one too), outside test files. */
  readonly dependants: readonly ImpactedNode[];
  /** Test files that reach any changed declaration: the tests to run. */
  readonly tests: readonly string[];
}

/** The declarations whose change may change what depends on them: changed, moved, removed, or with edges gained or lost (in head, the graph's keys of them). */
function seedsOf(diff: GraphDiff): { head: string[]; base: string[] } {
  const inHead = new Set<string>([...diff.changed.map((change) => change.key), ...diff.moved.map((move) => move.to)]);
  for (const edges of diff.edges) inHead.add(edges.key);
  return { head: [...inHead].sort(), base: diff.removed.map((node) => node.key).sort() };
}

/**
 * Each changed declaration's transitive dependants (impact's rules: dispatch up, members with their
 * containers, tests listed apart) up to `depth`, grouped per declaration, and their union. Removed
 * declarations are walked in base, where their dependants still point at them. `isTest`: the head's test files
 * (tools/workspace/test-files.ts). Each side's database is
 * asked for only when it has something to walk (a snapshot is loaded into one then).
 */
export function changeImpact(
  diff: GraphDiff,
  base: () => SqliteDb,
  head: () => SqliteDb,
  { depth, isTest }: { readonly depth: number; readonly isTest: (file: string) => boolean },
): ChangeImpact {
  const seeds = seedsOf(diff);
  const perSeed: SeedImpact[] = [];
  const reached = new Map<string, ImpactedNode>();
  const tests = new Set<string>();
  const walk = (graph: () => SqliteDb, keys: readonly string[], side: "head" | "base") => {
    if (keys.length === 0) return;
    const db = graph();
    for (const symbol of symbolNodes(db, keys).values()) {
      if (symbol.kind === "File") continue;
      const result = queryImpact(db, symbol, { depth, dispatch: "up", tests: "include", isTest });
      perSeed.push({
        key: symbol.key,
        side,
        dependants: result.dependants.length,
        tests: result.tests.map((test) => test.file),
      });
      for (const test of result.tests) tests.add(test.file);
      for (const node of result.dependants) {
        const known = reached.get(node.key);
        if (known === undefined || known.depth > node.depth)
          reached.set(node.key, {
            key: node.key,
            file: node.file,
            depth: node.depth,
            via: node.via,
            edge: node.edge,
            side,
          });
      }
    }
  };
  walk(head, seeds.head, "head");
  walk(base, seeds.base, "base");
  return {
    depth,
    seeds: perSeed.sort((a, b) => compare(a.key, b.key)),
    dependants: [...reached.values()].sort((a, b) => a.depth - b.depth || compare(a.key, b.key)),
    tests: [...tests].sort(compare),
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

import Database from "better-sqlite3";
import { tripleKey, type CallTriple } from "./triples.js";

/** Edge kinds whose sites the compiler's call hierarchy counts as calls (see docs/accuracy.md). */
export const CALL_LIKE_EDGE_KINDS = ["CALLS", "INSTANTIATES", "RENDERS"] as const;

/** How a ts-graph triple was obtained: an edge itself, or the compiler's counting rule applied to the graph. */
export type TripleOrigin = "edge" | "override hierarchy" | "accessor pair";

export interface GraphTriple extends CallTriple {
  readonly origin: TripleOrigin;
}

interface NodeRow {
  readonly key: string;
  readonly file: string;
  readonly name: string;
  readonly nameLine: number;
  readonly parentKey: string | null;
  readonly modifiers: string;
  readonly kind: string;
}

interface EdgeRow {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly lines: string;
}

const NODES_SQL = "SELECT key, file, name, name_line AS nameLine, parent_key AS parentKey, modifiers, kind FROM nodes";
const EDGES_SQL = "SELECT kind, source, target, lines FROM edges WHERE kind = ?";

function closure(start: string, next: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>();
  const queue = [...(next.get(start) ?? [])];
  while (queue.length > 0) {
    const key = queue.pop() as string;
    if (seen.has(key) || key === start) continue;
    seen.add(key);
    queue.push(...(next.get(key) ?? []));
  }
  return seen;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/**
 * ts-graph's call sites as the compiler's call hierarchy counts them, from the graph alone:
 * - every CALLS / INSTANTIATES / RENDERS site, on the declaration the checker resolved (origin "edge");
 * - the same site for every member related to that declaration through OVERRIDES edges the way the compiler's
 *   find-references relates them (above, below, or below a common base), since the compiler counts a call for
 *   each (origin "override hierarchy");
 * - a getter's read site for its setter and a setter's write site for its getter, since the compiler counts
 *   every use of an accessor property for both (origin "accessor pair").
 * A site found both ways keeps origin "edge".
 */
export function graphTriples(dbPath: string, kinds: readonly string[], expand: boolean): GraphTriple[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const nodes = new Map((db.prepare(NODES_SQL).all() as NodeRow[]).map((node) => [node.key, node]));
    const statement = db.prepare(EDGES_SQL);
    const up = new Map<string, string[]>();
    const down = new Map<string, string[]>();
    for (const edge of statement.all("OVERRIDES") as EdgeRow[]) {
      push(up, edge.source, edge.target);
      push(down, edge.target, edge.source);
    }
    const accessorPair = new Map<string, string[]>();
    const accessorsByProperty = new Map<string, string[]>();
    for (const node of nodes.values()) {
      const modifiers = node.modifiers.split(" ");
      if (!modifiers.includes("get") && !modifiers.includes("set")) continue;
      const property = `${node.parentKey ?? node.file}\u0000${node.name}\u0000${modifiers.includes("static")}`;
      push(accessorsByProperty, property, node.key);
    }
    for (const pair of accessorsByProperty.values()) {
      for (const key of pair) for (const other of pair) if (other !== key) push(accessorPair, key, other);
    }

    /**
     * The compiler counts a call resolved to R for every member X such that R and X, or members they
     * override, meet: X is R, above R, below R, or below anything above R (a sibling through a shared base).
     */
    const hierarchyCache = new Map<string, readonly string[]>();
    const hierarchyOf = (key: string): readonly string[] => {
      let related = hierarchyCache.get(key);
      if (related === undefined) {
        const found = new Set<string>();
        // Find-references looks up base types only from class and interface members, not from an object
        // literal's methods (the compiler relates those to their contextual type in one direction only).
        const parentKind = nodes.get(nodes.get(key)?.parentKey ?? "")?.kind;
        const ancestors = parentKind === "Class" || parentKind === "Interface" ? closure(key, up) : [];
        for (const ancestor of [key, ...ancestors]) {
          found.add(ancestor);
          for (const descendant of closure(ancestor, down)) found.add(descendant);
        }
        found.delete(key);
        related = [...found];
        hierarchyCache.set(key, related);
      }
      return related;
    };

    const byKey = new Map<string, GraphTriple>();
    const add = (targetKey: string, sourceKey: string, line: number, origin: TripleOrigin): void => {
      const target = nodes.get(targetKey);
      const source = nodes.get(sourceKey);
      if (target === undefined || source === undefined) return;
      const triple: GraphTriple = { callee: `${target.file}:${target.nameLine}`, calleeName: target.name, callerFile: source.file, line, origin };
      const key = tripleKey(triple);
      const existing = byKey.get(key);
      if (existing === undefined || (existing.origin !== "edge" && origin === "edge")) byKey.set(key, triple);
    };
    for (const kind of kinds) {
      for (const edge of statement.all(kind) as EdgeRow[]) {
        const lines = JSON.parse(edge.lines) as number[];
        const hierarchy = expand ? hierarchyOf(edge.target) : [];
        const pairs = expand ? (accessorPair.get(edge.target) ?? []) : [];
        for (const line of lines) {
          add(edge.target, edge.source, line, "edge");
          for (const related of hierarchy) add(related, edge.source, line, "override hierarchy");
          for (const related of pairs) add(related, edge.source, line, "accessor pair");
        }
      }
    }
    return [...byKey.values()];
  } finally {
    db.close();
  }
}


import Database from "better-sqlite3";
import { tripleKey, type CallTriple } from "./triples.js";

/** Edge kinds whose sites the compiler's call hierarchy counts as calls (see docs/accuracy.md). */
export const CALL_LIKE_EDGE_KINDS = ["CALLS", "INSTANTIATES", "RENDERS"] as const;

/** How a ts-graph triple was obtained: an edge itself, or the compiler's counting rule applied to the graph. */
export type TripleOrigin = "edge" | "override hierarchy" | "override beyond find-references" | "accessor pair";

const NO_KEYS: ReadonlySet<string> = new Set();

/** A site found several ways keeps the first of these. */
const ORIGIN_RANK: Record<TripleOrigin, number> = {
  edge: 0,
  "override hierarchy": 1,
  "accessor pair": 2,
  "override beyond find-references": 3,
};

export interface GraphTriple extends CallTriple {
  readonly origin: TripleOrigin;
  /** The key of the edge's source node (the caller node). */
  readonly source: string;
}

export interface NodeRow {
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

export const NODES_SQL =
  "SELECT key, file, name, name_line AS nameLine, parent_key AS parentKey, modifiers, kind FROM nodes";
const EDGES_SQL = "SELECT kind, source, target, lines FROM edges WHERE kind = ?";
/** Calls of library members and overrides of them: the target is an external key, not a node. */
const EXTERNAL_EDGES_SQL = "SELECT kind, source, target, lines FROM external_edges WHERE kind = ?";

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
 *   every use of an accessor property for both (origin "accessor pair");
 * - the same site for members related to that declaration only through OVERRIDES edges that find-references
 *   does not follow (origin "override beyond find-references": a deliberate difference, counted on its own).
 * A site found several ways keeps the most direct origin (ORIGIN_RANK).
 */
export function graphTriples(
  dbPath: string,
  kinds: readonly string[],
  expand: boolean,
  findReferencesRelates: (member: NodeRow, base: NodeRow) => boolean = () => true,
): GraphTriple[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const nodes = new Map((db.prepare(NODES_SQL).all() as NodeRow[]).map((node) => [node.key, node]));
    const statement = db.prepare(EDGES_SQL);
    const externalStatement = db.prepare(EXTERNAL_EDGES_SQL);
    const edgesOf = (kind: string): EdgeRow[] => [
      ...(statement.all(kind) as EdgeRow[]),
      ...(externalStatement.all(kind) as EdgeRow[]),
    ];
    // Every OVERRIDES edge, and those find-references also follows: ts-graph relates a class member to the
    // member of any type its class extends or implements; the compiler only to members of classes and
    // interfaces, not of a type alias of an intersection (docs/accuracy.md). Edges of object-literal methods and
    // edges to library members are taken as they are.
    const all = { up: new Map<string, string[]>(), down: new Map<string, string[]>() };
    const seen = { up: new Map<string, string[]>(), down: new Map<string, string[]>() };
    for (const edge of edgesOf("OVERRIDES")) {
      push(all.up, edge.source, edge.target);
      push(all.down, edge.target, edge.source);
      const member = nodes.get(edge.source);
      const base = nodes.get(edge.target);
      const container = nodes.get(member?.parentKey ?? "");
      const heritage = container?.kind === "Class" || container?.kind === "Interface";
      if (member === undefined || base === undefined || !heritage || findReferencesRelates(member, base)) {
        push(seen.up, edge.source, edge.target);
        push(seen.down, edge.target, edge.source);
      }
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
    const hierarchy = (edges: typeof all) => {
      const cache = new Map<string, ReadonlySet<string>>();
      return (key: string): ReadonlySet<string> => {
        let related = cache.get(key);
        if (related === undefined) {
          const found = new Set<string>();
          // Find-references looks up base types only from class and interface members, not from an object
          // literal's methods (the compiler relates those to their contextual type in one direction only).
          const parentKind = nodes.get(nodes.get(key)?.parentKey ?? "")?.kind;
          const ancestors =
            parentKind === "Class" || parentKind === "Interface" || !nodes.has(key) ? closure(key, edges.up) : [];
          for (const ancestor of [key, ...ancestors]) {
            found.add(ancestor);
            for (const descendant of closure(ancestor, edges.down)) found.add(descendant);
          }
          found.delete(key);
          related = found;
          cache.set(key, related);
        }
        return related;
      };
    };
    const hierarchyOf = hierarchy(all);
    const seenHierarchyOf = hierarchy(seen);

    const byKey = new Map<string, GraphTriple>();
    const add = (targetKey: string, sourceKey: string, line: number, origin: TripleOrigin): void => {
      const target = nodes.get(targetKey);
      const source = nodes.get(sourceKey);
      if (target === undefined || source === undefined) return;
      const triple: GraphTriple = {
        callee: `${target.file}:${target.nameLine}`,
        calleeName: target.name,
        callerFile: source.file,
        line,
        origin,
        source: source.key,
      };
      const key = `${tripleKey(triple)}|${source.key}`;
      const existing = byKey.get(key);
      if (existing === undefined || ORIGIN_RANK[origin] < ORIGIN_RANK[existing.origin]) byKey.set(key, triple);
    };
    for (const kind of kinds) {
      for (const edge of edgesOf(kind)) {
        const lines = JSON.parse(edge.lines) as number[];
        const related = expand ? hierarchyOf(edge.target) : NO_KEYS;
        const seenRelated = expand ? seenHierarchyOf(edge.target) : NO_KEYS;
        const pairs = expand ? (accessorPair.get(edge.target) ?? []) : [];
        for (const line of lines) {
          add(edge.target, edge.source, line, "edge");
          for (const key of related)
            add(
              key,
              edge.source,
              line,
              seenRelated.has(key) ? "override hierarchy" : "override beyond find-references",
            );
          for (const related of pairs) add(related, edge.source, line, "accessor pair");
        }
      }
    }
    return [...byKey.values()];
  } finally {
    db.close();
  }
}

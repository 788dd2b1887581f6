/**
 * The page's graph from the tools' structured answers (no IO): the declarations an answer names become nodes, the
 * links between them edges. The answers are the ones `ts-graph callers|callees|hierarchy|impact|deps --format json`
 * print, so the page and the CLI agree.
 */

/** A node of the page's graph: a declaration (key `file:qualified name`) or a file (key: its path). */
export interface ViewNode {
  readonly key: string;
  readonly name: string;
  readonly kind: string;
  /** Root-relative, '/'-separated. */
  readonly file: string;
  readonly line: number;
}

/** An edge of the page's graph, from the user to the used (caller → callee, subtype → supertype, importer → imported). */
export interface ViewEdge {
  readonly source: string;
  readonly target: string;
  readonly kind: string;
}

export interface ViewGraph {
  readonly nodes: readonly ViewNode[];
  readonly edges: readonly ViewEdge[];
  /** Some answer was cut to its budget: there is more than the page shows. */
  readonly cut: boolean;
}

type Answer = Readonly<Record<string, unknown>>;

interface WalkEntry {
  readonly key: string;
  readonly name: string;
  readonly kind: string;
  readonly file: string;
  readonly start: number;
  readonly links?: readonly { readonly via: string; readonly edge: string }[];
}

function listOf<T>(answer: Answer, field: string): readonly T[] {
  const value = answer[field];
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The answer's own symbol as a node. */
export function symbolNode(answer: Answer): ViewNode | undefined {
  const symbol = answer.symbol as
    | { key?: string; kind?: string; file?: string; start?: number; qualifiedName?: string }
    | undefined;
  if (symbol?.key === undefined || symbol.file === undefined) return undefined;
  const name = symbol.qualifiedName ?? symbol.key.slice(symbol.file.length + 1);
  return {
    key: symbol.key,
    name: name === "" ? symbol.file : name,
    kind: symbol.kind ?? "",
    file: symbol.file,
    line: symbol.start ?? 1,
  };
}

/**
 * A walk answer (callers, callees, impact): each entry a node, each of its links an edge. `inward`: the entries
 * depend on what brought them in (callers, impact), so the edge runs from the entry to its `via`.
 */
export function walkGraph(answer: Answer, fields: readonly string[], inward: boolean): ViewGraph {
  const nodes: ViewNode[] = [];
  const edges: ViewEdge[] = [];
  for (const entry of fields.flatMap((field) => listOf<WalkEntry>(answer, field))) {
    nodes.push({ key: entry.key, name: entry.name, kind: entry.kind, file: entry.file, line: entry.start });
    for (const link of entry.links ?? []) {
      edges.push(
        inward
          ? { source: entry.key, target: link.via, kind: link.edge }
          : { source: link.via, target: entry.key, kind: link.edge },
      );
    }
  }
  return { nodes, edges, cut: answer.truncated === true };
}

interface HierarchyEntry {
  readonly key: string;
  readonly parent: string;
  readonly relation: string;
  readonly external: boolean;
  readonly qualifiedName: string;
  readonly kind: string;
  readonly file?: string;
  readonly line?: number;
}

/** A hierarchy answer: supertypes (`up`) and subtypes (`down`), each edge from the subtype to the supertype. */
export function hierarchyGraph(answer: Answer): ViewGraph {
  const nodes: ViewNode[] = [];
  const edges: ViewEdge[] = [];
  for (const [field, up] of [
    ["up", true],
    ["down", false],
  ] as const) {
    for (const entry of listOf<HierarchyEntry>(answer, field)) {
      if (entry.external || entry.file === undefined) continue;
      nodes.push({
        key: entry.key,
        name: entry.qualifiedName,
        kind: entry.kind,
        file: entry.file,
        line: entry.line ?? 1,
      });
      const relation = entry.relation.toUpperCase();
      edges.push(
        up
          ? { source: entry.parent, target: entry.key, kind: relation }
          : { source: entry.key, target: entry.parent, kind: relation },
      );
    }
  }
  return { nodes, edges, cut: answer.truncated === true };
}

interface DepsModule {
  readonly files?: readonly { readonly file: string }[];
}

/** A deps answer of one file (grouped by file): the files it imports and the files that import it. */
export function depsGraph(file: string, answer: Answer): ViewGraph {
  const nodes: ViewNode[] = [];
  const edges: ViewEdge[] = [];
  for (const [field, outgoing] of [
    ["outgoing", true],
    ["incoming", false],
  ] as const) {
    for (const other of listOf<DepsModule>(answer, field).flatMap((module) => module.files ?? [])) {
      nodes.push(fileNode(other.file));
      edges.push(
        outgoing
          ? { source: file, target: other.file, kind: "IMPORTS" }
          : { source: other.file, target: file, kind: "IMPORTS" },
      );
    }
  }
  return { nodes, edges, cut: answer.truncated === true };
}

export function fileNode(file: string): ViewNode {
  return { key: file, name: file.slice(file.lastIndexOf("/") + 1), kind: "File", file, line: 1 };
}

/** The graphs merged: each node once (its first description), each edge once, only edges between nodes it holds. */
export function mergeGraphs(center: ViewNode, graphs: readonly ViewGraph[]): ViewGraph {
  const nodes = new Map<string, ViewNode>([[center.key, center]]);
  for (const node of graphs.flatMap((graph) => graph.nodes)) if (!nodes.has(node.key)) nodes.set(node.key, node);
  const edges = new Map<string, ViewEdge>();
  for (const edge of graphs.flatMap((graph) => graph.edges)) {
    if (nodes.has(edge.source) && nodes.has(edge.target))
      edges.set(`${edge.source}\u0000${edge.target}\u0000${edge.kind}`, edge);
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()], cut: graphs.some((graph) => graph.cut) };
}

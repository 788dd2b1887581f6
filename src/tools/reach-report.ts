import type { EdgeKind, NodeKind } from "../model/graph-kinds.js";
import { parseNodeKey } from "../model/node-key.js";
import type { ReachedNode, WalkDirection } from "./graph-walk.js";
import { mermaidFlowchart, type MermaidEdge, type MermaidNode } from "./mermaid.js";
import type { SymbolNode } from "./symbol-address.js";

/**
 * The structured entry and the renderings shared by the slices that answer with a walk (impact, callers,
 * callees): entries grouped by depth, then by file (stated once), each with its line range and why it is
 * there.
 */
export interface ReachEntry extends SymbolSummary {
  /** Qualified name; a file's path for a file (its top-level code). */
  readonly name: string;
  readonly depth: number;
  /** Key of the node one step closer to the symbol asked about. */
  readonly via: string;
  readonly edge: EdgeKind;
  /** Lines of the edge's sites (calls, `new`, JSX), in the file of the edge's source. */
  readonly sites: readonly number[];
  /** How many nodes one step closer it is linked to (`via` is the first). */
  readonly vias: number;
  /** Its own number of distinct neighbours in the walk's direction, in the whole graph. */
  readonly degree: number;
}

/** A symbol as the structured answers state it: the symbol asked about, a path's ends. */
export interface SymbolSummary {
  readonly key: string;
  readonly kind: NodeKind;
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

export function symbolSummary(node: SymbolNode): SymbolSummary {
  return { key: node.key, kind: node.kind, file: node.file, start: node.startLine, end: node.endLine };
}

/** An entry with at least this many neighbours of its own (direct callers, dependants or callees) is flagged: it spreads widely. */
export const HIGH_FAN_OUT = 20;

/** `1 file`, `2 files`. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

export function reachEntry(node: ReachedNode): ReachEntry {
  return {
    key: node.key,
    name: node.qualifiedName,
    kind: node.kind,
    file: node.file,
    start: node.startLine,
    end: node.endLine,
    depth: node.depth,
    via: node.via,
    edge: node.edge,
    sites: node.lines,
    vias: node.vias,
    degree: node.degree,
  };
}

/** What an entry does to `via` (walking in) or what `via` does to it (walking out). */
const VERBS: Record<WalkDirection, Record<EdgeKind, string>> = {
  in: {
    CALLS: "calls",
    REFERENCES: "references",
    USES_TYPE: "uses type",
    EXTENDS: "extends",
    IMPLEMENTS: "implements",
    OVERRIDES: "overrides",
    INSTANTIATES: "instantiates",
    RENDERS: "renders",
    CONTAINS: "has member",
    IMPORTS: "imports",
  },
  out: {
    CALLS: "called by",
    REFERENCES: "referenced by",
    USES_TYPE: "type used by",
    EXTENDS: "extended by",
    IMPLEMENTS: "implemented by",
    OVERRIDES: "overridden by",
    INSTANTIATES: "instantiated by",
    RENDERS: "rendered by",
    CONTAINS: "member of",
    IMPORTS: "imported by",
  },
};

/** `Cart.total` for a declaration key, the path for a file key. */
export function shortName(key: string): string {
  const parsed = parseNodeKey(key);
  return parsed.qualifiedName ?? parsed.file;
}

export function lineRange(start: number, end: number): string {
  return start === end ? `${start}` : `${start}-${end}`;
}

const SHOWN_SITES = 5;

/** ` @12,15×2,+3`: distinct site lines (×n for several sites on one line), the first few only. */
export function sitesText(sites: readonly number[]): string {
  if (sites.length === 0) return "";
  const perLine = new Map<number, number>();
  for (const line of sites) perLine.set(line, (perLine.get(line) ?? 0) + 1);
  const distinct = [...perLine];
  const shown = distinct.slice(0, SHOWN_SITES).map(([line, count]) => (count > 1 ? `${line}×${count}` : `${line}`));
  return ` @${shown.join(",")}${distinct.length > SHOWN_SITES ? `,+${distinct.length - SHOWN_SITES}` : ""}`;
}

export interface ReachTextOptions {
  readonly direction: WalkDirection;
  /** Key of the symbol asked about: an entry reached straight from it does not repeat its name. */
  readonly root: string;
  /** Word for a neighbour in the walk's direction (`dependants`, `callers`, `callees`). */
  readonly neighbours: string;
}

/** `CartView.render 22-31  calls Cart.total (+1) @29 [fan-out 25 callers]` */
function entryLine(entry: ReachEntry, options: ReachTextOptions): string {
  const name = entry.kind === "File" ? "<top level>" : entry.name;
  const via = entry.via === options.root ? "" : ` ${shortName(entry.via)}`;
  const more = entry.vias > 1 ? ` (+${entry.vias - 1})` : "";
  const fanOut = entry.degree >= HIGH_FAN_OUT ? ` [fan-out ${entry.degree} ${options.neighbours}]` : "";
  return `${name} ${lineRange(entry.start, entry.end)}  ${VERBS[options.direction][entry.edge]}${via}${more}${sitesText(entry.sites)}${fanOut}`;
}

/** The entries as indented lines: `depth N (count)`, then each file once, then its entries. */
export function reachTextLines(entries: readonly ReachEntry[], options: ReachTextOptions): string[] {
  const perDepth = new Map<number, number>();
  for (const entry of entries) perDepth.set(entry.depth, (perDepth.get(entry.depth) ?? 0) + 1);
  const lines: string[] = [];
  let depth = -1;
  let file: string | undefined;
  for (const entry of entries) {
    if (entry.depth !== depth) {
      depth = entry.depth;
      file = undefined;
      lines.push(`depth ${depth} (${perDepth.get(depth) ?? 0})`);
    }
    if (entry.file !== file) {
      file = entry.file;
      lines.push(`  ${file}`);
    }
    lines.push(`    ${entryLine(entry, options)}`);
  }
  return lines;
}

/** The symbol and the entries as a flowchart, one subgraph per file; arrows point from user to used. */
export function reachMermaid(root: SymbolNode, entries: readonly ReachEntry[], direction: WalkDirection): string {
  const nodes: MermaidNode[] = [
    { id: root.key, label: `${shortName(root.key)} ${lineRange(root.startLine, root.endLine)}`, group: root.file, style: "focus" },
    ...entries.map((entry) => ({ id: entry.key, label: `${entry.kind === "File" ? "<top level>" : entry.name} ${lineRange(entry.start, entry.end)}`, group: entry.file })),
  ];
  const known = new Set(nodes.map((node) => node.id));
  for (const entry of entries) {
    // a member of the symbol that brought an entry in (impact of a class reaches its methods' callers)
    if (!known.has(entry.via)) {
      known.add(entry.via);
      nodes.push({ id: entry.via, label: shortName(entry.via), group: parseNodeKey(entry.via).file });
    }
  }
  const edges: MermaidEdge[] = entries.map((entry) =>
    direction === "in"
      ? { from: entry.key, to: entry.via, label: VERBS.in[entry.edge] }
      : { from: entry.via, to: entry.key, label: VERBS.in[entry.edge] },
  );
  return mermaidFlowchart(direction === "in" ? "BT" : "TD", nodes, edges);
}

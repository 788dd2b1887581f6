import type { EdgeKind, NodeKind } from "../../model/graph-kinds.js";
import { isExternalKey, parseNodeKey } from "../../model/node-key.js";
import { HIGH_FAN_OUT, type ReachedNode, type WalkDirection } from "../walk/graph-walk.js";
import { literalNote } from "../walk/literal-entry.js";
import { mermaidFlowchart, type MermaidEdge, type MermaidNode } from "./mermaid.js";
import type { SymbolNode } from "../inputs/symbol-address.js";
import { lineRange } from "./text.js";

/**
 * The structured entry and the renderings shared by the slices that answer with a walk (impact, callers,
 * callees): entries grouped by depth, then by file (stated once), each with its line range and why it is
 * there.
 */
export interface ReachEntry extends SymbolSummary {
  /** Qualified name; a file's path for a file (its top-level code). */
  readonly name: string;
  readonly depth: number;
  /** Its links to nodes one step closer to the symbol: the first is the reason shown. */
  readonly links: readonly ReachLink[];
  /** How many distinct nodes one step closer it is linked to. */
  readonly vias: number;
  /** Reached only through dispatch (every path to it takes a call of a member that the callee overrides). */
  readonly dispatch: boolean;
  /** Its own number of distinct neighbours in the walk's direction, in the whole graph (direct edges). */
  readonly degree: number;
  /**
   * Only on a member without a body (abstract, or of an interface), as a callee: the members with a body that
   * override or implement it, which a call of it runs instead (bodiless-members.ts).
   */
  readonly dispatchesTo?: readonly string[];
}

/** One edge between an entry and a node one step closer. */
export interface ReachLink {
  /** Key of the node one step closer to the symbol asked about. */
  readonly via: string;
  readonly edge: EdgeKind;
  /** With dispatch: the declaration the call names (a member `via` overrides, or that the entry overrides). */
  readonly through?: string;
  /** `through` has no body (an abstract or interface member): the call can only run a member that implements it. */
  readonly throughHasNoBody?: true;
  /** `new` of the class `through`, which runs this constructor or property initialiser. */
  readonly construction?: true;
  /** A read (getter) or write (setter) of the accessor property asked about. */
  readonly access?: "read" | "write";
  /** CONTAINS: the entry is the variable holding the object literal whose function `via` is (impact climbs to it). */
  readonly holds?: true;
  /** Lines of the edge's sites (calls, `new`, JSX), in the file of the edge's source. */
  readonly sites: readonly number[];
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

/** What members without a body change in a walk's answer (bodiless-members.ts `dispatchFacts`). */
export interface DispatchFacts {
  /** Members without a body among the declarations the dispatch links name: such a link is marked. */
  readonly withoutBody: ReadonlySet<string>;
  /** Callees without a body, each with the members a call of it runs instead. */
  readonly dispatchesTo: ReadonlyMap<string, readonly string[]>;
}

const NO_FACTS: DispatchFacts = { withoutBody: new Set(), dispatchesTo: new Map() };

/**
 * The entry of a reached node; `accessOf` says which seeds are accessors read or written (callers of a property),
 * `facts` what dispatch through a member without a body adds.
 */
export function reachEntry(
  node: ReachedNode,
  accessOf: (via: string) => "read" | "write" | undefined = () => undefined,
  facts: DispatchFacts = NO_FACTS,
): ReachEntry {
  const dispatchesTo = facts.dispatchesTo.get(node.key);
  return {
    key: node.key,
    name: node.qualifiedName,
    kind: node.kind,
    file: node.file,
    start: node.startLine,
    end: node.endLine,
    depth: node.depth,
    links: node.links.map((link): ReachLink => {
      const access = node.depth === 1 ? accessOf(link.via) : undefined;
      return {
        via: link.via,
        edge: link.edge,
        ...(link.dispatch || link.construction ? { through: link.target } : {}),
        ...(link.dispatch && facts.withoutBody.has(link.target) ? { throughHasNoBody: true } : {}),
        ...(link.construction ? { construction: true } : {}),
        ...(link.holds === true ? { holds: true } : {}),
        ...(access === undefined ? {} : { access }),
        sites: link.lines,
      };
    }),
    vias: node.vias,
    dispatch: node.throughDispatch,
    degree: node.degree,
    ...(dispatchesTo === undefined ? {} : { dispatchesTo }),
  };
}

/** `make` with its result kept per node key: an answer built for several cuts makes each entry once. */
export function memoByKey<N extends { readonly key: string }, E>(make: (node: N) => E): (node: N) => E {
  const made = new Map<string, E>();
  return (node) => {
    let entry = made.get(node.key);
    if (entry === undefined) {
      entry = make(node);
      made.set(node.key, entry);
    }
    return entry;
  };
}

/** What an entry does to `via` (walking in) or what `via` does to it (walking out). */
const VERBS: Record<WalkDirection, Record<EdgeKind, string>> = {
  in: {
    CALLS: "calls",
    REFERENCES: "references",
    READS: "reads",
    USES_TYPE: "uses type",
    EXTENDS: "extends",
    IMPLEMENTS: "implements",
    OVERRIDES: "overrides",
    HOLDS_IMPLEMENTATION: "holds an implementation of",
    INSTANTIATES: "instantiates",
    RENDERS: "renders",
    CONTAINS: "has member",
    IMPORTS: "imports",
  },
  out: {
    CALLS: "called by",
    REFERENCES: "referenced by",
    READS: "read by",
    USES_TYPE: "type used by",
    EXTENDS: "extended by",
    IMPLEMENTS: "implemented by",
    OVERRIDES: "overridden by",
    HOLDS_IMPLEMENTATION: "implemented in a literal of",
    INSTANTIATES: "instantiated by",
    RENDERS: "rendered by",
    CONTAINS: "member of",
    IMPORTS: "imported by",
  },
};

/** `Cart.total` for a declaration key, the path for a file key, a library member's key whole (`lib:Iterator.next`). */
export function shortName(key: string): string {
  if (isExternalKey(key)) return key;
  const parsed = parseNodeKey(key);
  return parsed.qualifiedName ?? parsed.file;
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
  /** Keys of the symbol asked about (and its accessors): a link straight from one does not repeat its name. */
  readonly roots: ReadonlySet<string>;
  /** Word for a neighbour in the walk's direction (`dependants`, `callers`, `callees`). */
  readonly neighbours: string;
}

const SHOWN_LINKS = 3;
const ACCESS_VERBS = { read: "reads", write: "writes" } as const;

/** `calls Cart.total @29`, `calls @21 via Shape.area (dispatch)`, `writes @48`. */
function linkText(link: ReachLink, options: ReachTextOptions): string {
  if (link.holds === true) return `holds ${shortName(link.via)} in its object literal`;
  const verb = link.access === undefined ? VERBS[options.direction][link.edge] : ACCESS_VERBS[link.access];
  const via = options.roots.has(link.via) ? "" : ` ${shortName(link.via)}`;
  if (link.construction === true && link.through !== undefined) {
    // `new` of the class runs the member this link goes through (walking in) or reaches (walking out).
    const runs = options.direction === "in" && !options.roots.has(link.via) ? ` (runs ${shortName(link.via)})` : "";
    return `${verb} ${shortName(link.through)}${sitesText(link.sites)}${runs}`;
  }
  const through = link.through === undefined ? "" : dispatchNote(link.through, link.throughHasNoBody === true);
  return `${verb}${via}${sitesText(link.sites)}${through}`;
}

/** ` via Shape.area (dispatch)`, or ` via Shape.area (no body, dispatch)` when the member the call names has no body. */
export function dispatchNote(through: string, throughHasNoBody: boolean): string {
  return ` via ${shortName(through)} (${throughHasNoBody ? "no body, dispatch" : "dispatch"})`;
}

const SHOWN_DISPATCH_TARGETS = 5;

/** `; no body, dispatches to: Circle.area, Square.area`: what a call of a member without a body runs. */
function dispatchesToText(targets: readonly string[]): string {
  if (targets.length === 0) return "; no body, and no member of the graph implements it";
  const shown = targets.slice(0, SHOWN_DISPATCH_TARGETS).map(shortName);
  const more = targets.length > SHOWN_DISPATCH_TARGETS ? `, +${targets.length - SHOWN_DISPATCH_TARGETS} more` : "";
  return `; no body, dispatches to: ${shown.join(", ")}${more}`;
}

/**
 * `CartView.render 22-31  calls Cart.total @29 (+1) [fan-out 25 callers]`: the links to the first neighbour
 * shown (all of them when the neighbours are the symbol asked about), then how many other neighbours.
 */
function entryLine(entry: ReachEntry, options: ReachTextOptions): string {
  const name = entry.kind === "File" ? "<top level>" : entry.name;
  const [first] = entry.links;
  const shownVia = (via: string): boolean =>
    via === first?.via || (options.roots.has(via) && options.roots.has(first?.via ?? ""));
  const shown = entry.links.filter((link) => shownVia(link.via));
  const phrases = shown.slice(0, SHOWN_LINKS).map((link) => linkText(link, options));
  if (shown.length > SHOWN_LINKS) phrases.push(`+${shown.length - SHOWN_LINKS} more`);
  const others = new Set(entry.links.filter((link) => !shownVia(link.via)).map((link) => link.via)).size;
  const more = others > 0 ? ` (+${others})` : "";
  const fanOut = entry.degree >= HIGH_FAN_OUT ? ` [fan-out ${entry.degree} ${options.neighbours}]` : "";
  const dispatches = entry.dispatchesTo === undefined ? "" : dispatchesToText(entry.dispatchesTo);
  return `${name} ${lineRange(entry.start, entry.end)}${literalNote(entry.key)}  ${phrases.join("; ")}${more}${dispatches}${fanOut}`;
}

/** Each entry's line in full, made once: an entry object belongs to one answer, rendered with one set of options. */
const entryLines = new WeakMap<ReachEntry, string>();

function cachedEntryLine(entry: ReachEntry, options: ReachTextOptions): string {
  let line = entryLines.get(entry);
  if (line === undefined) {
    line = entryLine(entry, options);
    entryLines.set(entry, line);
  }
  return line;
}

/** Characters a line of names reaches before the next name starts a new one (a terminal's width, less its indentation). */
const BRIEF_WIDTH = 100;

/** `Cart.total`: an entry listed briefly, by name only (its file is the line above); top-level code as `<top level>`. */
function briefText(entry: ReachEntry): string {
  return entry.kind === "File" ? "<top level>" : entry.name;
}

/** `    Cart.add, Cart.clear, …`: names several to a line, a new line once one reaches BRIEF_WIDTH characters. */
function briefLines(names: readonly string[]): string[] {
  const lines: string[] = [];
  let line = "";
  for (const name of names) {
    if (line === "") line = `    ${name}`;
    else if (line.length + name.length + 2 > BRIEF_WIDTH) {
      lines.push(line);
      line = `    ${name}`;
    } else line += `, ${name}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}

/**
 * The entries as indented lines: `depth N (count)`, then each file once, then its entries. `totalPerDepth`
 * (the uncut answer's counts) makes a cut depth say `depth 2 (12 of 57)`. The first `detailed` entries have a
 * line each with their line range and the step that reaches them; the others are named only, several to a line
 * (`    Cart.add, Cart.clear`), after the file's entries in full: a name takes four to six tokens, its line
 * range and step ten to twenty.
 */
export function reachTextLines(
  entries: readonly ReachEntry[],
  options: ReachTextOptions,
  totalPerDepth?: ReadonlyMap<number, number>,
  detailed = entries.length,
): string[] {
  const perDepth = new Map<number, number>();
  for (const entry of entries) perDepth.set(entry.depth, (perDepth.get(entry.depth) ?? 0) + 1);
  const lines: string[] = [];
  let brief: string[] = [];
  const flush = (): void => {
    lines.push(...briefLines(brief));
    brief = [];
  };
  let depth = -1;
  let file: string | undefined;
  entries.forEach((entry, index) => {
    if (entry.depth !== depth) {
      flush();
      depth = entry.depth;
      file = undefined;
      const shown = perDepth.get(depth) ?? 0;
      const total = totalPerDepth?.get(depth) ?? shown;
      lines.push(`depth ${depth} (${shown === total ? shown : `${shown} of ${total}`})`);
    }
    if (entry.file !== file) {
      flush();
      file = entry.file;
      lines.push(`  ${file}`);
    }
    if (index < detailed) lines.push(`    ${cachedEntryLine(entry, options)}`);
    else brief.push(briefText(entry));
  });
  flush();
  return lines;
}

/** `the first 40 with their lines and the step that reaches them; the other 260 by name`: what a brief listing leaves out. */
export function briefNote(listed: number, detailed: number): string[] {
  return detailed >= listed
    ? []
    : [
        `the first ${detailed} with their lines and the step that reaches them; the other ${listed - detailed} by name only`,
      ];
}

/** The symbol and the entries as a flowchart, one subgraph per file; arrows point from user to used. */
export function reachMermaid(root: SymbolNode, entries: readonly ReachEntry[], direction: WalkDirection): string {
  const nodes: MermaidNode[] = [
    {
      id: root.key,
      label: `${shortName(root.key)} ${lineRange(root.startLine, root.endLine)}`,
      group: root.file,
      style: "focus",
    },
    ...entries.map((entry) => ({
      id: entry.key,
      label: `${entry.kind === "File" ? "<top level>" : entry.name} ${lineRange(entry.start, entry.end)}${literalNote(entry.key)}`,
      group: entry.file,
    })),
  ];
  const known = new Set(nodes.map((node) => node.id));
  const edges: MermaidEdge[] = [];
  for (const entry of entries) {
    const [link] = entry.links;
    if (link === undefined) continue;
    // a member of the symbol that brought an entry in (impact of a class reaches its methods' callers)
    if (!known.has(link.via)) {
      known.add(link.via);
      nodes.push({ id: link.via, label: shortName(link.via), group: parseNodeKey(link.via).file });
    }
    const verb = link.access === undefined ? VERBS.in[link.edge] : ACCESS_VERBS[link.access];
    const label = link.through === undefined || link.construction === true ? verb : `${verb} (dispatch)`;
    edges.push(
      direction === "in" ? { from: entry.key, to: link.via, label } : { from: link.via, to: entry.key, label },
    );
  }
  return mermaidFlowchart(direction === "in" ? "BT" : "TD", nodes, edges);
}

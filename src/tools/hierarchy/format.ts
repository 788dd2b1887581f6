import { mermaidFlowchart, type MermaidEdge, type MermaidNode } from "../answer/mermaid.js";
import { truncationNote, type Presentable, type Truncation } from "../answer/query-output.js";
import { MAX_HIERARCHY_DEPTH, type HierarchyDirection, type HierarchyEntry, type HierarchyResult } from "./query.js";

/** The symbol asked about, as the answer names it. */
export interface HierarchySymbol {
  readonly key: string;
  readonly kind: string;
  /** `class`, `abstract class`, `interface`, `type`. */
  readonly typeKind: string;
  readonly qualifiedName: string;
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

/** The hierarchy answer as structured content (also the `json` output), cut to the budget. */
export interface HierarchyStructured extends Readonly<Record<string, unknown>> {
  readonly tool: "hierarchy";
  readonly symbol: HierarchySymbol;
  readonly direction: HierarchyDirection;
  readonly depth: number;
  readonly supertypes: number;
  readonly subtypes: number;
  readonly files: number;
  /** Supertypes, depth first (each line's `parent` is the type one step closer). */
  readonly up: readonly HierarchyEntry[];
  /** Subtypes and implementations, depth first. */
  readonly down: readonly HierarchyEntry[];
  /** Lines of each tree before the cut. */
  readonly totals: { readonly up: number; readonly down: number };
  readonly truncated: Truncation | null;
}

/**
 * `  abstract class Shape  src/shapes.ts:3`: the relation to the line above is what the kinds say (a class under an
 * interface implements it, an interface extends); only a class implementing a class says so, `(via implements)`.
 * A type outside the project has no kind: its line says the relation, `extends lib:Error (outside the project)`.
 */
function entryLine(entry: HierarchyEntry, kindOf: ReadonlyMap<string, string>): string {
  const indent = "  ".repeat(entry.depth);
  if (entry.external) return `${indent}${entry.relation} ${entry.key} (outside the project)`;
  const where = entry.file === undefined ? "" : `  ${entry.file}:${entry.line ?? 0}`;
  const notes = [
    entry.relation === "implements" && /class$/.test(entry.kind ?? "") && /class$/.test(kindOf.get(entry.parent) ?? "")
      ? "via implements"
      : "",
    entry.repeated ? "reached again: listed above" : "",
    entry.beyondDepth ? `more beyond depth ${entry.depth}` : "",
  ].filter(Boolean);
  return `${indent}${entry.kind ?? "type"} ${entry.qualifiedName}${where}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
}

/** The entries of one direction, under a title when both directions are shown (the title says "none"). */
function section(
  title: string,
  entries: readonly HierarchyEntry[],
  total: number,
  titled: boolean,
  kindOf: ReadonlyMap<string, string>,
): string[] {
  if (total === 0) return [`${title}: none`];
  const lines = entries.map((entry) => entryLine(entry, kindOf));
  if (!titled) return lines;
  const shown = entries.length < total ? ` (${entries.length} of ${total} lines)` : "";
  return [`${title}${shown}:`, ...lines];
}

/**
 * The tree: both directions under the type asked about written as its entries are (`abstract class Shape
 * src/shapes.ts:3`), each under its title; one direction under `subtypes of abstract class Shape` (its place is the
 * structured answer's `symbol`). The counts are the structured answer's; the text shows the lines.
 */
function text(structured: HierarchyStructured): string {
  const { symbol } = structured;
  const limit = structured.depth < MAX_HIERARCHY_DEPTH ? ` (depth ≤ ${structured.depth})` : "";
  const title = structured.direction === "up" ? "supertypes" : "subtypes";
  const kindOf = new Map([
    [symbol.key, symbol.typeKind],
    ...[...structured.up, ...structured.down].map((entry) => [entry.key, entry.kind ?? ""] as const),
  ]);
  if (structured.direction !== "both") {
    const entries = structured.direction === "up" ? structured.up : structured.down;
    const total = structured.direction === "up" ? structured.totals.up : structured.totals.down;
    const lines = [`${title} of ${symbol.typeKind} ${symbol.qualifiedName}${total === 0 ? ": none" : ""}${limit}`];
    lines.push(...(total === 0 ? [] : section(title, entries, total, false, kindOf)));
    if (structured.truncated !== null) lines.push(truncationNote(structured.truncated, "lines"));
    return lines.join("\n");
  }
  const lines = [`${symbol.typeKind} ${symbol.qualifiedName}  ${symbol.file}:${symbol.start}${limit}`];
  lines.push(...section("supertypes", structured.up, structured.totals.up, true, kindOf));
  lines.push(...section("subtypes", structured.down, structured.totals.down, true, kindOf));
  if (structured.truncated !== null) lines.push(truncationNote(structured.truncated, "lines"));
  return lines.join("\n");
}

function mermaid(structured: HierarchyStructured): string {
  const nodes: MermaidNode[] = [{ id: structured.symbol.key, label: structured.symbol.qualifiedName, style: "focus" }];
  const edges: MermaidEdge[] = [];
  const seen = new Set([structured.symbol.key]);
  const add = (entry: HierarchyEntry, up: boolean): void => {
    if (!seen.has(entry.key)) {
      seen.add(entry.key);
      nodes.push({
        id: entry.key,
        label: entry.qualifiedName,
        ...(entry.external ? { style: "external" as const } : {}),
      });
    }
    const [from, to] = up ? [entry.parent, entry.key] : [entry.key, entry.parent];
    edges.push({ from, to, label: entry.relation });
  };
  for (const entry of structured.up) add(entry, true);
  for (const entry of structured.down) add(entry, false);
  return mermaidFlowchart("BT", nodes, edges);
}

/** The hierarchy, ready for `present` to cut to the budget (supertypes first, then subtypes) and render. */
export function hierarchyAnswer(result: HierarchyResult): Presentable<HierarchyStructured> {
  const { symbol } = result;
  const summary: HierarchySymbol = {
    key: symbol.key,
    kind: symbol.kind,
    typeKind: result.typeKind,
    qualifiedName: symbol.qualifiedName,
    file: symbol.file,
    start: symbol.startLine,
    end: symbol.endLine,
  };
  const totals = { up: result.up.length, down: result.down.length };
  return {
    total: totals.up + totals.down,
    narrow: "one direction (up or down), a smaller depth, or raise maxNodes / maxTokens",
    build: (shown, truncated) => ({
      tool: "hierarchy",
      symbol: summary,
      direction: result.direction,
      depth: result.depth,
      supertypes: result.supertypes,
      subtypes: result.subtypes,
      files: result.files,
      up: result.up.slice(0, shown),
      down: result.down.slice(0, Math.max(0, shown - totals.up)),
      totals,
      truncated,
    }),
    text,
    mermaid,
  };
}

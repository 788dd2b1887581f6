import type { WalkDirection } from "../graph-walk.js";
import { truncationNote, type Presentable, type Truncation } from "../query-output.js";
import { counted, lineRange, reachEntry, reachMermaid, reachTextLines, shortName, symbolSummary, type ReachEntry, type SymbolSummary } from "../reach-report.js";
import type { CallsResult } from "./query.js";

/** The callers or callees answer as structured content (also the `json` output). */
export interface CallsStructured extends Readonly<Record<string, unknown>> {
  readonly tool: "callers" | "callees";
  readonly symbol: SymbolSummary;
  readonly depth: number;
  readonly total: number;
  readonly files: number;
  readonly entries: readonly ReachEntry[];
  readonly truncated: Truncation | null;
}

const NOUN: Record<WalkDirection, "callers" | "callees"> = { in: "callers", out: "callees" };

function text(structured: CallsStructured, direction: WalkDirection): string {
  const { symbol } = structured;
  const noun = NOUN[direction];
  const lines = [
    `${noun} of ${shortName(symbol.key)} (${symbol.kind}, ${symbol.file}:${lineRange(symbol.start, symbol.end)}), depth ≤ ${structured.depth}`,
    `${counted(structured.total, noun.slice(0, -1))} in ${counted(structured.files, "file")}`,
  ];
  if (structured.entries.length > 0) {
    lines.push("", ...reachTextLines(structured.entries, { direction, root: symbol.key, neighbours: noun }));
  }
  if (structured.truncated !== null) lines.push("", truncationNote(structured.truncated, noun));
  return lines.join("\n");
}

/** The callers or callees, ready for `present` to cut to the budget and render. */
export function callsAnswer(result: CallsResult): Presentable<CallsStructured> {
  const { symbol, direction } = result;
  return {
    total: result.entries.length,
    narrow: `a smaller depth (now ${result.depth}), or raise maxNodes / maxTokens`,
    build: (shown, truncated) => ({
      tool: NOUN[direction],
      symbol: symbolSummary(symbol),
      depth: result.depth,
      total: result.entries.length,
      files: result.files,
      entries: result.entries.slice(0, shown).map(reachEntry),
      truncated,
    }),
    text: (structured) => text(structured, direction),
    mermaid: (structured) => reachMermaid(symbol, structured.entries, direction),
  };
}

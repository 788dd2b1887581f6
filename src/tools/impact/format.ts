import { truncationNote, type Presentable, type Truncation } from "../query-output.js";
import { HIGH_FAN_OUT, counted, lineRange, reachEntry, reachMermaid, reachTextLines, shortName, symbolSummary, type ReachEntry, type SymbolSummary } from "../reach-report.js";
import type { Dispatch } from "../graph-walk.js";
import type { ImpactResult, TestToRun } from "./query.js";

/** The impact answer as structured content (also the `json` output). */
export interface ImpactStructured extends Readonly<Record<string, unknown>> {
  readonly tool: "impact";
  readonly symbol: SymbolSummary;
  readonly depth: number;
  readonly dispatch: Dispatch;
  readonly members: number;
  readonly totalDependants: number;
  /** Dependants reached only through dispatch (a call of a member the symbol overrides), in the whole answer. */
  readonly throughDispatch: number;
  readonly files: number;
  readonly dependants: readonly ReachEntry[];
  readonly tests: readonly TestToRun[];
  readonly totalTests: number;
  readonly highFanOut: readonly { readonly key: string; readonly dependants: number }[];
  readonly truncated: Truncation | null;
}

function narrowHint(result: ImpactResult): string {
  const hints = [`a smaller depth (now ${result.depth})`, "dispatch none"];
  if (result.members > 0) hints.push("one member instead of the whole declaration (e.g. a method)");
  hints.push("or raise maxNodes / maxTokens");
  return hints.join(", ");
}

function testsSummary(tests: number): string {
  return tests === 0 ? "; no test file reaches it" : ` (+ ${counted(tests, "test file")})`;
}

function header(structured: ImpactStructured): string[] {
  const { symbol } = structured;
  const members = structured.members > 0 ? ` with its ${counted(structured.members, "member")}` : "";
  const dispatch = structured.throughDispatch > 0 ? `, ${structured.throughDispatch} only through dispatch` : "";
  const shown = structured.dependants.length < structured.totalDependants ? `; ${structured.dependants.length} of ${structured.totalDependants} shown` : "";
  return [
    `impact of ${shortName(symbol.key)}${members} (${symbol.kind}, ${symbol.file}:${lineRange(symbol.start, symbol.end)}), depth ≤ ${structured.depth}, dispatch ${structured.dispatch}`,
    `${counted(structured.totalDependants, "dependant")} in ${counted(structured.files, "file")}${dispatch}${testsSummary(structured.totalTests)}${shown}`,
  ];
}

function text(structured: ImpactStructured, perDepth: ReadonlyMap<number, number>): string {
  const lines = header(structured);
  if (structured.dependants.length > 0) {
    lines.push(
      "",
      ...reachTextLines(structured.dependants, { direction: "in", roots: new Set([structured.symbol.key]), neighbours: "dependants" }, perDepth),
    );
  }
  if (structured.tests.length > 0) {
    const count = structured.tests.length < structured.totalTests ? `${structured.tests.length} of ${structured.totalTests}` : `${structured.totalTests}`;
    lines.push("", `tests to run (${count})`);
    for (const test of structured.tests) lines.push(`  ${test.file}  depth ${test.depth}`);
  }
  if (structured.highFanOut.length > 0) {
    lines.push("", `high fan-out (≥ ${HIGH_FAN_OUT} direct dependants): ${structured.highFanOut.map((hub) => `${hub.key} (${hub.dependants})`).join(", ")}`);
  }
  if (structured.truncated !== null) lines.push("", truncationNote(structured.truncated, "dependants"));
  return lines.join("\n");
}

/** The impact result, ready for `present` to cut to the budget and render. */
export function impactAnswer(result: ImpactResult): Presentable<ImpactStructured> {
  const { symbol } = result;
  const perDepth = new Map<number, number>();
  for (const node of result.dependants) perDepth.set(node.depth, (perDepth.get(node.depth) ?? 0) + 1);
  return {
    total: result.dependants.length,
    narrow: narrowHint(result),
    build: (shown, truncated) => ({
      tool: "impact",
      symbol: symbolSummary(symbol),
      depth: result.depth,
      dispatch: result.dispatch,
      members: result.members,
      totalDependants: result.dependants.length,
      throughDispatch: result.dependants.filter((node) => node.throughDispatch).length,
      files: result.files,
      dependants: result.dependants.slice(0, shown).map((node) => reachEntry(node)),
      tests: truncated === null ? result.tests : result.tests.slice(0, shown),
      totalTests: result.tests.length,
      highFanOut: result.highFanOut.map((hub) => ({ key: hub.key, dependants: hub.degree })),
      truncated,
    }),
    text: (structured) => text(structured, perDepth),
    mermaid: (structured) => reachMermaid(symbol, structured.dependants, "in"),
  };
}

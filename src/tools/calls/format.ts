import type { WalkDirection } from "../walk/graph-walk.js";
import type { Dispatch } from "../inputs/query-inputs.js";
import { truncationNote, type Presentable, type Truncation } from "../answer/query-output.js";
import {
  briefNote,
  memoByKey,
  reachEntry,
  reachMermaid,
  reachTextLines,
  shortName,
  symbolSummary,
  type ReachEntry,
  type SymbolSummary,
} from "../answer/reach-report.js";
import { counted, lineRange } from "../answer/text.js";
import type { DynamicCallSite } from "../walk/dynamic-calls.js";
import type { TestFilter } from "./options.js";
import type { CallEntry, CallsResult } from "./query.js";
import { nextQuestionsText, summaryLines, type ReachSummary } from "../answer/reach-summary.js";
import { callsSummary } from "./summary.js";

/** The callers or callees answer as structured content (also the `json` output). */
export interface CallsStructured extends Readonly<Record<string, unknown>> {
  readonly tool: "callers" | "callees";
  readonly symbol: SymbolSummary;
  /** For the callers of an accessor property: the getter and setter keys asked about. */
  readonly accessors?: readonly { readonly key: string; readonly access: "read" | "write" }[];
  readonly depth: number;
  readonly dispatch: Dispatch;
  readonly tests: TestFilter;
  /** The folder or file the entries listed lie in, when the question named one. */
  readonly in?: string;
  /** Callers or callees outside test files, in the whole answer. */
  readonly total: number;
  /** Those in test files, in the whole answer. */
  readonly totalInTests: number;
  /** Entries (outside and in tests) reached only through dispatch, in the whole answer. */
  readonly throughDispatch: number;
  readonly files: number;
  readonly entries: readonly ReachEntry[];
  readonly testEntries: readonly ReachEntry[];
  /** Callees only: callees without a body (abstract or interface members), in the whole answer: a call of one runs what it dispatches to. */
  readonly withoutBody?: number;
  /** Value uses (passed, stored, compared), not calls, in the whole answer: CallsResult.values. */
  readonly totalValues: number;
  /** The first of them the budget leaves room for, after entries and testEntries. */
  readonly values: readonly ReachEntry[];
  /** Callees only: call sites with no static target, the first SHOWN_DYNAMIC of them. */
  readonly dynamic?: readonly DynamicCallSite[];
  readonly totalDynamic?: number;
  /** When the answer is cut: every entry counted per folder, and the narrower questions (the entries shown are the first of each folder). */
  readonly summary?: ReachSummary;
  readonly truncated: Truncation | null;
}

/** Dynamic call sites listed at most (the count says how many there are). */
const SHOWN_DYNAMIC = 20;

const NOUN: Record<WalkDirection, "callers" | "callees"> = { in: "callers", out: "callees" };

function perDepth(entries: readonly CallEntry[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const entry of entries) counts.set(entry.depth, (counts.get(entry.depth) ?? 0) + 1);
  return counts;
}

function symbolLine(structured: CallsStructured, noun: string): string {
  const { symbol } = structured;
  const accessors =
    structured.accessors === undefined
      ? ""
      : structured.accessors.length > 1
        ? ", getter and setter"
        : `, ${structured.accessors[0]?.access === "write" ? "setter" : "getter"}`;
  const options = [`depth ≤ ${structured.depth}`, `dispatch ${structured.dispatch}`];
  if (structured.tests !== "include") options.push(`tests ${structured.tests}`);
  if (structured.in !== undefined) options.push(`in ${structured.in}`);
  return `${noun} of ${shortName(symbol.key)} (${symbol.kind}${accessors}, ${symbol.file}:${lineRange(symbol.start, symbol.end)}), ${options.join(", ")}`;
}

function countLine(structured: CallsStructured, noun: string): string {
  const singular = noun.slice(0, -1);
  const shown = structured.entries.length + structured.testEntries.length;
  const all = structured.total + structured.totalInTests;
  const parts = [`${counted(structured.total, singular, noun)}`];
  if (structured.tests !== "exclude" && structured.totalInTests > 0) parts.push(`${structured.totalInTests} in tests`);
  let line = `${parts.join(" + ")} in ${counted(structured.files, "file")}`;
  if (structured.throughDispatch > 0) line += `, ${structured.throughDispatch} only through dispatch`;
  if ((structured.withoutBody ?? 0) > 0) line += `, ${structured.withoutBody} with no body (calls of them dispatch)`;
  if (shown < all)
    line += `; ${shown} of ${all} shown${structured.summary === undefined ? "" : ", the first of each folder"}`;
  if (structured.totalValues > 0) line += `; ${counted(structured.totalValues, "value use")} apart (not calls)`;
  return line;
}

/** The heading of the value uses: what they are, and that the walk does not go on from them. */
const VALUES_HEADING: Record<WalkDirection, string> = {
  in: "used as a value, not called",
  out: "used as values, not called",
};

/** The text answer; the first `detailed` entries (outside tests, in tests, value uses) with their step, the others by name. */
function text(structured: CallsStructured, result: CallsResult, detailed = Number.POSITIVE_INFINITY): string {
  const noun = NOUN[result.direction];
  const listed = structured.entries.length + structured.testEntries.length + structured.values.length;
  const lines = [
    symbolLine(structured, noun),
    countLine(structured, noun),
    ...(structured.summary === undefined ? [] : summaryLines(structured.summary)),
    ...briefNote(listed, detailed),
  ];
  const roots = new Set<string>([
    structured.symbol.key,
    ...(structured.accessors ?? []).map((accessor) => accessor.key),
  ]);
  const options = { direction: result.direction, roots, neighbours: noun };
  const inTests = Math.max(0, detailed - structured.entries.length);
  const inValues = Math.max(0, inTests - structured.testEntries.length);
  if (structured.entries.length > 0)
    lines.push("", ...reachTextLines(structured.entries, options, perDepth(result.entries), detailed));
  if (structured.testEntries.length > 0) {
    lines.push(
      "",
      `in tests (${structured.testEntries.length === structured.totalInTests ? structured.totalInTests : `${structured.testEntries.length} of ${structured.totalInTests}`})`,
    );
    lines.push(...reachTextLines(structured.testEntries, options, perDepth(result.testEntries), inTests));
  }
  if (structured.values.length > 0) {
    const count =
      structured.values.length === structured.totalValues
        ? `${structured.totalValues}`
        : `${structured.values.length} of ${structured.totalValues}`;
    lines.push(
      "",
      `${VALUES_HEADING[result.direction]} (${count}): passed, stored or compared; not followed${result.direction === "in" ? " (impact follows them)" : ""}`,
    );
    lines.push(...reachTextLines(structured.values, options, perDepth(result.values), inValues));
  }
  if (structured.dynamic !== undefined && structured.dynamic.length > 0)
    lines.push("", ...dynamicLines(structured.dynamic, structured.totalDynamic ?? 0));
  if (structured.truncated !== null)
    lines.push("", truncationNote(structured.truncated, structured.totalValues > 0 ? `${noun} and value uses` : noun));
  return lines.join("\n");
}

/** `dynamic: no static target (3)`, then per owner: `  compose: handler(c, next) @15; next() @18`. */
function dynamicLines(sites: readonly DynamicCallSite[], total: number): string[] {
  const lines = [
    `dynamic: no static target (${sites.length === total ? total : `${sites.length} of ${total}`}), not followed`,
  ];
  const byOwner = new Map<string, string[]>();
  for (const site of sites)
    byOwner.set(site.source, [...(byOwner.get(site.source) ?? []), `${site.expression} @${site.line}`]);
  for (const [owner, calls] of byOwner) lines.push(`  ${shortName(owner)}: ${calls.join("; ")}`);
  return lines;
}

/** The callers or callees, ready for `present` to cut to the budget and render: entries first, then tests, then value uses. */
export function callsAnswer(result: CallsResult, within = ""): Presentable<CallsStructured> {
  const { symbol, direction } = result;
  const accessOf = new Map(result.accessors.map((accessor) => [accessor.key as string, accessor.access]));
  const calls = result.entries.length + result.testEntries.length;
  const total = calls + result.values.length;
  const throughDispatch = [...result.entries, ...result.testEntries].filter((entry) => entry.throughDispatch).length;
  const { summary, take } = callsSummary(result, within);
  // `present` builds the answer for several numbers of entries: each entry is made once, the cut once per number.
  const entryOf = memoByKey((entry: CallEntry) => reachEntry(entry, (via) => accessOf.get(via), result.dispatchFacts));
  let last: { shown: number; taken: ReturnType<typeof take> } | undefined;
  const taken = (shown: number): ReturnType<typeof take> => {
    if (last?.shown !== shown) last = { shown, taken: take(shown) };
    return last.taken;
  };
  return {
    total,
    narrow: nextQuestionsText(summary.next),
    build: (shown, truncated) => ({
      tool: NOUN[direction],
      symbol: symbolSummary(symbol),
      ...(result.accessors.length > 0 ? { accessors: result.accessors } : {}),
      depth: result.depth,
      dispatch: result.dispatch,
      tests: result.tests,
      ...(within === "" ? {} : { in: within }),
      total: result.entries.length,
      totalInTests: result.testEntries.length,
      throughDispatch,
      files: result.files,
      entries: taken(shown).entries.map(entryOf),
      testEntries: taken(shown).testEntries.map(entryOf),
      ...(direction === "out" ? { withoutBody: result.dispatchFacts.dispatchesTo.size } : {}),
      totalValues: result.values.length,
      values: result.values.slice(0, Math.max(0, shown - calls)).map((entry) => reachEntry(entry)),
      ...(direction === "out"
        ? { dynamic: result.dynamic.slice(0, SHOWN_DYNAMIC), totalDynamic: result.dynamic.length }
        : {}),
      ...(truncated === null ? {} : { summary }),
      truncated,
    }),
    text: (structured) => text(structured, result),
    brief: (structured, detailed) => text(structured, result, detailed),
    mermaid: (structured) => {
      // A node listed among both the calls and the value uses is drawn once, with its call.
      const calling = [...structured.entries, ...structured.testEntries];
      const keys = new Set(calling.map((entry) => entry.key));
      return reachMermaid(
        symbol,
        [...calling, ...structured.values.filter((entry) => !keys.has(entry.key))],
        direction,
      );
    },
  };
}

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
import { HIGH_FAN_OUT } from "../walk/graph-walk.js";
import type { Dispatch } from "../inputs/query-inputs.js";
import type { AlsoChanges } from "./also-changes.js";
import type { ImpactKinds } from "./options.js";
import type { DependantUse, ImpactResult, TestThroughImport, TestToRun } from "./query.js";
import type { EdgeKind } from "../../model/graph-kinds.js";
import { nextQuestionsText, summaryLines, type ReachSummary } from "../answer/reach-summary.js";
import { impactSummary } from "./summary.js";

/** A dependant and how it depends on the symbol: it runs or reads the code (`runtime`), or only names a type. */
export interface ImpactEntry extends ReachEntry {
  readonly use: DependantUse;
}

/** The impact answer as structured content (also the `json` output). */
export interface ImpactStructured extends Readonly<Record<string, unknown>> {
  readonly tool: "impact";
  readonly symbol: SymbolSummary;
  readonly depth: number;
  readonly dispatch: Dispatch;
  readonly kinds: ImpactKinds;
  /** The folder or file the dependants listed lie in, when the question named one. */
  readonly in?: string;
  /** Only the tests to run were asked for (tests: only): `dependants` is empty. */
  readonly testsOnly?: true;
  readonly members: number;
  readonly totalDependants: number;
  /** Of totalDependants: those that run or read the code, and those that only name a type (USES_TYPE). */
  readonly runtimeDependants: number;
  readonly typeDependants: number;
  /** Dependants reached only through dispatch (a call of a member the symbol overrides), in the whole answer. */
  readonly throughDispatch: number;
  readonly files: number;
  /** Runtime dependants first, then type dependants. */
  readonly dependants: readonly ImpactEntry[];
  readonly tests: readonly TestToRun[];
  readonly totalTests: number;
  /** What in the test runners' configs could not be read literally, and what stands for it; absent when all could. */
  readonly testNotes?: readonly string[] | undefined;
  readonly highFanOut: readonly { readonly key: string; readonly dependants: number }[];
  /** What the git history changes with the symbol outside its dependants; absent without a history. */
  readonly alsoChanges?: AlsoChanges | undefined;
  /** When the answer is cut: every dependant counted per member and folder, and the narrower questions to ask. */
  readonly summary?: ReachSummary;
  /** When the answer is cut: what the dependants shown are the first of. */
  readonly firstOf?: "member" | "folder";
  readonly truncated: Truncation | null;
}

function testsSummary(tests: number): string {
  return tests === 0 ? "; no test file reaches it" : ` (+ ${counted(tests, "test file")})`;
}

function header(structured: ImpactStructured): string[] {
  const { symbol } = structured;
  const members = structured.members > 0 ? ` with its ${counted(structured.members, "member")}` : "";
  const dispatch = structured.throughDispatch > 0 ? `, ${structured.throughDispatch} only through dispatch` : "";
  const firstOf = structured.firstOf === undefined ? "" : `, the first of each ${structured.firstOf}`;
  const shown =
    structured.dependants.length < structured.totalDependants
      ? `; ${structured.dependants.length} of ${structured.totalDependants} shown${firstOf}`
      : "";
  const kinds = `${structured.kinds === "all" ? "" : `, kinds ${structured.kinds}`}${structured.in === undefined ? "" : `, in ${structured.in}`}`;
  const uses =
    structured.totalDependants === 0
      ? ""
      : ` (${structured.runtimeDependants} run or read it, ${structured.typeDependants} only name a type)`;
  return [
    `impact of ${shortName(symbol.key)}${members} (${symbol.kind}, ${symbol.file}:${lineRange(symbol.start, symbol.end)}), depth ≤ ${structured.depth}, dispatch ${structured.dispatch}${kinds}`,
    `${counted(structured.totalDependants, "dependant")}${uses} in ${counted(structured.files, "file")}${dispatch}${testsSummary(structured.totalTests)}${shown}`,
  ];
}

const GROUP_TITLES: Record<DependantUse, string> = { runtime: "run or read it", type: "only name a type (USES_TYPE)" };

/**
 * `tests to run for src/cart.ts, depth ≤ 3, dispatch up`: the answer to tests: only, whose body is the tests; a
 * history section that lists nothing is left out (the structured answer keeps it).
 */
function testsOnlyText(structured: ImpactStructured): string {
  const { symbol } = structured;
  const what =
    symbol.kind === "File"
      ? symbol.file
      : `${shortName(symbol.key)} (${symbol.kind}, ${symbol.file}:${lineRange(symbol.start, symbol.end)})`;
  const scope = `${structured.kinds === "all" ? "" : `, kinds ${structured.kinds}`}${structured.in === undefined ? "" : `, in ${structured.in}`}`;
  const shown =
    structured.tests.length < structured.totalTests ? `: ${structured.tests.length} of ${structured.totalTests}` : "";
  const none = structured.totalTests === 0 ? ": none" : "";
  const lines = [
    `tests to run for ${what}, depth ≤ ${structured.depth}, dispatch ${structured.dispatch}${scope}${shown}${none}`,
    ...structured.tests.map((test) => testLine(test, structured.symbol.key)),
  ];
  if (structured.testNotes !== undefined)
    lines.push("", "which files are tests:", ...structured.testNotes.map((note) => `  ${note}`));
  lines.push(...highFanOutLines(structured));
  if (structured.alsoChanges !== undefined && structured.alsoChanges.entries.length > 0)
    lines.push("", ...alsoChangesLines(structured.alsoChanges));
  return lines.join("\n");
}

/** `  test/a.test.ts  depth 2`, and how it reaches the change when through an import of code that runs on load. */
function testLine(test: ImpactStructured["tests"][number], symbolKey: string): string {
  const through = test.through === undefined ? "" : `  ${throughImportText(test.through, symbolKey)}`;
  return `  ${test.file}  depth ${test.depth}${through}`;
}

function highFanOutLines(structured: ImpactStructured): string[] {
  if (structured.highFanOut.length === 0) return [];
  const hubs = structured.highFanOut.map((hub) => `${hub.key} (${hub.dependants})`).join(", ");
  return ["", `high fan-out (≥ ${HIGH_FAN_OUT} direct dependants): ${hubs}`];
}

/** The text answer; the first `detailed` dependants (runtime, then type) with the step that reaches them, the others by name. */
function text(
  structured: ImpactStructured,
  perDepth: ReadonlyMap<DependantUse, ReadonlyMap<number, number>>,
  detailed = structured.dependants.length,
): string {
  if (structured.testsOnly === true) return testsOnlyText(structured);
  const lines = [
    ...header(structured),
    ...(structured.summary === undefined ? [] : summaryLines(structured.summary)),
    ...briefNote(structured.dependants.length, detailed),
  ];
  const options = { direction: "in", roots: new Set([structured.symbol.key]), neighbours: "dependants" } as const;
  let inFull = detailed;
  for (const use of ["runtime", "type"] as const) {
    const group = structured.dependants.filter((entry) => entry.use === use);
    if (group.length === 0) continue;
    const total = use === "runtime" ? structured.runtimeDependants : structured.typeDependants;
    lines.push(
      "",
      `${GROUP_TITLES[use]} (${group.length < total ? `${group.length} of ${total}` : total})`,
      ...reachTextLines(group, options, perDepth.get(use), inFull),
    );
    inFull = Math.max(0, inFull - group.length);
  }
  if (structured.tests.length > 0) {
    const count =
      structured.tests.length < structured.totalTests
        ? `${structured.tests.length} of ${structured.totalTests}`
        : `${structured.totalTests}`;
    lines.push("", `tests to run (${count})`);
    for (const test of structured.tests) lines.push(testLine(test, structured.symbol.key));
  }
  if (structured.testNotes !== undefined)
    lines.push("", "which files are tests:", ...structured.testNotes.map((note) => `  ${note}`));
  lines.push(...highFanOutLines(structured));
  if (structured.alsoChanges !== undefined) lines.push("", ...alsoChangesLines(structured.alsoChanges));
  if (structured.truncated !== null) lines.push("", truncationNote(structured.truncated, "dependants"));
  return lines.join("\n");
}

const LOAD_VERBS: Partial<Record<EdgeKind, string>> = {
  CALLS: "calls",
  INSTANTIATES: "instantiates",
  READS: "reads",
  RENDERS: "renders",
};

/**
 * `imports src/b.ts, whose top-level code calls Injectable`; through files it imports first, `imports src/a.ts,
 * which loads src/b.ts, …`; the symbol's own file: `imports it`.
 */
function throughImportText(through: TestThroughImport, symbolKey: string): string {
  const { imports, loads, uses } = through;
  const own = uses === undefined && loads === symbolKey;
  const loaded = own ? "it" : loads;
  const head = imports === loads ? `imports ${loaded}` : `imports ${imports}, which loads ${loaded}`;
  if (uses === undefined) return own ? head : `${head}, whose top-level code changes with it`;
  const code = uses.in === undefined ? "top-level code" : `top-level code (${uses.in})`;
  const target = uses.via === symbolKey ? "it" : shortName(uses.via);
  return `${head}, whose ${code} ${LOAD_VERBS[uses.edge] ?? "uses"} ${target}`;
}

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** `also changes with it (git history, …)`, one line per entry; a note alone when there is nothing to list. */
function alsoChangesLines(section: AlsoChanges): string[] {
  const note = section.note === undefined ? [] : [`  (${section.note})`];
  if (section.entries.length === 0) {
    if (section.commits === 0 && section.note !== undefined)
      return [`also changes with it: nothing known (${section.note})`];
    const none =
      section.commits === 0
        ? "no commit in the history changed it"
        : `nothing outside the dependants changed with it in ${section.minSupport} or more of its ${counted(section.commits, "commit")}`;
    return [`also changes with it (git history, ${section.level} level): ${none}`, ...note];
  }
  const shown =
    section.entries.length < section.total ? `${section.entries.length} of ${section.total}` : `${section.total}`;
  return [
    `also changes with it (git history, ${section.level} level, not among the dependants above): ${shown}; shared commits of its ${section.commits}`,
    ...note,
    ...section.entries.map(
      (entry) =>
        `  ${entry.name === undefined ? entry.file : `${entry.file}:${entry.name}`}  ${entry.support} (${percent(entry.confidence)})  last ${entry.lastShared}`,
    ),
  ];
}

/** The impact result, ready for `present` to cut to the budget and render. */
export function impactAnswer(
  result: ImpactResult,
  alsoChanges?: AlsoChanges,
  testNotes: readonly string[] = [],
): Presentable<ImpactStructured> {
  const { symbol } = result;
  const perDepth = new Map<DependantUse, Map<number, number>>([
    ["runtime", new Map()],
    ["type", new Map()],
  ]);
  for (const node of result.dependants) {
    const counts = perDepth.get(node.use);
    counts?.set(node.depth, (counts.get(node.depth) ?? 0) + 1);
  }
  const runtimeDependants = result.dependants.filter((node) => node.use === "runtime").length;
  const { summary, take, groupedBy } = impactSummary(result);
  const throughDispatch = result.dependants.filter((node) => node.throughDispatch).length;
  // `present` builds the answer for several numbers of entries: each entry is made once.
  const entryOf = memoByKey(
    (node: ImpactResult["dependants"][number]): ImpactEntry => ({
      ...reachEntry(node, undefined, result.dispatchFacts),
      use: node.use,
    }),
  );
  return {
    total: result.dependants.length,
    narrow: nextQuestionsText(summary.next),
    build: (shown, truncated) => ({
      tool: "impact",
      symbol: symbolSummary(symbol),
      depth: result.depth,
      dispatch: result.dispatch,
      kinds: result.kinds,
      ...(result.within === "" ? {} : { in: result.within }),
      ...(result.testFilter === "only" ? { testsOnly: true as const } : {}),
      members: result.members,
      totalDependants: result.dependants.length,
      runtimeDependants,
      typeDependants: result.dependants.length - runtimeDependants,
      throughDispatch,
      files: result.files,
      dependants: take(shown).map(entryOf),
      tests: truncated === null ? result.tests : result.tests.slice(0, shown),
      totalTests: result.tests.length,
      ...(testNotes.length === 0 ? {} : { testNotes }),
      highFanOut: result.highFanOut.map((hub) => ({ key: hub.key, dependants: hub.degree })),
      ...(alsoChanges === undefined ? {} : { alsoChanges }),
      ...(truncated === null ? {} : { summary, firstOf: groupedBy }),
      truncated,
    }),
    text: (structured) => text(structured, perDepth),
    brief: (structured, detailed) => text(structured, perDepth, detailed),
    mermaid: (structured) => reachMermaid(symbol, structured.dependants, "in"),
  };
}

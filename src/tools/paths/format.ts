import type { EdgeKind } from "../../model/graph-kinds.js";
import { mermaidFlowchart, type MermaidEdge, type MermaidNode } from "../answer/mermaid.js";
import { truncationNote, type Presentable, type Truncation } from "../answer/query-output.js";
import { dispatchNote, shortName, sitesText, symbolSummary, type SymbolSummary } from "../answer/reach-report.js";
import { counted, lineRange } from "../answer/text.js";
import type { DynamicCallSite } from "../walk/dynamic-calls.js";
import { literalNote } from "../walk/literal-entry.js";
import type { Dispatch } from "../inputs/query-inputs.js";
import type { OtherStep, PathsResult, PathStep, PathTests } from "./query.js";
import type { PathValues, StepNeed } from "./options.js";

export interface StepEntry extends SymbolSummary {
  readonly name: string;
  /** Edge from the previous step to this one (null for the first). */
  readonly edge: EdgeKind | null;
  /** Its site lines, in the previous step's file. */
  readonly sites: readonly number[];
  /** With dispatch: the declaration the previous step calls, which this step overrides or implements. */
  readonly through?: string;
  /** `through` has no body (an abstract or interface member): the call can only run an implementation. */
  readonly throughHasNoBody?: true;
  /** The class the previous step constructs, when this step is its constructor or a property initialiser. */
  readonly constructs?: string;
}

/** A path: its length in edges, how many of its steps are dispatch steps and value uses, and the steps. */
export interface PathEntry {
  readonly length: number;
  readonly dispatchSteps: number;
  /** Steps whose edge is REFERENCES: the previous step passes or stores this one, it does not call it (values include). */
  readonly valueSteps: number;
  readonly steps: readonly StepEntry[];
}

/** A declaration on another call chain within the depth (query.ts OtherStep). */
export interface OtherEntry extends SymbolSummary {
  readonly name: string;
  /** Length of the shortest such path through it, and its place on it (steps from `from`). */
  readonly pathLength: number;
  readonly step: number;
  /** The weakest step that chain needs: `call` (direct calls only), `dispatch`, or `value` (a value use). */
  readonly needs: StepNeed;
}

/** The paths answer as structured content (also the `json` output). */
export interface PathsStructured extends Readonly<Record<string, unknown>> {
  readonly tool: "paths";
  readonly from: SymbolSummary;
  readonly to: SymbolSummary;
  readonly depth: number;
  readonly dispatch: Dispatch;
  readonly tests: PathTests;
  readonly values: PathValues;
  /** Length in edges of the shortest path, or null when there is none within the depth. */
  readonly shortest: number | null;
  readonly total: number;
  /** Of the paths found (paths and testPaths), those with a dispatch step: they come after the paths of direct calls. */
  readonly throughDispatch: number;
  /** Of the paths found, those with a value use (values include): they come after the paths of calls. */
  readonly throughValues: number;
  readonly paths: readonly PathEntry[];
  /** Paths through a test file, listed apart. */
  readonly totalInTests: number;
  readonly testPaths: readonly PathEntry[];
  /** False when enumeration hit its cap (more paths of the listed lengths may exist). */
  readonly complete: boolean;
  /** With no path: the length of the shortest path from `to` to `from`, if any. */
  readonly reverse: number | null;
  /** With no path: calls with no static target the walk met (the first few), and how many. */
  readonly dynamic: readonly DynamicCallSite[];
  readonly totalDynamic: number;
  /**
   * Values excluded, when `values: include` would add something: with no path, the length of the shortest path
   * through a value use (`shortest`, else null); the declarations on chains through a value use not answered.
   */
  readonly withValues: { readonly shortest: number | null; readonly declarations: number } | null;
  /** The declarations on other call chains within the depth, in the whole answer, and by what their chains need. */
  readonly totalOthers: number;
  readonly othersByNeed: Readonly<Record<StepNeed, number>>;
  /** The first of them the budget leaves room for, after the paths. */
  readonly others: readonly OtherEntry[];
  readonly truncated: Truncation | null;
}

/** Calls with no static target named when there is no path. */
const SHOWN_DYNAMIC = 5;

/** How a step was reached from the one before it. */
const ARRIVAL: Record<EdgeKind, string> = {
  CALLS: "called",
  INSTANTIATES: "new",
  RENDERS: "rendered",
  REFERENCES: "used as a value, not called",
  READS: "read",
  USES_TYPE: "type used",
  EXTENDS: "extended",
  IMPLEMENTS: "implemented",
  OVERRIDES: "overridden",
  HOLDS_IMPLEMENTATION: "implemented in a literal",
  CONTAINS: "member",
  IMPORTS: "imported",
};

function stepEntry(step: PathStep): StepEntry {
  return {
    key: step.key,
    name: step.qualifiedName,
    kind: step.kind,
    file: step.file,
    start: step.startLine,
    end: step.endLine,
    edge: step.edge ?? null,
    sites: step.sites,
    ...(step.through === undefined ? {} : { through: step.through }),
    ...(step.throughHasNoBody ? { throughHasNoBody: true } : {}),
    ...(step.constructs === undefined ? {} : { constructs: step.constructs }),
  };
}

const isValueStep = (step: PathStep): boolean => step.edge === "REFERENCES";

function otherEntry(other: OtherStep): OtherEntry {
  return {
    key: other.key,
    name: other.qualifiedName,
    kind: other.kind,
    file: other.file,
    start: other.startLine,
    end: other.endLine,
    pathLength: other.fromSource + other.toTarget,
    step: other.fromSource,
    needs: other.needs,
  };
}

function describe(point: SymbolSummary): string {
  return `${shortName(point.key)} (${point.file}:${lineRange(point.start, point.end)})`;
}

/** One path: each file stated once per run of steps in it; each step with how it was reached and from which lines. */
function pathLines(steps: readonly StepEntry[]): string[] {
  const lines: string[] = [];
  let file: string | undefined;
  for (const step of steps) {
    if (step.file !== file) {
      file = step.file;
      lines.push(`  ${file}`);
    }
    const name = step.kind === "File" ? "<top level>" : step.name;
    const through = step.through === undefined ? "" : dispatchNote(step.through, step.throughHasNoBody === true);
    const constructs = step.constructs === undefined ? "" : ` ${shortName(step.constructs)}`;
    const arrival =
      step.edge === null ? "" : `  ← ${ARRIVAL[step.edge]}${constructs}${sitesText(step.sites)}${through}`;
    lines.push(`    ${name} ${lineRange(step.start, step.end)}${literalNote(step.key)}${arrival}`);
  }
  return lines;
}

/** When no path listed is as short as the shortest: that one takes dispatch, and the paths of direct calls came first. */
function shortestNote(structured: PathsStructured): string {
  const listed = [...structured.paths, ...structured.testPaths].map((path) => path.length);
  return listed.includes(structured.shortest ?? 0)
    ? ""
    : " (through dispatch, not listed: paths of direct calls come first; raise maxPaths)";
}

/** `path 3 (2 steps, 1 by dispatch)`, `path 4 (3 steps, 1 value use)`. */
function pathTitle(number: number, path: PathEntry): string {
  const dispatch = path.dispatchSteps > 0 ? `, ${path.dispatchSteps} by dispatch` : "";
  const values = path.valueSteps > 0 ? `, ${counted(path.valueSteps, "value use")}` : "";
  return `path ${number} (${counted(path.length, "step")}${dispatch}${values})`;
}

const NEED_TEXT: Record<StepNeed, string> = {
  call: "",
  dispatch: ", through dispatch",
  value: ", through a value use",
};

/** The declarations on other call chains: a count line, then each file once per run, each with its place on its shortest chain. */
function otherLines(structured: PathsStructured): string[] {
  if (structured.totalOthers === 0) return [];
  const { dispatch, value } = structured.othersByNeed;
  const only = (count: number, how: string): string =>
    count === 0 ? "" : count === structured.totalOthers ? `all ${how}` : `${count} only ${how}`;
  const needs = [only(dispatch, "through dispatch"), only(value, "through a value use")].filter(Boolean);
  const shown = structured.others.length < structured.totalOthers ? `; ${structured.others.length} shown` : "";
  const lines = [
    "",
    `also on call chains of ≤ ${counted(structured.depth, "step")} between them: ${counted(structured.totalOthers, "declaration")}${needs.map((part) => `, ${part}`).join("")} (raise maxPaths for more paths)${shown}`,
  ];
  let file: string | undefined;
  for (const other of structured.others) {
    if (other.file !== file) {
      file = other.file;
      lines.push(`  ${file}`);
    }
    const name = other.kind === "File" ? "<top level>" : other.name;
    lines.push(
      `    ${name} ${lineRange(other.start, other.end)}${literalNote(other.key)}  step ${other.step} of ${other.pathLength}${NEED_TEXT[other.needs]}`,
    );
  }
  return lines;
}

function text(structured: PathsStructured): string {
  const options = [`depth ≤ ${structured.depth}`, `dispatch ${structured.dispatch}`];
  if (structured.tests !== "include") options.push(`tests ${structured.tests}`);
  if (structured.values === "include") options.push("values include");
  const lines = [`call paths from ${describe(structured.from)} to ${describe(structured.to)}, ${options.join(", ")}`];
  if (structured.shortest === null) {
    lines.push(`no call path within ${counted(structured.depth, "step")}.`);
    if (structured.reverse !== null) {
      lines.push(
        `The other way there is one: ${shortName(structured.to.key)} reaches ${shortName(structured.from.key)} in ${counted(structured.reverse, "step")} (swap from and to).`,
      );
    }
    if (structured.withValues?.shortest != null) {
      lines.push(
        `Through a value use (a function passed or stored, not called there) there is a path of ${counted(structured.withValues.shortest, "step")}: ask again with values include.`,
      );
    }
    if (structured.totalDynamic > 0) {
      const examples = structured.dynamic
        .map((site) => `${shortName(site.source)}: ${site.expression} @${site.line}`)
        .join("; ");
      const more =
        structured.totalDynamic > structured.dynamic.length
          ? `; +${structured.totalDynamic - structured.dynamic.length} more`
          : "";
      lines.push(
        `The walk stopped at ${counted(structured.totalDynamic, "call")} with no static target, which a path may go through: ${examples}${more}`,
      );
    }
    return lines.join("\n");
  }
  const inTests = structured.totalInTests > 0 ? ` + ${structured.totalInTests} through tests` : "";
  const dispatch = structured.throughDispatch > 0 ? `, ${structured.throughDispatch} through dispatch` : "";
  const values = structured.throughValues > 0 ? `, ${structured.throughValues} through a value use` : "";
  const shown = structured.paths.length + structured.testPaths.length;
  const cut =
    shown < structured.total + structured.totalInTests
      ? `; ${shown} of ${structured.total + structured.totalInTests} shown`
      : "";
  lines.push(
    `${counted(structured.total, "path")}${inTests}${dispatch}${values}, shortest ${counted(structured.shortest, "step")}${shortestNote(structured)}${structured.complete ? "" : " (enumeration capped: more paths of these lengths may exist)"}${cut}`,
  );
  for (const [index, path] of structured.paths.entries())
    lines.push("", pathTitle(index + 1, path), ...pathLines(path.steps));
  if (structured.testPaths.length > 0) lines.push("", "through tests");
  for (const [index, path] of structured.testPaths.entries()) {
    lines.push("", pathTitle(structured.paths.length + index + 1, path), ...pathLines(path.steps));
  }
  lines.push(...otherLines(structured));
  if (structured.withValues !== null) {
    lines.push(
      "",
      `Through value uses (functions passed or stored, not called there), ${counted(structured.withValues.declarations, "more declaration")} ${structured.withValues.declarations === 1 ? "lies" : "lie"} on chains of ≤ ${counted(structured.depth, "step")}: ask again with values include.`,
    );
  }
  if (structured.truncated !== null) lines.push("", truncationNote(structured.truncated, "paths and declarations"));
  return lines.join("\n");
}

function mermaid(structured: PathsStructured): string {
  const nodes = new Map<string, MermaidNode>();
  const edges = new Map<string, MermaidEdge>();
  for (const point of [structured.from, structured.to]) {
    nodes.set(point.key, {
      id: point.key,
      label: `${shortName(point.key)} ${lineRange(point.start, point.end)}`,
      group: point.file,
      style: "focus",
    });
  }
  for (const { steps } of [...structured.paths, ...structured.testPaths]) {
    steps.forEach((step, index) => {
      if (!nodes.has(step.key))
        nodes.set(step.key, {
          id: step.key,
          label: `${step.name} ${lineRange(step.start, step.end)}${literalNote(step.key)}`,
          group: step.file,
        });
      const previous = steps[index - 1];
      if (previous !== undefined && step.edge !== null) {
        const label = step.through === undefined ? ARRIVAL[step.edge] : `${ARRIVAL[step.edge]} (dispatch)`;
        edges.set(`${previous.key}\n${step.key}`, { from: previous.key, to: step.key, label });
      }
    });
  }
  return mermaidFlowchart("TD", [...nodes.values()], [...edges.values()]);
}

/** The paths, ready for `present` to cut to the budget and render. */
export function pathsAnswer(result: PathsResult): Presentable<PathsStructured> {
  const entry = (steps: readonly PathStep[]): PathEntry => ({
    length: steps.length - 1,
    dispatchSteps: steps.filter((step) => step.through !== undefined).length,
    valueSteps: steps.filter(isValueStep).length,
    steps: steps.map(stepEntry),
  });
  const found = [...result.paths, ...result.testPaths];
  const throughDispatch = found.filter((steps) => steps.some((step) => step.through !== undefined)).length;
  const othersByNeed: Record<StepNeed, number> = { call: 0, dispatch: 0, value: 0 };
  for (const other of result.others) othersByNeed[other.needs] += 1;
  return {
    total: found.length + result.others.length,
    narrow: "fewer paths (maxPaths), a smaller depth, dispatch none, tests exclude, or raise maxTokens",
    build: (shown, truncated) => ({
      tool: "paths",
      from: symbolSummary(result.from),
      to: symbolSummary(result.to),
      depth: result.depth,
      dispatch: result.dispatch,
      tests: result.tests,
      values: result.values,
      shortest: result.shortest ?? null,
      total: result.paths.length,
      throughDispatch,
      throughValues: found.filter((steps) => steps.some(isValueStep)).length,
      paths: result.paths.slice(0, shown).map(entry),
      totalInTests: result.testPaths.length,
      testPaths: result.testPaths.slice(0, Math.max(0, shown - result.paths.length)).map(entry),
      complete: result.complete,
      reverse: result.reverse ?? null,
      dynamic: result.dynamic.slice(0, SHOWN_DYNAMIC),
      totalDynamic: result.dynamic.length,
      withValues:
        result.withValues === undefined
          ? null
          : { shortest: result.withValues.shortest ?? null, declarations: result.withValues.declarations },
      totalOthers: result.others.length,
      othersByNeed,
      others: result.others.slice(0, Math.max(0, shown - found.length)).map(otherEntry),
      truncated,
    }),
    text,
    mermaid,
  };
}

/** The report of `ts-graph diff`: the JSON document of docs/ci.md, and the gate. Pure. */
import type { ApiChange } from "./api-rules.js";
import type { ChangeImpact } from "./change-impact.js";
import type { ChangedDeclaration, DeclarationEdges, DiffNode, GraphDiff, MovedDeclaration } from "./graph-diff.js";

const DIFF_REPORT_VERSION = 2;

/** What `--fail-on` fails on: a breaking API change, any API change, or any change to declarations or edges. */
export const FAIL_ON = ["breaking", "api", "any"] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** Distinct exit codes for a failed gate (docs/ci.md); 1 and 2 keep their meaning (failure, usage). */
const GATE_EXIT: Readonly<Record<FailOn, number>> = { breaking: 3, api: 4, any: 5 };

/** The PR comment's smallest budget (--max-chars): the summary, the notes and a line of breaking changes fit with room to spare. */
export const MIN_COMMENT_CHARS = 4000;
/** The comment's default budget: GitHub refuses a comment over 65,536 characters; this leaves a margin. */
export const DEFAULT_COMMENT_CHARS = 60_000;

export interface ReportDeclaration {
  readonly key: string;
  readonly kind: string;
  readonly exported: boolean;
  readonly signature: string;
}

/**
 * What the report counts as the API (docs/ci.md, "What is API"): what the packages' entry points reach, or,
 * when no side has entry points (or a side's sources are not on disk), every exported declaration.
 */
export interface ApiSurfaceRule {
  readonly rule: "entry points" | "every export";
  /** One sentence for the report: which entry points, or why every export counts. */
  readonly note: string;
}

export interface DiffReport {
  readonly format: "ts-graph-diff";
  readonly version: number;
  readonly base: string;
  readonly head: string;
  readonly summary: {
    readonly filesAdded: number;
    readonly filesRemoved: number;
    readonly added: number;
    readonly removed: number;
    readonly changed: number;
    readonly moved: number;
    readonly edgesChanged: number;
    readonly api: { readonly breaking: number; readonly unclassified: number; readonly compatible: number };
    readonly dependants: number;
    readonly tests: number;
  };
  readonly gate: { readonly failOn: FailOn; readonly failed: boolean; readonly reason: string } | undefined;
  readonly files: { readonly added: readonly string[]; readonly removed: readonly string[] };
  readonly declarations: {
    readonly added: readonly ReportDeclaration[];
    readonly removed: readonly ReportDeclaration[];
    readonly changed: readonly ChangedDeclaration[];
    readonly moved: readonly MovedDeclaration[];
  };
  readonly edges: readonly DeclarationEdges[];
  readonly api: readonly ApiChange[];
  readonly apiSurface: ApiSurfaceRule;
  readonly impact: ChangeImpact;
  /** Whether declarations were compared by body too (both sides' sources were readable), or by signature only. */
  readonly bodies: "compared" | "not compared";
}

function declaration(node: DiffNode): ReportDeclaration {
  return { key: node.key, kind: node.kind, exported: node.exported, signature: node.signature };
}

/** `1 file`, `2 files`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Whether the gate fails, and why, in one sentence. */
function gateOf(
  failOn: FailOn,
  diff: GraphDiff,
  api: readonly ApiChange[],
): { failOn: FailOn; failed: boolean; reason: string } {
  const breakingCount = api.filter((change) => change.verdict === "breaking").length;
  const declarationChanges =
    diff.added.length + diff.removed.length + diff.changed.length + diff.moved.length + diff.edges.length;
  if (failOn === "breaking") {
    return {
      failOn,
      failed: breakingCount > 0,
      reason: breakingCount > 0 ? `${plural(breakingCount, "breaking API change")}` : "no breaking API change",
    };
  }
  if (failOn === "api")
    return {
      failOn,
      failed: api.length > 0,
      reason: api.length > 0 ? `${plural(api.length, "change")} to the exported API` : "no change to the exported API",
    };
  return {
    failOn,
    failed: declarationChanges > 0,
    reason: declarationChanges > 0 ? "declarations or edges changed" : "no declaration or edge changed",
  };
}

export interface ReportInput {
  readonly base: string;
  readonly head: string;
  readonly diff: GraphDiff;
  readonly api: readonly ApiChange[];
  readonly apiSurface: ApiSurfaceRule;
  readonly impact: ChangeImpact;
  readonly failOn: FailOn | undefined;
  readonly bodiesCompared: boolean;
}

export function buildReport(input: ReportInput): DiffReport {
  const { diff, api, impact } = input;
  const count = (verdict: ApiChange["verdict"]) => api.filter((change) => change.verdict === verdict).length;
  return {
    format: "ts-graph-diff",
    version: DIFF_REPORT_VERSION,
    base: input.base,
    head: input.head,
    summary: {
      filesAdded: diff.filesAdded.length,
      filesRemoved: diff.filesRemoved.length,
      added: diff.added.length,
      removed: diff.removed.length,
      changed: diff.changed.length,
      moved: diff.moved.length,
      edgesChanged: diff.edges.length,
      api: { breaking: count("breaking"), unclassified: count("unclassified"), compatible: count("compatible") },
      dependants: impact.dependants.length,
      tests: impact.tests.length,
    },
    gate: input.failOn === undefined ? undefined : gateOf(input.failOn, diff, api),
    files: { added: diff.filesAdded, removed: diff.filesRemoved },
    declarations: {
      added: diff.added.map(declaration),
      removed: diff.removed.map(declaration),
      changed: diff.changed,
      moved: diff.moved,
    },
    edges: diff.edges,
    api,
    apiSurface: input.apiSurface,
    impact,
    bodies: input.bodiesCompared ? "compared" : "not compared",
  };
}

/** The exit code of a report: 0, or the gate's own code when it failed. */
export function exitCodeOf(report: DiffReport): number {
  return report.gate?.failed === true ? GATE_EXIT[report.gate.failOn] : 0;
}

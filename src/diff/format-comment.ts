/**
 * The PR comment of `ts-graph diff --format markdown`: the report cut to fit a character budget (GitHub refuses
 * a comment over 65,536 characters). The summary with every count and the breaking changes come first and in
 * full while they fit; the rest is grouped by folder and kind of change in collapsed sections, each cut to what
 * fits with a count of what was left out. The complete report is format-diff.ts's formatMarkdown. Pure.
 */
import { parseNodeKey } from "../model/node-key.js";
import type { ApiChange } from "./api-rules.js";
import { MIN_COMMENT_CHARS, plural, type DiffReport } from "./diff-report.js";
import { COMMENT_MARKER, code, cell, gateLine, impactMermaid, summaryLine } from "./format-diff.js";

/** No single line of the comment is longer (a breaking change with long reasons is clipped; the full report has it whole). */
const MAX_LINE_CHARS = 1000;
/** Rows of a grouped table's example column. */
const EXAMPLE_CHARS = 160;

export interface CommentOptions {
  /** The budget, in UTF-16 code units (JavaScript string length); at least MIN_COMMENT_CHARS. */
  readonly maxChars: number;
  readonly maxGraphNodes: number;
  /** Where the complete report is (a file name, for the comment to point at), when it was written. */
  readonly fullReport: string | undefined;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Characters that lines take once joined with newlines, each with its own. */
function sizeOf(lines: readonly string[]): number {
  let size = 0;
  for (const line of lines) size += line.length + 1;
  return size;
}

/**
 * As many of `rows` as fit in `budget` between `before` and `after`, with `more(n)` in place of the n rows left
 * out; undefined when not even the frame and the line of what is left out fit.
 */
function fitRows(
  before: readonly string[],
  rows: readonly string[],
  after: readonly string[],
  budget: number,
  more: (left: number) => string,
): string[] | undefined {
  const frame = sizeOf(before) + sizeOf(after);
  if (frame + sizeOf(rows) <= budget) return [...before, ...rows, ...after];
  let used = frame + sizeOf([more(rows.length)]);
  if (used > budget) return undefined;
  const kept: string[] = [];
  for (const row of rows) {
    // The more-line's count only shrinks as rows are kept: its length at the start bounds it.
    if (used + row.length + 1 > budget) break;
    kept.push(row);
    used += row.length + 1;
  }
  return [...before, ...kept, more(rows.length - kept.length), ...after];
}

function folderOf(key: string): string {
  const file = parseNodeKey(key).file;
  const slash = file.lastIndexOf("/");
  return slash < 0 ? "." : file.slice(0, slash);
}

interface Group {
  readonly label: readonly string[];
  count: number;
  readonly examples: string[];
}

/** Items counted by a grouping (folder, kind…), the largest groups first, then by label. */
function grouped<T>(items: readonly T[], labelOf: (item: T) => readonly string[], keyOf: (item: T) => string): Group[] {
  const groups = new Map<string, Group>();
  for (const item of items) {
    const label = labelOf(item);
    const id = JSON.stringify(label);
    const group = groups.get(id) ?? { label, count: 0, examples: [] };
    group.count += 1;
    if (group.examples.length < 2) group.examples.push(keyOf(item));
    groups.set(id, group);
  }
  return [...groups.values()].sort(
    (a, b) => b.count - a.count || compare(JSON.stringify(a.label), JSON.stringify(b.label)),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function breakingLine(change: ApiChange): string {
  return clip(`- ${code(change.key)} (${change.change}): ${change.reasons.join("; ")}`, MAX_LINE_CHARS);
}

function exampleCell(examples: readonly string[]): string {
  return cell(
    clip(examples.map((key) => parseNodeKey(key).qualifiedName ?? parseNodeKey(key).file).join(", "), EXAMPLE_CHARS),
  );
}

function groupRows(groups: readonly Group[]): string[] {
  return groups.map(
    (group) =>
      `| ${group.label.map((part) => cell(part)).join(" | ")} | ${group.count} | ${exampleCell(group.examples)} |`,
  );
}

/**
 * The breaking changes: every one while they fit in `room`, else as many as fit and how many more the full report
 * has, else (not even that fits) their count and that the full report lists them. Never nothing: the breaking
 * changes are the comment's point.
 */
export function breakingSection(
  breaking: readonly ApiChange[],
  room: number,
): { readonly lines: string[]; readonly listed: boolean } {
  if (breaking.length === 0) return { lines: [], listed: true };
  const title = `**Breaking API changes (${breaking.length})**`;
  const part = fitRows(
    ["", title, ""],
    breaking.map(breakingLine),
    [],
    room,
    (more) => `- … ${plural(more, "more breaking change")} in the full report`,
  );
  if (part !== undefined) return { lines: part, listed: true };
  return {
    lines: [
      "",
      `${title}: ${plural(breaking.length, "breaking change")} in the full report, none listed here to fit the comment.`,
    ],
    listed: false,
  };
}

const moreGroups = (left: number) => `| … ${plural(left, "more group")} in the full report | | | | |`;

function otherApiSection(report: DiffReport, budget: number): string[] | undefined {
  const others = report.api.filter((change) => change.verdict !== "breaking");
  if (others.length === 0) return [];
  const groups = grouped(
    others,
    (change) => [
      code(folderOf(change.key)),
      change.change,
      change.verdict === "unclassified" ? "not classified" : "compatible",
    ],
    (change) => change.key,
  );
  return fitRows(
    [
      "",
      `<details><summary>Other API changes (${others.length}), by folder and kind</summary>`,
      "",
      "| folder | change | verdict | count | e.g. |",
      "|---|---|---|---|---|",
    ],
    groupRows(groups),
    ["", "</details>"],
    budget,
    moreGroups,
  );
}

function declarationSection(report: DiffReport, budget: number): string[] | undefined {
  const { added, removed, changed, moved } = report.declarations;
  const items = [
    ...changed.map((change) => ({ key: change.key, what: `changed (${change.aspects.join(", ")})` })),
    ...moved.map((move) => ({ key: move.to, what: move.how })),
    ...added.map((node) => ({ key: node.key, what: "added" })),
    ...removed.map((node) => ({ key: node.key, what: "removed" })),
    ...report.edges.map((entry) => ({ key: entry.key, what: "edges changed" })),
  ];
  if (items.length === 0) return [];
  const groups = grouped(
    items,
    (item) => [code(folderOf(item.key)), item.what],
    (item) => item.key,
  );
  const count = changed.length + moved.length + added.length + removed.length;
  return fitRows(
    [
      "",
      `<details><summary>Declarations (${count}) and edges (${plural(report.edges.length, "declaration")}), by folder and kind</summary>`,
      "",
      "| folder | change | count | e.g. |",
      "|---|---|---|---|",
    ],
    groupRows(groups),
    ["", "</details>"],
    budget,
    (left) => `| … ${plural(left, "more group")} in the full report | | | |`,
  );
}

function impactSection(report: DiffReport, budget: number, maxGraphNodes: number): string[] | undefined {
  const { dependants, tests, seeds } = report.impact;
  if (seeds.length === 0) return [];
  const summary = `<details><summary>Impact (${plural(report.summary.dependants, "dependant")}, ${plural(report.summary.tests, "test file")}, depth ${report.impact.depth})</summary>`;
  const byFolder = grouped(
    dependants,
    (node) => [code(folderOf(node.key))],
    (node) => node.key,
  );
  const testLines = tests.map((test) => `- ${code(test)}`);
  const testsPart =
    fitRows(
      ["", "Tests to run:", ""],
      testLines,
      [],
      budget / 3,
      (left) => `- … ${plural(left, "more test file")} in the full report`,
    ) ?? [];
  const dependantsPart =
    fitRows(
      ["", "| dependants in folder | count | e.g. |", "|---|---|---|"],
      groupRows(byFolder),
      [],
      budget / 3,
      (left) => `| … ${plural(left, "more folder")} in the full report | | |`,
    ) ?? [];
  const frame = ["", summary, ...(dependants.length > 0 ? dependantsPart : []), ...(tests.length > 0 ? testsPart : [])];
  const graph = ["", ...impactMermaid(report, maxGraphNodes)];
  if (sizeOf(frame) + sizeOf(graph) + sizeOf(["", "</details>"]) <= budget)
    return [...frame, ...graph, "", "</details>"];
  return sizeOf(frame) + sizeOf(["", "</details>"]) <= budget ? [...frame, "", "</details>"] : undefined;
}

/** How the foot names breaking changes counted but not listed. */
const BREAKING_LEFT_OUT = "the breaking changes one by one";

/** The PR comment: never longer than options.maxChars, always with the summary's counts and the number of breaking changes. */
export function formatMarkdownComment(report: DiffReport, options: CommentOptions): string {
  const budget = Math.max(options.maxChars, MIN_COMMENT_CHARS) - 1; // the final newline
  const breaking = report.api.filter((change) => change.verdict === "breaking");
  const gate = gateLine(report);
  const head = [
    COMMENT_MARKER,
    clip(`### ts-graph diff: ${code(report.base)} → ${code(report.head)}`, 400),
    "",
    ...(gate === undefined ? [] : [clip(gate, 400), ""]),
    summaryLine(report),
    "",
    clip(`_API: ${report.apiSurface.note}._`, 600),
  ];
  const full =
    options.fullReport === undefined ? "`ts-graph diff --format markdown --full`" : code(clip(options.fullReport, 200));
  const sections: [string, (room: number) => string[] | undefined][] = [
    ["other API changes", (room) => otherApiSection(report, room)],
    ["declarations", (room) => declarationSection(report, room)],
    ["impact", (room) => impactSection(report, room, options.maxGraphNodes)],
  ];
  const foot = (omitted: readonly string[]) => [
    "",
    omitted.length === 0
      ? `Every change, one by one: the full report, ${full}.`
      : `Left out to fit a comment (${omitted.join(", ")}): see the full report, ${full}.`,
    ...(report.bodies === "not compared"
      ? ["", "_Bodies were not compared (a side is a snapshot file): renames are not detected._"]
      : []),
  ];
  // The foot's longest form: every section named as left out.
  const footReserve = sizeOf(foot([BREAKING_LEFT_OUT, ...sections.map(([name]) => name)]));
  let left = budget - sizeOf(head) - footReserve;
  const lines = [...head];
  const omitted: string[] = [];
  const breakingPart = breakingSection(breaking, left);
  if (!breakingPart.listed) omitted.push(BREAKING_LEFT_OUT);
  lines.push(...breakingPart.lines);
  left -= sizeOf(breakingPart.lines);
  for (const [name, section] of sections) {
    const part = section(left);
    if (part === undefined) omitted.push(name);
    else {
      lines.push(...part);
      left -= sizeOf(part);
    }
  }
  return `${[...lines, ...foot(omitted)].join("\n")}\n`;
}

/** The Markdown (a PR comment) and text renderings of a diff report. Pure: report in, string out. */
import { mermaidFlowchart, type MermaidEdge, type MermaidNode } from "../tools/answer/mermaid.js";
import { parseNodeKey } from "../model/node-key.js";
import type { ApiChange } from "./api-rules.js";
import { plural, type DiffReport } from "./diff-report.js";

/** A hidden marker the CI workflow finds its own comment by, to update it rather than post another. */
export const COMMENT_MARKER = "<!-- ts-graph-diff -->";

const VERDICT_LABEL: Readonly<Record<ApiChange["verdict"], string>> = {
  breaking: "breaking",
  unclassified: "changed (not classified)",
  compatible: "compatible",
};

export function summaryLine(report: DiffReport): string {
  const s = report.summary;
  const api = `${plural(s.api.breaking, "breaking API change")}, ${s.api.unclassified} not classified, ${s.api.compatible} compatible`;
  const declarations = `${s.changed} changed, ${s.added} added, ${s.removed} removed, ${s.moved} moved or renamed`;
  return `${api} · declarations: ${declarations} · impact: ${plural(s.dependants, "dependant")}, ${plural(s.tests, "test file")} to run`;
}

export function gateLine(report: DiffReport): string | undefined {
  if (report.gate === undefined) return undefined;
  return report.gate.failed
    ? `**Failed** (\`--fail-on ${report.gate.failOn}\`): ${report.gate.reason}.`
    : `Passed (\`--fail-on ${report.gate.failOn}\`): ${report.gate.reason}.`;
}

export function code(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

/** A table cell: a pipe would end it. */
export function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

function details(summary: string, body: readonly string[]): string[] {
  return body.length === 0 ? [] : ["", `<details><summary>${summary}</summary>`, "", ...body, "", "</details>"];
}

function apiRows(api: readonly ApiChange[]): string[] {
  if (api.length === 0) return [];
  return [
    "| declaration | change | verdict | why |",
    "|---|---|---|---|",
    ...api.map(
      (change) =>
        `| ${cell(code(change.key))} | ${change.change} | ${VERDICT_LABEL[change.verdict]} | ${cell(change.reasons.join("; "))} |`,
    ),
  ];
}

function declarationLines(report: DiffReport): string[] {
  const { added, removed, changed, moved } = report.declarations;
  return [
    ...changed.map(
      (change) =>
        `- changed ${code(change.key)} (${change.aspects.join(", ")}): ${code(change.before.signature)} → ${code(change.after.signature)}`,
    ),
    ...moved.map((move) => `- ${move.how} ${code(move.from)} → ${code(move.to)}`),
    ...added.map((node) => `- added ${code(node.key)} (${node.kind}${node.exported ? ", exported" : ""})`),
    ...removed.map((node) => `- removed ${code(node.key)} (${node.kind}${node.exported ? ", exported" : ""})`),
    ...report.files.added.map((file) => `- file added ${code(file)}`),
    ...report.files.removed.map((file) => `- file removed ${code(file)}`),
  ];
}

function edgeLines(report: DiffReport): string[] {
  return report.edges.map((entry) => {
    const parts = [
      ...entry.added.map((edge) => `+${edge.kind} ${edge.target}`),
      ...entry.removed.map((edge) => `−${edge.kind} ${edge.target}`),
    ];
    return `- ${code(entry.key)}: ${parts.map(code).join(", ")}`;
  });
}

function impactLines(report: DiffReport): string[] {
  const { seeds, tests } = report.impact;
  return [
    ...seeds.map(
      (seed) =>
        `- ${code(seed.key)}${seed.side === "base" ? " (removed; dependants in base)" : ""}: ${plural(seed.dependants, "dependant")}${seed.tests.length > 0 ? `, tests ${seed.tests.map(code).join(", ")}` : ""}`,
    ),
    ...(tests.length > 0 ? ["", `Tests to run: ${tests.map(code).join(" ")}`] : []),
  ];
}

function shortName(key: string): string {
  const parsed = parseNodeKey(key);
  return parsed.qualifiedName ?? parsed.file;
}

/** The impacted subgraph: changed declarations and their dependants, at most maxNodes, with a count of what was left out. */
export function impactMermaid(report: DiffReport, maxNodes: number): string[] {
  const seeds = report.impact.seeds.map((seed) => seed.key);
  if (seeds.length === 0) return [];
  const keys = [...new Set([...seeds, ...report.impact.dependants.map((node) => node.key)])];
  const shown = keys.slice(0, maxNodes);
  const shownSet = new Set(shown);
  const nodes: MermaidNode[] = shown.map((key) => ({
    id: key,
    label: shortName(key),
    group: parseNodeKey(key).file,
    ...(seeds.includes(key) ? { style: "focus" as const } : {}),
  }));
  const edges: MermaidEdge[] = report.impact.dependants
    .filter((node) => shownSet.has(node.key) && shownSet.has(node.via))
    .map((node) => ({ from: node.key, to: node.via, label: node.edge }));
  const left = keys.length - shown.length;
  return [
    "```mermaid",
    mermaidFlowchart("LR", nodes, edges),
    "```",
    ...(left > 0 ? [`${plural(left, "more node")} not drawn (the graph shows ${maxNodes}).`] : []),
  ];
}

/** The complete Markdown report: every change, one by one (`--full`, `--full-out`); the PR comment is format-comment.ts. */
export function formatMarkdown(report: DiffReport, maxGraphNodes: number): string {
  const breaking = report.api.filter((change) => change.verdict === "breaking");
  const gate = gateLine(report);
  const lines = [
    COMMENT_MARKER,
    `### ts-graph diff: ${code(report.base)} → ${code(report.head)}`,
    "",
    ...(gate === undefined ? [] : [gate, ""]),
    summaryLine(report),
    "",
    `_API: ${report.apiSurface.note}._`,
    ...(breaking.length > 0
      ? [
          "",
          `**Breaking API changes (${breaking.length})**`,
          "",
          ...breaking.map((change) => `- ${code(change.key)} (${change.change}): ${change.reasons.join("; ")}`),
        ]
      : []),
    ...details(`Exported API (${report.api.length})`, apiRows(report.api)),
    ...details(
      `Declarations (${report.summary.changed + report.summary.added + report.summary.removed + report.summary.moved})`,
      declarationLines(report),
    ),
    ...details(`Edges (${plural(report.edges.length, "declaration")})`, edgeLines(report)),
    ...details(
      `Impact (${plural(report.summary.dependants, "dependant")}, ${plural(report.summary.tests, "test file")}, depth ${report.impact.depth})`,
      [
        ...impactLines(report),
        ...(report.impact.seeds.length > 0 ? ["", ...impactMermaid(report, maxGraphNodes)] : []),
      ],
    ),
    ...(report.bodies === "not compared"
      ? [
          "",
          "_Bodies were not compared (a side is a snapshot file): renames are not detected and body-only edits show only through their edges._",
        ]
      : []),
  ];
  return `${lines.join("\n")}\n`;
}

export function formatText(report: DiffReport): string {
  const gate = gateLine(report);
  const section = (title: string, body: readonly string[]) =>
    body.length === 0 ? [] : ["", `${title}:`, ...body.map((line) => line.replace(/`/g, ""))];
  const lines = [
    `ts-graph diff: ${report.base} → ${report.head}`,
    ...(gate === undefined ? [] : [gate.replace(/\*\*|`/g, "")]),
    summaryLine(report),
    `API: ${report.apiSurface.note}.`,
    ...section(
      "exported API",
      report.api.map(
        (change) =>
          `- ${change.key} (${change.change}): ${VERDICT_LABEL[change.verdict]}: ${change.reasons.join("; ")}`,
      ),
    ),
    ...section("declarations", declarationLines(report)),
    ...section("edges", edgeLines(report)),
    ...section(
      "impact",
      impactLines(report).filter((line) => line !== ""),
    ),
  ];
  return `${lines.join("\n")}\n`;
}

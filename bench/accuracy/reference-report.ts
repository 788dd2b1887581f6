import { groupBy } from "../../src/model/group-by.js";
import { RELATED_MEMBER } from "./reference-form.js";
import type { OracleResult, ReferenceSite, Verdict } from "./reference-oracle.js";

const VERDICTS: readonly Verdict[] = ["edge", "edge from a container", "edge, other line", "missing"];

function percent(part: number, whole: number): string {
  return whole === 0 ? "" : `${((part / whole) * 100).toFixed(1)} %`;
}

function count(value: number): string {
  return value.toLocaleString("en-US");
}

function tally(
  sites: readonly ReferenceSite[],
  keyOf: (site: ReferenceSite) => string,
): Map<string, Record<Verdict, number>> {
  const table = new Map<string, Record<Verdict, number>>();
  for (const site of sites) {
    const key = keyOf(site);
    const row = table.get(key) ?? { edge: 0, "edge from a container": 0, "edge, other line": 0, missing: 0 };
    row[site.verdict]++;
    table.set(key, row);
  }
  return table;
}

function verdictTable(
  title: string,
  sites: readonly ReferenceSite[],
  keyOf: (site: ReferenceSite) => string,
): string[] {
  const lines = [
    `| ${title} | sites | edge | edge from a container | edge, other line | missing | recall | with container |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  const rows = [...tally(sites, keyOf)].map(([key, row]) => ({
    key,
    row,
    total: VERDICTS.reduce((sum, verdict) => sum + row[verdict], 0),
  }));
  rows.sort((a, b) => b.row.missing - a.row.missing || b.total - a.total);
  const totals = tally(sites, () => "all").get("all");
  if (totals !== undefined) rows.push({ key: "**all**", row: totals, total: sites.length });
  for (const { key, row, total } of rows) {
    const cells = VERDICTS.map((verdict) => count(row[verdict]));
    lines.push(
      `| ${key} | ${count(total)} | ${cells.join(" | ")} | ${percent(row.edge, total)} | ${percent(row.edge + row["edge from a container"], total)} |`,
    );
  }
  return lines;
}

const CALL_FORMS = ["call", "new", "JSX tag", "decorator", "tagged template"];
const TYPE_FORMS = [
  "type reference",
  "type argument",
  "type (other)",
  "indexed access type",
  'import("…") type',
  "typeof (type query)",
];

/** The family of a site form, for the summary table: calls, value reads, member reads, writes, type uses, …. */
export function formFamily(form: string): string {
  const base = form.replace(/ \(x\.f\)$/, "");
  const member = base !== form;
  if (CALL_FORMS.includes(base)) return "call, `new`, JSX, decorator, tagged template";
  if (base.startsWith("heritage")) return "heritage (`extends`, `implements`)";
  if (TYPE_FORMS.some((type) => base.startsWith(type)))
    return base.endsWith(", in a body or initialiser")
      ? "type use in a body or initialiser"
      : "type use in a signature";
  if (base === "assignment target (write)" || base === "compound assignment" || base === "delete")
    return "write (`x = …`, `x += …`, `x++`)";
  if (base === "object literal key" || base === "destructuring" || base === RELATED_MEMBER)
    return "object literal key or destructured name (a member of the literal's type)";
  if (!member && (base === "receiver of ." || base === "receiver of []"))
    return "bare name as a receiver (`X.y`, `X[k]`)";
  return member
    ? "member read (`x.f` not called, not written)"
    : "value read of a bare name (argument, initialiser, `??`, return, …)";
}

/** Up to `limit` sites of distinct targets, in file order. */
function examples(sites: readonly ReferenceSite[], limit: number): ReferenceSite[] {
  const seen = new Set<string>();
  const chosen: ReferenceSite[] = [];
  for (const site of sites) {
    if (seen.has(site.target.name)) continue;
    seen.add(site.target.name);
    chosen.push(site);
    if (chosen.length === limit) break;
  }
  return chosen;
}

function describeSite(site: ReferenceSite, result: OracleResult): string {
  return `\`${site.file}:${site.line}\` ${site.enclosing === site.file ? "(top level)" : `in \`${site.enclosing.slice(site.file.length + 1)}\``} → \`${site.target.key}\` (${site.targetKind}): \`${result.lineText(site.file, site.line).slice(0, 140)}\``;
}

/** Missed sites grouped by form, most first, with examples of distinct targets. */
function missesByForm(result: OracleResult, perForm: number, verdict: Verdict = "missing"): string[] {
  const byForm = groupBy(
    result.sites.filter((site) => site.verdict === verdict),
    (site) => site.form,
  );
  const lines: string[] = [];
  for (const [form, sites] of [...byForm].sort((a, b) => b[1].length - a[1].length)) {
    const kinds = [...tally(sites, (site) => site.targetKind)]
      .sort((a, b) => b[1][verdict] - a[1][verdict])
      .map(([kind, row]) => `${kind} ${row[verdict]}`);
    lines.push(`- **${form}**: ${count(sites.length)} (${kinds.slice(0, 4).join(", ")})`);
    for (const site of examples(sites, perForm)) lines.push(`  - ${describeSite(site, result)}`);
  }
  return lines;
}

export function referenceReport(corpus: string, result: OracleResult, top: number): string[] {
  const lines: string[] = [`## ${corpus}: reference completeness`, ""];
  const counted = result.sites.length;
  lines.push(
    `${count(result.nodes)} nodes (${result.unplaced.length} not placed on a declaration); ` +
      (result.engine === "symbols"
        ? "uses found in one pass over every name"
        : `find-references asked at ${count(result.asked)} nodes (${count(result.cached)} cached)`) +
      `, ${(result.ms / 1000).toFixed(1)} s. ` +
      `Sites: ${count(counted)} counted; left out: ${count(result.excluded)} imports/exports, ${count(result.insideOwnDeclaration)} inside the node's own declaration` +
      "." +
      (result.engine === "symbols"
        ? ` ${count(result.unionUses)} uses of a property of a union of several declarations are counted for the first, as find-references does.`
        : ""),
    "",
  );
  lines.push(...verdictTable("node kind", result.sites, (site) => site.targetKind), "");
  lines.push(...verdictTable("site family", result.sites, (site) => formFamily(site.form)), "");
  lines.push(...verdictTable("site form", result.sites, (site) => site.form), "");
  const checks = result.referenceEdges;
  const listed = checks.filter((check) => check.listed).length;
  lines.push(
    `REFERENCES precision: ${count(listed)} of ${count(checks.length)} edge sites are uses find-references lists (${percent(listed, checks.length)}).`,
    "",
  );
  for (const check of checks.filter((entry) => !entry.listed).slice(0, top)) {
    lines.push(
      `- \`${check.file}:${check.line}\` \`${check.source}\` → \`${check.target}\`: \`${result.lineText(check.file, check.line).slice(0, 140)}\``,
    );
  }
  lines.push("", "### Missed sites by form", "", ...missesByForm(result, 3), "");
  lines.push(
    "### Sites with an edge from a container, by form",
    "",
    ...missesByForm(result, 2, "edge from a container"),
    "",
  );
  lines.push("### Sites with an edge at another line, by form", "", ...missesByForm(result, 2, "edge, other line"), "");
  const byTarget = new Map<string, number>();
  for (const site of result.sites)
    if (site.verdict === "missing")
      byTarget.set(
        `\`${site.target.key}\` (${site.targetKind})`,
        (byTarget.get(`\`${site.target.key}\` (${site.targetKind})`) ?? 0) + 1,
      );
  lines.push(
    "### Nodes with the most missed sites",
    "",
    ...[...byTarget]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([target, misses]) => `- ${misses} × ${target}`),
    "",
  );
  if (result.unplaced.length > 0) {
    lines.push(
      "### Nodes not placed on a declaration",
      "",
      ...result.unplaced.slice(0, top).map((node) => `- \`${node.key}\` (${node.kind}, line ${node.nameLine})`),
      "",
    );
  }
  return lines;
}

/**
 * The counted sites one oracle run lists and the other does not (the one-pass engine against find-references),
 * by form, with examples.
 */
export function engineDifferences(symbols: OracleResult, findReferences: OracleResult, perForm: number): string[] {
  const keyOf = (site: ReferenceSite): string => `${site.target.key}|${site.file}:${site.line}`;
  const lines: string[] = [];
  const side = (title: string, from: OracleResult, other: OracleResult): void => {
    const keys = new Set(other.sites.map(keyOf));
    const only = from.sites.filter((site) => !keys.has(keyOf(site)));
    lines.push(`${title}: ${count(only.length)} of ${count(from.sites.length)}`, "");
    const byForm = groupBy(only, (site) => site.form);
    for (const [form, sites] of [...byForm].sort((a, b) => b[1].length - a[1].length)) {
      lines.push(
        `- **${form}**: ${count(sites.length)}`,
        ...examples(sites, perForm).map((site) => `  - ${describeSite(site, from)}`),
      );
    }
    lines.push("");
  };
  side("Sites find-references lists and the one-pass engine does not", findReferences, symbols);
  side("Sites the one-pass engine lists and find-references does not", symbols, findReferences);
  return lines;
}

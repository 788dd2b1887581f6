import type { GroundTruth } from "./call-hierarchy.js";
import { DELIBERATE_RULES, type CorpusScore } from "./score-corpus.js";
import type { CallTriple, Comparison, Scores } from "./triples.js";

function percent(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

function row(name: string, s: Scores): string {
  return `| ${name} | ${s.truth} | ${s.graph} | ${s.matched} | ${percent(s.precision)} | ${percent(s.recall)} | ${percent(s.f1)} |`;
}

const HEADER = [
  "| sites | compiler | ts-graph | both | precision | recall | F1 |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
];

function table(title: string, comparison: Comparison, perCategory = true): string[] {
  return [
    ...HEADER,
    row(`**${title}**`, comparison.overall),
    ...(perCategory ? [...comparison.byCategory].map(([name, s]) => row(name, s)) : []),
  ];
}

/** `12 × f()` for the most frequent keys. */
function counts(triples: readonly CallTriple[], keyOf: (triple: CallTriple) => string, top: number): string[] {
  const found = new Map<string, number>();
  for (const triple of triples) found.set(keyOf(triple), (found.get(keyOf(triple)) ?? 0) + 1);
  return [...found]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, count]) => `- ${count} × ${key}`);
}

/** The printed report of one corpus: the figures of callers' answers first, then the rest. */
export function accuracyReport(corpus: string, score: CorpusScore, truth: GroundTruth, top: number): string[] {
  const form = (triple: CallTriple): string => score.categorize(triple).form;
  const describe = (triple: CallTriple): string => {
    const category = score.categorize(triple);
    return `- \`${triple.callerFile}:${triple.line}\` in \`${triple.caller ?? triple.callerFile}\` → \`${triple.calleeName}\` (${triple.callee}) [${[category.form, ...category.labels].join(", ")}]: \`${truth.lineText(triple.callerFile, triple.line).slice(0, 120)}\``;
  };
  const misses = (title: string, comparison: Comparison): string[] => [
    `### ${title}: false negatives by form (${comparison.falseNegatives.length} in all)`,
    "",
    ...counts(comparison.falseNegatives, form, top),
    "",
    `### ${title}: false positives by form (${comparison.falsePositives.length} in all)`,
    "",
    ...counts(comparison.falsePositives, form, top),
    "",
    `### ${title}: callees with the most false negatives`,
    "",
    ...counts(comparison.falseNegatives, (triple) => `\`${triple.calleeName}\` (${triple.callee})`, top),
    "",
    `### ${title}: callees with the most false positives`,
    "",
    ...counts(comparison.falsePositives, (triple) => `\`${triple.calleeName}\` (${triple.callee})`, top),
    "",
    `### ${title}: top false negatives`,
    "",
    ...comparison.falseNegatives.slice(0, top).map(describe),
    "",
    `### ${title}: top false positives`,
    "",
    ...comparison.falsePositives.slice(0, top).map(describe),
    "",
  ];
  const lines: string[] = [`## ${corpus}`, ""];
  lines.push(
    `What \`callers <item> --depth 1\` answers (default dispatch \`up\`, tests included, no budget) for the ${score.itemNodes} ts-graph nodes of the ` +
      `compiler's ${score.items} call hierarchy items, site by site (callee, caller, line), against the compiler's incoming calls:`,
    "",
  );
  lines.push(...table("callers' answers", score.headline), "");
  lines.push(
    "Per caller kind (the caller item by the compiler's rule):",
    "",
    ...table("callers' answers", score.byCallerKind),
    "",
  );
  lines.push(
    "Deliberate differences, each decided by a structural rule (docs/accuracy.md), not in the table above:",
    "",
  );
  lines.push("| rule | compiler | ts-graph | both |", "| --- | ---: | ---: | ---: |");
  for (const { rule, comparison } of score.deliberate) {
    lines.push(
      `| ${rule}: ${DELIBERATE_RULES[rule]} | ${comparison.overall.truth} | ${comparison.overall.graph} | ${comparison.overall.matched} |`,
    );
  }
  lines.push("");
  lines.push(
    `Calls of declarations that are not call hierarchy items (${score.nonItems.nodes} nodes asked), against go-to-definition at every call site:`,
    "",
    ...table("callers' answers for non-items", score.nonItems.comparison),
    "",
    ...table("per caller kind", score.nonItems.byCallerKind),
    "",
    `Not in that table: ${score.nonItems.dispatch.sites} sites listed through dispatch (go-to-definition lands on the member the call names for ` +
      `${score.nonItems.dispatch.confirmed} of them), ${score.nonItems.notCalls} references and \`super(...)\` calls, where go-to-definition is not asked, and the calls on a ` +
      `union-typed receiver, where go-to-definition lands on one member's declaration and ts-graph lists each member's ` +
      `(compiler ${score.nonItems.unionReceiver.truth}, ts-graph ${score.nonItems.unionReceiver.graph}, both ${score.nonItems.unionReceiver.matched}).`,
    "",
  );
  lines.push(
    "Diagnostic: the stored edges (CALLS, INSTANTIATES, RENDERS) without the query code, alone and expanded through OVERRIDES by the bench " +
      "(every related member, the compiler's rule), against the same sites (forms `x.f`, `f` and `super()` left out):",
    "",
    ...HEADER,
    row("stored edges", score.stored.edges.overall),
    row("stored edges, expanded by the bench", score.stored.expanded.overall),
    "",
  );
  lines.push(
    `Caller nodes whose declaration the bench did not find in the source: ${score.unmappedCallers}. ` +
      `False negatives whose callee has no ts-graph node: ${score.calleeWithoutNode} of ${score.headline.falseNegatives.length}.`,
    "",
  );
  lines.push(...misses("callers' answers", score.headline), ...misses("non-items", score.nonItems.comparison));
  return lines;
}

/**
 * Call-graph accuracy: ts-graph's call-like edges against TypeScript's own call hierarchy.
 *
 *   npm run bench:accuracy [-- --corpus effect@3.22.4,zod@3.25.76,rxjs@7.8.2] [--top 15]
 *
 * Per corpus: fetch it (bench/corpus.ts), index it with dist/cli.js into a temporary database, build the
 * ground truth with the language service, and print precision, recall and F1, overall and per call-site
 * category, and the top false negatives and false positives with their source lines. Figures only; no
 * assertion. See docs/accuracy.md for what the compiler counts and where ts-graph deliberately differs.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseCorpusSpec, prepareCorpus } from "../corpus.js";
import { REPO_ROOT, log } from "../measure.js";
import { buildGroundTruth } from "./call-hierarchy.js";
import { CALL_LIKE_EDGE_KINDS, graphTriples } from "./graph-calls.js";
import { compareTriples, tripleKey, type CallTriple, type Scores } from "./triples.js";

const DEFAULT_CORPORA = ["effect@3.22.4", "zod@3.25.76", "rxjs@7.8.2"];

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

function row(name: string, s: Scores): string {
  return `| ${name} | ${s.truth} | ${s.graph} | ${s.matched} | ${percent(s.precision)} | ${percent(s.recall)} | ${percent(s.f1)} |`;
}

async function main(): Promise<void> {
  const corpora = (argument("--corpus") ?? DEFAULT_CORPORA.join(",")).split(",").map((id) => parseCorpusSpec(id.trim()));
  const top = Number(argument("--top") ?? 15);
  const cli = path.join(REPO_ROOT, "dist", "cli.js");
  if (!fs.existsSync(cli)) throw new Error("dist/cli.js is missing: run npm run build first");
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-accuracy-"));
  try {
    for (const spec of corpora) {
      const corpus = await prepareCorpus(spec, { tmpDir, timeoutMs: 600_000, probeExactOptional: true });
      const dbPath = path.join(tmpDir, `${spec.dirName}.db`);
      log(`${spec.id}: indexing with ts-graph ...`);
      execFileSync(process.execPath, [cli, "index", corpus.dir, "--tsconfig", corpus.tsconfigPath, "--db", dbPath, "--force", "--quiet"], { stdio: "inherit" });
      log(`${spec.id}: building the call hierarchy ground truth ...`);
      const truth = buildGroundTruth(corpus.dir, corpus.tsconfigPath);
      log(`${spec.id}: ${truth.items} call hierarchy items, ${truth.triples.length} incoming call sites, ${(truth.ms / 1000).toFixed(1)} s`);
      const graph = graphTriples(dbPath, CALL_LIKE_EDGE_KINDS);
      const comparison = compareTriples(truth.triples, graph, truth.categorize);
      const truthKeys = new Set(truth.triples.map(tripleKey));
      const references = graphTriples(dbPath, ["REFERENCES"]);
      const referencesCounted = new Set(references.filter((triple) => truthKeys.has(tripleKey(triple))).map(tripleKey)).size;

      const lines: string[] = [];
      lines.push(`## ${spec.id}`, "");
      lines.push("| sites | compiler | ts-graph | both | precision | recall | F1 |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
      lines.push(row("**all** (CALLS + INSTANTIATES + RENDERS)", comparison.overall));
      for (const [name, s] of comparison.byCategory) lines.push(row(name, s));
      lines.push("");
      lines.push(`ts-graph REFERENCES edges at sites the compiler counts as calls: ${referencesCounted} (of ${new Set(references.map(tripleKey)).size} reference sites; not in the table above).`, "");
      const describe = (triple: CallTriple): string => {
        const category = truth.categorize(triple);
        return `- \`${triple.callerFile}:${triple.line}\` → \`${triple.calleeName}\` (${triple.callee}) [${[category.form, ...category.labels].join(", ")}]: \`${truth.lineText(triple.callerFile, triple.line).slice(0, 120)}\``;
      };
      lines.push(`### Top false negatives (${comparison.falseNegatives.length} in all)`, "", ...comparison.falseNegatives.slice(0, top).map(describe), "");
      lines.push(`### Top false positives (${comparison.falsePositives.length} in all)`, "", ...comparison.falsePositives.slice(0, top).map(describe), "");
      process.stdout.write(`${lines.join("\n")}\n`);
    }
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

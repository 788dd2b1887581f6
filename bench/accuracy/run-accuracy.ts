/**
 * Call-graph accuracy: what ts-graph's `callers` answers, against TypeScript's own call hierarchy.
 *
 *   npm run bench:accuracy [-- --corpus effect@3.22.4,zod@3.25.76,rxjs@7.8.2] [--top 15] [--reuse-truth]
 *
 * --db FILE compares an existing index of the corpus instead of indexing it (one corpus at a time).
 * --no-references skips the reference oracle (bench/accuracy/run-references.ts) that follows each corpus's report.
 * --reuse-truth reads the compiler's answers saved by an earlier run of the same corpus and TypeScript
 * version (next to the corpus, in .accuracy-cache/) instead of asking the language service again.
 *
 * Per corpus: fetch it (bench/corpus.ts), index it with dist/cli.js into a temporary database, build the
 * compiler's answers (call hierarchy, go-to-definition), ask `callers` (the query code of the CLI and MCP
 * tool, in this process) about every callee, and print precision, recall and F1 of its answers, overall,
 * per call-site form and per caller kind; the deliberate differences on rows of their own; the calls of
 * non-items against go-to-definition; the stored edges as a diagnostic; the top misses with their source
 * lines. Figures only; no assertion. docs/accuracy.md says what the compiler counts and why ts-graph differs.
 */
import * as path from "node:path";
import { log } from "../measure.js";
import { argument, forEachIndexedCorpus } from "./indexed-corpus.js";
import { accuracyReport } from "./report.js";
import { referenceCompleteness } from "./run-references.js";
import { scoreCorpus } from "./score-corpus.js";
import { loadCorpusTruth } from "./truth-cache.js";

const DEFAULT_CORPORA = ["effect@3.22.4", "zod@3.25.76", "rxjs@7.8.2"];

async function main(): Promise<void> {
  const top = Number(argument("--top") ?? 15);
  await forEachIndexedCorpus(DEFAULT_CORPORA, (corpus, dbPath) => {
    const { spec } = corpus;
    log(`${spec.id}: the compiler's answers (call hierarchy, go-to-definition) ...`);
    const cacheDir = path.join(path.dirname(corpus.dir), ".accuracy-cache");
    const startedAt = performance.now();
    const { truth, definitions, reused } = loadCorpusTruth(
      corpus.dir,
      corpus.tsconfigPath,
      cacheDir,
      spec.dirName,
      process.argv.includes("--reuse-truth"),
    );
    const cached = [reused.hierarchy ? "call hierarchy" : "", reused.definitions ? "go-to-definition" : ""]
      .filter(Boolean)
      .join(" and ");
    log(
      `${spec.id}: ${truth.items} call hierarchy items, ${truth.triples.length} incoming call sites, ${definitions.length} call sites with a definition, ` +
        `${((performance.now() - startedAt) / 1000).toFixed(1)} s${cached === "" ? "" : ` (${cached} from the cache)`}`,
    );
    log(`${spec.id}: asking callers about every callee ...`);
    const score = scoreCorpus(dbPath, truth, definitions, (message) => log(`${spec.id}: ${message}`));
    process.stdout.write(`${accuracyReport(spec.id, score, truth, top).join("\n")}\n`);
    // Reference completeness (docs/accuracy.md): every use find-references lists must be an edge.
    if (!process.argv.includes("--no-references")) process.stdout.write(referenceCompleteness(corpus, dbPath, top));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

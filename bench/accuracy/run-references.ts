/**
 * Reference completeness: every use find-all-references lists must be an edge of the graph.
 *
 *   npm run bench:references [-- --corpus zod@3.25.76,rxjs@7.8.2,effect@3.22.4] [--top 15] [--db FILE]
 *                            [--find-references | --validate]
 *
 * Per corpus: fetch it (bench/corpus.ts), index it with dist/cli.js (or read --db, one corpus at a time), list
 * every node's uses in one pass over every name (reference-symbols.ts), and print recall per node kind, per
 * site family and per site form, REFERENCES precision and the missed sites. --find-references asks the
 * language service's find-references at every node instead (answers cached in .bench-corpora/.accuracy-cache/,
 * so a rerun only asks at new nodes; slow on a large corpus); --validate runs both and lists the sites they
 * differ on. Figures only; no assertion. `npm run bench:accuracy` runs the same after its call report.
 */
import * as path from "node:path";
import ts from "typescript-6";
import type { PreparedCorpus } from "../corpus.js";
import { log } from "../measure.js";
import { forEachIndexedCorpus } from "./indexed-corpus.js";
import { readAnswers, runReferenceOracle, writeAnswers, type OracleResult } from "./reference-oracle.js";
import { engineDifferences, referenceReport } from "./reference-report.js";

const DEFAULT_CORPORA = ["zod@3.25.76", "rxjs@7.8.2", "effect@3.22.4"];

/** The oracle asking find-references node by node; its answers are cached next to the corpus. */
function findReferencesOracle(corpus: PreparedCorpus, dbPath: string): OracleResult {
  const cacheFile = path.join(
    path.dirname(corpus.dir),
    ".accuracy-cache",
    `${corpus.spec.dirName}-ts${ts.version}-references.json`,
  );
  const answers = readAnswers(cacheFile);
  log(`${corpus.spec.id}: reference oracle asking find-references (${answers.size} answers cached) ...`);
  const result = runReferenceOracle({
    root: corpus.dir,
    tsconfigPath: corpus.tsconfigPath,
    dbPath,
    findReferences: answers,
    log: (message) => log(`${corpus.spec.id}: ${message}`),
    checkpoint: () => writeAnswers(cacheFile, answers),
  });
  writeAnswers(cacheFile, answers);
  return result;
}

/**
 * Runs the oracle on an indexed corpus and returns its report: by default with the one-pass engine; with
 * --find-references asking find-references at every node; with --validate both, and the sites they differ on.
 */
export function referenceCompleteness(corpus: PreparedCorpus, dbPath: string, top: number): string {
  const validate = process.argv.includes("--validate");
  if (process.argv.includes("--find-references") && !validate)
    return `${referenceReport(corpus.spec.id, findReferencesOracle(corpus, dbPath), top).join("\n")}\n`;
  log(`${corpus.spec.id}: reference oracle ...`);
  const result = runReferenceOracle({ root: corpus.dir, tsconfigPath: corpus.tsconfigPath, dbPath });
  const lines = referenceReport(corpus.spec.id, result, top);
  if (validate)
    lines.push(
      `### ${corpus.spec.id}: one pass against find-references`,
      "",
      ...engineDifferences(result, findReferencesOracle(corpus, dbPath), 3),
    );
  return `${lines.join("\n")}\n`;
}

async function main(): Promise<void> {
  const at = process.argv.indexOf("--top");
  const top = at < 0 ? 15 : Number(process.argv[at + 1]);
  await forEachIndexedCorpus(DEFAULT_CORPORA, (corpus, dbPath) =>
    process.stdout.write(referenceCompleteness(corpus, dbPath, top)),
  );
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}

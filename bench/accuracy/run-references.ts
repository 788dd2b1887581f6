/**
 * Reference completeness: every use find-all-references lists must be an edge of the graph.
 *
 *   npm run bench:references [-- --corpus zod@3.25.76,rxjs@7.8.2,effect@3.22.4] [--top 15] [--db FILE]
 *                            [--find-references | --validate]
 *
 * Per corpus: fetch it (bench/corpus.ts), index it with dist/cli.js (or read --db, one corpus at a time), ask
 * the language service find-references at every node (answers cached in .bench-corpora/.accuracy-cache/, so a
 * rerun only asks at new nodes), and print recall per node kind and per site form, REFERENCES precision and
 * the missed sites. Figures only; no assertion. `npm run bench:accuracy` runs the same after its call report.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import ts from "typescript";
import { parseCorpusSpec, prepareCorpus, type PreparedCorpus } from "../corpus.js";
import { REPO_ROOT, log } from "../measure.js";
import { readAnswers, runReferenceOracle, writeAnswers, type OracleResult } from "./reference-oracle.js";
import { engineDifferences, referenceReport } from "./reference-report.js";

const DEFAULT_CORPORA = ["zod@3.25.76", "rxjs@7.8.2", "effect@3.22.4"];

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
}

/** The oracle asking find-references node by node; its answers are cached next to the corpus. */
function findReferencesOracle(corpus: PreparedCorpus, dbPath: string): OracleResult {
  const cacheFile = path.join(path.dirname(corpus.dir), ".accuracy-cache", `${corpus.spec.dirName}-ts${ts.version}-references.json`);
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
  if (process.argv.includes("--find-references") && !validate) return `${referenceReport(corpus.spec.id, findReferencesOracle(corpus, dbPath), top).join("\n")}\n`;
  log(`${corpus.spec.id}: reference oracle ...`);
  const result = runReferenceOracle({ root: corpus.dir, tsconfigPath: corpus.tsconfigPath, dbPath });
  const lines = referenceReport(corpus.spec.id, result, top);
  if (validate) lines.push(`### ${corpus.spec.id}: one pass against find-references`, "", ...engineDifferences(result, findReferencesOracle(corpus, dbPath), 3));
  return `${lines.join("\n")}\n`;
}

async function main(): Promise<void> {
  const corpora = (argument("--corpus") ?? DEFAULT_CORPORA.join(",")).split(",").map((id) => parseCorpusSpec(id.trim()));
  const top = Number(argument("--top") ?? 15);
  const cli = path.join(REPO_ROOT, "dist", "cli.js");
  if (!fs.existsSync(cli)) throw new Error("dist/cli.js is missing: run npm run build first");
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-references-"));
  try {
    for (const spec of corpora) {
      const corpus = await prepareCorpus(spec, { tmpDir, timeoutMs: 600_000, probeExactOptional: true });
      const givenDb = argument("--db");
      const dbPath = givenDb === undefined ? path.join(tmpDir, `${spec.dirName}.db`) : path.resolve(givenDb);
      if (givenDb === undefined) {
        log(`${spec.id}: indexing with ts-graph ...`);
        execFileSync(process.execPath, [cli, "index", corpus.dir, "--tsconfig", corpus.tsconfigPath, "--db", dbPath, "--force", "--quiet"], { stdio: "inherit" });
      }
      process.stdout.write(referenceCompleteness(corpus, dbPath, top));
    }
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}

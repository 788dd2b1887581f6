/**
 * Co-change prediction and ingestion speed on real histories (issue 14):
 *
 *   npm run bench:cochange [-- --history hono|zod|all] [--min-support 1] [--half-life 180]
 *
 * - hono: ../shared/corpora/hono-history.txt, the `git log --no-merges -M --name-status` of a web framework
 *   (2,704 commits), parsed as printed;
 * - zod: ../shared/corpora/zod-history.bundle, cloned into .bench-corpora/ and read with the same git log
 *   command ts-graph runs.
 * The history goes into an in-memory SQLite database through the history store; the prediction is scored on
 * the cochange query's answers (bench/cochange/prediction.ts). Figures only; no assertion.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createHistoryStore } from "../src/history/history-store.js";
import { NAME_STATUS_LOG_ARGS, parseNameStatusLog, type HistoryCommit } from "../src/history/name-status-log.js";
import { CORPORA_DIR } from "./corpus.js";
import { REPO_ROOT, log } from "./measure.js";
import { evaluatePrediction, type PredictionScores } from "./cochange/prediction.js";

const SHARED_CORPORA = path.join(REPO_ROOT, "..", "shared", "corpora");
const TYPESCRIPT_SOURCE = /\.(?:ts|tsx|mts|cts)$/;

/** What the indexed set would hold: TypeScript sources, not declaration files. */
function isTypeScriptSource(file: string): boolean {
  return TYPESCRIPT_SOURCE.test(file) && !file.endsWith(".d.ts");
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
}

function readHistory(name: string): string {
  if (name === "hono") return fs.readFileSync(path.join(SHARED_CORPORA, "hono-history.txt"), "utf8");
  const clone = path.join(CORPORA_DIR, "zod-history");
  if (!fs.existsSync(path.join(clone, ".git"))) {
    fs.mkdirSync(CORPORA_DIR, { recursive: true });
    execFileSync("git", ["clone", "--quiet", path.join(SHARED_CORPORA, "zod-history.bundle"), clone], { stdio: "inherit" });
  }
  const started = performance.now();
  const text = execFileSync("git", ["-C", clone, "-c", "core.quotePath=false", ...NAME_STATUS_LOG_ARGS], { encoding: "utf8", maxBuffer: 1 << 28 });
  log(`zod: git log in ${(performance.now() - started).toFixed(0)} ms`);
  return text;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

function row(label: string, scores: PredictionScores): string {
  return `| ${label} | ${scores.testCommits} | ${scores.queries} | ${scores.withoutHistory} | ${percent(scores.hitAt[1])} | ${percent(scores.hitAt[3])} | ${percent(scores.hitAt[10])} | ${percent(scores.recallAt10)} | ${percent(scores.precisionAt10)} |`;
}

function main(): void {
  const which = argument("--history") ?? "all";
  const names = which === "all" ? ["hono", "zod"] : [which];
  const halfLifeDays = Number(argument("--half-life") ?? 180);
  for (const name of names) {
    const text = readHistory(name);
    let started = performance.now();
    const commits: HistoryCommit[] = parseNameStatusLog(text).reverse();
    const parseMs = performance.now() - started;
    const db = new Database(":memory:");
    started = performance.now();
    const store = createHistoryStore(db);
    store.addCommits(commits);
    const storeMs = performance.now() - started;
    const files = db.prepare("SELECT count(*) FROM history_files").pluck().get() as number;
    log(`${name}: ${commits.length} commits, ${files} files (renames followed); parsed in ${parseMs.toFixed(0)} ms, stored in ${storeMs.toFixed(0)} ms`);

    const lines = [
      `## ${name}: ${commits.length} commits, file level`,
      "",
      "Test commits: the last 10 % of the history that change 2 or more TypeScript sources and at most 30 files; each changed file in turn is the query.",
      "",
      "| ranking | test commits | queries | no history | top-1 hit | top-3 hit | top-10 hit | recall@10 | precision@10 |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ];
    for (const minSupport of [1, 2]) {
      started = performance.now();
      const scores = evaluatePrediction(db, { testShare: 0.1, maxFilesPerCommit: 30, minSupport, halfLifeDays, counts: isTypeScriptSource });
      const ms = performance.now() - started;
      lines.push(row(`confidence, min support ${minSupport}`, scores));
      log(`${name}: min support ${minSupport}: ${scores.queries} queries in ${ms.toFixed(0)} ms (${(ms / Math.max(1, scores.queries)).toFixed(2)} ms a query)`);
    }
    process.stdout.write(`${lines.join("\n")}\n\n`);
    db.close();
  }
}

main();

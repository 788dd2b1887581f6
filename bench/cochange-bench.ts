/**
 * Co-change prediction and ingestion speed on real histories (issue 14):
 *
 *   npm run bench:cochange [-- --history hono|zod|all] [--repository DIR] [--test-share 0.1] [--validation] [--half-life 180] [--keep-db DIR]
 *
 * - hono: ../shared/corpora/hono-history.txt, the `git log --no-merges -M --name-status` of a web framework
 *   (2,704 commits), parsed as printed;
 * - zod: ../shared/corpora/zod-history.bundle, cloned into .bench-corpora/ and read the way ts-graph reads a
 *   repository (src/history/ingest-history.ts), symbol level included: all but the last 10 commits, then
 *   those 10 as an incremental update;
 * - --repository DIR: any git repository instead (a second history with patches, e.g. ts-graph's own), read whole
 *   the way ts-graph reads it, symbol level included; `--test-share` widens the test commits of a short history.
 * - --validation: the test commits are the part of the history before the last `--test-share` (80 % to 90 % by
 *   default), to tune a ranking on before the last part is looked at.
 * The history goes into an in-memory SQLite database through the history store; the prediction is scored on
 * the cochange query's answers (bench/cochange/prediction.ts). Figures only; no assertion.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createHistoryStore } from "../src/history/history-store.js";
import { ingestHistory, type HistoryIngestion } from "../src/history/ingest-history.js";
import { parseNameStatusLog, type HistoryCommit } from "../src/history/name-status-log.js";
import { isTypeScriptSource } from "../src/history/refresh-history.js";
import { cochanged, defaultMinSupport, type CochangeLevel } from "../src/tools/scoring/cochange-scores.js";
import { CORPORA_DIR } from "./corpus.js";
import { REPO_ROOT, log } from "./measure.js";
import { argument } from "./accuracy/indexed-corpus.js";
import { evaluatePrediction, type PredictionScores } from "./cochange/prediction.js";
import { summarize } from "./stats.js";

/** ../shared/corpora from the repository, or from a worktree one level deeper (…/wt/<name>). */
const SHARED_CORPORA =
  [path.join(REPO_ROOT, "..", "shared", "corpora"), path.join(REPO_ROOT, "..", "..", "shared", "corpora")].find((dir) =>
    fs.existsSync(dir),
  ) ?? path.join(REPO_ROOT, "..", "shared", "corpora");

/** The zod clone, checked out at its original head (the bench moves a branch of its own). */
function zodClone(): string {
  const clone = path.join(CORPORA_DIR, "zod-history");
  if (!fs.existsSync(path.join(clone, ".git"))) {
    fs.mkdirSync(CORPORA_DIR, { recursive: true });
    execFileSync("git", ["clone", "--quiet", path.join(SHARED_CORPORA, "zod-history.bundle"), clone], {
      stdio: "inherit",
    });
  }
  return clone;
}

function git(cwd: string, args: readonly string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", maxBuffer: 1 << 28 }).trim();
}

/** Hono's history as the file prints it, into the store (file level: the file has no patches). */
function honoHistory(db: Database.Database): void {
  const text = fs.readFileSync(path.join(SHARED_CORPORA, "hono-history.txt"), "utf8");
  const started = performance.now();
  const commits: HistoryCommit[] = parseNameStatusLog(text).reverse();
  // The newest commit stands for the head the history was read up to.
  createHistoryStore(db).addCommits(commits, commits.at(-1)?.id ?? "");
  log(`hono: ${commits.length} commits parsed and stored in ${(performance.now() - started).toFixed(0)} ms`);
}

/** Reads a corpus's history into db; the speed table's rows (hono's history is not timed). */
function readHistory(name: string, db: Database.Database): string[] {
  if (name !== "hono") return zodHistory(db);
  honoHistory(db);
  return [];
}

/** Zod's history through ingestHistory, as ts-graph reads it: all but the last 10 commits, then those 10. */
function zodHistory(db: Database.Database): string[] {
  const clone = zodClone();
  const head = git(clone, ["rev-parse", "origin/HEAD"]);
  const options = { symbols: true, isSource: isTypeScriptSource };
  git(clone, ["checkout", "--quiet", "-B", "bench-cochange", `${head}~10`]);
  let started = performance.now();
  const cpuBefore = process.cpuUsage();
  const full = ingestHistory(db, clone, options);
  const fullMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const fullCpuS = (cpu.user + cpu.system) / 1e6;
  git(clone, ["checkout", "--quiet", "-B", "bench-cochange", head]);
  started = performance.now();
  const incremental = ingestHistory(db, clone, options);
  const incrementalMs = performance.now() - started;
  const describe = (result: HistoryIngestion): string =>
    result.status === "unavailable"
      ? result.why
      : `${result.added} commits, ${result.versionsParsed} file versions parsed`;
  return [
    `| full ingestion, symbol level (target ≤ 30 s) | ${(fullMs / 1000).toFixed(2)} s (${fullCpuS.toFixed(1)} s CPU in ts-graph's process, git's not counted) | ${describe(full)} |`,
    `| incremental ingestion of 10 new commits (target ≤ 1 s) | ${(incrementalMs / 1000).toFixed(2)} s | ${describe(incremental)} |`,
  ];
}

/** Any repository's history through ingestHistory, read whole, symbol level included. */
function repositoryHistory(db: Database.Database, repository: string): string[] {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = ingestHistory(db, repository, { symbols: true, isSource: isTypeScriptSource });
  const cpu = process.cpuUsage(cpuBefore);
  const read =
    result.status === "unavailable"
      ? result.why
      : `${result.added} commits, ${result.versionsParsed} file versions parsed`;
  return [
    `| full ingestion, symbol level | ${((performance.now() - started) / 1000).toFixed(2)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU) | ${read} |`,
  ];
}

/**
 * Query times over about 200 entities. At symbol level as the tool asks, with the declaration's file (its
 * back-off and the file-level blend), and without the blend in turn, so that the two see the same load.
 */
function queryTimes(db: Database.Database, level: CochangeLevel): string[] {
  const table = level === "file" ? "history_files" : "history_symbols";
  const ids = db.prepare(`SELECT id FROM ${table} ORDER BY id`).pluck().all() as number[];
  const picked = ids.filter((_, index) => index % Math.max(1, Math.floor(ids.length / 200)) === 0);
  const now = db.prepare("SELECT max(time) FROM history_commits").pluck().get() as number;
  const fileOf = db.prepare(
    "SELECT s.file AS file, f.path AS path, s.name AS name FROM history_symbols s JOIN history_files f ON f.id = s.file WHERE s.id = ?",
  );
  const blends = level === "symbol" ? [undefined, 0] : [undefined];
  const times = blends.map((): number[] => []);
  for (const id of picked) {
    const file = level === "symbol" ? (fileOf.get(id) as { file: number; path: string; name: string }) : undefined;
    for (const [index, fileBlend] of blends.entries()) {
      const started = performance.now();
      cochanged(db, {
        id,
        level,
        maxFilesPerCommit: 30,
        minSupport: 1,
        now,
        halfLifeDays: 180,
        includeDeleted: false,
        fileOfSymbol: file?.file,
        path: file?.path,
        fileBlend,
        name: file?.name,
      });
      times[index]?.push(performance.now() - started);
    }
  }
  return times.map((series, index) => {
    const summary = summarize(series);
    const what = index === 0 ? "" : ", without the file-level blend";
    return `| query, ${level} level${what}, ${picked.length} ${level}s (target p50 ≤ 20 ms) | p50 ${summary?.p50.toFixed(2)} ms, p95 ${summary?.p95.toFixed(2)} ms | |`;
  });
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

/** The ceiling of a test set: a perfect ranking, which can only name what an earlier commit changed. */
function ceilingRow(label: string, scores: PredictionScores): string {
  const { hit, recallAt10 } = scores.ceiling;
  return `| ${label}: ceiling, a perfect ranking of the history | ${scores.testCommits} | ${scores.queries} | ${scores.withoutHistory} | ${percent(hit)} | ${percent(hit)} | ${percent(hit)} | ${percent(recallAt10)} | | | 100.0 % |`;
}

function row(label: string, scores: PredictionScores): string {
  return `| ${label} | ${scores.testCommits} | ${scores.queries} | ${scores.withoutHistory} | ${percent(scores.hitAt[1])} | ${percent(scores.hitAt[3])} | ${percent(scores.hitAt[10])} | ${percent(scores.recallAt10)} | ${percent(scores.precisionAt10)} | ${percent(scores.withHistory.hitAt3)} / ${percent(scores.withHistory.recallAt10)} | ${percent(scores.recallAt10OfExisting)} |`;
}

/** The rankings compared: the first is the cochange tool's ranking, the second the list it answers with by default. */
const VARIANTS = [
  {
    label:
      "the tool (recency- and size-weighted confidence, back-off, symbols blended with their files and named alike)",
    rank: "recent",
    minSupport: 1,
    fileFallback: true,
  },
  {
    label: "the tool's default list (at least 2 shared commits once the target has 3)",
    rank: "recent",
    minSupport: 1,
    fileFallback: true,
    listed: defaultMinSupport,
  },
  {
    label: "the tool, at least 2 shared commits once the target has 5",
    rank: "recent",
    minSupport: 1,
    fileFallback: true,
    listed: (commits: number) => (commits >= 5 ? 2 : 1),
  },
  { label: "the tool, at least 2 shared commits always", rank: "recent", minSupport: 2, fileFallback: true },
  { label: "the tool without name likeness", rank: "recent", minSupport: 1, fileFallback: true, nameWeight: 0 },
  {
    label: "the tool without name likeness and the file-level blend",
    rank: "recent",
    minSupport: 1,
    fileFallback: true,
    fileBlend: 0,
    nameWeight: 0,
  },
  {
    label: "recency- and size-weighted confidence, no back-off",
    rank: "recent",
    minSupport: 1,
    fileFallback: false,
    nameWeight: 0,
  },
  { label: "confidence (ROSE)", rank: "confidence", minSupport: 1, fileFallback: false },
  { label: "confidence, min support 2", rank: "confidence", minSupport: 2, fileFallback: false },
] as const;

function main(): void {
  const which = argument("--history") ?? "all";
  const repository = argument("--repository");
  const names =
    repository !== undefined ? [path.basename(path.resolve(repository))] : which === "all" ? ["hono", "zod"] : [which];
  const halfLifeDays = Number(argument("--half-life") ?? 180);
  const testShare = Number(argument("--test-share") ?? 0.1);
  const testOffset = process.argv.includes("--validation") ? testShare : 0;
  const part =
    testOffset > 0
      ? `the ${(testShare * 100).toFixed(0)} % of the history before its last ${(testShare * 100).toFixed(0)} % (validation)`
      : `the last ${(testShare * 100).toFixed(0)} % of the history`;
  for (const name of names) {
    // --keep-db DIR: the history read once into DIR/<name>-history.db and reused by later runs (ranking only).
    const keep = argument("--keep-db");
    const file = keep === undefined ? ":memory:" : path.join(keep, `${name}-history.db`);
    const reused = file !== ":memory:" && fs.existsSync(file);
    const db = new Database(file);
    const speed = reused
      ? ["| ingestion | not measured: history reused from --keep-db | |"]
      : repository !== undefined
        ? repositoryHistory(db, repository)
        : readHistory(name, db);
    const counts = (table: string): number => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    const lines = [
      `## ${name}: ${counts("history_commits")} commits, ${counts("history_files")} files (renames followed), ${counts("history_symbols")} declarations`,
      "",
      `Test commits (the issue's): the commits of ${part} that change 2 or more TypeScript sources and at most 30 files (at symbol level, also 2 or more declarations in them); each changed file (declaration) in turn is the query. No history: the query's own entity had no earlier commit (the back-off answers anyway). Recall of existing: over the other entities an earlier commit changed (a declaration the commit creates cannot be named by any history). 'every commit of 2+ declarations': also the commits that change declarations of one file only. 'ROSE's test set': only the test commits that change at most 30 declarations, as ROSE's evaluation did (the history is not filtered). Each test set starts with its ceiling: a perfect ranking of what earlier commits changed (hit rates: a query with any such entity to find). The row after it is the cochange tool's ranking, the headline.`,
      "",
      "| level, ranking | test commits | queries | no history | top-1 hit | top-3 hit | top-10 hit | recall@10 | precision@10 | with history: top-3 / recall@10 | recall@10 of existing |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ];
    const levels: CochangeLevel[] = name === "hono" && repository === undefined ? ["file"] : ["file", "symbol"];
    const common = {
      testShare,
      testOffset,
      maxFilesPerCommit: 30,
      halfLifeDays,
      counts: isTypeScriptSource,
      twoFiles: true,
    };
    for (const level of levels) {
      for (const [index, variant] of VARIANTS.entries()) {
        // The blend and name likeness are symbol-level: at file level those rows would repeat the tool's.
        if (level === "file" && "nameWeight" in variant && variant.fileFallback) continue;
        const scores = evaluatePrediction(db, { level, ...common, ...variant });
        if (index === 0) lines.push(ceilingRow(level, scores));
        lines.push(row(`${level}, ${variant.label}`, scores));
      }
      if (level === "symbol") {
        const every = evaluatePrediction(db, { level, ...common, twoFiles: false, ...VARIANTS[0] });
        lines.push(
          ceilingRow(`${level}, every commit of 2+ declarations`, every),
          row(`${level}, every commit of 2+ declarations, the tool`, every),
        );
        for (const [index, variant] of VARIANTS.slice(0, 8).entries()) {
          const scores = evaluatePrediction(db, { level, ...common, maxTestEntities: 30, ...variant });
          if (index === 0) lines.push(ceilingRow(`${level}, ROSE's test set`, scores));
          lines.push(row(`${level}, ROSE's test set, ${variant.label}`, scores));
        }
      }
    }
    lines.push(
      "",
      "| speed | measured | |",
      "| --- | --- | --- |",
      ...speed,
      ...levels.flatMap((level) => queryTimes(db, level)),
    );
    process.stdout.write(`${lines.join("\n")}\n\n`);
    db.close();
  }
}

main();

/**
 * ts-graph indexing benchmark.
 *
 *   npm run bench [-- --corpus effect@3.22.4,zod@3.25.76] [--edits 20] [--rounds 3] [--baseline-cli OTHER/dist/cli.js]
 *
 * Per corpus (an npm package shipping .ts sources under src/):
 *   1. fetch with `npm pack` into .bench-corpora/, install its runtime deps, write tsconfig.bench.json
 *   2. baseline `tsc --noEmit -p tsconfig.bench.json` (TypeScript from node_modules): wall, peak RSS,
 *      check time, diagnostics by category; warns 'baseline did not type-check' if checking was skipped
 *   3. peak RSS of every measured process via `node --require bench/report-rss.cjs`
 *   4. `ts-graph index --force` (default --jobs), then `--jobs 1` into a database of its own: wall, CPU, peak
 *      RSS, JSON summary, ratios to tsc. Steps 2 and 4 run interleaved, `--rounds` times (tsc, ts-graph,
 *      ts-graph --jobs 1, tsc, …; with `--baseline-cli`, another build's full index into a database of its
 *      own after them): min and median of each, and the ratio of the medians, so that a load change during
 *      the run skews both sides alike. The two graphs are compared table by table, row ids included
 *   5. no-op re-index (median of 3)
 *   6. edits of four kinds re-indexed via the CLI (p50/p95 per kind; bench/bench-edits.ts): append an unused
 *      export, change a function body, change an exported function's signature (one of each in N files
 *      evenly spread), rename a widely used member (--renames members, every file of the rename at once);
 *      one unused file added, then deleted
 *   7. the same edits under `index --watch` (edit -> committedAt latency, p50/p95 per kind)
 *   8. with `ts-graph daemon start` running: `ts-graph index` after each of the same edits (a new process
 *      each, end to end), and N queries with --index on the unchanged tree (bench/daemon-steps.ts)
 *   8. a markdown table on stdout, results JSON in .bench-corpora/results-<timestamp>.json
 *
 * Figures are printed against targets (PASS/MISS) but never asserted. The exit code is
 * non-zero only when something failed or the tsc baseline did not really type-check.
 * Progress goes to stderr, the report to stdout.
 */
import Database from "better-sqlite3";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  CORPORA_DIR,
  DEFAULT_CORPORA,
  KNOWN_CORPORA,
  TSCONFIG_NAME,
  parseCorpusSpec,
  prepareCorpus,
  type CorpusSpec,
  type PreparedCorpus,
} from "./corpus.js";
import { REPO_ROOT, formatCommand, formatKiB, formatMs, log } from "./measure.js";
import { medianRatio, renderCorpus, type CorpusResult, type FullIndexRounds } from "./report.js";
import { TIMED_EDIT_KINDS, timedEditSets, type EditSet, type TimedEditKind } from "./bench-edits.js";
import { runDaemonSteps, type DaemonResult } from "./daemon-steps.js";
import { describeDiagnostics, runTsc, typescriptVersion } from "./tsc.js";
import { dumpGraph } from "../src/test-support/graph-dump.js";
import {
  CLI_JS,
  cliAvailable,
  dbSizeOnDisk,
  killActiveWatcher,
  pickEditFiles,
  restorePendingEdits,
  runAddDelete,
  runCliEdits,
  runIndex,
  runWatch,
  staleBuildWarning,
  type AddDeleteResult,
  type CliEditResult,
  type IndexContext,
  type IndexRun,
  type Scalar,
  type WatchResult,
} from "./tsgraph.js";

interface Options {
  readonly corpora: readonly CorpusSpec[];
  readonly edits: number;
  /** Rename edits (members renamed everywhere) per timing step. */
  readonly renames: number;
  /** The edit kinds timed (default all four). */
  readonly kinds: readonly TimedEditKind[];
  readonly waitTimeoutMs: number;
  readonly probeExactOptional: boolean;
  readonly keepDb: boolean;
  readonly rounds: number;
  /** Another build's dist/cli.js, indexed interleaved with this one (the index-time baseline of a change). */
  readonly baselineCli: string | undefined;
  /** Also index with --jobs 1 in each round (default), beside the default --jobs. */
  readonly jobsOne: boolean;
  /** `--jobs` of the full index instead of its default. */
  readonly jobs: number | undefined;
}

const USAGE = `usage: npm run bench -- [--corpus NAME@VERSION[,NAME@VERSION...]] [--edits N] [--renames N] [--kinds K,…] [--rounds N]
                        [--baseline-cli PATH] [--jobs N] [--no-jobs-one] [--wait-timeout SECONDS] [--no-probe] [--keep-db]
  --corpus        packages to benchmark (default ${DEFAULT_CORPORA.join(",")}; known: ${KNOWN_CORPORA.join(", ")})
  --edits         files edited by each single-file kind (append, body, signature) in the CLI, watch and
                  daemon steps (default 20)
  --renames       members renamed in those steps (default 3)
  --kinds         the edit kinds timed (default ${TIMED_EDIT_KINDS.join(",")})
  --rounds        interleaved rounds of tsc and the full index (default 3)
  --baseline-cli  another build's dist/cli.js: its full index runs in each round too, and the report
                  gives this build's index time against it
  --jobs          --jobs of the full index (default: ts-graph's own default)
  --no-jobs-one   do not run the full index with --jobs 1 beside the default --jobs in each round
  --wait-timeout  max wait for each watch-mode event (default 60)
  --no-probe      do not measure whether exactOptionalPropertyTypes reduces tsc errors (leave it off)
  --keep-db       keep the temporary graph databases`;

function parseArgs(argv: readonly string[]): Options {
  let corpora: string[] = [...DEFAULT_CORPORA];
  let edits = 20;
  let renames = 3;
  let kinds: TimedEditKind[] = [...TIMED_EDIT_KINDS];
  let waitTimeoutMs = 60_000;
  let probeExactOptional = true;
  let jobsOne = true;
  let jobs: number | undefined;
  let keepDb = false;
  let rounds = 3;
  let baselineCli: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case "--corpus":
      case "--corpora":
        corpora = value()
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== "");
        break;
      case "--edits": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 0) throw new Error(`--edits must be a non-negative integer`);
        edits = n;
        break;
      }
      case "--renames": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 0) throw new Error(`--renames must be a non-negative integer`);
        renames = n;
        break;
      }
      case "--kinds": {
        const named = value()
          .split(",")
          .map((k) => k.trim());
        const unknown = named.filter((k) => !(TIMED_EDIT_KINDS as readonly string[]).includes(k));
        if (unknown.length > 0) throw new Error(`--kinds: unknown kind ${unknown.join(", ")}; known: ${TIMED_EDIT_KINDS.join(", ")}`);
        kinds = TIMED_EDIT_KINDS.filter((k) => named.includes(k));
        break;
      }
      case "--wait-timeout": {
        const s = Number(value());
        if (!(s > 0)) throw new Error(`--wait-timeout must be a positive number of seconds`);
        waitTimeoutMs = s * 1000;
        break;
      }
      case "--rounds": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1) throw new Error(`--rounds must be a positive integer`);
        rounds = n;
        break;
      }
      case "--baseline-cli": {
        baselineCli = path.resolve(value());
        if (!fs.existsSync(baselineCli)) throw new Error(`--baseline-cli: ${baselineCli} does not exist (build that checkout first)`);
        break;
      }
      case "--jobs": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1) throw new Error(`--jobs must be a positive integer`);
        jobs = n;
        break;
      }
      case "--no-jobs-one":
        jobsOne = false;
        break;
      case "--no-probe":
        probeExactOptional = false;
        break;
      case "--keep-db":
        keepDb = true;
        break;
      case "--help":
      case "-h":
        process.stdout.write(`${USAGE}\n`);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument '${arg}'\n${USAGE}`);
    }
  }
  if (corpora.length === 0) throw new Error(`--corpus is empty\n${USAGE}`);
  return {
    corpora: corpora.map(parseCorpusSpec),
    edits,
    renames,
    kinds,
    waitTimeoutMs,
    probeExactOptional,
    keepDb,
    rounds,
    baselineCli,
    jobsOne,
    jobs,
  };
}

const FULL_RUN_TIMEOUT_MS = 30 * 60_000;
const EDIT_RUN_TIMEOUT_MS = 5 * 60_000;
const NOOP_RUNS = 3;

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

async function benchCorpus(spec: CorpusSpec, options: Options, tmpRoot: string, harness: string): Promise<CorpusResult> {
  const errors: string[] = [];
  const fail = (step: string, e: unknown): void => {
    const text = `${step}: ${errorText(e)}`;
    errors.push(text);
    log(`ERROR ${spec.id} ${text}`);
  };
  const tmpDir = fs.mkdtempSync(path.join(tmpRoot, `${spec.dirName}-`));

  // 1. Fetch, dependencies, tsconfig.
  let corpus: PreparedCorpus;
  try {
    corpus = await prepareCorpus(spec, { tmpDir, timeoutMs: FULL_RUN_TIMEOUT_MS, probeExactOptional: options.probeExactOptional });
  } catch (e) {
    fail("fetch/setup", e);
    return emptyResult(spec, harness, errors);
  }
  log(`${spec.id}: ${corpus.sourceFiles.length} source files; ${path.relative(REPO_ROOT, corpus.tsconfigPath)} written`);

  const editFiles = pickEditFiles(corpus, options.edits);
  const dbPath = path.join(tmpDir, "graph.db");
  const ctx: IndexContext = { corpus, dbPath, tmpDir };
  let skipped: string | null = null;
  let full: IndexRun | null = null;
  let noop: IndexRun | null = null;
  let noopRuns: { wallMs: number; mode: Scalar }[] = [];
  let cliEdits: CliEditResult | null = null;
  let addDelete: AddDeleteResult | null = null;
  let watch: WatchResult | null = null;
  let daemon: DaemonResult | null = null;
  let dbBytesOnDisk: number | null = null;
  let tsc: CorpusResult["tsc"] = null;
  const rounds = emptyRounds();
  let jobsIdentical: boolean | null = null;

  if (!cliAvailable()) {
    skipped = `${path.relative(REPO_ROOT, CLI_JS)} not found (run 'npm run build')`;
    log(`${spec.id}: SKIPPING ts-graph steps 4-7: ${skipped}`);
  }
  // 2.-4. tsc and the full index (and the baseline build's), interleaved.
  const baselineCtx: IndexContext = { ...ctx, dbPath: path.join(tmpDir, "baseline-graph.db") };
  const oneJobCtx: IndexContext = { ...ctx, dbPath: path.join(tmpDir, "one-job-graph.db") };
  for (let round = 1; round <= options.rounds; round++) {
    try {
      log(`${spec.id}: round ${round}/${options.rounds}: tsc --noEmit (TypeScript ${typescriptVersion()}) ...`);
      const report = await runTsc(corpus.dir, TSCONFIG_NAME, tmpDir, FULL_RUN_TIMEOUT_MS);
      rounds.tscWallMs.push(report.wallMs);
      rounds.tscRssKiB.push(report.maxRssKiB);
      rounds.tscCpuMs.push(report.cpuMs);
      log(`${spec.id}: tsc wall ${formatMs(report.wallMs)}, peak RSS ${formatKiB(report.maxRssKiB)}, check time ${formatMs(report.checkTimeMs)}`);
      if (tsc === null) {
        const { raw: _raw, extended: _extended, ...kept } = report;
        tsc = kept;
        log(`${spec.id}: tsc program files ${report.programFiles ?? "?"}, diagnostics ${describeDiagnostics(report.diagnostics)}`);
        if (!report.checked) {
          log(`WARNING: ${spec.id}: baseline did not type-check: ${report.problems.join("; ")}`);
          process.stderr.write(`\n!!! WARNING: baseline did not type-check (${spec.id}) !!!\n\n`);
        }
      }
    } catch (e) {
      fail("tsc baseline", e);
      break;
    }
    if (skipped !== null) continue;
    try {
      log(`${spec.id}: round ${round}/${options.rounds}: ts-graph full index ...`);
      const run = await runIndex(ctx, true, FULL_RUN_TIMEOUT_MS, undefined, options.jobs === undefined ? [] : ["--jobs", String(options.jobs)]);
      full ??= run;
      rounds.indexWallMs.push(run.wallMs);
      rounds.indexRssKiB.push(run.maxRssKiB);
      rounds.indexCpuMs.push(run.cpuMs);
      rounds.indexJobs.push(typeof run.fields.jobs === "number" ? run.fields.jobs : null);
      log(
        `${spec.id}: full index wall ${formatMs(run.wallMs)}, CPU ${formatMs(run.cpuMs)}, peak RSS ${formatKiB(run.maxRssKiB)}, ${String(run.fields.jobs)} threads`,
      );
      if (options.jobsOne) {
        const one = await runIndex(oneJobCtx, true, FULL_RUN_TIMEOUT_MS, undefined, ["--jobs", "1"]);
        rounds.oneJobWallMs.push(one.wallMs);
        rounds.oneJobRssKiB.push(one.maxRssKiB);
        rounds.oneJobCpuMs.push(one.cpuMs);
        log(`${spec.id}: full index --jobs 1 wall ${formatMs(one.wallMs)}, CPU ${formatMs(one.cpuMs)}, peak RSS ${formatKiB(one.maxRssKiB)}`);
      }
      if (options.baselineCli !== undefined) {
        const baseline = await runIndex(baselineCtx, true, FULL_RUN_TIMEOUT_MS, options.baselineCli);
        rounds.baselineWallMs.push(baseline.wallMs);
        rounds.baselineRssKiB.push(baseline.maxRssKiB);
        log(`${spec.id}: baseline build's full index wall ${formatMs(baseline.wallMs)}, peak RSS ${formatKiB(baseline.maxRssKiB)}`);
      }
    } catch (e) {
      fail("ts-graph index", e);
      full = null;
      break;
    }
  }
  if (skipped === null && full !== null && options.jobsOne) jobsIdentical = sameGraph(dbPath, oneJobCtx.dbPath);
  if (skipped === null && full !== null) {
    try {
      dbBytesOnDisk = dbSizeOnDisk(dbPath);
      // 5. No-op: median of a few runs (each is ~1 s, so one sample is noisy).
      const noops: IndexRun[] = [];
      for (let i = 0; i < NOOP_RUNS; i++) noops.push(await runIndex(ctx, false, EDIT_RUN_TIMEOUT_MS));
      noopRuns = noops.map((r) => ({ wallMs: r.wallMs, mode: r.fields.mode ?? null }));
      noop = [...noops].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(noops.length / 2)] ?? null;
      log(
        `${spec.id}: no-op re-index median ${formatMs(noop?.wallMs)} ` +
          `(${noopRuns.map((r) => `${formatMs(r.wallMs)} mode ${String(r.mode)}`).join(", ")})`,
      );
    } catch (e) {
      fail("ts-graph index", e);
    }
    if (full && noop) {
      try {
        // 6a. One unused file added, then deleted.
        log(`${spec.id}: one unused file added, then deleted, via the CLI ...`);
        addDelete = await runAddDelete(ctx, EDIT_RUN_TIMEOUT_MS);
      } catch (e) {
        fail("add/delete", e);
      }
    }
    let editSets: EditSet[] = [];
    if (full && noop) {
      try {
        editSets = timedEditSets(ctx, editFiles, options.kinds, options.renames);
      } catch (e) {
        fail("edit sets", e);
      }
    }
    const editCount = editSets.reduce((sum, set) => sum + set.edits.length, 0);
    if (full && noop && editCount > 0) {
      const kinds = editSets.map((set) => `${set.edits.length} ${set.kind}`).join(", ");
      try {
        // 6. Edits via the CLI.
        log(`${spec.id}: edits via the CLI (${kinds}) ...`);
        cliEdits = await runCliEdits(ctx, editSets, EDIT_RUN_TIMEOUT_MS);
      } catch (e) {
        fail("CLI edits", e);
      } finally {
        restorePendingEdits();
      }
      try {
        // 7. Watch mode.
        log(`${spec.id}: the same edits under --watch ...`);
        const readyTimeout = Math.max(options.waitTimeoutMs, 3 * full.wallMs);
        watch = await runWatch(ctx, editSets, readyTimeout, options.waitTimeoutMs);
        if (watch.error) errors.push(`watch: ${watch.error}`);
      } catch (e) {
        fail("watch", e);
      } finally {
        restorePendingEdits();
      }
      // 8. With a daemon.
      log(`${spec.id}: the same edits, and queries, with a daemon ...`);
      daemon = await runDaemonSteps(ctx, () => editSets, editFiles, editFiles.length, EDIT_RUN_TIMEOUT_MS);
      if (daemon.error) errors.push(`daemon: ${daemon.error}`);
    }
  }
  if (!options.keepDb) fs.rmSync(tmpDir, { recursive: true, force: true });
  else log(`${spec.id}: database kept at ${dbPath}`);

  const timeRatio = medianRatio(rounds.indexWallMs, rounds.tscWallMs);
  const rssRatio = medianRatio(rounds.indexRssKiB, rounds.tscRssKiB);
  return {
    corpus: spec.id,
    dir: path.relative(REPO_ROOT, corpus.dir),
    sourceFiles: corpus.sourceFiles.length,
    tsconfig: { ...corpus.tsconfig },
    exactOptionalPropertyTypes: corpus.exactOptionalPropertyTypes,
    exactOptionalProbe:
      corpus.probeSource === "measured" && corpus.probe
        ? `measured: ${corpus.probe.errorsWithout} tsc errors without, ${corpus.probe.errorsWith} with`
        : corpus.probeSource === "cached"
          ? `decision cached in ${path.relative(REPO_ROOT, corpus.dir)}/.bench-setup.json`
          : "not probed (--no-probe)",
    tsc,
    tsGraph: { skipped, full, dbBytesOnDisk, noop, noopRuns, cliEdits, addDelete, watch, daemon },
    rounds,
    ratios: {
      time: timeRatio,
      rss: rssRatio,
      oneJobTime: medianRatio(rounds.oneJobWallMs, rounds.tscWallMs),
      oneJobRss: medianRatio(rounds.oneJobRssKiB, rounds.tscRssKiB),
      baselineTime: medianRatio(rounds.indexWallMs, rounds.baselineWallMs),
    },
    jobsIdentical,
    editFiles,
    commands: {
      harness,
      tsc: tsc?.command ?? null,
      index: full?.command ?? null,
      watch: watch?.command ?? null,
    },
    errors,
  };
}

/** Whether two graph databases hold the same rows in the same order, row ids included (test-support/graph-dump.ts). */
function sameGraph(a: string, b: string): boolean {
  const dump = (file: string): string => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return JSON.stringify(dumpGraph(db, { inWriteOrder: true }));
    } finally {
      db.close();
    }
  };
  return dump(a) === dump(b);
}

function emptyRounds(): FullIndexRounds {
  return {
    tscWallMs: [],
    tscRssKiB: [],
    tscCpuMs: [],
    indexWallMs: [],
    indexRssKiB: [],
    indexCpuMs: [],
    indexJobs: [],
    oneJobWallMs: [],
    oneJobRssKiB: [],
    oneJobCpuMs: [],
    baselineWallMs: [],
    baselineRssKiB: [],
  };
}

function emptyResult(spec: CorpusSpec, harness: string, errors: string[]): CorpusResult {
  return {
    corpus: spec.id,
    dir: path.relative(REPO_ROOT, path.join(CORPORA_DIR, spec.dirName)),
    sourceFiles: 0,
    tsconfig: {},
    exactOptionalPropertyTypes: false,
    exactOptionalProbe: "n/a",
    tsc: null,
    tsGraph: {
      skipped: "setup failed",
      full: null,
      dbBytesOnDisk: null,
      noop: null,
      noopRuns: [],
      cliEdits: null,
      addDelete: null,
      watch: null,
      daemon: null,
    },
    rounds: emptyRounds(),
    ratios: { time: null, rss: null, oneJobTime: null, oneJobRss: null, baselineTime: null },
    jobsIdentical: null,
    editFiles: [],
    commands: { harness, tsc: null, index: null, watch: null },
    errors,
  };
}

function formatLoad(load: readonly number[]): string {
  return load.map((n) => n.toFixed(2)).join(" ");
}

async function main(): Promise<number> {
  const started = new Date();
  const loadAtStart = os.loadavg();
  const options = parseArgs(process.argv.slice(2));
  let tmpRoot: string | null = null;
  const harness = formatCommand("tsx", ["bench/index-bench.ts", ...process.argv.slice(2)]);
  const onSignal = (signal: NodeJS.Signals): void => {
    log(`${signal}: restoring edited files and stopping`);
    restorePendingEdits();
    killActiveWatcher();
    if (tmpRoot && !options.keepDb) fs.rmSync(tmpRoot, { recursive: true, force: true });
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("exit", restorePendingEdits);

  log(`node ${process.version}, TypeScript ${typescriptVersion()}, ${os.cpus().length} CPUs, ${formatKiB(os.totalmem() / 1024)} RAM`);
  log(`corpora: ${options.corpora.map((c) => c.id).join(", ")}; edits: ${options.edits}`);
  if (!cliAvailable()) log(`NOTE: ${path.relative(REPO_ROOT, CLI_JS)} is missing: ts-graph steps (4-7) will be skipped. Run 'npm run build' first.`);
  const stale = staleBuildWarning();
  if (stale) log(`WARNING: ${stale}`);

  tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-bench-"));
  const results: CorpusResult[] = [];
  try {
    for (const spec of options.corpora) results.push(await benchCorpus(spec, options, tmpRoot, harness));
  } finally {
    if (!options.keepDb) fs.rmSync(tmpRoot, { recursive: true, force: true });
  }

  const loadAtEnd = os.loadavg();
  process.stdout.write(`# ts-graph index benchmark (${started.toISOString()})\n\n`);
  process.stdout.write(
    `node ${process.version}, TypeScript ${typescriptVersion()}, ${os.cpus().length} CPUs ` +
      `(${os.cpus()[0]?.model ?? "?"}), ${formatKiB(os.totalmem() / 1024)} RAM; ` +
      `load average ${formatLoad(loadAtStart)} at start, ${formatLoad(loadAtEnd)} at end ` +
      `(other work on the machine skews timings)\n\n`,
  );
  for (const r of results) process.stdout.write(`${renderCorpus(r)}\n`);

  fs.mkdirSync(CORPORA_DIR, { recursive: true });
  const resultsFile = path.join(CORPORA_DIR, `results-${started.toISOString().replace(/[:.]/g, "-")}.json`);
  const payload = {
    startedAt: started.toISOString(),
    node: process.version,
    typescript: typescriptVersion(),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    totalMemBytes: os.totalmem(),
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    options: { ...options, corpora: options.corpora.map((c) => c.id) },
    results,
  };
  fs.writeFileSync(resultsFile, `${JSON.stringify(payload, null, 2)}\n`);
  log(`results written to ${path.relative(REPO_ROOT, resultsFile)}`);

  const broken = results.filter((r) => r.errors.length > 0 || (r.tsc !== null && !r.tsc.checked) || r.tsc === null);
  if (broken.length > 0) {
    log(`FAILED: ${broken.map((r) => r.corpus).join(", ")} (see errors/warnings above)`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    restorePendingEdits();
    process.stderr.write(`${errorText(e)}\n`);
    process.exitCode = 1;
  },
);

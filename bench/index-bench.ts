/**
 * ts-graph indexing benchmark.
 *
 *   npm run bench [-- --corpus effect@3.22.4,zod@3.25.76] [--edits 20] [--rounds 3] [--baseline-cli OTHER/dist/cli.js]
 *                 [--engines ts6,ts7]
 *
 * Per corpus (an npm package shipping .ts sources under src/):
 *   1. fetch with `npm pack` into .bench-corpora/, install its runtime deps, write tsconfig.bench.json
 *   2. baselines `tsc --noEmit -p tsconfig.bench.json` with TypeScript 6 (node_modules/typescript-6) and
 *      TypeScript 7 (node_modules/typescript, native): wall, peak RSS, check time, diagnostics by category;
 *      warns 'baseline did not type-check' if checking was skipped (e.g. an option TypeScript 7 refuses)
 *   3. peak RSS of every measured process via `node --require bench/report-rss.cjs`; TypeScript 7's tsc
 *      (a node launcher and the native compiler) as a process tree via GNU time (measure.ts runTreeMeasured)
 *   4. `ts-graph index --force` (default --jobs), then `--jobs 1` into a database of its own: wall, CPU, peak
 *      RSS, JSON summary, ratios to both tscs. With `--engines ts6,ts7`, once per engine (`--engine NAME`,
 *      a database each), else once with the CLI's default engine (no flag). Steps 2 and 4 run interleaved,
 *      `--rounds` times (TS6 tsc, TS7 tsc, ts-graph, ts-graph --jobs 1 [per engine], TS6 tsc, …; with
 *      `--baseline-cli`, another build's full index into a database of its own after them): min and median
 *      of each, and the ratio of the medians, so that a load change during the run skews both sides alike.
 *      Each engine's two graphs are compared table by table, row ids included. The steps below use the
 *      first engine named (its `--engine` flag on every `index`)
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
import {
  engineSummary,
  medianRatio,
  renderCorpus,
  type CorpusResult,
  type EngineRounds,
  type FullIndexRounds,
} from "./report.js";
import { TIMED_EDIT_KINDS, timedEditSets, type EditSet, type TimedEditKind } from "./bench-edits.js";
import { runDaemonSteps, type DaemonResult } from "./daemon-steps.js";
import { describeDiagnostics, runTsc, typescriptVersion, type TscCompiler, type TscReport } from "./tsc.js";
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
  /** `--engine` values, each indexed in every round; null: none given (the CLI's default engine, no flag). */
  readonly engines: readonly string[] | null;
}

/** The values of `ts-graph index --engine`. */
const ENGINES = ["ts6", "ts7"] as const;

const USAGE = `usage: npm run bench -- [--corpus NAME@VERSION[,NAME@VERSION...]] [--edits N] [--renames N] [--kinds K,…] [--rounds N]
                        [--baseline-cli PATH] [--jobs N] [--no-jobs-one] [--engines E,…] [--wait-timeout SECONDS] [--no-probe]
                        [--keep-db]
  --corpus        packages to benchmark (default ${DEFAULT_CORPORA.join(",")}; known: ${KNOWN_CORPORA.join(", ")})
  --edits         files edited by each single-file kind (append, body, signature) in the CLI, watch and
                  daemon steps (default 20)
  --renames       members renamed in those steps (default 3)
  --kinds         the edit kinds timed (default ${TIMED_EDIT_KINDS.join(",")})
  --rounds        interleaved rounds of both tscs (TypeScript 6 and 7) and the full index (default 3)
  --baseline-cli  another build's dist/cli.js: its full index runs in each round too, and the report
                  gives this build's index time against it
  --jobs          --jobs of the full index (default: ts-graph's own default)
  --no-jobs-one   do not run the full index with --jobs 1 beside the default --jobs in each round
  --engines       index with \`ts-graph index --engine E\` for each of ${ENGINES.join(", ")} named, each in every round,
                  rows labelled by engine; the later steps use the first (default: no --engine, the CLI's default)
  --wait-timeout  max wait for each watch-mode event (default 60)
  --no-probe      do not measure whether exactOptionalPropertyTypes reduces tsc errors (leave it off)
  --keep-db       keep the temporary graph databases`;

/** Long because: one case per option of the usage text above, in its order. */
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
  let engines: string[] | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
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
        if (unknown.length > 0)
          throw new Error(`--kinds: unknown kind ${unknown.join(", ")}; known: ${TIMED_EDIT_KINDS.join(", ")}`);
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
        if (!fs.existsSync(baselineCli))
          throw new Error(`--baseline-cli: ${baselineCli} does not exist (build that checkout first)`);
        break;
      }
      case "--jobs": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1) throw new Error(`--jobs must be a positive integer`);
        jobs = n;
        break;
      }
      case "--engines": {
        const named = value()
          .split(",")
          .map((e) => e.trim());
        const unknown = named.filter((e) => !(ENGINES as readonly string[]).includes(e));
        if (unknown.length > 0)
          throw new Error(`--engines: unknown engine '${unknown.join("', '")}'; known: ${ENGINES.join(", ")}`);
        if (new Set(named).size !== named.length)
          throw new Error(`--engines: ${named.join(",")} names an engine twice`);
        engines = named;
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
    engines,
  };
}

const FULL_RUN_TIMEOUT_MS = 30 * 60_000;
const EDIT_RUN_TIMEOUT_MS = 5 * 60_000;
const NOOP_RUNS = 3;

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

// Long because: one corpus's numbered steps in order (fetch, both tscs and the full index interleaved, no-op runs, edits)
// share its temporary folder, database and error list; the sequence is the bench.
async function benchCorpus(
  spec: CorpusSpec,
  options: Options,
  tmpRoot: string,
  harness: string,
): Promise<CorpusResult> {
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
    corpus = await prepareCorpus(spec, {
      tmpDir,
      timeoutMs: FULL_RUN_TIMEOUT_MS,
      probeExactOptional: options.probeExactOptional,
    });
  } catch (e) {
    fail("fetch/setup", e);
    return emptyResult(spec, harness, errors);
  }
  log(
    `${spec.id}: ${corpus.sourceFiles.length} source files; ${path.relative(REPO_ROOT, corpus.tsconfigPath)} written`,
  );

  const editFiles = pickEditFiles(corpus, options.edits);
  const dbPath = path.join(tmpDir, "graph.db");
  let skipped: string | null = null;
  let noop: IndexRun | null = null;
  let noopRuns: { wallMs: number; mode: Scalar }[] = [];
  let cliEdits: CliEditResult | null = null;
  let addDelete: AddDeleteResult | null = null;
  let watch: WatchResult | null = null;
  let daemon: DaemonResult | null = null;
  let dbBytesOnDisk: number | null = null;

  if (!cliAvailable()) {
    skipped = `${path.relative(REPO_ROOT, CLI_JS)} not found (run 'npm run build')`;
    log(`${spec.id}: SKIPPING ts-graph steps 4-7: ${skipped}`);
  }
  // 2.-4. Both tscs and the full index (each engine's, and the baseline build's), interleaved.
  const engines = engineRuns({ corpus, dbPath, tmpDir }, options.engines ?? [null]);
  const outcome = await fullIndexRounds(spec.id, options, engines, skipped !== null, fail);
  const { tsc, tsc7, rounds } = outcome;
  const full = outcome.full;
  // The later steps: the first engine's database and flags.
  const ctx = engines[0]?.ctx ?? { corpus, dbPath, tmpDir };
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
    tsc7,
    tsGraph: { skipped, full, dbBytesOnDisk, noop, noopRuns, cliEdits, addDelete, watch, daemon },
    rounds,
    engines: engines.map((run, i) => engineSummary(rounds, run.rounds, outcome.jobsIdentical[i] ?? null)),
    baselineTime: medianRatio(rounds.engines[0]?.indexWallMs ?? [], rounds.baselineWallMs),
    editFiles,
    commands: {
      harness,
      tsc: tsc?.command ?? null,
      tsc7: tsc7?.command ?? null,
      index: full?.command ?? null,
      watch: watch?.command ?? null,
    },
    errors,
  };
}

/** One engine's full-index runs: its rounds, and the databases of its default --jobs and --jobs 1 runs. */
interface EngineRun {
  readonly rounds: EngineRounds;
  readonly ctx: IndexContext;
  readonly oneJobCtx: IndexContext;
}

/** Each engine's contexts; the first engine's default run writes the database the later steps use. */
function engineRuns(shared: IndexContext, engines: readonly (string | null)[]): EngineRun[] {
  return engines.map((engine, i) => {
    const indexFlags = engine === null ? [] : ["--engine", engine];
    const suffix = engine === null ? "" : `-${engine}`;
    return {
      rounds: emptyEngineRounds(engine),
      ctx: { ...shared, dbPath: i === 0 ? shared.dbPath : path.join(shared.tmpDir, `graph${suffix}.db`), indexFlags },
      oneJobCtx: { ...shared, dbPath: path.join(shared.tmpDir, `one-job-graph${suffix}.db`), indexFlags },
    };
  });
}

type KeptTsc = Omit<TscReport, "extended">;

interface RoundsOutcome {
  readonly tsc: KeptTsc | null;
  readonly tsc7: KeptTsc | null;
  readonly rounds: FullIndexRounds;
  /** The first engine's first full index; null when it failed or was skipped. */
  readonly full: IndexRun | null;
  /** Per engine: whether its default --jobs and --jobs 1 graphs are the same (null: not compared). */
  readonly jobsIdentical: readonly (boolean | null)[];
}

const TSC_NAMES: Record<TscCompiler, string> = { ts6: "TS6 tsc", ts7: "TS7 tsc" };

/** One tsc baseline run, logged; the first round's report is kept (and warned about if it did not type-check). */
async function tscRun(
  id: string,
  compiler: TscCompiler,
  corpus: PreparedCorpus,
  tmpDir: string,
  first: boolean,
): Promise<TscReport> {
  const name = TSC_NAMES[compiler];
  log(`${id}: ${name} --noEmit (TypeScript ${typescriptVersion(compiler)}) ...`);
  const report = await runTsc(corpus.dir, TSCONFIG_NAME, tmpDir, FULL_RUN_TIMEOUT_MS, compiler);
  log(
    `${id}: ${name} wall ${formatMs(report.wallMs)}, peak RSS ${formatKiB(report.maxRssKiB)}, CPU ${formatMs(report.cpuMs)}, check time ${formatMs(report.checkTimeMs)}`,
  );
  if (first) {
    log(
      `${id}: ${name} program files ${report.programFiles ?? "?"}, diagnostics ${describeDiagnostics(report.diagnostics)}`,
    );
    if (!report.checked) {
      log(`WARNING: ${id}: ${name} baseline did not type-check: ${report.problems.join("; ")}`);
      process.stderr.write(`\n!!! WARNING: ${name} baseline did not type-check (${id}) !!!\n\n`);
    }
  }
  return report;
}

function keep(report: TscReport): KeptTsc {
  const { extended: _extended, ...kept } = report;
  return kept;
}

/** "CPU 11.7 s (node 8.0 s + native 3.7 s), peak RSS 885 MiB (node 410 MiB + native 475 MiB, native processes: 1)". */
function usageLog(run: IndexRun): string {
  const { usage } = run;
  if (usage.nativeChildren === 0) return `CPU ${formatMs(run.cpuMs)}, peak RSS ${formatKiB(run.maxRssKiB)}`;
  return (
    `CPU ${formatMs(run.cpuMs)} (node ${formatMs(usage.nodeCpuMs)} + native ${formatMs(usage.nativeCpuMs)}), ` +
    `peak RSS ${formatKiB(run.maxRssKiB)} (node ${formatKiB(usage.nodeRssKiB)} + native ${formatKiB(usage.nativeRssKiB)}, ` +
    `native processes: ${usage.nativeChildren})`
  );
}

/** One round of each engine's full index (default --jobs, then --jobs 1), into the engine's databases. */
async function indexRound(id: string, options: Options, engines: readonly EngineRun[]): Promise<IndexRun | null> {
  let first: IndexRun | null = null;
  for (const { rounds, ctx, oneJobCtx } of engines) {
    const label = rounds.engine === null ? "" : ` --engine ${rounds.engine}`;
    log(`${id}: ts-graph full index${label} ...`);
    const run = await runIndex(
      ctx,
      true,
      FULL_RUN_TIMEOUT_MS,
      undefined,
      options.jobs === undefined ? [] : ["--jobs", String(options.jobs)],
    );
    first ??= run;
    rounds.indexWallMs.push(run.wallMs);
    rounds.indexRssKiB.push(run.maxRssKiB);
    rounds.indexCpuMs.push(run.cpuMs);
    rounds.indexUsage.push(run.usage);
    rounds.indexJobs.push(typeof run.fields.jobs === "number" ? run.fields.jobs : null);
    log(`${id}: full index${label} wall ${formatMs(run.wallMs)}, ${usageLog(run)}, ${String(run.fields.jobs)} threads`);
    if (!options.jobsOne) continue;
    const one = await runIndex(oneJobCtx, true, FULL_RUN_TIMEOUT_MS, undefined, ["--jobs", "1"]);
    rounds.oneJobWallMs.push(one.wallMs);
    rounds.oneJobRssKiB.push(one.maxRssKiB);
    rounds.oneJobCpuMs.push(one.cpuMs);
    rounds.oneJobUsage.push(one.usage);
    log(`${id}: full index${label} --jobs 1 wall ${formatMs(one.wallMs)}, ${usageLog(one)}`);
  }
  return first;
}

/**
 * Steps 2-4, `--rounds` times: TS6 tsc, TS7 tsc, each engine's full index (and --jobs 1), the baseline build's.
 * A TS6 failure ends the rounds; a TS7 failure is recorded and the rounds go on without it.
 */
async function fullIndexRounds(
  id: string,
  options: Options,
  engines: readonly EngineRun[],
  skipIndex: boolean,
  fail: (step: string, e: unknown) => void,
): Promise<RoundsOutcome> {
  const first = engines[0];
  if (first === undefined) throw new Error("no engine to index with");
  const { corpus, tmpDir } = first.ctx;
  const rounds = emptyRounds(engines.map((run) => run.rounds));
  const baselineCtx: IndexContext = { corpus, tmpDir, dbPath: path.join(tmpDir, "baseline-graph.db") };
  let tsc: KeptTsc | null = null;
  let tsc7: KeptTsc | null = null;
  let tsc7Failed = false;
  let full: IndexRun | null = null;
  for (let round = 1; round <= options.rounds; round++) {
    log(`${id}: round ${round}/${options.rounds}`);
    try {
      const report = await tscRun(id, "ts6", corpus, tmpDir, tsc === null);
      tsc ??= keep(report);
      rounds.tscWallMs.push(report.wallMs);
      rounds.tscRssKiB.push(report.maxRssKiB);
      rounds.tscCpuMs.push(report.cpuMs);
    } catch (e) {
      fail("TS6 tsc baseline", e);
      break;
    }
    if (!tsc7Failed) {
      try {
        const report = await tscRun(id, "ts7", corpus, tmpDir, tsc7 === null);
        tsc7 ??= keep(report);
        rounds.tsc7WallMs.push(report.wallMs);
        rounds.tsc7RssKiB.push(report.maxRssKiB);
        rounds.tsc7CpuMs.push(report.cpuMs);
      } catch (e) {
        fail("TS7 tsc baseline", e);
        tsc7Failed = true;
      }
    }
    if (skipIndex) continue;
    try {
      const run = await indexRound(id, options, engines);
      full ??= run;
      if (options.baselineCli !== undefined) {
        const baseline = await runIndex(baselineCtx, true, FULL_RUN_TIMEOUT_MS, options.baselineCli);
        rounds.baselineWallMs.push(baseline.wallMs);
        rounds.baselineRssKiB.push(baseline.maxRssKiB);
        log(
          `${id}: baseline build's full index wall ${formatMs(baseline.wallMs)}, peak RSS ${formatKiB(baseline.maxRssKiB)}`,
        );
      }
    } catch (e) {
      fail("ts-graph index", e);
      full = null;
      break;
    }
  }
  const jobsIdentical = engines.map((run) =>
    full !== null && options.jobsOne ? sameGraph(run.ctx.dbPath, run.oneJobCtx.dbPath) : null,
  );
  return { tsc, tsc7, rounds, full, jobsIdentical };
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

function emptyRounds(engines: readonly EngineRounds[]): FullIndexRounds {
  return {
    tscWallMs: [],
    tscRssKiB: [],
    tscCpuMs: [],
    tsc7WallMs: [],
    tsc7RssKiB: [],
    tsc7CpuMs: [],
    engines: [...engines],
    baselineWallMs: [],
    baselineRssKiB: [],
  };
}

function emptyEngineRounds(engine: string | null): EngineRounds {
  return {
    engine,
    indexWallMs: [],
    indexRssKiB: [],
    indexCpuMs: [],
    indexUsage: [],
    indexJobs: [],
    oneJobWallMs: [],
    oneJobRssKiB: [],
    oneJobCpuMs: [],
    oneJobUsage: [],
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
    tsc7: null,
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
    rounds: emptyRounds([]),
    engines: [],
    baselineTime: null,
    editFiles: [],
    commands: { harness, tsc: null, tsc7: null, index: null, watch: null },
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

  log(
    `node ${process.version}, TypeScript ${typescriptVersion("ts6")} and ${typescriptVersion("ts7")}, ${os.cpus().length} CPUs, ${formatKiB(os.totalmem() / 1024)} RAM`,
  );
  log(`corpora: ${options.corpora.map((c) => c.id).join(", ")}; edits: ${options.edits}`);
  if (!cliAvailable())
    log(
      `NOTE: ${path.relative(REPO_ROOT, CLI_JS)} is missing: ts-graph steps (4-7) will be skipped. Run 'npm run build' first.`,
    );
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
    `node ${process.version}, TypeScript ${typescriptVersion("ts6")} and ${typescriptVersion("ts7")}, ${os.cpus().length} CPUs ` +
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
    typescript: { ts6: typescriptVersion("ts6"), ts7: typescriptVersion("ts7") },
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    totalMemBytes: os.totalmem(),
    loadAverage: { start: loadAtStart, end: loadAtEnd },
    options: { ...options, corpora: options.corpora.map((c) => c.id) },
    results,
  };
  fs.writeFileSync(resultsFile, `${JSON.stringify(payload, null, 2)}\n`);
  log(`results written to ${path.relative(REPO_ROOT, resultsFile)}`);

  const broken = results.filter(
    (r) => r.errors.length > 0 || r.tsc === null || !r.tsc.checked || r.tsc7 === null || !r.tsc7.checked,
  );
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

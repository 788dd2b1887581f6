/** Markdown rendering of one corpus's benchmark results. */
import { formatBytes, formatKiB, formatMs } from "./measure.js";
import type { Summary } from "./stats.js";
import { describeDiagnostics, type TscReport } from "./tsc.js";
import { hasLatencyTarget } from "./bench-edits.js";
import type { DaemonResult } from "./daemon-steps.js";
import type {
  AddDeleteResult,
  CliEditResult,
  EditSample,
  IndexRun,
  Scalar,
  UsageParts,
  WatchResult,
} from "./tsgraph.js";

export const TARGETS = {
  /**
   * Issue 29: the full index with the default --jobs against `tsc --noEmit` in the same run: wall <= 0.3 × TypeScript
   * 6's and <= 2 × TypeScript 7's, peak RSS <= 1 × TypeScript 6's. Issue 16: with --jobs 1, peak RSS <= TypeScript 6's.
   */
  timeRatio: 0.3,
  time7Ratio: 2,
  rssRatio: 1.0,
  oneJobRssRatio: 1.0,
  noopMs: 1000,
  cliEditP50Ms: 1000,
  watchP50Ms: 300,
  /** With a daemon (issue 16): `ts-graph index` after a body or append edit, end to end, and a query with --index on an unchanged tree. */
  daemonEditP50Ms: 400,
  daemonQueryP50Ms: 300,
  /** Files re-extracted when one file that nothing imports is added (issue 19). */
  addedUnusedExtracted: 5,
} as const;

/**
 * The interleaved full-index rounds: TypeScript 6's tsc, TypeScript 7's tsc, then for each engine ts-graph (default
 * --jobs) and ts-graph --jobs 1 (unless --no-jobs-one), then (with --baseline-cli) the baseline build, each round.
 */
export interface FullIndexRounds {
  readonly tscWallMs: number[];
  readonly tscRssKiB: (number | null)[];
  readonly tscCpuMs: (number | null)[];
  readonly tsc7WallMs: number[];
  /** The native compiler's peak (the largest process of the launcher's tree). */
  readonly tsc7RssKiB: (number | null)[];
  readonly tsc7CpuMs: (number | null)[];
  /** One entry per engine: the one the CLI picks by default (no flag), or each of `--engines` in order. */
  readonly engines: EngineRounds[];
  readonly baselineWallMs: number[];
  readonly baselineRssKiB: (number | null)[];
}

/**
 * One engine's full-index runs, one of each per round. Peak RSS and CPU are ts-graph's whole cost: the node
 * process's plus its native TypeScript 7 processes' (peaks summed, an upper bound); `*Usage` holds the two parts.
 */
export interface EngineRounds {
  /** The `--engine` value given to `ts-graph index`, or null when none was (the CLI's default engine). */
  readonly engine: string | null;
  readonly indexWallMs: number[];
  readonly indexRssKiB: (number | null)[];
  readonly indexCpuMs: (number | null)[];
  readonly indexUsage: UsageParts[];
  /** Threads that extracted in each default run (the summary's `jobs`). */
  readonly indexJobs: (number | null)[];
  readonly oneJobWallMs: number[];
  readonly oneJobRssKiB: (number | null)[];
  readonly oneJobCpuMs: (number | null)[];
  readonly oneJobUsage: UsageParts[];
}

/** Medians of the rounds, one engine's index against the tsc baselines (and its --jobs 1 run against TypeScript 6's). */
export interface EngineSummary {
  readonly engine: string | null;
  readonly ratios: {
    /** index / TypeScript 6's tsc, wall and peak RSS (ts-graph's total: its node process and native processes). */
    readonly time: number | null;
    readonly rss: number | null;
    /** index / TypeScript 7's tsc, wall and peak RSS (ts-graph's total against the native compiler's, tsc's largest process). */
    readonly time7: number | null;
    readonly rss7: number | null;
    readonly oneJobTime: number | null;
    readonly oneJobRss: number | null;
  };
  /** Whether the graphs of the default --jobs and of --jobs 1 are the same, every table in row order (null: not compared). */
  readonly jobsIdentical: boolean | null;
}

export function engineSummary(rounds: FullIndexRounds, e: EngineRounds, jobsIdentical: boolean | null): EngineSummary {
  return {
    engine: e.engine,
    ratios: {
      time: medianRatio(e.indexWallMs, rounds.tscWallMs),
      rss: medianRatio(e.indexRssKiB, rounds.tscRssKiB),
      time7: medianRatio(e.indexWallMs, rounds.tsc7WallMs),
      rss7: medianRatio(e.indexRssKiB, rounds.tsc7RssKiB),
      oneJobTime: medianRatio(e.oneJobWallMs, rounds.tscWallMs),
      oneJobRss: medianRatio(e.oneJobRssKiB, rounds.tscRssKiB),
    },
    jobsIdentical,
  };
}

function median(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? (known[middle] ?? null) : ((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2;
}

/** median(a) / median(b), or null when either side has no sample. */
export function medianRatio(a: readonly (number | null)[], b: readonly (number | null)[]): number | null {
  const top = median(a);
  const bottom = median(b);
  return top === null || bottom === null || bottom === 0 ? null : top / bottom;
}

/** `min 61.2 s / median 63.0 s (61.2 s, 63.0 s, 64.8 s)`, in run order. */
function minMedian(values: readonly number[]): string {
  if (values.length === 0) return "n/a";
  return `min ${formatMs(Math.min(...values))} / median ${formatMs(median(values))} (${values.map((value) => formatMs(value)).join(", ")})`;
}

function minMedianCpu(values: readonly (number | null)[]): string {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? "n/a" : minMedian(known);
}

function minMedianKiB(values: readonly (number | null)[]): string {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? "n/a" : `min ${formatKiB(Math.min(...known))} / median ${formatKiB(median(known))}`;
}

/** Whether any run had a native TypeScript 7 process (its figures then hold the native part). */
function hadNative(parts: readonly UsageParts[]): boolean {
  return parts.some((part) => part.nativeChildren > 0);
}

/** "; node 410 MiB + native 475 MiB (medians; native processes per run: 1)" after a total, or "" without a native process. */
function partsNote(parts: readonly UsageParts[], figure: "rss" | "cpu"): string {
  if (!hadNative(parts)) return "";
  const [node, native] =
    figure === "rss"
      ? [
          formatKiB(median(parts.map((part) => part.nodeRssKiB))),
          formatKiB(median(parts.map((part) => part.nativeRssKiB))),
        ]
      : [
          formatMs(median(parts.map((part) => part.nodeCpuMs))),
          formatMs(median(parts.map((part) => part.nativeCpuMs))),
        ];
  const children = [...new Set(parts.map((part) => part.nativeChildren))].join(", ");
  return `; node ${node} + native ${native} (medians; native processes per run: ${children})`;
}

/** The index CPU and peak RSS rows' names: what the figures include. */
function usageLabels(parts: readonly UsageParts[]): { readonly cpu: string; readonly rss: string } {
  return hadNative(parts)
    ? {
        cpu: "CPU (user + sys: the node process, every thread, + its native TypeScript 7 processes)",
        rss: "peak RSS (the node process's peak + each native TypeScript 7 process's, summed: an upper bound)",
      }
    : { cpu: "CPU (user + sys, every thread)", rss: "peak RSS" };
}

export interface CorpusResult {
  readonly corpus: string;
  readonly dir: string;
  readonly sourceFiles: number;
  readonly tsconfig: Record<string, unknown>;
  readonly exactOptionalPropertyTypes: boolean;
  readonly exactOptionalProbe: string;
  /** TypeScript 6's tsc, first round. */
  readonly tsc: Omit<TscReport, "extended"> | null;
  /** TypeScript 7's tsc, first round. */
  readonly tsc7: Omit<TscReport, "extended"> | null;
  readonly tsGraph: {
    readonly skipped: string | null;
    readonly full: IndexRun | null;
    readonly dbBytesOnDisk: number | null;
    /** The median run is `noop`; these are all the samples. */
    readonly noop: IndexRun | null;
    readonly noopRuns: readonly { readonly wallMs: number; readonly mode: Scalar }[];
    readonly cliEdits: CliEditResult | null;
    readonly addDelete: AddDeleteResult | null;
    readonly watch: WatchResult | null;
    readonly daemon: DaemonResult | null;
  };
  readonly rounds: FullIndexRounds;
  /** Per engine, in the order of rounds.engines. */
  readonly engines: readonly EngineSummary[];
  /** Median of the first engine's index wall / the baseline build's index wall. */
  readonly baselineTime: number | null;
  readonly editFiles: readonly string[];
  readonly commands: {
    readonly harness: string;
    readonly tsc: string | null;
    readonly tsc7: string | null;
    readonly index: string | null;
    readonly watch: string | null;
  };
  readonly errors: readonly string[];
}

function verdict(value: number | null | undefined, limit: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "n/a";
  return value <= limit ? "PASS" : "MISS";
}

function ratio(value: number | null): string {
  return value === null || !Number.isFinite(value) ? "n/a" : value.toFixed(2);
}

function pair(stats: Summary | null): string {
  return stats
    ? `${formatMs(stats.p50)} / ${formatMs(stats.p95)} (n=${stats.count}, max ${formatMs(stats.max)})`
    : "n/a";
}

function field(fields: Record<string, Scalar> | undefined, name: string): string {
  const v = fields?.[name];
  return v === undefined || v === null ? "?" : String(v);
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Files re-extracted by each edit, in edit order, and their total. */
function extractedCounts(samples: readonly { readonly extracted: number | null }[]): string {
  const counts = samples.map((sample) => sample.extracted);
  const known = counts.filter((count): count is number => count !== null);
  return `${counts.map((count) => count ?? "?").join(", ")} (total ${known.reduce((a, b) => a + b, 0)})`;
}

/** Long because: the report's sections in the order they print, each a table of its own. */
export function renderCorpus(r: CorpusResult): string {
  const g = r.tsGraph;
  const skippedNote = g.skipped ? "skipped" : "n/a";
  const full = g.full;
  const rows: [string, string, string, string][] = [];
  const add = (metric: string, value: string, target = "", status = ""): void => {
    rows.push([metric, value, target, status]);
  };
  add("source files (tsconfig include/exclude)", String(r.sourceFiles));
  add(
    "graph files / nodes / edges",
    full
      ? `${field(full.fields, "files.total")} / ${field(full.fields, "nodes.total")} / ${field(full.fields, "edges.total")}`
      : skippedNote,
  );
  tscRows(r, add);
  for (const [index, engine] of r.rounds.engines.entries()) {
    const summary = r.engines[index];
    if (summary !== undefined) engineRows(r, engine, summary, full ? null : skippedNote, add);
  }
  const rounds = r.rounds;
  if (rounds.baselineWallMs.length > 0) {
    add(
      `baseline build's index wall (--baseline-cli, ${rounds.baselineWallMs.length} runs)`,
      minMedian(rounds.baselineWallMs),
    );
    add(
      "baseline build's index peak RSS (its native TypeScript 7 processes' only if that build reports them)",
      minMedianKiB(rounds.baselineRssKiB),
    );
    add(
      `index${engineLabel(rounds.engines[0]?.engine ?? null)} / baseline build's index wall (medians)`,
      ratio(r.baselineTime),
    );
  }
  add(
    "database size (reported / on disk)",
    full ? `${formatBytes(numberOrNull(full.fields.dbBytes))} / ${formatBytes(g.dbBytesOnDisk)}` : skippedNote,
  );
  add(
    "no-op re-index wall (median)",
    g.noop
      ? `${formatMs(g.noop.wallMs)} (runs: ${g.noopRuns.map((r) => `${formatMs(r.wallMs)} ${String(r.mode)}`).join(", ")})`
      : skippedNote,
    `<= ${formatMs(TARGETS.noopMs)}`,
    verdict(g.noop?.wallMs, TARGETS.noopMs),
  );
  for (const row of g.cliEdits?.rows ?? []) {
    const target = hasLatencyTarget(row.kind);
    add(
      `edit (${row.kind}) via CLI \`index\`, a new process each, p50 / p95${pickedWithout(row.skipped)}`,
      `${pair(row.stats)}; modes ${JSON.stringify(row.modes)}`,
      target ? `p50 <= ${formatMs(TARGETS.cliEditP50Ms)}` : "",
      target ? verdict(row.stats?.p50, TARGETS.cliEditP50Ms) : "",
    );
    add(`edit (${row.kind}) via CLI: files re-extracted per edit`, extractedCounts(row.samples));
  }
  if (g.cliEdits === null) add("edits via CLI", skippedNote);
  const addDelete = g.addDelete;
  const addDeleteCell = (sample: EditSample | undefined): string =>
    sample === undefined
      ? skippedNote
      : `${sample.extracted ?? "?"} files re-extracted, ${formatMs(sample.wallMs)} (${String(sample.mode)})`;
  add(
    "one unused file added via CLI",
    addDeleteCell(addDelete?.added),
    `<= ${TARGETS.addedUnusedExtracted} files`,
    verdict(addDelete?.added.extracted, TARGETS.addedUnusedExtracted),
  );
  add("the same file deleted via CLI", addDeleteCell(addDelete?.deleted));
  const w = g.watch;
  for (const row of w?.rows ?? []) {
    const target = hasLatencyTarget(row.kind);
    add(
      `watch (${row.kind}): edit -> committedAt, p50 / p95${pickedWithout(row.skipped)}`,
      pair(row.commitStats) + (w?.error ? " (stopped early)" : ""),
      target ? `p50 <= ${TARGETS.watchP50Ms} ms` : "reported as it is",
      target ? verdict(row.commitStats?.p50, TARGETS.watchP50Ms) : "",
    );
    add(`watch (${row.kind}): edit -> update line read, p50 / p95`, pair(row.arrivalStats));
    add(`watch (${row.kind}): reported durationMs, p50 / p95`, pair(row.reportedDurationStats));
    add(`watch (${row.kind}): files re-extracted per edit`, extractedCounts(row.samples));
  }
  add(
    "watch: start -> ready",
    w ? formatMs(w.readyMs) + (w.error ? ` (stopped: ${shorten(w.error, 200)})` : "") : skippedNote,
  );
  const d = g.daemon;
  for (const row of d?.edits ?? []) {
    add(
      `with a daemon: \`index\` after one edit (${row.kind}; a new process each), p50 / p95${pickedWithout(row.skippedFiles)}`,
      pair(row.stats),
      hasLatencyTarget(row.kind)
        ? `p50 <= ${TARGETS.daemonEditP50Ms} ms`
        : "within 2 × the watch time of the same edit",
      hasLatencyTarget(row.kind) ? verdict(row.stats?.p50, TARGETS.daemonEditP50Ms) : "",
    );
    add(
      `with a daemon: files re-extracted per edit (${row.kind}), by whichever run applied it (the daemon's watcher, mostly)`,
      row.samples.map((sample) => sample.extractedByAnyRun).join(", "),
    );
  }
  add(
    "with a daemon: query with --index on an unchanged tree, p50 / p95",
    d ? pair(d.query.stats) + (d.error ? ` (stopped early: ${d.error})` : "") : skippedNote,
    `p50 <= ${TARGETS.daemonQueryP50Ms} ms`,
    verdict(d?.query.stats?.p50, TARGETS.daemonQueryP50Ms),
  );

  const lines: string[] = [];
  lines.push(`## ${r.corpus}`, "");
  lines.push("| metric | value | target | status |", "| --- | --- | --- | --- |");
  for (const [a, b, c, d] of rows) lines.push(`| ${cell(a)} | ${cell(b)} | ${cell(c)} | ${cell(d)} |`);
  lines.push("");
  lines.push(`- harness: \`${r.commands.harness}\``);
  if (r.commands.tsc) lines.push(`- TypeScript ${r.tsc?.version ?? "6"} tsc (cwd ${r.dir}): \`${r.commands.tsc}\``);
  if (r.commands.tsc7) {
    lines.push(
      `- TypeScript ${r.tsc7?.version ?? "7"} tsc (cwd ${r.dir}): \`${r.commands.tsc7}\` (a node launcher that runs the native compiler as its child; ` +
        "peak RSS is the largest process of the tree, CPU the whole tree's, both from GNU time)",
    );
  }
  if (r.commands.index) lines.push(`- index: \`${r.commands.index}\``);
  if (r.commands.watch) lines.push(`- watch: \`${r.commands.watch}\``);
  if (d)
    lines.push(
      `- with a daemon (\`ts-graph daemon start\`, started in ${formatMs(d.startMs)}): \`${d.indexCommand}\`; \`${d.query.command}\``,
    );
  lines.push(`- exactOptionalPropertyTypes: ${r.exactOptionalPropertyTypes} (${r.exactOptionalProbe})`);
  if (full) {
    const summary = Object.entries(full.fields)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(", ");
    lines.push(`- ts-graph summary (full index): ${summary || "(none parsed)"}`);
  }
  if (g.skipped) lines.push(`- ts-graph steps skipped: ${g.skipped}`);
  if (r.tsc && !r.tsc.checked)
    lines.push(`- WARNING: TypeScript 6 baseline did not type-check: ${r.tsc.problems.join("; ")}`);
  if (r.tsc7 && !r.tsc7.checked)
    lines.push(`- WARNING: TypeScript 7 baseline did not type-check: ${r.tsc7.problems.join("; ")}`);
  if (w?.exit.forced) lines.push("- WARNING: watcher ignored SIGINT for 10 s and was killed");
  for (const e of r.errors) lines.push(`- ERROR: ${shorten(e.split("\n")[0] ?? "", 400)}`);
  lines.push("");
  return lines.join("\n");
}

type AddRow = (metric: string, value: string, target?: string, status?: string) => void;

/** " (engine ts7)" for a named engine, "" for the CLI's default. */
function engineLabel(engine: string | null): string {
  return engine === null ? "" : ` (engine ${engine})`;
}

/** The rows of both tsc baselines: TS6 (the JS compiler) and TS7 (the native one), in the order they ran. */
function tscRows(r: CorpusResult, add: AddRow): void {
  const rounds = r.rounds;
  const baselines = [
    {
      name: "TS6",
      report: r.tsc,
      wallMs: rounds.tscWallMs,
      rssKiB: rounds.tscRssKiB,
      cpuMs: rounds.tscCpuMs,
      rss: "peak RSS",
      cpu: "CPU (user + sys)",
    },
    {
      name: "TS7",
      report: r.tsc7,
      wallMs: rounds.tsc7WallMs,
      rssKiB: rounds.tsc7RssKiB,
      cpuMs: rounds.tsc7CpuMs,
      rss: `peak RSS (the native compiler, the largest process of the tree; its node launcher beside it: ${formatKiB(r.tsc7?.launcherRssKiB)})`,
      cpu: "CPU (user + sys, the launcher and the native compiler)",
    },
  ];
  for (const b of baselines) {
    const version = b.report ? `TypeScript ${b.report.version}, ` : "";
    add(`${b.name} tsc wall (${version}${b.wallMs.length} interleaved runs)`, minMedian(b.wallMs));
    add(`${b.name} tsc ${b.rss}`, minMedianKiB(b.rssKiB));
    add(`${b.name} tsc ${b.cpu}`, minMedianCpu(b.cpuMs));
    add(`${b.name} tsc check time (--extendedDiagnostics)`, formatMs(b.report?.checkTimeMs));
    const problems = b.report && !b.report.checked ? `; ${b.report.problems.join("; ")}` : "";
    add(
      `${b.name} tsc diagnostics`,
      b.report ? describeDiagnostics(b.report.diagnostics) + problems : "n/a",
      "check ran",
      b.report ? (b.report.checked ? "OK" : "BASELINE DID NOT TYPE-CHECK") : "n/a",
    );
  }
}

/** A ratio's verdict, or why there is none: a baseline that did not type-check gives no ratio to judge. */
function verdictAgainst(value: number | null, limit: number, baseline: CorpusResult["tsc"]): string {
  if (baseline && !baseline.checked) return `n/a (TS${baseline.compiler === "ts7" ? 7 : 6} did not type-check)`;
  return verdict(value, limit);
}

/** One engine's full-index rows: its figures, and its ratios to both tsc baselines. */
function engineRows(
  r: CorpusResult,
  e: EngineRounds,
  summary: EngineSummary,
  skipped: string | null,
  add: AddRow,
): void {
  const rounds = r.rounds;
  const label = engineLabel(e.engine);
  const ratios = summary.ratios;
  const jobs = [...new Set(e.indexJobs.map((value) => value ?? "?"))].join(", ");
  add(
    `index${label} wall (full, --force, --jobs as given or default: ${jobs} threads; ${e.indexWallMs.length} runs, each after the tsc runs)`,
    skipped ?? minMedian(e.indexWallMs),
  );
  const names = usageLabels(e.indexUsage);
  add(`index${label} ${names.cpu}`, skipped ?? minMedianCpu(e.indexCpuMs) + partsNote(e.indexUsage, "cpu"));
  add(`index${label} ${names.rss}`, skipped ?? minMedianKiB(e.indexRssKiB) + partsNote(e.indexUsage, "rss"));
  const perRound = (tscWallMs: readonly number[]): string =>
    e.indexWallMs.map((wall, i) => ratio(medianRatio([wall], [tscWallMs[i] ?? null]))).join(", ");
  add(
    `index${label} / TS6 tsc wall (medians; per round ${perRound(rounds.tscWallMs)})`,
    ratio(ratios.time),
    `<= ${TARGETS.timeRatio}`,
    verdictAgainst(ratios.time, TARGETS.timeRatio, r.tsc),
  );
  add(
    `index${label} / TS7 tsc wall (medians; per round ${perRound(rounds.tsc7WallMs)})`,
    ratio(ratios.time7),
    `<= ${TARGETS.time7Ratio}`,
    verdictAgainst(ratios.time7, TARGETS.time7Ratio, r.tsc7),
  );
  add(
    `index${label} / TS6 tsc peak RSS (medians)`,
    ratio(ratios.rss),
    `<= ${TARGETS.rssRatio.toFixed(1)}`,
    verdictAgainst(ratios.rss, TARGETS.rssRatio, r.tsc),
  );
  add(
    `index${label} / TS7 tsc peak RSS (medians; against the native compiler's, tsc's largest process)`,
    ratio(ratios.rss7),
  );
  if (e.oneJobWallMs.length === 0) return;
  add(
    `index${label} --jobs 1 wall (${e.oneJobWallMs.length} runs, each after the default one)`,
    minMedian(e.oneJobWallMs),
  );
  const oneJobNames = usageLabels(e.oneJobUsage);
  add(`index${label} --jobs 1 ${oneJobNames.cpu}`, minMedianCpu(e.oneJobCpuMs) + partsNote(e.oneJobUsage, "cpu"));
  add(`index${label} --jobs 1 ${oneJobNames.rss}`, minMedianKiB(e.oneJobRssKiB) + partsNote(e.oneJobUsage, "rss"));
  add(`index${label} --jobs 1 / TS6 tsc wall (medians)`, ratio(ratios.oneJobTime));
  add(
    `index${label} --jobs 1 / TS6 tsc peak RSS (medians)`,
    ratio(ratios.oneJobRss),
    `<= ${TARGETS.oneJobRssRatio.toFixed(1)}`,
    verdictAgainst(ratios.oneJobRss, TARGETS.oneJobRssRatio, r.tsc),
  );
  add(`index${label} default --jobs / --jobs 1 wall (medians)`, ratio(medianRatio(e.indexWallMs, e.oneJobWallMs)));
  add(
    `graph${label} of the default --jobs = graph of --jobs 1 (every table in row order, row ids included)`,
    summary.jobsIdentical === null ? "not compared" : summary.jobsIdentical ? "yes" : "NO",
    "yes",
    summary.jobsIdentical === null ? "n/a" : summary.jobsIdentical ? "PASS" : "MISS",
  );
}

/** How many picked files (or members) offered no edit of a row's kind, as a suffix of the row's name. */
function pickedWithout(skipped: number): string {
  return skipped > 0 ? ` (${skipped} picked without such an edit)` : "";
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}

function numberOrNull(v: Scalar | undefined): number | null {
  return typeof v === "number" ? v : null;
}

/** Markdown rendering of one corpus's benchmark results. */
import { formatBytes, formatKiB, formatMs } from "./measure.js";
import type { Summary } from "./stats.js";
import { describeDiagnostics, type TscReport } from "./tsc.js";
import { hasLatencyTarget } from "./bench-edits.js";
import type { DaemonResult } from "./daemon-steps.js";
import type { AddDeleteResult, CliEditResult, EditSample, IndexRun, Scalar, WatchResult } from "./tsgraph.js";

export const TARGETS = {
  /** Issue 16: the full index with the default --jobs against tsc --noEmit, wall and peak RSS; with --jobs 1, peak RSS. */
  timeRatio: 0.5,
  rssRatio: 1.5,
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
 * The interleaved full-index rounds: tsc, then ts-graph (default --jobs), then ts-graph --jobs 1 (unless
 * --no-jobs-one), then (with --baseline-cli) the baseline build, each round.
 */
export interface FullIndexRounds {
  readonly tscWallMs: number[];
  readonly tscRssKiB: (number | null)[];
  readonly tscCpuMs: (number | null)[];
  readonly indexWallMs: number[];
  readonly indexRssKiB: (number | null)[];
  readonly indexCpuMs: (number | null)[];
  /** Threads that extracted in each default run (the summary's `jobs`). */
  readonly indexJobs: (number | null)[];
  readonly oneJobWallMs: number[];
  readonly oneJobRssKiB: (number | null)[];
  readonly oneJobCpuMs: (number | null)[];
  readonly baselineWallMs: number[];
  readonly baselineRssKiB: (number | null)[];
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

export interface CorpusResult {
  readonly corpus: string;
  readonly dir: string;
  readonly sourceFiles: number;
  readonly tsconfig: Record<string, unknown>;
  readonly exactOptionalPropertyTypes: boolean;
  readonly exactOptionalProbe: string;
  readonly tsc: Omit<TscReport, "extended"> | null;
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
  /** Medians of the rounds: index / tsc wall and peak RSS (default --jobs, and --jobs 1), and index / the baseline build's index wall. */
  readonly ratios: {
    readonly time: number | null;
    readonly rss: number | null;
    readonly oneJobTime: number | null;
    readonly oneJobRss: number | null;
    readonly baselineTime: number | null;
  };
  /** Whether the graphs of the default --jobs and of --jobs 1 are the same, every table in row order (null: not compared). */
  readonly jobsIdentical: boolean | null;
  readonly editFiles: readonly string[];
  readonly commands: { readonly harness: string; readonly tsc: string | null; readonly index: string | null; readonly watch: string | null };
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
  return stats ? `${formatMs(stats.p50)} / ${formatMs(stats.p95)} (n=${stats.count}, max ${formatMs(stats.max)})` : "n/a";
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
    full ? `${field(full.fields, "files.total")} / ${field(full.fields, "nodes.total")} / ${field(full.fields, "edges.total")}` : skippedNote,
  );
  const rounds = r.rounds;
  add(`tsc wall (${rounds.tscWallMs.length} interleaved runs)`, minMedian(rounds.tscWallMs));
  add("tsc peak RSS", minMedianKiB(rounds.tscRssKiB));
  add("tsc CPU (user + sys)", minMedianCpu(rounds.tscCpuMs));
  add("tsc check time (--extendedDiagnostics)", formatMs(r.tsc?.checkTimeMs));
  add(
    "tsc diagnostics",
    r.tsc ? describeDiagnostics(r.tsc.diagnostics) : "n/a",
    "check ran",
    r.tsc ? (r.tsc.checked ? "OK" : "BASELINE DID NOT TYPE-CHECK") : "n/a",
  );
  const jobs = [...new Set(rounds.indexJobs.map((value) => value ?? "?"))].join(", ");
  add(
    `index wall (full, --force, --jobs as given or default: ${jobs} threads; ${rounds.indexWallMs.length} runs, each after a tsc run)`,
    full ? minMedian(rounds.indexWallMs) : skippedNote,
  );
  add("index CPU (user + sys, every thread)", full ? minMedianCpu(rounds.indexCpuMs) : skippedNote);
  add("index peak RSS", full ? minMedianKiB(rounds.indexRssKiB) : skippedNote);
  const perRound = rounds.indexWallMs.map((wall, i) => medianRatio([wall], [rounds.tscWallMs[i] ?? null]));
  add(
    `index / tsc wall (medians; per round ${perRound.map(ratio).join(", ")})`,
    ratio(r.ratios.time),
    `<= ${TARGETS.timeRatio}`,
    verdict(r.ratios.time, TARGETS.timeRatio),
  );
  add("index / tsc peak RSS (medians)", ratio(r.ratios.rss), `<= ${TARGETS.rssRatio.toFixed(1)}`, verdict(r.ratios.rss, TARGETS.rssRatio));
  if (rounds.oneJobWallMs.length > 0) {
    add(`index --jobs 1 wall (${rounds.oneJobWallMs.length} runs, each after the default one)`, minMedian(rounds.oneJobWallMs));
    add("index --jobs 1 CPU (user + sys)", minMedianCpu(rounds.oneJobCpuMs));
    add("index --jobs 1 peak RSS", minMedianKiB(rounds.oneJobRssKiB));
    add("index --jobs 1 / tsc wall (medians)", ratio(r.ratios.oneJobTime));
    add(
      "index --jobs 1 / tsc peak RSS (medians)",
      ratio(r.ratios.oneJobRss),
      `<= ${TARGETS.oneJobRssRatio.toFixed(1)}`,
      verdict(r.ratios.oneJobRss, TARGETS.oneJobRssRatio),
    );
    add("index default --jobs / --jobs 1 wall (medians)", ratio(medianRatio(rounds.indexWallMs, rounds.oneJobWallMs)));
    add(
      "graph of the default --jobs = graph of --jobs 1 (every table in row order, row ids included)",
      r.jobsIdentical === null ? "not compared" : r.jobsIdentical ? "yes" : "NO",
      "yes",
      r.jobsIdentical === null ? "n/a" : r.jobsIdentical ? "PASS" : "MISS",
    );
  }
  if (rounds.baselineWallMs.length > 0) {
    add(`baseline build's index wall (--baseline-cli, ${rounds.baselineWallMs.length} runs)`, minMedian(rounds.baselineWallMs));
    add("baseline build's index peak RSS", minMedianKiB(rounds.baselineRssKiB));
    add("index / baseline build's index wall (medians)", ratio(r.ratios.baselineTime));
  }
  add(
    "database size (reported / on disk)",
    full ? `${formatBytes(numberOrNull(full.fields.dbBytes))} / ${formatBytes(g.dbBytesOnDisk)}` : skippedNote,
  );
  add(
    "no-op re-index wall (median)",
    g.noop ? `${formatMs(g.noop.wallMs)} (runs: ${g.noopRuns.map((r) => `${formatMs(r.wallMs)} ${String(r.mode)}`).join(", ")})` : skippedNote,
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
    sample === undefined ? skippedNote : `${sample.extracted ?? "?"} files re-extracted, ${formatMs(sample.wallMs)} (${String(sample.mode)})`;
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
  add("watch: start -> ready", w ? formatMs(w.readyMs) + (w.error ? ` (stopped: ${shorten(w.error, 200)})` : "") : skippedNote);
  const d = g.daemon;
  for (const row of d?.edits ?? []) {
    add(
      `with a daemon: \`index\` after one edit (${row.kind}; a new process each), p50 / p95${pickedWithout(row.skippedFiles)}`,
      pair(row.stats),
      hasLatencyTarget(row.kind) ? `p50 <= ${TARGETS.daemonEditP50Ms} ms` : "within 2 × the watch time of the same edit",
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
  if (r.commands.tsc) lines.push(`- tsc (cwd ${r.dir}): \`${r.commands.tsc}\``);
  if (r.commands.index) lines.push(`- index: \`${r.commands.index}\``);
  if (r.commands.watch) lines.push(`- watch: \`${r.commands.watch}\``);
  if (d) lines.push(`- with a daemon (\`ts-graph daemon start\`, started in ${formatMs(d.startMs)}): \`${d.indexCommand}\`; \`${d.query.command}\``);
  lines.push(`- exactOptionalPropertyTypes: ${r.exactOptionalPropertyTypes} (${r.exactOptionalProbe})`);
  if (full) {
    const summary = Object.entries(full.fields)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(", ");
    lines.push(`- ts-graph summary (full index): ${summary || "(none parsed)"}`);
  }
  if (g.skipped) lines.push(`- ts-graph steps skipped: ${g.skipped}`);
  if (r.tsc && !r.tsc.checked) lines.push(`- WARNING: baseline did not type-check: ${r.tsc.problems.join("; ")}`);
  if (w?.exit.forced) lines.push("- WARNING: watcher ignored SIGINT for 10 s and was killed");
  for (const e of r.errors) lines.push(`- ERROR: ${shorten(e.split("\n")[0] ?? "", 400)}`);
  lines.push("");
  return lines.join("\n");
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

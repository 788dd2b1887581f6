/**
 * The daemon rows of `npm run bench` alone (step 8 there), without the tsc rounds and the other steps:
 *
 *   npm run bench:daemon [-- --corpus effect@3.22.4] [--edits 20]
 *
 * The daemon builds the graph itself (its first run is the full index), then the timed runs follow.
 * Prints a markdown table and the machine's load before and after.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseCorpusSpec, prepareCorpus } from "./corpus.js";
import { TIMED_EDIT_KINDS, hasLatencyTarget, timedEditSets, type TimedEditKind } from "./bench-edits.js";
import { runDaemonSteps } from "./daemon-steps.js";
import { benchOptions, formatMs, log } from "./measure.js";
import { TARGETS } from "./report.js";
import type { Summary } from "./stats.js";
import { cliAvailable, pickEditFiles, staleBuildWarning } from "./tsgraph.js";

interface Options {
  readonly corpus: string;
  readonly edits: number;
  readonly renames: number;
  readonly kinds: readonly TimedEditKind[];
}

function parseArgs(argv: readonly string[]): Options {
  const usage = `usage: npm run bench:daemon -- [--corpus NAME@VERSION] [--edits N] [--renames N] [--kinds ${TIMED_EDIT_KINDS.join(",")}]`;
  const options = benchOptions(argv, ["corpus", "edits", "renames", "kinds"], usage);
  const edits = Number(options.edits ?? 20);
  const renames = Number(options.renames ?? 3);
  const kinds = (options.kinds ?? TIMED_EDIT_KINDS.join(",")).split(",");
  if (!Number.isInteger(edits) || edits <= 0 || !Number.isInteger(renames) || renames < 0) throw new Error(usage);
  if (kinds.some((kind) => !(TIMED_EDIT_KINDS as readonly string[]).includes(kind))) throw new Error(usage);
  return {
    corpus: options.corpus ?? "effect@3.22.4",
    edits,
    renames,
    kinds: TIMED_EDIT_KINDS.filter((kind) => kinds.includes(kind)),
  };
}

function load(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
}

function cells(stats: Summary | null): string {
  return stats === null
    ? "n/a"
    : `${formatMs(stats.p50)} / ${formatMs(stats.p95)} (n=${stats.count}, min ${formatMs(stats.min)}, max ${formatMs(stats.max)})`;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (!cliAvailable()) throw new Error("dist/cli.js not found: run npm run build");
  const stale = staleBuildWarning();
  if (stale !== null) log(`WARNING: ${stale}`);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-daemon-bench-"));
  const loadBefore = load();
  try {
    const corpus = await prepareCorpus(parseCorpusSpec(options.corpus), {
      tmpDir,
      timeoutMs: 30 * 60_000,
      probeExactOptional: false,
    });
    const files = pickEditFiles(corpus, options.edits);
    const result = await runDaemonSteps(
      { corpus, dbPath: path.join(tmpDir, "graph.db"), tmpDir },
      (copy) => timedEditSets(copy, files, options.kinds, options.renames),
      files,
      options.edits,
      5 * 60_000,
    );
    const lines = [
      `## ${options.corpus}: with a daemon (${os.cpus().length} cores; load before ${loadBefore}, after ${load()})`,
      "",
      "| metric | p50 / p95 | target |",
      "| --- | --- | --- |",
      ...result.edits.map(
        (row) =>
          `| \`index\` after one edit (${row.kind}), a new process each | ${cells(row.stats)} | ${hasLatencyTarget(row.kind) ? `p50 <= ${TARGETS.daemonEditP50Ms} ms` : "within 2 × the watch time of the same edit"} |`,
      ),
      `| query with --index, unchanged tree | ${cells(result.query.stats)} | p50 <= ${TARGETS.daemonQueryP50Ms} ms |`,
      "",
      `- daemon start ${formatMs(result.startMs)}; untimed warm-up runs ${result.warmUpMs.map((ms) => formatMs(ms)).join(", ")} (the first waits for the daemon's full index)`,
      `- edit kinds: ${options.kinds.join(", ")} (bench/bench-edits.ts); files re-extracted per edit by whichever run applied it (from the database): ${result.edits
        .map((row) => `${row.kind} ${row.samples.map((sample) => sample.extractedByAnyRun).join(",")}`)
        .join("; ")}; by the CLI's own run: ${result.edits
        .map((row) => `${row.kind} ${row.samples.map((sample) => sample.extracted ?? "?").join(",")}`)
        .join("; ")} (0: the daemon's watcher had applied the edit)`,
      ...result.edits.flatMap((row) =>
        row.samples.map(
          (sample) =>
            `  - ${row.kind}: ${sample.label}: ${formatMs(sample.wallMs)}, ${sample.extractedByAnyRun} re-extracted`,
        ),
      ),
      `- \`${result.indexCommand}\``,
      `- \`${result.query.command}\``,
    ];
    if (result.error !== null) lines.push(`- ERROR: ${result.error}`);
    process.stdout.write(`${lines.join("\n")}\n`);
    return result.error === null ? 0 : 1;
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

/**
 * Benchmark of `ts-graph export` on a real corpus's whole graph (docs/export.md).
 *
 *   npm run bench:export [-- --corpus effect@4.1.0] [--runs 3]
 *
 *   1. prepare the corpus (bench/corpus.ts) and index it in place with the CLI (incremental on later runs)
 *   2. each format, `runs` times: `ts-graph export <corpus> --tsconfig tsconfig.bench.json --format F --out <tmp>`,
 *      the whole command timed (start-up, the check that the graph is up to date, the export, the rename)
 *
 * The report goes to stdout as markdown (median and max wall time, bytes written), progress to stderr. The
 * target is the whole graph of effect@4.1.0 in 5 s or less per format.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { EXPORT_FORMATS } from "../src/export/export-formats.js";
import { parseCorpusSpec, prepareCorpus } from "./corpus.js";
import { benchOptions, formatBytes, formatMs, log, nowMs } from "./measure.js";
import { percentile } from "./stats.js";
import { CLI_JS } from "./tsgraph.js";

const USAGE = "usage: npm run bench:export -- [--corpus NAME@VERSION] [--runs N]";

function cli(args: readonly string[]): { readonly ms: number; readonly stderr: string } {
  const started = nowMs();
  const result = spawnSync(process.execPath, [CLI_JS, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
  const ms = nowMs() - started;
  if (result.status !== 0) throw new Error(`ts-graph ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return { ms, stderr: result.stderr };
}

function bytesOf(out: string): number {
  const stat = fs.statSync(out);
  return stat.isDirectory()
    ? fs.readdirSync(out).reduce((sum, name) => sum + fs.statSync(path.join(out, name)).size, 0)
    : stat.size;
}

async function main(): Promise<void> {
  const options = benchOptions(process.argv.slice(2), ["corpus", "runs"], USAGE);
  const spec = parseCorpusSpec(options.corpus ?? "effect@4.1.0");
  const runs = Number(options.runs ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(USAGE);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-export-bench-"));
  try {
    const corpus = await prepareCorpus(spec, { tmpDir, timeoutMs: 600_000, probeExactOptional: false });
    const project = ["--tsconfig", corpus.tsconfigPath];
    const indexed = cli(["index", corpus.dir, ...project, "--quiet"]);
    log(`indexed ${spec.id} in ${formatMs(indexed.ms)}`);
    const lines = [
      `## ts-graph export, ${spec.id} (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)} at start)`,
      "",
      "| format | median | max | written | counts |",
      "|---|---:|---:|---:|---|",
    ];
    for (const format of EXPORT_FORMATS) {
      const out = path.join(tmpDir, format === "csv" ? "csv" : `graph.${format}`);
      const times: number[] = [];
      let counts = "";
      for (let run = 0; run < runs; run++) {
        const result = cli(["export", corpus.dir, ...project, "--format", format, "--out", out]);
        times.push(result.ms);
        counts = result.stderr.trim().replace(/^ts-graph: exported /, "");
      }
      log(`${format}: median ${formatMs(percentile(times, 50))}`);
      lines.push(
        `| ${format} | ${formatMs(percentile(times, 50))} | ${formatMs(Math.max(...times))} | ${formatBytes(bytesOf(out))} | ${counts} |`,
      );
    }
    lines.push(
      "",
      `load ${os.loadavg()[0]?.toFixed(1)} at the end; ${runs} run(s) per format, each the whole command.`,
    );
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

await main();

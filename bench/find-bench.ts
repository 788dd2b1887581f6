/**
 * Benchmark of the find and zoom tools on a real corpus.
 *
 *   npm run bench:find [-- --corpus effect@4.1.0] [--queries 100] [--zoom-runs 20]
 *
 *   1. prepare the corpus (bench/corpus.ts) and index it in-process into a database kept in the OS temp
 *      folder (incremental on later runs)
 *   2. find: `queries` queries of each match type, picked deterministically from the graph's own names
 *      (exact: whole names; prefix: first 4 characters; substring: 4 characters from the middle;
 *      camel-hump: the initials of names of 3+ words, e.g. gUBI), each timed through the tool's run()
 *      (input validation, SQL, ranking, text): p50/p95/max per type
 *   3. zoom level 0 on the folder with the most indexed files directly in it (50+): p50/p95 over runs,
 *      freshness check of every file included
 *   4. tokens (gpt-tokenizer, o200k_base) of zoom level 0 of every indexed file against its full text:
 *      median ratio, and the ratio of the sums
 *
 * The report goes to stdout as markdown, progress to stderr.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { countTokens } from "gpt-tokenizer";
import { z } from "zod";
import { openCliToolContext, type CliToolContext } from "../src/cli/cli-tool-context.js";
import { openIndexer } from "../src/ingestion/run/indexer.js";
import { nameWords } from "../src/model/name-words.js";
import { findTool } from "../src/tools/find/handler.js";
import type { ToolDefinition, ToolResult } from "../src/tools/tool-contract.js";
import { zoomTool } from "../src/tools/zoom/handler.js";
import { parseCorpusSpec, prepareCorpus, type PreparedCorpus } from "./corpus.js";
import { formatMs, log, nowMs } from "./measure.js";
import { evenlySpacedIndices, percentile, summarize, type Summary } from "./stats.js";

interface Options {
  readonly corpus: string;
  readonly queries: number;
  readonly zoomRuns: number;
}

function parseArgs(argv: readonly string[]): Options {
  const options = { corpus: "effect@4.1.0", queries: 100, zoomRuns: 20 };
  for (let i = 0; i < argv.length; i += 1) {
    const value = argv[i + 1];
    if (argv[i] === "--corpus" && value !== undefined) options.corpus = value;
    else if (argv[i] === "--queries" && value !== undefined) options.queries = Number(value);
    else if (argv[i] === "--zoom-runs" && value !== undefined) options.zoomRuns = Number(value);
    else
      throw new Error(
        `usage: npm run bench:find -- [--corpus NAME@VERSION] [--queries N] [--zoom-runs N]; got ${argv[i] ?? ""}`,
      );
    i += 1;
  }
  return options;
}

function runTool(tool: ToolDefinition, raw: Record<string, unknown>, context: CliToolContext): Promise<ToolResult> {
  return tool.run(z.object(tool.inputShape).parse(raw) as never, context);
}

async function indexCorpus(corpus: PreparedCorpus, dbPath: string): Promise<number> {
  const started = nowMs();
  // Real paths: .bench-corpora may be a symbolic link, and the indexer resolves the root.
  const root = fs.realpathSync(corpus.dir);
  const tsconfigs = [fs.realpathSync(corpus.tsconfigPath)];
  const indexer = openIndexer({ root, dbPath, tsconfigs, onWarning: (message) => log(`index: ${message}`) });
  try {
    const summary = await indexer.run();
    log(`indexed ${corpus.spec.id}: ${summary.mode}, ${summary.files.total} files in ${formatMs(nowMs() - started)}`);
    return summary.files.total;
  } finally {
    indexer.close();
  }
}

type QueryType = "exact" | "prefix" | "substring" | "camel-hump";

/** Deterministic queries of each type from the graph's own names. */
function pickQueries(context: CliToolContext, count: number): Record<QueryType, string[]> {
  const names = context.db
    .prepare(
      "SELECT DISTINCT name FROM nodes WHERE kind NOT IN ('File', 'Constructor') AND length(name) >= 6 ORDER BY name",
    )
    .pluck()
    .all() as string[];
  const words = names.filter((name) => /^[A-Za-z]/.test(name));
  const spread = (list: readonly string[]): string[] =>
    evenlySpacedIndices(list.length, count).map((index) => list[index] ?? "");
  const humped = words.filter((name) => nameWords(name).length >= 3);
  return {
    exact: spread(words),
    prefix: spread(words).map((name) => name.slice(0, 4)),
    substring: spread(words).map((name) =>
      name.slice(Math.floor(name.length / 2) - 2, Math.floor(name.length / 2) + 2),
    ),
    "camel-hump": spread(humped).map((name) =>
      nameWords(name)
        .map((word, index) => (index === 0 ? (word[0] ?? "") : (word[0] ?? "").toUpperCase()))
        .join(""),
    ),
  };
}

interface FindRow {
  readonly type: QueryType;
  readonly stats: Summary | null;
  readonly medianResults: number;
  readonly examples: string;
}

async function benchFind(context: CliToolContext, queries: Record<QueryType, string[]>): Promise<FindRow[]> {
  for (const name of ["warm", "up", "getUserById"]) await runTool(findTool, { name }, context);
  const rows: FindRow[] = [];
  for (const type of Object.keys(queries) as QueryType[]) {
    const times: number[] = [];
    const totals: number[] = [];
    for (const name of queries[type]) {
      const started = nowMs();
      const result = await runTool(findTool, { name }, context);
      times.push(nowMs() - started);
      totals.push(result.structured.total as number);
    }
    rows.push({
      type,
      stats: summarize(times),
      medianResults: percentile(totals, 50),
      examples: queries[type].slice(0, 4).join(", "),
    });
    log(`find ${type}: p50 ${formatMs(percentile(times, 50))}`);
  }
  return rows;
}

/** The folder with the most indexed files directly in it. */
function busiestFolder(context: CliToolContext): { readonly folder: string; readonly files: number } {
  const counts = new Map<string, number>();
  for (const file of context.db.prepare("SELECT path FROM files").pluck().all() as string[]) {
    const folder = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  const [folder, files] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  return { folder, files };
}

async function benchZoomFolder(
  context: CliToolContext,
  folder: string,
  runs: number,
): Promise<{ stats: Summary | null; bytes: number; tokens: number }> {
  const first = await runTool(zoomTool, { path: folder === "" ? "." : folder }, context);
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = nowMs();
    await runTool(zoomTool, { path: folder === "" ? "." : folder }, context);
    times.push(nowMs() - started);
  }
  return { stats: summarize(times), bytes: Buffer.byteLength(first.text), tokens: countTokens(first.text) };
}

interface TokenRatios {
  readonly files: number;
  readonly median: number;
  readonly p10: number;
  readonly p90: number;
  readonly sumZoom: number;
  readonly sumFull: number;
}

async function benchTokens(context: CliToolContext): Promise<TokenRatios> {
  const files = context.db.prepare("SELECT path FROM files ORDER BY path").pluck().all() as string[];
  const ratios: number[] = [];
  let sumZoom = 0;
  let sumFull = 0;
  for (const [index, file] of files.entries()) {
    const full = countTokens(fs.readFileSync(path.join(context.root, file), "utf8"));
    const zoom = countTokens((await runTool(zoomTool, { path: file }, context)).text);
    if (full > 0) ratios.push(zoom / full);
    sumZoom += zoom;
    sumFull += full;
    if ((index + 1) % 100 === 0) log(`tokens: ${index + 1}/${files.length} files`);
  }
  return {
    files: files.length,
    median: percentile(ratios, 50),
    p10: percentile(ratios, 10),
    p90: percentile(ratios, 90),
    sumZoom,
    sumFull,
  };
}

function statsCells(stats: Summary | null): string {
  return stats === null ? "– | – | –" : `${stats.p50.toFixed(2)} | ${stats.p95.toFixed(2)} | ${stats.max.toFixed(2)}`;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const spec = parseCorpusSpec(options.corpus);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-find-bench-"));
  const corpus = await prepareCorpus(spec, { tmpDir, timeoutMs: 600_000, probeExactOptional: false });
  const dbDir = path.join(os.tmpdir(), "ts-graph-find-bench");
  fs.mkdirSync(dbDir, { recursive: true });
  const dbPath = path.join(dbDir, `${spec.dirName}.db`);
  const indexedFiles = await indexCorpus(corpus, dbPath);
  const context = await openCliToolContext({ root: corpus.dir, db: dbPath });
  try {
    const nodes = context.db.prepare("SELECT count(*) FROM nodes").pluck().get() as number;
    const vocabulary = context.db.prepare("SELECT count(*) FROM symbol_names").pluck().get() as number;
    const find = await benchFind(context, pickQueries(context, options.queries));
    const { folder, files } = busiestFolder(context);
    log(`zoom level 0 on ${folder}/ (${files} files) x ${options.zoomRuns}`);
    const zoomFolder = await benchZoomFolder(context, folder, options.zoomRuns);
    log("tokens of zoom level 0 against full text, every indexed file");
    const tokens = await benchTokens(context);

    const lines = [
      `## find and zoom on ${spec.id}`,
      "",
      `${indexedFiles} indexed files, ${nodes.toLocaleString("en-US")} nodes, ${vocabulary.toLocaleString("en-US")} distinct names; Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}).`,
      "",
      `### find (${options.queries} queries per type, ms, through the tool's run())`,
      "",
      "| match type | p50 | p95 | max | median results | first queries |",
      "|---|---|---|---|---|---|",
      ...find.map((row) => `| ${row.type} | ${statsCells(row.stats)} | ${row.medianResults} | ${row.examples} |`),
      "",
      `### zoom level 0 on ${folder}/ (${files} files directly in it, ${options.zoomRuns} runs, ms)`,
      "",
      "| p50 | p95 | max | answer |",
      "|---|---|---|---|",
      `| ${statsCells(zoomFolder.stats)} | ${zoomFolder.bytes.toLocaleString("en-US")} bytes, ${zoomFolder.tokens.toLocaleString("en-US")} tokens |`,
      "",
      "### tokens of zoom level 0 against the file's full text (o200k_base)",
      "",
      "| files | median ratio | p10 | p90 | all files: zoom / full |",
      "|---|---|---|---|---|",
      `| ${tokens.files} | ${tokens.median.toFixed(3)} | ${tokens.p10.toFixed(3)} | ${tokens.p90.toFixed(3)} | ${tokens.sumZoom.toLocaleString("en-US")} / ${tokens.sumFull.toLocaleString("en-US")} = ${(tokens.sumZoom / tokens.sumFull).toFixed(3)} |`,
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    context.close();
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

await main();

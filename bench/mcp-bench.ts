/**
 * ts-graph MCP server benchmark.
 *
 *   npm run bench:mcp [-- --corpus effect@3.22.4] [--starts 5] [--calls 100] [--edits 10]
 *
 * On a private copy of the corpus (fetched as `npm run bench` does) with its graph already built:
 *   1. start → first tools/list answer: spawn `ts-graph serve` and time until the SDK client has the tool list
 *      (initialize included), over several starts (target ≤ 500 ms);
 *   2. `impact` at depth 3, called `--calls` times over stdio, one after another: p50/p95 round trip
 *      (target p50 ≤ 20 ms). When the server does not list `impact`, `status` is timed instead and the
 *      report says so;
 *   3. save → answer: append a declaration to a file, then call `status` until it counts the new node
 *      (target ≤ 1 s). Steps 2 and 3 start once the server has built, in the background, the TypeScript
 *      programs its watcher keeps (that time is reported too).
 * Figures are printed against targets but never asserted. The report goes to stdout, progress to stderr,
 * and the results as JSON to .bench-corpora/mcp-results-<timestamp>.json.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import Database from "better-sqlite3";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { CORPORA_DIR, DEFAULT_CORPORA, TSCONFIG_NAME, editSuffix, parseCorpusSpec, prepareCorpus, type PreparedCorpus } from "./corpus.js";
import { REPO_ROOT, ensureExited, formatMs, log, run } from "./measure.js";
import { summarize, type Summary } from "./stats.js";
import { CLI_JS, cliAvailable, pickEditFiles, staleBuildWarning } from "./tsgraph.js";

const TARGETS = { startMs: 500, impactP50Ms: 20, saveToAnswerMs: 1000 } as const;

interface Options {
  readonly corpus: string;
  readonly starts: number;
  readonly calls: number;
  readonly edits: number;
}

function parseArgs(argv: readonly string[]): Options {
  const options = { corpus: DEFAULT_CORPORA[0] as string, starts: 5, calls: 100, edits: 10 };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag ?? ""} needs a value`);
    if (flag === "--corpus") options.corpus = value;
    else if (flag === "--starts") options.starts = Number(value);
    else if (flag === "--calls") options.calls = Number(value);
    else if (flag === "--edits") options.edits = Number(value);
    else throw new Error(`unknown option ${flag ?? ""}; usage: npm run bench:mcp -- [--corpus NAME@VERSION] [--starts N] [--calls N] [--edits N]`);
    i += 1;
  }
  return options;
}

/** A copy of the corpus sources that the edits may change; node_modules is linked, not copied. */
function privateCopy(corpus: PreparedCorpus, tmpDir: string): string {
  const dir = path.join(tmpDir, corpus.spec.dirName);
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of ["src", "package.json", TSCONFIG_NAME]) fs.cpSync(path.join(corpus.dir, entry), path.join(dir, entry), { recursive: true });
  fs.symlinkSync(path.join(corpus.dir, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

interface Session {
  readonly client: Client;
  /** Resolves when the server's log (stderr) has a line matching `pattern`. */
  logged(pattern: RegExp, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

async function startServer(root: string): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_JS, "serve", "-r", root, "--tsconfig", path.join(root, TSCONFIG_NAME)],
    stderr: "pipe",
  });
  let stderr = "";
  const waiters: (() => void)[] = [];
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const waiter of waiters.splice(0)) waiter();
  });
  const client = new Client({ name: "ts-graph-bench", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    logged: (pattern, timeoutMs = 300_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the server never logged ${String(pattern)}:\n${stderr}`)), timeoutMs);
        const check = (): void => {
          if (pattern.test(stderr)) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      }),
    close: () => client.close(),
  };
}

async function timeStarts(root: string, starts: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < starts; i += 1) {
    const startedAt = performance.now();
    const session = await startServer(root);
    await session.client.listTools();
    samples.push(performance.now() - startedAt);
    await session.close();
    log(`start ${i + 1}/${starts}: ${formatMs(samples.at(-1))}`);
  }
  return samples;
}

/** The exported function or method with the most callers: a symbol whose impact at depth 3 is large. */
function busiestSymbol(dbPath: string): string {
  const db = new Database(dbPath, { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT n.key AS key FROM edges e JOIN nodes n ON n.key = e.target
         WHERE e.kind = 'CALLS' AND n.kind IN ('Function', 'Method') AND n.exported = 1
         GROUP BY n.key ORDER BY count(*) DESC, n.key LIMIT 1`,
      )
      .get() as { key: string } | undefined;
    if (row === undefined) throw new Error("the graph has no called function");
    return row.key;
  } finally {
    db.close();
  }
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError === true) throw new Error(`${name} answered an error: ${JSON.stringify(result.content)}`);
  return result;
}

async function timeCalls(client: Client, name: string, args: Record<string, unknown>, calls: number): Promise<number[]> {
  await call(client, name, args);
  const samples: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const startedAt = performance.now();
    await call(client, name, args);
    samples.push(performance.now() - startedAt);
  }
  return samples;
}

function variableCount(result: CallToolResult): number {
  const roots = (result.structuredContent as { roots: { graph: { nodes: { byKind: Record<string, number> } } | null }[] }).roots;
  return roots[0]?.graph?.nodes.byKind["Variable"] ?? 0;
}

/** Polls status until it counts `expected` variables; the time from `savedAt` to that answer. */
async function untilAnswered(client: Client, expected: number, savedAt: number, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    const result = await call(client, "status", {});
    const elapsed = performance.now() - savedAt;
    if (variableCount(result) === expected) return elapsed;
    if (elapsed > timeoutMs) throw new Error(`no answer reflected the edit within ${formatMs(timeoutMs)}`);
  }
}

async function timeSaves(client: Client, root: string, files: readonly string[]): Promise<number[]> {
  const base = variableCount(await call(client, "status", {}));
  const samples: number[] = [];
  for (const [i, file] of files.entries()) {
    const absolute = path.join(root, file);
    const original = fs.readFileSync(absolute, "utf8");
    const savedAt = performance.now();
    fs.writeFileSync(absolute, original + editSuffix(i));
    samples.push(await untilAnswered(client, base + 1, savedAt));
    fs.writeFileSync(absolute, original);
    await untilAnswered(client, base, performance.now());
    log(`save ${i + 1}/${files.length} (${file}): ${formatMs(samples.at(-1))}`);
  }
  return samples;
}

function verdict(value: number | undefined, target: number): string {
  if (value === undefined) return "n/a";
  return value <= target ? "met" : "missed";
}

function row(what: string, summary: Summary | null, target: string, met: string): string {
  const figures = summary === null ? "n/a" : `p50 **${formatMs(summary.p50)}** / p95 ${formatMs(summary.p95)} (min ${formatMs(summary.min)}, max ${formatMs(summary.max)}, n=${summary.count})`;
  return `| ${what} | ${figures} | ${target} | ${met} |`;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (!cliAvailable()) throw new Error("dist/cli.js is missing; run npm run build first");
  const stale = staleBuildWarning();
  if (stale !== null) log(stale);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-mcp-bench-"));
  try {
    const corpus = await prepareCorpus(parseCorpusSpec(options.corpus), { tmpDir, timeoutMs: 600_000, probeExactOptional: false });
    const root = privateCopy(corpus, tmpDir);
    log(`${corpus.spec.id}: building the graph (untimed)`);
    ensureExited(await run(process.execPath, [CLI_JS, "index", root, "--tsconfig", path.join(root, TSCONFIG_NAME), "--quiet"], { timeoutMs: 900_000 }));

    const startSamples = await timeStarts(root, options.starts);
    const session = await startServer(root);
    try {
      const warmStartedAt = performance.now();
      await session.logged(/TypeScript programs ready/);
      const warmMs = performance.now() - warmStartedAt;
      log(`programs ready ${formatMs(warmMs)} after the server started`);
      const { tools } = await session.client.listTools();
      const hasImpact = tools.some((tool) => tool.name === "impact");
      const symbol = busiestSymbol(path.join(root, ".ts-graph", "graph.db"));
      const timed = hasImpact ? { name: "impact", args: { symbol, depth: 3 } } : { name: "status", args: {} };
      if (!hasImpact) log("impact is not registered on this build; timing status instead");
      log(`${options.calls} ${timed.name} calls ${JSON.stringify(timed.args)}`);
      const callSamples = await timeCalls(session.client, timed.name, timed.args, options.calls);
      const saveSamples = await timeSaves(session.client, root, pickEditFiles(corpus, options.edits));

      const start = summarize(startSamples);
      const calls = summarize(callSamples);
      const saves = summarize(saveSamples);
      const report = [
        `## MCP server on ${corpus.spec.id} (${corpus.sourceFiles.length} files), ${new Date().toISOString()}`,
        "",
        "| measure | figure | target | |",
        "|---|---|---|---|",
        row("process start → first tools/list answer", start, `≤ ${TARGETS.startMs} ms`, verdict(start?.p50, TARGETS.startMs)),
        row(
          hasImpact ? `impact ${symbol} depth 3, over stdio` : "status over stdio (impact is not registered)",
          calls,
          hasImpact ? `p50 ≤ ${TARGETS.impactP50Ms} ms` : "",
          hasImpact ? verdict(calls?.p50, TARGETS.impactP50Ms) : "",
        ),
        row("save → answer that reflects it", saves, `≤ ${TARGETS.saveToAnswerMs} ms`, verdict(saves?.p95, TARGETS.saveToAnswerMs)),
        `| server start → TypeScript programs built in the background (calls during it wait) | ${formatMs(warmMs)} | | |`,
        "",
        `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}. Command: npm run bench:mcp -- ${process.argv.slice(2).join(" ")}`,
      ].join("\n");
      process.stdout.write(`${report}\n`);
      const results = { corpus: corpus.spec.id, timed: timed.name, args: timed.args, startSamples, warmMs, callSamples, saveSamples };
      const out = path.join(CORPORA_DIR, `mcp-results-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
      fs.writeFileSync(out, JSON.stringify(results, null, 2));
      log(`results in ${path.relative(REPO_ROOT, out)}`);
    } finally {
      await session.close();
    }
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

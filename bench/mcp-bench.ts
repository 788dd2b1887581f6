/**
 * ts-graph MCP server benchmark.
 *
 *   npm run bench:mcp [-- --corpus effect@3.22.4] [--starts 5] [--calls 100] [--hub-calls 20] [--edits 10]
 *
 * On a private copy of the corpus (fetched as `npm run bench` does) with its graph already built:
 *   1. start → first tools/list answer: spawn `ts-graph serve` and time until the SDK client has the tool list
 *      (initialize included), over several starts (target ≤ 500 ms);
 *   2. `impact` at depth 3 over stdio, one call after another: once on each of `--calls` symbols spread
 *      evenly over the call targets sorted by key (as bench:query picks them), p50/p95 round trip (target
 *      p50 ≤ 20 ms); then `--hub-calls` times on the busiest hub (the exported function or method with the
 *      most callers), reported on its own row;
 *   1b. start → first query: the first `impact` call's answer, right after tools/list, while programs build;
 *   1c. stop → exit: the time from closing stdin (or SIGTERM) to the process's exit, while programs build
 *      (target ≤ 500 ms);
 *   3. save → answer, per kind of edit (bench/bench-edits.ts: append, body, signature in `--edits` files, and
 *      `--renames` renames of widely used members): write the edit, then call `status` until the graph it
 *      reports was indexed after the save and the database holds every edited file's new extraction
 *      (target ≤ 1 s for append and body). Steps 2 and 3 start once the server has built, in the background, the TypeScript
 *      programs its watcher keeps (that time is reported too).
 *   4. memory: the server's RSS after the calls above (status) and its peak, against the peak RSS of
 *      `tsc --noEmit` on the same project (target ≤ 1.5×); then, with a server that releases an idle root's
 *      programs after `--idle-seconds` (default 3), the RSS once released, save → answer right after a
 *      release, and the next change's save → answer (the cost of the rebuild).
 * `--start-only` stops after steps 1 and 1b (a short run); `--baseline <cli.js>` times another build's server (a
 * checkout's dist/cli.js) in steps 1 and 1b too, one start of each build after the other, on the same graph.
 * Figures are printed against targets but never asserted. The report goes to stdout, progress to stderr,
 * and the results as JSON to .bench-corpora/mcp-results-<timestamp>.json.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  CORPORA_DIR,
  DEFAULT_CORPORA,
  TSCONFIG_NAME,
  editSuffix,
  parseCorpusSpec,
  prepareCorpus,
  type PreparedCorpus,
} from "./corpus.js";
import {
  REPO_ROOT,
  RSS_ENV_VAR,
  RSS_PRELOAD,
  ensureExited,
  formatBytes,
  formatMs,
  log,
  newRssFile,
  readRssFile,
  run,
} from "./measure.js";
import { runTsc } from "./tsc.js";
import { evenlySpacedIndices, summarize, type Summary } from "./stats.js";
import { CLI_JS, cliAvailable, pickEditFiles, staleBuildWarning } from "./tsgraph.js";
import {
  TIMED_EDIT_KINDS,
  filesExtractedSince,
  hasLatencyTarget,
  timedEditSets,
  writeEdited,
  writeOriginal,
  type BenchEdit,
  type EditSet,
  type TimedEditKind,
} from "./bench-edits.js";

const TARGETS = { startMs: 500, impactP50Ms: 20, saveToAnswerMs: 1000, exitMs: 500 } as const;

interface Options {
  readonly corpus: string;
  readonly starts: number;
  readonly calls: number;
  readonly hubCalls: number;
  readonly edits: number;
  readonly renames: number;
  readonly kinds: readonly TimedEditKind[];
  readonly idleSeconds: number;
  /** Another build's dist/cli.js, timed in the start steps alternately with this one. */
  readonly baseline: string | undefined;
  /** Only the start steps (1 and 1b). */
  readonly startOnly: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options = {
    corpus: DEFAULT_CORPORA[0] as string,
    starts: 5,
    calls: 100,
    hubCalls: 20,
    edits: 10,
    renames: 3,
    kinds: [...TIMED_EDIT_KINDS],
    idleSeconds: 3,
    baseline: undefined as string | undefined,
    startOnly: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    if (flag === "--start-only") {
      options.startOnly = true;
      continue;
    }
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag ?? ""} needs a value`);
    if (flag === "--corpus") options.corpus = value;
    else if (flag === "--starts") options.starts = Number(value);
    else if (flag === "--calls") options.calls = Number(value);
    else if (flag === "--hub-calls") options.hubCalls = Number(value);
    else if (flag === "--edits") options.edits = Number(value);
    else if (flag === "--renames") options.renames = Number(value);
    else if (flag === "--kinds") options.kinds = TIMED_EDIT_KINDS.filter((kind) => value.split(",").includes(kind));
    else if (flag === "--idle-seconds") options.idleSeconds = Number(value);
    else if (flag === "--baseline") options.baseline = path.resolve(value);
    else
      throw new Error(
        `unknown option ${flag ?? ""}; usage: npm run bench:mcp -- [--corpus NAME@VERSION] [--starts N] [--calls N] [--hub-calls N] [--edits N] [--renames N] [--kinds append,body,signature,rename] [--idle-seconds N] [--start-only] [--baseline OTHER/dist/cli.js]`,
      );
    i += 1;
  }
  return options;
}

/** A copy of the corpus sources that the edits may change; node_modules is linked, not copied. */
function privateCopy(corpus: PreparedCorpus, tmpDir: string): string {
  const dir = path.join(tmpDir, corpus.spec.dirName);
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of ["src", "package.json", TSCONFIG_NAME])
    fs.cpSync(path.join(corpus.dir, entry), path.join(dir, entry), { recursive: true });
  fs.symlinkSync(path.join(corpus.dir, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

interface Session {
  readonly client: Client;
  /** The server process's CPU time so far (user + system, ms), where /proc tells it (Linux); else undefined. */
  cpuMs(): number | undefined;
  /** Resolves when the server's log (stderr) has a line matching `pattern`. */
  logged(pattern: RegExp, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** `serve` on the root; with `rssFile`, the process reports its peak RSS there when it exits (bench/report-rss.cjs). */
async function startServer(
  root: string,
  extraArgs: readonly string[] = [],
  rssFile?: string,
  cli: string = CLI_JS,
): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      ...(rssFile === undefined ? [] : ["--require", RSS_PRELOAD]),
      cli,
      "serve",
      "-r",
      root,
      "--tsconfig",
      path.join(root, TSCONFIG_NAME),
      ...extraArgs,
    ],
    stderr: "pipe",
    ...(rssFile === undefined ? {} : { env: { ...(process.env as Record<string, string>), [RSS_ENV_VAR]: rssFile } }),
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
        const timer = setTimeout(
          () => reject(new Error(`the server never logged ${String(pattern)}:\n${stderr}`)),
          timeoutMs,
        );
        const check = (): void => {
          if (pattern.test(stderr)) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      }),
    cpuMs: () => processCpuMs(transport.pid),
    close: () => client.close(),
  };
}

/** A process's CPU time (user + system, ms) from /proc/PID/stat, at the kernel's 10 ms ticks; undefined without /proc. */
function processCpuMs(pid: number | null): number | undefined {
  if (pid === null) return undefined;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function timeStarts(root: string, starts: number, cli: string = CLI_JS, cpuAtList?: number[]): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < starts; i += 1) {
    const startedAt = performance.now();
    const session = await startServer(root, [], undefined, cli);
    await session.client.listTools();
    samples.push(performance.now() - startedAt);
    const cpu = session.cpuMs();
    if (cpu !== undefined) cpuAtList?.push(cpu);
    await session.close();
    log(`start ${i + 1}/${starts}: ${formatMs(samples.at(-1))}`);
  }
  return samples;
}

/**
 * Start → first query: the time from spawning the server to the answer of its first `impact` call (depth 3,
 * on the first call target by key), and that call's own round trip, asked right after tools/list, while the server checks the graph
 * against the files and builds its TypeScript programs in the background.
 */
async function timeFirstQueries(
  root: string,
  starts: number,
  symbol: string,
  cli: string = CLI_JS,
  cpuAtAnswer?: number[],
): Promise<{ fromStart: number[]; roundTrip: number[] }> {
  const fromStart: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < starts; i += 1) {
    const startedAt = performance.now();
    const session = await startServer(root, [], undefined, cli);
    await session.client.listTools();
    const askedAt = performance.now();
    await call(session.client, "impact", { symbol, depth: 3 });
    roundTrip.push(performance.now() - askedAt);
    fromStart.push(performance.now() - startedAt);
    const cpu = session.cpuMs();
    if (cpu !== undefined) cpuAtAnswer?.push(cpu);
    await session.close();
    log(
      `first query ${i + 1}/${starts}: ${formatMs(fromStart.at(-1))} after start (round trip ${formatMs(roundTrip.at(-1))})`,
    );
  }
  return { fromStart, roundTrip };
}

/**
 * Stop → exit: a server spawned by hand gets `initialize` and a `status` call, then, while it builds its
 * programs, its stdin is closed (or it gets SIGTERM); the time until the process has exited.
 */
async function timeExits(root: string, starts: number, how: "stdin" | "SIGTERM"): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < starts; i += 1) {
    const child = spawn(process.execPath, [CLI_JS, "serve", "-r", root, "--tsconfig", path.join(root, TSCONFIG_NAME)], {
      stdio: ["pipe", "pipe", "ignore"],
    });
    const exited = new Promise<number>((resolve) => child.on("exit", () => resolve(performance.now())));
    const answered = (id: number): Promise<void> =>
      new Promise((resolve) => {
        let out = "";
        const onData = (chunk: Buffer): void => {
          out += chunk.toString();
          if (out.includes(`"id":${id}`)) {
            child.stdout.off("data", onData);
            resolve();
          }
        };
        child.stdout.on("data", onData);
      });
    const send = (message: object): void => {
      child.stdin.write(`${JSON.stringify(message)}\n`);
    };
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
    });
    await answered(1);
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "status", arguments: {} } });
    await answered(2);
    const stoppedAt = performance.now();
    if (how === "stdin") child.stdin.end();
    else child.kill("SIGTERM");
    samples.push((await exited) - stoppedAt);
    log(`exit after ${how === "stdin" ? "stdin closed" : "SIGTERM"} ${i + 1}/${starts}: ${formatMs(samples.at(-1))}`);
  }
  return samples;
}

/**
 * The symbols impact is timed on: `count` call targets spread evenly over the sorted keys, and the hub,
 * the exported function or method with the most callers (the slowest kind of answer).
 */
function impactSymbols(dbPath: string, count: number): { readonly spread: readonly string[]; readonly hub: string } {
  const db = new Database(dbPath, { readonly: true });
  try {
    const targets = db
      .prepare(
        "SELECT DISTINCT e.target FROM edges e JOIN nodes n ON n.key = e.target WHERE e.kind = 'CALLS' AND n.kind <> 'File' ORDER BY e.target",
      )
      .pluck()
      .all() as string[];
    const hub = db
      .prepare(
        `SELECT n.key AS key FROM edges e JOIN nodes n ON n.key = e.target
         WHERE e.kind = 'CALLS' AND n.kind IN ('Function', 'Method') AND n.exported = 1
         GROUP BY n.key ORDER BY count(*) DESC, n.key LIMIT 1`,
      )
      .pluck()
      .get() as string | undefined;
    if (hub === undefined) throw new Error("the graph has no called function");
    return { spread: evenlySpacedIndices(targets.length, count).map((index) => targets[index] as string), hub };
  } finally {
    db.close();
  }
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError === true) throw new Error(`${name} answered an error: ${JSON.stringify(result.content)}`);
  return result;
}

/** One round trip per argument set, after one untimed call. */
async function timeCalls(client: Client, name: string, argSets: readonly Record<string, unknown>[]): Promise<number[]> {
  const first = argSets[0];
  if (first === undefined) return [];
  await call(client, name, first);
  const samples: number[] = [];
  for (const args of argSets) {
    const startedAt = performance.now();
    await call(client, name, args);
    samples.push(performance.now() - startedAt);
  }
  return samples;
}

function variableCount(result: CallToolResult): number {
  const roots = (
    result.structuredContent as { roots: { graph: { nodes: { byKind: Record<string, number> } } | null }[] }
  ).roots;
  return roots[0]?.graph?.nodes.byKind.Variable ?? 0;
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

function statusIndexedAt(result: CallToolResult): number {
  const roots = (result.structuredContent as { roots: { indexedAt: string | null }[] }).roots;
  const indexedAt = roots[0]?.indexedAt;
  return indexedAt === null || indexedAt === undefined ? 0 : Date.parse(indexedAt);
}

/** Whether the database holds an extraction of every file of the edit made at or after `savedAtMs` (epoch). */
function editExtracted(db: Database.Database, edit: BenchEdit, savedAtMs: number): boolean {
  const indexedAt = db.prepare("SELECT indexed_at AS at FROM files WHERE path = ?");
  return edit.files.every(({ file }) => ((indexedAt.get(file) as { at: number } | undefined)?.at ?? 0) >= savedAtMs);
}

/** Polls status until the graph it reports was indexed after the save, with every edited file; the time from the save. */
async function untilIndexed(
  client: Client,
  db: Database.Database,
  edit: BenchEdit,
  savedAtMs: number,
  startedAt: number,
  timeoutMs = 120_000,
): Promise<number> {
  for (;;) {
    const result = await call(client, "status", {});
    const elapsed = performance.now() - startedAt;
    if (statusIndexedAt(result) >= savedAtMs && editExtracted(db, edit, savedAtMs)) return elapsed;
    if (elapsed > timeoutMs)
      throw new Error(`no answer reflected the edit (${edit.label}) within ${formatMs(timeoutMs)}`);
  }
}

interface SaveRow {
  readonly kind: TimedEditKind;
  readonly samples: number[];
  /** Files re-extracted by the server's runs after each save. */
  readonly extracted: number[];
  readonly skipped: number;
}

async function timeSaves(client: Client, root: string, dbPath: string, sets: readonly EditSet[]): Promise<SaveRow[]> {
  const rows: SaveRow[] = [];
  // One reader for the whole step: the server writes in place (WAL), so each read sees its last commit.
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    for (const set of sets) {
      const row: SaveRow = { kind: set.kind, samples: [], extracted: [], skipped: set.skippedFiles };
      rows.push(row);
      for (const [i, edit] of set.edits.entries()) {
        const savedAtMs = Date.now();
        const startedAt = performance.now();
        writeEdited(root, edit);
        try {
          row.samples.push(await untilIndexed(client, db, edit, savedAtMs, startedAt));
        } finally {
          writeOriginal(root, edit);
        }
        row.extracted.push(filesExtractedSince(db, savedAtMs));
        const restoredAtMs = Date.now();
        await untilIndexed(client, db, edit, restoredAtMs, performance.now());
        log(
          `save ${set.kind} ${i + 1}/${set.edits.length} (${edit.label}): ${formatMs(row.samples.at(-1))}, ${row.extracted.at(-1)} re-extracted`,
        );
      }
    }
  } finally {
    db.close();
  }
  return rows;
}

interface ServedMemory {
  readonly rssBytes: number;
  readonly programs: string;
  readonly indexerHeapBytes: number | undefined;
}

/** The server's RSS and what its root keeps warm, as status reports them. */
async function servedMemory(client: Client): Promise<ServedMemory> {
  const structured = (await call(client, "status", {})).structuredContent as {
    server?: { rssBytes: number };
    roots: { memory?: { programs: string; indexerHeapBytes?: number } }[];
  };
  if (structured.server === undefined) throw new Error("status reports no server memory on this build");
  const memory = structured.roots[0]?.memory;
  return {
    rssBytes: structured.server.rssBytes,
    programs: memory?.programs ?? "n/a",
    indexerHeapBytes: memory?.indexerHeapBytes,
  };
}

async function untilPrograms(client: Client, state: string, timeoutMs = 300_000): Promise<ServedMemory> {
  const startedAt = performance.now();
  for (;;) {
    const memory = await servedMemory(client);
    if (memory.programs === state) return memory;
    if (performance.now() - startedAt > timeoutMs) throw new Error(`the programs never became ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface RebuildSamples {
  readonly releasedRss: number[];
  readonly saveAfterRelease: number[];
  readonly nextChange: number[];
}

/**
 * The cost of a rebuild after a release: a server that releases an idle root's programs after `idleSeconds`;
 * per file, wait for the release, read the RSS, save the file, and time the first answer that reflects it
 * (a new indexing thread builds the narrow program of the change, and keeps it), then restore the file at
 * once and time the answer to that next change (it reuses what the first one built).
 */
async function timeRebuilds(root: string, files: readonly string[], idleSeconds: number): Promise<RebuildSamples> {
  const session = await startServer(root, ["--idle-release", String(idleSeconds / 60)]);
  const samples: RebuildSamples = { releasedRss: [], saveAfterRelease: [], nextChange: [] };
  try {
    await session.logged(/TypeScript programs ready/);
    const base = variableCount(await call(session.client, "status", {}));
    for (const [i, file] of files.entries()) {
      const released = await untilPrograms(session.client, "released");
      samples.releasedRss.push(released.rssBytes);
      const absolute = path.join(root, file);
      const original = fs.readFileSync(absolute, "utf8");
      const savedAt = performance.now();
      fs.writeFileSync(absolute, original + editSuffix(i));
      samples.saveAfterRelease.push(await untilAnswered(session.client, base + 1, savedAt));
      await untilPrograms(session.client, "as needed");
      const restoredAt = performance.now();
      fs.writeFileSync(absolute, original);
      samples.nextChange.push(await untilAnswered(session.client, base, restoredAt));
      log(
        `after release ${i + 1}/${files.length} (${file}): RSS ${formatBytes(released.rssBytes)} released, save → answer ${formatMs(samples.saveAfterRelease.at(-1))}, the next change ${formatMs(samples.nextChange.at(-1))}`,
      );
    }
  } finally {
    await session.close();
  }
  return samples;
}

function verdict(value: number | undefined, target: number): string {
  if (value === undefined) return "n/a";
  return value <= target ? "met" : "missed";
}

function row(what: string, summary: Summary | null, target: string, met: string): string {
  const figures =
    summary === null
      ? "n/a"
      : `p50 **${formatMs(summary.p50)}** / p95 ${formatMs(summary.p95)} (min ${formatMs(summary.min)}, max ${formatMs(summary.max)}, n=${summary.count})`;
  return `| ${what} | ${figures} | ${target} | ${met} |`;
}

interface StartSamples {
  readonly startSamples: number[];
  readonly firstQueries: { fromStart: number[]; roundTrip: number[] };
  /** The server's CPU time (ms) when its tools/list answer came, and when its first impact answer came (Linux). */
  readonly cpuAtList: number[];
  readonly cpuAtFirstAnswer: number[];
}

/**
 * Steps 1 and 1b: start → tools/list and start → first impact, for this build and (`--baseline`) another one,
 * one start of each after the other so that both see the same load.
 */
async function timeStartSteps(
  root: string,
  symbol: string,
  options: Options,
): Promise<{ readonly current: StartSamples; readonly baseline?: StartSamples }> {
  const builds = options.baseline === undefined ? [CLI_JS] : [CLI_JS, options.baseline];
  const samples = builds.map(
    (): StartSamples => ({
      startSamples: [],
      firstQueries: { fromStart: [], roundTrip: [] },
      cpuAtList: [],
      cpuAtFirstAnswer: [],
    }),
  );
  for (let i = 0; i < options.starts; i += 1) {
    for (const [index, cli] of builds.entries()) {
      const into = samples[index];
      if (into === undefined) continue;
      if (builds.length > 1) log(cli === CLI_JS ? "this build:" : `baseline ${cli}:`);
      into.startSamples.push(...(await timeStarts(root, 1, cli, into.cpuAtList)));
      const first = await timeFirstQueries(root, 1, symbol, cli, into.cpuAtFirstAnswer);
      into.firstQueries.fromStart.push(...first.fromStart);
      into.firstQueries.roundTrip.push(...first.roundTrip);
    }
  }
  const [current, baseline] = samples;
  if (current === undefined) throw new Error("no build to time");
  return baseline === undefined ? { current } : { current, baseline };
}

/** The report of `--start-only`: the start rows, for this build and the baseline. */
function startReport(
  corpus: string,
  files: number,
  symbol: string,
  starts: { readonly current: StartSamples; readonly baseline?: StartSamples },
  loadAtStart: readonly number[],
): string[] {
  const rows = (label: string, samples: StartSamples): string[] => [
    row(
      `${label}process start → first tools/list answer`,
      summarize(samples.startSamples),
      `≤ ${TARGETS.startMs} ms`,
      verdict(summarize(samples.startSamples)?.p50, TARGETS.startMs),
    ),
    row(
      `${label}process start → first impact answer (${symbol}, right after tools/list)`,
      summarize(samples.firstQueries.fromStart),
      "",
      "",
    ),
    row(
      `${label}first impact call's round trip, asked right after tools/list`,
      summarize(samples.firstQueries.roundTrip),
      "",
      "",
    ),
    row(
      `${label}server's CPU time (user + system) when its tools/list answer came`,
      summarize(samples.cpuAtList),
      "",
      "",
    ),
    row(`${label}server's CPU time when its first impact answer came`, summarize(samples.cpuAtFirstAnswer), "", ""),
  ];
  const load = (values: readonly number[]): string => values.map((value) => value.toFixed(1)).join(" ");
  return [
    `## MCP server starts on ${corpus} (${files} files), ${new Date().toISOString()}`,
    "",
    "| measure | figure | target | |",
    "|---|---|---|---|",
    ...rows("", starts.current),
    ...(starts.baseline === undefined ? [] : rows("baseline: ", starts.baseline)),
    "",
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end. Command: npm run bench:mcp -- ${process.argv.slice(2).join(" ")}`,
  ];
}

// Long because: the bench's phases in order (start times, calls, memory against tsc, rebuilds) share one corpus, server
// session and temporary folder, cleaned up in one finally.
async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (!cliAvailable()) throw new Error("dist/cli.js is missing; run npm run build first");
  const stale = staleBuildWarning();
  if (stale !== null) log(stale);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-mcp-bench-"));
  try {
    const corpus = await prepareCorpus(parseCorpusSpec(options.corpus), {
      tmpDir,
      timeoutMs: 600_000,
      probeExactOptional: false,
    });
    const root = privateCopy(corpus, tmpDir);
    const resultsFile = path.join(CORPORA_DIR, `mcp-results-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    log(`${corpus.spec.id}: building the graph (untimed)`);
    ensureExited(
      await run(process.execPath, [CLI_JS, "index", root, "--tsconfig", path.join(root, TSCONFIG_NAME), "--quiet"], {
        timeoutMs: 900_000,
      }),
    );

    const firstSymbol = impactSymbols(path.join(root, ".ts-graph", "graph.db"), 1).spread[0];
    if (firstSymbol === undefined) throw new Error("the graph has no call target");
    const loadAtStart = os.loadavg();
    const starts = await timeStartSteps(root, firstSymbol, options);
    const { startSamples, firstQueries } = starts.current;
    if (options.startOnly) {
      process.stdout.write(
        `${startReport(corpus.spec.id, corpus.sourceFiles.length, firstSymbol, starts, loadAtStart).join("\n")}\n`,
      );
      fs.writeFileSync(
        resultsFile,
        JSON.stringify(
          { corpus: corpus.spec.id, firstSymbol, ...starts, loadAtStart, loadAtEnd: os.loadavg() },
          null,
          2,
        ),
      );
      log(`results in ${path.relative(REPO_ROOT, resultsFile)}`);
      return;
    }
    const stdinExits = await timeExits(root, options.starts, "stdin");
    const sigtermExits = await timeExits(root, options.starts, "SIGTERM");
    const rssFile = newRssFile(tmpDir);
    const session = await startServer(root, [], rssFile);
    let afterCalls: ServedMemory | undefined;
    let report: string[] = [];
    try {
      const warmStartedAt = performance.now();
      await session.logged(/TypeScript programs ready/);
      const warmMs = performance.now() - warmStartedAt;
      log(`programs ready ${formatMs(warmMs)} after the server started`);
      const { tools } = await session.client.listTools();
      const hasImpact = tools.some((tool) => tool.name === "impact");
      const symbols = impactSymbols(path.join(root, ".ts-graph", "graph.db"), options.calls);
      let callSamples: number[];
      let hubSamples: number[] = [];
      if (hasImpact) {
        log(`impact at depth 3 on ${symbols.spread.length} symbols spread over the call targets`);
        callSamples = await timeCalls(
          session.client,
          "impact",
          symbols.spread.map((symbol) => ({ symbol, depth: 3 })),
        );
        log(`impact at depth 3 on the hub ${symbols.hub}, ${options.hubCalls} times`);
        hubSamples = await timeCalls(
          session.client,
          "impact",
          Array.from({ length: options.hubCalls }, () => ({ symbol: symbols.hub, depth: 3 })),
        );
      } else {
        log("impact is not registered on this build; timing status instead");
        callSamples = await timeCalls(
          session.client,
          "status",
          Array.from({ length: options.calls }, () => ({})),
        );
      }
      const dbPath = path.join(root, ".ts-graph", "graph.db");
      const editTarget = {
        corpus: { dir: root, tsconfigPath: path.join(root, TSCONFIG_NAME), sourceFiles: corpus.sourceFiles },
        dbPath,
      };
      const saveRows = await timeSaves(
        session.client,
        root,
        dbPath,
        timedEditSets(editTarget, pickEditFiles(corpus, options.edits), options.kinds, options.renames),
      );
      afterCalls = await servedMemory(session.client);
      log(
        `RSS after the calls: ${formatBytes(afterCalls.rssBytes)} (indexing thread's heap ${formatBytes(afterCalls.indexerHeapBytes)})`,
      );

      const start = summarize(startSamples);
      const calls = summarize(callSamples);
      const hubCalls = summarize(hubSamples);
      report = [
        `## MCP server on ${corpus.spec.id} (${corpus.sourceFiles.length} files), ${new Date().toISOString()}`,
        "",
        "| measure | figure | target | |",
        "|---|---|---|---|",
        row(
          "process start → first tools/list answer",
          start,
          `≤ ${TARGETS.startMs} ms`,
          verdict(start?.p50, TARGETS.startMs),
        ),
        row(
          `process start → first impact answer (${firstSymbol}, while programs build)`,
          summarize(firstQueries.fromStart),
          "",
          "",
        ),
        row("first impact call's round trip, asked right after tools/list", summarize(firstQueries.roundTrip), "", ""),
        row(
          "stdin closed → process exited (while programs build)",
          summarize(stdinExits),
          `≤ ${TARGETS.exitMs} ms`,
          verdict(summarize(stdinExits)?.p95, TARGETS.exitMs),
        ),
        row(
          "SIGTERM → process exited (while programs build)",
          summarize(sigtermExits),
          `≤ ${TARGETS.exitMs} ms`,
          verdict(summarize(sigtermExits)?.p95, TARGETS.exitMs),
        ),
        row(
          hasImpact
            ? `impact depth 3 over stdio, ${symbols.spread.length} symbols spread over the call targets`
            : "status over stdio (impact is not registered)",
          calls,
          hasImpact ? `p50 ≤ ${TARGETS.impactP50Ms} ms` : "",
          hasImpact ? verdict(calls?.p50, TARGETS.impactP50Ms) : "",
        ),
        ...(hasImpact ? [row(`impact depth 3 over stdio on the hub ${symbols.hub}`, hubCalls, "", "")] : []),
        ...saveRows.map((save) => {
          const stats = summarize(save.samples);
          const target = hasLatencyTarget(save.kind);
          const skipped = save.skipped > 0 ? `; ${save.skipped} picked without such an edit` : "";
          return row(
            `save → answer that reflects it (${save.kind}; files re-extracted: ${save.extracted.join(", ")}${skipped})`,
            stats,
            target ? `≤ ${TARGETS.saveToAnswerMs} ms` : "",
            target ? verdict(stats?.p95, TARGETS.saveToAnswerMs) : "",
          );
        }),
        `| server start → TypeScript programs built in the background (in a worker thread: calls answer meanwhile) | ${formatMs(warmMs)} | | |`,
      ];
      const results = {
        corpus: corpus.spec.id,
        hasImpact,
        symbols,
        startSamples,
        firstQueries,
        stdinExits,
        sigtermExits,
        warmMs,
        callSamples,
        hubSamples,
        saveRows,
      };
      fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2));
    } finally {
      await session.close();
    }
    // Memory: the server's RSS after the calls above and its peak, against tsc --noEmit's peak on the same project.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const serverPeak = readRssFile(rssFile, undefined);
    log("tsc --noEmit on the same project, for its peak RSS");
    const tsc = await runTsc(root, TSCONFIG_NAME, tmpDir, 900_000);
    const tscPeak = tsc.maxRssKiB === null ? null : tsc.maxRssKiB * 1024;
    const ratio = (bytes: number | undefined | null): string =>
      bytes === undefined || bytes === null || tscPeak === null ? "n/a" : `${(bytes / tscPeak).toFixed(2)}×`;
    const rebuilds = await timeRebuilds(root, pickEditFiles(corpus, Math.min(options.edits, 3)), options.idleSeconds);
    const peakBytes = serverPeak.descendantsMaxRssKiB === null ? null : serverPeak.descendantsMaxRssKiB * 1024;
    report.push(
      `| server RSS after the calls above (status; indexing thread's heap ${formatBytes(afterCalls?.indexerHeapBytes)}) | ${formatBytes(afterCalls?.rssBytes)}, ${ratio(afterCalls?.rssBytes)} tsc's peak | ≤ 1.5× | ${afterCalls === undefined || tscPeak === null ? "n/a" : verdict(afterCalls.rssBytes / tscPeak, 1.5)} |`,
      `| server peak RSS over the session | ${formatBytes(peakBytes)}, ${ratio(peakBytes)} tsc's peak | | |`,
      `| tsc --noEmit peak RSS on the same project | ${formatBytes(tscPeak)} | | |`,
      `| server RSS once the idle root released its programs (--idle-release ${options.idleSeconds} s) | ${rebuilds.releasedRss.map((bytes) => formatBytes(bytes)).join(", ")} | | |`,
      row(
        "save → answer that reflects it, right after a release (a new indexing thread builds the narrow program of the change, and keeps it)",
        summarize(rebuilds.saveAfterRelease),
        "",
        "",
      ),
      row(
        "save → answer of the next change after that (programs as needed: it reuses what the first built)",
        summarize(rebuilds.nextChange),
        "",
        "",
      ),
      "",
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(" ")}. Command: npm run bench:mcp -- ${process.argv.slice(2).join(" ")}`,
    );
    process.stdout.write(`${report.join("\n")}\n`);
    const saved = JSON.parse(fs.readFileSync(resultsFile, "utf8")) as Record<string, unknown>;
    fs.writeFileSync(
      resultsFile,
      JSON.stringify({ ...saved, afterCalls, serverPeakBytes: peakBytes, tscPeakBytes: tscPeak, rebuilds }, null, 2),
    );
    log(`results in ${path.relative(REPO_ROOT, resultsFile)}`);
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

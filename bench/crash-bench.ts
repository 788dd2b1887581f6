/**
 * Crash run: processes killed where they write, and stopped while they wait; counts what a user would lose.
 *
 *   npm run bench:crash [-- --index-kills 20] [--stops 8] [--seed 1]
 *
 *   1. index: a copy of sample-projects/web-app, indexed, then edited (every file gains a function that calls
 *      an existing one); `ts-graph index` killed (SIGKILL) at a random write point (src/db/crash-points.ts,
 *      `TS_GRAPH_CRASH_AT`), then run again: the graph must equal a fresh full index of the same files
 *   2. rename: `ts-graph rename-symbol` of a declaration used in several files, killed at each of its file
 *      write points (`TS_GRAPH_CRASH_AT=edit:N`: the journal, each temporary file, each rename, the journal's
 *      removal) in turn, then `ts-graph index` (the next command): every file must be as before the rename or
 *      all as after it, never a mix, and no temporary or journal file of ts-graph left beside the sources
 *   3. stop while waiting: another writer holds the graph's write lock while `ts-graph serve` catches up with
 *      a changed file; the server is stopped (stdin closed, or SIGTERM) while its indexing thread waits.
 *      An abort is an exit by a signal other than the one sent, or `FATAL` on stderr
 *
 * Figures, not assertions: markdown to stdout, progress to stderr. Needs `npm run build` (the CLI in dist/).
 */
import Database from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  copySampleProject,
  freshSnapshot,
  makeTempDir,
  readerSnapshot,
  removeTempDirs,
} from "../src/test-support/fixtures.js";
import { benchOptions, log } from "./measure.js";
import { CLI_JS, cliAvailable, staleBuildWarning } from "./tsgraph.js";

const USAGE = "usage: npm run bench:crash [-- --index-kills N] [--stops N] [--seed N]";

/** A small deterministic generator (mulberry32), so that a run can be repeated with its seed. */
function randomInts(seed: number): (max: number) => number {
  let state = seed >>> 0;
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return 1 + (((t ^ (t >>> 14)) >>> 0) % max);
  };
}

interface CliRun {
  readonly code: number | null;
  readonly signal: string | null;
  readonly stderr: string;
}

/** The database folder as it was at `saved` (a copy made by saveGraph): the folder is replaced whole (-wal, -shm, markers). */
function restoreGraph(root: string, saved: string): void {
  const folder = path.join(root, ".ts-graph");
  fs.rmSync(folder, { recursive: true, force: true });
  fs.cpSync(saved, folder, { recursive: true });
}

function saveGraph(root: string): string {
  const saved = path.join(makeTempDir("ts-graph-crash-saved-"), ".ts-graph");
  fs.cpSync(path.join(root, ".ts-graph"), saved, { recursive: true });
  return saved;
}

/** Runs the CLI; with `crashAt`, it kills itself at that write point (a number: an index run's; `edit:N`: an edit's). */
function cli(args: readonly string[], crashAt?: number | string): CliRun {
  const env = { ...process.env, ...(crashAt === undefined ? {} : { TS_GRAPH_CRASH_AT: String(crashAt) }) };
  const result = spawnSync(process.execPath, [CLI_JS, ...args], { env, encoding: "utf8" });
  return { code: result.status, signal: result.signal, stderr: result.stderr };
}

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name === ".ts-graph") continue;
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.isFile()) files.push(abs);
    }
  };
  walk(root);
  return files.sort();
}

function readTree(root: string): Map<string, string> {
  return new Map(sourceFiles(root).map((file) => [path.relative(root, file), fs.readFileSync(file, "utf8")]));
}

function writeTree(root: string, tree: ReadonlyMap<string, string>): void {
  for (const file of sourceFiles(root)) if (!tree.has(path.relative(root, file))) fs.rmSync(file);
  for (const [file, text] of tree) fs.writeFileSync(path.join(root, file), text);
}

/** Files that are neither sources of the tree nor its database: temporaries and journals left behind. */
function leftovers(root: string, tree: ReadonlyMap<string, string>): string[] {
  const journals = path.join(root, ".ts-graph", "edits");
  const journalFiles = fs.existsSync(journals)
    ? fs.readdirSync(journals).map((name) => path.join(".ts-graph", "edits", name))
    : [];
  return [
    ...sourceFiles(root)
      .map((file) => path.relative(root, file))
      .filter((file) => !tree.has(file)),
    ...journalFiles,
  ];
}

/**
 * Every module of the sample gains an exported function. Not the declaration files: an export would turn a
 * global one into a module (a change of meaning that ISSUES.md lists under incremental updates, not a crash).
 */
function editAll(root: string): void {
  for (const [index, file] of sourceFiles(root)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))
    .entries()) {
    fs.appendFileSync(file, `\nexport function crashBenchAdded${index}(): number {\n  return ${index};\n}\n`);
  }
}

interface IndexKillFigures {
  kills: number;
  diverged: number;
  readonly examples: string[];
}

async function indexKills(kills: number, next: (max: number) => number): Promise<IndexKillFigures> {
  const root = copySampleProject("web-app");
  const dbPath = path.join(root, ".ts-graph", "graph.db");
  const figures: IndexKillFigures = { kills: 0, diverged: 0, examples: [] };
  const first = cli(["index", root, "--quiet"]);
  if (first.code !== 0) throw new Error(`index failed: ${first.stderr}`);
  const startDb = saveGraph(root);
  const startTree = readTree(root);
  editAll(root);
  const editedTree = readTree(root);
  const expected = await freshSnapshot(root);
  // How many write points the incremental run passes: kill beyond the last one and none is reached.
  let points = 1;
  while (cli(["index", root, "--quiet"], points).signal === "SIGKILL") {
    points += 1;
    restoreGraph(root, startDb);
  }
  log(`index: ${points - 1} write points in an incremental run`);
  for (let round = 0; round < kills; round += 1) {
    writeTree(root, startTree);
    restoreGraph(root, startDb);
    writeTree(root, editedTree);
    const at = next(Math.max(1, points - 1));
    const killed = cli(["index", root, "--quiet"], at);
    if (killed.signal === "SIGKILL") figures.kills += 1;
    const recovered = cli(["index", root, "--quiet"]);
    const same = recovered.code === 0 && readerSnapshot(dbPath) === expected;
    if (!same) {
      figures.diverged += 1;
      if (figures.examples.length < 3)
        figures.examples.push(
          `kill at ${at}: ${recovered.code === 0 ? "graph differs from a full index" : recovered.stderr.slice(0, 160)}`,
        );
    }
  }
  return figures;
}

interface RenameKillFigures {
  points: number;
  kills: number;
  mixed: number;
  leftovers: number;
  readonly examples: string[];
}

/** Which files of `tree` hold which of the two states; `mixed` when some are before and some after. */
function renameState(
  root: string,
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): "before" | "after" | "mixed" {
  const now = readTree(root);
  const changed = [...after.keys()].filter((file) => after.get(file) !== before.get(file));
  const states = new Set(
    changed.map((file) =>
      now.get(file) === before.get(file) ? "before" : now.get(file) === after.get(file) ? "after" : "other",
    ),
  );
  if (states.size === 1 && (states.has("before") || states.has("after")))
    return states.has("before") ? "before" : "after";
  return "mixed";
}

function renameKills(): RenameKillFigures {
  const root = copySampleProject("web-app");
  const figures: RenameKillFigures = { points: 0, kills: 0, mixed: 0, leftovers: 0, examples: [] };
  if (cli(["index", root, "--quiet"]).code !== 0) throw new Error("index failed");
  const startDb = saveGraph(root);
  const before = readTree(root);
  const renameArgs = ["rename-symbol", "sumLines", "sumLinesRenamed", "--root", root];
  const full = cli(renameArgs);
  if (full.code !== 0) throw new Error(`rename failed: ${full.stderr}`);
  const after = readTree(root);
  const changedFiles = [...after.keys()].filter((file) => after.get(file) !== before.get(file));
  log(`rename: ${changedFiles.length} files change`);
  for (let at = 1; ; at += 1) {
    writeTree(root, before);
    restoreGraph(root, startDb);
    const killed = cli(renameArgs, `edit:${at}`);
    if (killed.signal !== "SIGKILL") break;
    figures.points = at;
    figures.kills += 1;
    cli(["index", root, "--quiet"]);
    const state = renameState(root, before, after);
    const left = leftovers(root, before).filter((file) => !after.has(file));
    if (state === "mixed") figures.mixed += 1;
    if (left.length > 0) figures.leftovers += 1;
    if ((state === "mixed" || left.length > 0) && figures.examples.length < 3) {
      figures.examples.push(`kill at ${at}: ${state}${left.length > 0 ? `, left ${left.join(", ")}` : ""}`);
    }
  }
  return figures;
}

interface StopFigures {
  stops: number;
  /** Stops of a server that never said it waited for the lock (the case was not reached). */
  notWaiting: number;
  aborts: number;
  readonly examples: string[];
}

/** The first messages of an MCP client: a server indexes its root once a client is there. */
const MCP_HELLO = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "crash-bench", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
];

/**
 * `serve` on a root whose graph another writer holds locked while a file changed: once the server says it waits
 * for the lock (its indexing thread is inside SQLite's wait), it is stopped, by closing stdin or by SIGTERM.
 */
async function stopWhileWaiting(stops: number): Promise<StopFigures> {
  const root = copySampleProject("web-app");
  if (cli(["index", root, "--quiet"]).code !== 0) throw new Error("index failed");
  const dbPath = path.join(root, ".ts-graph", "graph.db");
  const figures: StopFigures = { stops: 0, notWaiting: 0, aborts: 0, examples: [] };
  const file = sourceFiles(root).find((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"));
  if (file === undefined) throw new Error("no .ts file in the sample");
  for (let round = 0; round < stops; round += 1) {
    fs.appendFileSync(file, `\nexport const crashBenchStop${round} = ${round};\n`);
    const holder = new Database(dbPath, { timeout: 0 });
    holder.exec("BEGIN IMMEDIATE");
    const server = spawn(process.execPath, [CLI_JS, "serve", "-r", root], { stdio: ["pipe", "ignore", "pipe"] });
    for (const message of MCP_HELLO) server.stdin.write(`${JSON.stringify(message)}\n`);
    const bySignal = round % 2 === 1;
    const stop = (): void => {
      if (bySignal) server.kill("SIGTERM");
      else server.stdin.end();
    };
    let stderr = "";
    let waited = false;
    server.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (waited || !/waiting for it to finish/.test(stderr)) return;
      waited = true;
      setTimeout(stop, 200);
    });
    // A server that never says it waits is stopped after a minute all the same (and counted as such).
    const fallback = setTimeout(stop, 60_000);
    const exited = new Promise<[number | null, string | null]>((resolve) =>
      server.on("exit", (code, signal) => resolve([code, signal])),
    );
    const killer = setTimeout(() => server.kill("SIGKILL"), 120_000);
    const [code, signal] = await exited;
    clearTimeout(fallback);
    clearTimeout(killer);
    holder.exec("ROLLBACK");
    holder.close();
    figures.stops += 1;
    if (!waited) figures.notWaiting += 1;
    const aborted = (signal !== null && signal !== "SIGTERM") || code !== 0 || /FATAL|Abort/i.test(stderr);
    if (aborted) {
      figures.aborts += 1;
      if (figures.examples.length < 3) {
        const line = stderr.split("\n").find((text) => /FATAL|Abort/i.test(text)) ?? "";
        figures.examples.push(
          `${bySignal ? "SIGTERM" : "stdin closed"}: exit ${code ?? signal}; ${line}`.slice(0, 200),
        );
      }
    }
  }
  return figures;
}

async function main(): Promise<void> {
  const options = benchOptions(process.argv.slice(2), ["index-kills", "stops", "seed"], USAGE);
  if (!cliAvailable()) throw new Error("dist/cli.js is missing: run npm run build first");
  const stale = staleBuildWarning();
  if (stale !== null) log(`warning: ${stale}`);
  const seed = Number.parseInt(options.seed ?? "1", 10);
  try {
    log("index kills");
    const index = await indexKills(Number.parseInt(options["index-kills"] ?? "20", 10), randomInts(seed));
    log("rename kills");
    const rename = renameKills();
    log("stops while waiting for the write lock");
    const stop = await stopWhileWaiting(Number.parseInt(options.stops ?? "8", 10));
    const lines = [
      "# Crash run",
      "",
      `${new Date().toISOString()} · node ${process.version} · seed ${seed}`,
      "",
      "| what | runs | killed / stopped | lost or wrong after the next command | examples |",
      "|---|---|---|---|---|",
      `| index killed at a random write point, then run again (graph ≠ full index) | ${index.kills} | ${index.kills} | ${index.diverged} | ${index.examples.join("; ") || "-"} |`,
      `| rename-symbol killed at each of its ${rename.points} write points, then index (files mixed) | ${rename.kills} | ${rename.kills} | ${rename.mixed} | ${rename.examples.join("; ") || "-"} |`,
      `| … leftover temporaries or journals after the next command | ${rename.kills} | ${rename.kills} | ${rename.leftovers} | - |`,
      `| serve stopped while its indexing thread waits for another writer's lock (aborts or exit ≠ 0; ${stop.notWaiting} never waited) | ${stop.stops} | ${stop.stops} | ${stop.aborts} | ${stop.examples.join("; ") || "-"} |`,
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    removeTempDirs();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});

/**
 * Spawning child processes with wall-clock timing and peak-RSS measurement.
 *
 * Peak RSS comes from bench/report-rss.cjs, preloaded with `node --require`, which
 * appends `process.resourceUsage().maxRSS` (KiB) to a file named by an env var when
 * the process exits. TypeScript 6's tsc and ts-graph are measured the same way so that their
 * figures are comparable (both include Node's own startup footprint). ts-graph's TypeScript 7 sessions
 * append a line of their own for each native child they end (src/engine/ts7/native-usage-report.ts), which
 * runNodeMeasured adds to the node process's figures. TypeScript 7's tsc, a node launcher and the native
 * compiler as its child, is measured as a tree with GNU time (runTreeMeasured).
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(BENCH_DIR, "..");
export const RSS_PRELOAD = path.join(BENCH_DIR, "report-rss.cjs");
export const RSS_ENV_VAR = "TS_GRAPH_BENCH_RSS_FILE";

/** Logs and progress go to stderr; only the final report goes to stdout. */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export function nowMs(): number {
  return performance.now();
}

export interface RunOptions {
  readonly cwd?: string;
  /** Kill the process (SIGKILL) after this many ms; the result then has timedOut = true. */
  readonly timeoutMs: number;
  readonly env?: NodeJS.ProcessEnv;
}

export interface RunResult {
  readonly command: string;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  /** From just before spawn() to the child's 'exit' event. */
  readonly wallMs: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface MeasuredRunResult extends RunResult, RssReport {}

/** Render a command line for humans (POSIX-shell quoting where needed). */
export function formatCommand(command: string, args: readonly string[]): string {
  return [command, ...args].map(shellQuote).join(" ");
}

function shellQuote(word: string): string {
  if (word === "") return "''";
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Run any executable to completion, capturing output. */
export async function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return (await spawnCollect(command, args, options)).result;
}

function spawnCollect(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<{ result: RunResult; pid: number | undefined }> {
  return new Promise((resolve, reject) => {
    const started = nowMs();
    let child: ChildProcess;
    try {
      child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env ?? process.env,
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const pid = child.pid;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => err.push(chunk));
    let timedOut = false;
    let wallMs: number | null = null;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    child.on("exit", () => {
      wallMs = nowMs() - started;
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`failed to start ${command}: ${error.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({
        pid,
        result: {
          command: formatCommand(command, args),
          exitCode: code,
          signal,
          timedOut,
          wallMs: wallMs ?? nowMs() - started,
          stdout: Buffer.concat(out).toString("utf8"),
          stderr: Buffer.concat(err).toString("utf8"),
        },
      });
    });
  });
}

let rssFileCounter = 0;

/** A fresh (non-existent) file path for one process's RSS report. */
export function newRssFile(tmpDir: string): string {
  rssFileCounter += 1;
  const file = path.join(tmpDir, `rss-${process.pid}-${rssFileCounter}.jsonl`);
  fs.rmSync(file, { force: true });
  return file;
}

/**
 * A measured process's figures: the node process's own (the preload's line) plus its native children's, the
 * TypeScript 7 `tsc --api` processes its sessions (in any of its threads) spawned and ended, each reported by a
 * line marked `native` whose ppid is the process. The processes live at the same time, so the total peak is the
 * sum of their peaks: an upper bound of the peak of them together (each may peak at another moment).
 */
export interface RssReport {
  /** The node process's peak RSS (KiB) plus its native children's peaks; null if the node process did not report (killed). */
  readonly maxRssKiB: number | null;
  /** User + system CPU time of the node process (all its threads) plus its native children's; null if either is unknown. */
  readonly cpuMs: number | null;
  /** The node process's own peak RSS (KiB) and CPU. */
  readonly nodeRssKiB: number | null;
  readonly nodeCpuMs: number | null;
  /** Its native children's: the sum of their peaks (KiB) and of their CPU times; 0 without one. */
  readonly nativeRssKiB: number;
  readonly nativeCpuMs: number | null;
  readonly nativeChildren: number;
  /** Largest peak RSS among node sub-processes that inherited the preload, if any (native lines are not counted). */
  readonly descendantsMaxRssKiB: number | null;
}

/**
 * Read the lines written by report-rss.cjs and by TypeScript 7 sessions: the node line of `pid`, the native lines
 * whose ppid is `pid` (other processes' native lines are left out), and the other node lines as descendants.
 */
export function readRssFile(file: string, pid: number | undefined): RssReport {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    text = "";
  }
  let own: number | null = null;
  let others: number | null = null;
  let ownCpuMs: number | null = null;
  let nativeRssKiB = 0;
  let nativeCpuMs: number | null = 0;
  let nativeChildren = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isRecord(parsed)) continue;
    const rss = parsed.maxRSSKiB;
    const cpu = typeof parsed.cpuMs === "number" ? parsed.cpuMs : null;
    if (typeof rss !== "number") continue;
    if (parsed.native === true) {
      if (pid === undefined || parsed.ppid !== pid) continue;
      nativeChildren += 1;
      nativeRssKiB += rss;
      nativeCpuMs = nativeCpuMs === null || cpu === null ? null : nativeCpuMs + cpu;
    } else if (parsed.pid === pid) {
      own = Math.max(own ?? 0, rss);
      if (cpu !== null) ownCpuMs = cpu;
    } else others = Math.max(others ?? 0, rss);
  }
  return {
    maxRssKiB: own === null ? null : own + nativeRssKiB,
    cpuMs: ownCpuMs === null || nativeCpuMs === null ? null : ownCpuMs + nativeCpuMs,
    nodeRssKiB: own,
    nodeCpuMs: ownCpuMs,
    nativeRssKiB,
    nativeCpuMs,
    nativeChildren,
    descendantsMaxRssKiB: others,
  };
}

/** `node --require report-rss.cjs <script> ...args`, run to completion; its figures include its native children's (RssReport). */
export async function runNodeMeasured(
  script: string,
  args: readonly string[],
  options: RunOptions & { readonly tmpDir: string },
): Promise<MeasuredRunResult> {
  const rssFile = newRssFile(options.tmpDir);
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env), [RSS_ENV_VAR]: rssFile };
  const result = await spawnCollect(process.execPath, ["--require", RSS_PRELOAD, script, ...args], {
    ...options,
    env,
  });
  const rss = readRssFile(rssFile, result.pid);
  fs.rmSync(rssFile, { force: true });
  return { ...result.result, ...rss, command: formatCommand("node", [script, ...args]) };
}

const GNU_TIME = "/usr/bin/time";
const GNU_TIME_MARKER = "ts-graph-bench-rusage";

export interface TreeMeasuredRunResult extends RunResult {
  /** The largest peak RSS of any one process of the tree (KiB), from GNU time; null if it did not report. */
  readonly maxRssKiB: number | null;
  /** User + system CPU time of the whole tree (every process the root waited for); null if not reported. */
  readonly cpuMs: number | null;
  /** The root node process's own peak RSS (KiB), from the preload. */
  readonly rootRssKiB: number | null;
}

/** GNU time's `-f` line (`<marker> %M %U %S`), found after any "Command exited with non-zero status N" line. */
function parseGnuTimeOutput(text: string): { readonly maxRssKiB: number; readonly cpuMs: number } | null {
  const match = new RegExp(`^${GNU_TIME_MARKER} (\\d+) ([\\d.]+) ([\\d.]+)$`, "m").exec(text);
  if (!match || match[1] === undefined || match[2] === undefined || match[3] === undefined) return null;
  return { maxRssKiB: Number(match[1]), cpuMs: Math.round((Number(match[2]) + Number(match[3])) * 1000) };
}

/**
 * `node --require report-rss.cjs <script> ...args` under GNU time, for a script that does its work in child
 * processes (TypeScript 7's `bin/tsc` is a node launcher that runs the native compiler as its child and waits
 * for it). GNU time prints the rusage that wait4() returns for the node process: on Linux its ru_maxrss is the
 * largest peak of any ONE process of the tree (the launcher's own or that of a descendant it waited for; the
 * kernel keeps the maximum, not the sum), and its user and system times add up the whole tree. The preload
 * gives the launcher's own peak beside it. Wall time is the harness's, as for runNodeMeasured.
 */
export async function runTreeMeasured(
  script: string,
  args: readonly string[],
  options: RunOptions & { readonly tmpDir: string },
): Promise<TreeMeasuredRunResult> {
  if (!fs.existsSync(GNU_TIME))
    throw new Error(
      `${GNU_TIME} (GNU time) not found: it measures the peak RSS of a process tree (apt-get install time)`,
    );
  const rssFile = newRssFile(options.tmpDir);
  const timeFile = `${rssFile}.time`;
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env), [RSS_ENV_VAR]: rssFile };
  const timeArgs = [
    "-o",
    timeFile,
    "-f",
    `${GNU_TIME_MARKER} %M %U %S`,
    process.execPath,
    "--require",
    RSS_PRELOAD,
    script,
    ...args,
  ];
  const result = (await spawnCollect(GNU_TIME, timeArgs, { ...options, env })).result;
  // The node process is time's child: its preload line is the only one, whatever its pid.
  const root = readRssFile(rssFile, undefined);
  let timeText = "";
  try {
    timeText = fs.readFileSync(timeFile, "utf8");
  } catch {
    // killed before time wrote it
  }
  fs.rmSync(rssFile, { force: true });
  fs.rmSync(timeFile, { force: true });
  const tree = parseGnuTimeOutput(timeText);
  return {
    ...result,
    command: formatCommand("node", [script, ...args]),
    maxRssKiB: tree?.maxRssKiB ?? null,
    cpuMs: tree?.cpuMs ?? null,
    rootRssKiB: root.descendantsMaxRssKiB,
  };
}

/** Throw a readable error unless the run exited with one of `okCodes`. */
export function ensureExited(result: RunResult, okCodes: readonly number[] = [0]): void {
  if (result.timedOut) {
    throw new Error(`timed out after ${formatMs(result.wallMs)}: ${result.command}\n${tail(result.stderr)}`);
  }
  if (result.exitCode === null || !okCodes.includes(result.exitCode)) {
    const how = result.exitCode === null ? `signal ${result.signal ?? "?"}` : `exit code ${result.exitCode}`;
    throw new Error(
      `${how}: ${result.command}\n--- stderr (tail) ---\n${tail(result.stderr)}\n--- stdout (tail) ---\n${tail(result.stdout)}`,
    );
  }
}

export function tail(text: string, lines = 20): string {
  const all = text.trimEnd().split("\n");
  return all.slice(Math.max(0, all.length - lines)).join("\n");
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "n/a";
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${Math.round(ms)} ms`;
}

export function formatKiB(kib: number | null | undefined): string {
  if (kib === null || kib === undefined || !Number.isFinite(kib)) return "n/a";
  return `${(kib / 1024).toFixed(0)} MiB`;
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return "n/a";
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

/**
 * A bench's `--name value` options (node:util parseArgs, strict): each value given, by name. Anything else (an
 * unknown flag, a flag without its value, a positional argument) throws the usage line.
 */
export function benchOptions<Name extends string>(
  argv: readonly string[],
  names: readonly Name[],
  usage: string,
): Partial<Record<Name, string>> {
  try {
    const options = Object.fromEntries(names.map((name) => [name, { type: "string" as const }]));
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }).values as Partial<
      Record<Name, string>
    >;
  } catch {
    throw new Error(usage);
  }
}

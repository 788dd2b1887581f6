/**
 * ts-graph steps of the benchmark: full index, no-op re-index, edits of each kind (bench/bench-edits.ts)
 * via the CLI, and the same edits under `--watch`.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import * as readline from "node:readline";
import { writeEdited, writeOriginal, type BenchEdit, type EditSet, type TimedEditKind } from "./bench-edits.js";
import { editJournalPath, type PreparedCorpus } from "./corpus.js";
import {
  REPO_ROOT,
  RSS_ENV_VAR,
  RSS_PRELOAD,
  ensureExited,
  formatCommand,
  formatMs,
  isRecord,
  log,
  newRssFile,
  readRssFile,
  runNodeMeasured,
  tail,
} from "./measure.js";
import { evenlySpacedIndices, summarize, type Summary } from "./stats.js";

export const CLI_JS = path.join(REPO_ROOT, "dist", "cli.js");

export function cliAvailable(): boolean {
  return fs.existsSync(CLI_JS);
}

/** A warning when some file under src/ is newer than dist/cli.js (a stale build), else null. */
export function staleBuildWarning(): string | null {
  if (!cliAvailable()) return null;
  const built = fs.statSync(CLI_JS).mtimeMs;
  const srcDir = path.join(REPO_ROOT, "src");
  if (!fs.existsSync(srcDir)) return null;
  const newest = newestFile(srcDir);
  if (newest && newest.mtimeMs > built) {
    return `dist/cli.js is older than ${path.relative(REPO_ROOT, newest.file)}: run 'npm run build' first to bench the current sources`;
  }
  return null;
}

function newestFile(dir: string): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    const candidate = entry.isDirectory()
      ? newestFile(abs)
      : entry.isFile()
        ? { file: abs, mtimeMs: fs.statSync(abs).mtimeMs }
        : null;
    if (candidate && (!newest || candidate.mtimeMs > newest.mtimeMs)) newest = candidate;
  }
  return newest;
}

// ---------------------------------------------------------------------------
// Edits to corpus files, always undone (also on Ctrl-C or a crash).

/** The original texts of the files an edit step has changed, by corpus folder, then path relative to it. */
const pendingRestores = new Map<string, Map<string, string>>();

/** Writes the folder's pending originals to its journal (corpus.ts replays it after a kill), or removes the journal. */
function writeJournal(dir: string): void {
  const pending = pendingRestores.get(dir);
  if (pending === undefined || pending.size === 0) fs.rmSync(editJournalPath(dir), { force: true });
  else fs.writeFileSync(editJournalPath(dir), JSON.stringify(Object.fromEntries(pending)));
}

export function restorePendingEdits(): void {
  for (const [dir, pending] of pendingRestores) {
    for (const [file, original] of pending) {
      try {
        fs.writeFileSync(path.join(dir, file), original);
        pending.delete(file);
      } catch {
        // best effort; setup replays the journal on the next run anyway
      }
    }
    writeJournal(dir);
  }
}

function applyEdit(dir: string, edit: BenchEdit): void {
  const pending = pendingRestores.get(dir) ?? new Map<string, string>();
  pendingRestores.set(dir, pending);
  for (const { file, original } of edit.files) pending.set(file, original);
  writeJournal(dir);
  writeEdited(dir, edit);
}

function undoEdit(dir: string, edit: BenchEdit): void {
  writeOriginal(dir, edit);
  for (const { file } of edit.files) pendingRestores.get(dir)?.delete(file);
  writeJournal(dir);
}

/** The N files to edit: evenly spaced over the sorted source list. */
export function pickEditFiles(corpus: PreparedCorpus, count: number): string[] {
  const files = corpus.sourceFiles;
  return evenlySpacedIndices(files.length, count)
    .map((i) => files[i] ?? "")
    .filter((f) => f !== "");
}

// ---------------------------------------------------------------------------
// One-shot `ts-graph index` runs.

export type Scalar = string | number | boolean | null;

export interface IndexRun {
  readonly command: string;
  readonly wallMs: number;
  /** Peak RSS of the process plus its native TypeScript 7 children's (the sum of their peaks, measure.ts RssReport). */
  readonly maxRssKiB: number | null;
  readonly descendantsMaxRssKiB: number | null;
  /** User + system CPU time of the process (its extraction threads included) plus its native children's. */
  readonly cpuMs: number | null;
  /** The parts of maxRssKiB and cpuMs: the node process's own, and its native children's. */
  readonly usage: UsageParts;
  /** The JSON summary printed on stdout (null if none could be parsed). */
  readonly summary: Record<string, unknown> | null;
  /** The summary's scalar leaves, keyed by dotted path ("files.total"). */
  readonly fields: Record<string, Scalar>;
}

/** A run's peak RSS and CPU split into the node process's and its native TypeScript 7 children's (none: 0). */
export interface UsageParts {
  readonly nodeRssKiB: number | null;
  readonly nodeCpuMs: number | null;
  readonly nativeRssKiB: number;
  readonly nativeCpuMs: number | null;
  readonly nativeChildren: number;
}

export interface IndexContext {
  readonly corpus: PreparedCorpus;
  readonly dbPath: string;
  readonly tmpDir: string;
  /** Flags every `ts-graph index` of this context gets (the bench's --engines: `--engine ts7`); none by default. */
  readonly indexFlags?: readonly string[];
}

function indexArgs(ctx: IndexContext, extra: readonly string[]): string[] {
  return [
    "index",
    ctx.corpus.dir,
    "--tsconfig",
    ctx.corpus.tsconfigPath,
    "--db",
    ctx.dbPath,
    ...(ctx.indexFlags ?? []),
    ...extra,
  ];
}

export function displayCommand(args: readonly string[]): string {
  return formatCommand("node", [path.relative(process.cwd(), CLI_JS) || CLI_JS, ...args]);
}

/** One `ts-graph index` run; `cli` is another build's dist/cli.js for a baseline (default this build's); `extra`: more flags (`--jobs 1`). */
export async function runIndex(
  ctx: IndexContext,
  force: boolean,
  timeoutMs: number,
  cli: string = CLI_JS,
  extra: readonly string[] = [],
): Promise<IndexRun> {
  const args = indexArgs(ctx, [...(force ? ["--force"] : []), "--quiet", "--json", ...extra]);
  const raw = await runNodeMeasured(cli, args, { cwd: REPO_ROOT, tmpDir: ctx.tmpDir, timeoutMs });
  ensureExited(raw);
  const summary = parseJsonSummary(raw.stdout);
  if (!summary)
    log(`warning: could not parse a JSON summary from stdout of: ${displayCommand(args)}\n${tail(raw.stdout, 5)}`);
  return {
    command: displayCommand(args),
    wallMs: raw.wallMs,
    maxRssKiB: raw.maxRssKiB,
    descendantsMaxRssKiB: raw.descendantsMaxRssKiB,
    cpuMs: raw.cpuMs,
    usage: {
      nodeRssKiB: raw.nodeRssKiB,
      nodeCpuMs: raw.nodeCpuMs,
      nativeRssKiB: raw.nativeRssKiB,
      nativeCpuMs: raw.nativeCpuMs,
      nativeChildren: raw.nativeChildren,
    },
    summary,
    fields: summary ? flattenScalars(summary) : {},
  };
}

/** The whole stdout as one JSON object, else the last line that is one. */
export function parseJsonSummary(stdout: string): Record<string, unknown> | null {
  const whole = tryParseRecord(stdout.trim());
  if (whole) return whole;
  const lines = stdout.split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i--) {
    const parsed = tryParseRecord((lines[i] ?? "").trim());
    if (parsed) return parsed;
  }
  return null;
}

function tryParseRecord(text: string): Record<string, unknown> | null {
  if (!text.startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function flattenScalars(value: Record<string, unknown>, prefix = ""): Record<string, Scalar> {
  const out: Record<string, Scalar> = {};
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[name] = v;
    else if (isRecord(v)) Object.assign(out, flattenScalars(v, name));
    else if (Array.isArray(v)) out[`${name}.length`] = v.length;
  }
  return out;
}

export function numberField(fields: Record<string, Scalar>, name: string): number | null {
  const v = fields[name];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** Bytes of the SQLite database including its -wal/-shm side files. */
export function dbSizeOnDisk(dbPath: string): number | null {
  let total = 0;
  let any = false;
  for (const suffix of ["", "-wal", "-shm"]) {
    try {
      total += fs.statSync(dbPath + suffix).size;
      any = true;
    } catch {
      // absent
    }
  }
  return any ? total : null;
}

// ---------------------------------------------------------------------------
// Step 6a: one unused file added, then deleted, via the CLI.

export interface AddDeleteResult {
  readonly added: EditSample;
  readonly deleted: EditSample;
}

/** A file no other file imports, named so that no specifier of a real corpus names it. */
const UNUSED_FILE = path.join("src", "TsGraphBenchUnusedFile.ts");

/** Adds an unused file, re-indexes, deletes it, re-indexes: files re-extracted and wall time of each run. */
export async function runAddDelete(ctx: IndexContext, timeoutMs: number): Promise<AddDeleteResult> {
  const abs = path.join(ctx.corpus.dir, UNUSED_FILE);
  const sample = (run: IndexRun): EditSample => ({
    label: UNUSED_FILE,
    wallMs: run.wallMs,
    mode: run.fields.mode ?? null,
    extracted: numberField(run.fields, "files.extracted"),
  });
  let added: EditSample;
  try {
    fs.writeFileSync(
      abs,
      "/** Added by the bench and deleted again. */\nexport function tsGraphBenchUnused(n: number): number {\n  return n + 1;\n}\n",
    );
    added = sample(await runIndex(ctx, false, timeoutMs));
  } finally {
    fs.rmSync(abs, { force: true });
  }
  const deleted = sample(await runIndex(ctx, false, timeoutMs));
  for (const [what, s] of [
    ["add", added],
    ["delete", deleted],
  ] as const) {
    log(
      `  ${what} an unused file: ${formatMs(s.wallMs)} (mode ${String(s.mode)}, ${s.extracted ?? "?"} files re-extracted)`,
    );
  }
  return { added, deleted };
}

// ---------------------------------------------------------------------------
// Step 6: one changed file via the CLI.

export interface EditSample {
  /** The edited file, or the renamed member and its places. */
  readonly label: string;
  readonly wallMs: number;
  readonly mode: Scalar;
  /** Files the edit's run re-extracted (the edited files included). */
  readonly extracted: number | null;
}

/** The CLI's `index` after each edit of one kind. */
export interface CliEditRow {
  readonly kind: TimedEditKind;
  readonly samples: readonly EditSample[];
  readonly stats: Summary | null;
  /** How often each reported `mode` occurred, e.g. { incremental: 20 }. */
  readonly modes: Record<string, number>;
  /** Picked files that offer no such edit, or members TypeScript would not rename within the sources. */
  readonly skipped: number;
}

export interface CliEditResult {
  readonly rows: readonly CliEditRow[];
  readonly firstSummary: Record<string, Scalar>;
  readonly command: string;
}

export async function runCliEdits(
  ctx: IndexContext,
  sets: readonly EditSet[],
  timeoutMs: number,
): Promise<CliEditResult> {
  const rows: CliEditRow[] = [];
  let firstSummary: Record<string, Scalar> = {};
  let command = "";
  for (const set of sets) {
    const samples: EditSample[] = [];
    const modes: Record<string, number> = {};
    for (const [i, edit] of set.edits.entries()) {
      applyEdit(ctx.corpus.dir, edit);
      let timed: IndexRun;
      try {
        timed = await runIndex(ctx, false, timeoutMs);
      } finally {
        undoEdit(ctx.corpus.dir, edit);
      }
      // Bring the DB back in line with the restored files (untimed).
      await runIndex(ctx, false, timeoutMs);
      const mode = timed.fields.mode ?? null;
      modes[String(mode)] = (modes[String(mode)] ?? 0) + 1;
      if (command === "") {
        firstSummary = timed.fields;
        command = timed.command;
      }
      const extracted = numberField(timed.fields, "files.extracted");
      samples.push({ label: edit.label, wallMs: timed.wallMs, mode, extracted });
      log(
        `  cli ${set.kind} edit ${i + 1}/${set.edits.length} ${edit.label}: ${formatMs(timed.wallMs)} (mode ${String(mode)}, ${extracted ?? "?"} files re-extracted)`,
      );
    }
    rows.push({
      kind: set.kind,
      samples,
      stats: summarize(samples.map((s) => s.wallMs)),
      modes,
      skipped: set.skippedFiles,
    });
  }
  return { rows, firstSummary, command };
}

// ---------------------------------------------------------------------------
// Step 7: watch mode.

interface WatchEvent {
  /** Date.now() when the line was read. */
  readonly arrivedAt: number;
  readonly data: Record<string, unknown>;
}

class WatchProcess {
  readonly events: WatchEvent[] = [];
  private readonly listeners = new Set<() => void>();
  private stderrText = "";
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private readonly exited: Promise<void>;

  constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly command: string,
    readonly rssFile: string,
  ) {
    const lines = readline.createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      const data = tryParseRecord(line.trim());
      if (data) {
        this.events.push({ arrivedAt: Date.now(), data });
        this.notify();
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      this.stderrText = (this.stderrText + chunk.toString("utf8")).slice(-20_000);
    });
    this.exited = new Promise((resolve) => {
      child.on("exit", (code, signal) => {
        this.exitInfo = { code, signal };
        this.notify();
        resolve();
      });
    });
  }

  get stderrTail(): string {
    return tail(this.stderrText, 15);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** The first event at index >= `from` satisfying `match`; rejects on timeout or exit. */
  waitFor(from: number, match: (e: WatchEvent) => boolean, timeoutMs: number, what: string): Promise<WatchEvent> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const check = (): void => {
        for (let i = from; i < this.events.length; i++) {
          const event = this.events[i];
          if (event && match(event)) {
            finish();
            resolve(event);
            return;
          }
        }
        if (this.exitInfo) {
          finish();
          const how =
            this.exitInfo.code !== null ? `code ${this.exitInfo.code}` : `signal ${this.exitInfo.signal ?? "?"}`;
          reject(new Error(`watcher exited (${how}) while waiting for ${what}\n${this.stderrTail}`));
        }
      };
      const finish = (): void => {
        if (timer) clearTimeout(timer);
        this.listeners.delete(check);
      };
      timer = setTimeout(() => {
        finish();
        reject(
          new Error(
            `timed out after ${formatMs(timeoutMs)} waiting for ${what}; last watcher stdout events: ` +
              `${JSON.stringify(this.events.slice(-3).map((e) => briefEvent(e.data)))}\n${this.stderrTail}`,
          ),
        );
      }, timeoutMs);
      this.listeners.add(check);
      check();
    });
  }

  /** SIGINT, then SIGKILL after `graceMs`. */
  async stop(graceMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; forced: boolean }> {
    if (!this.exitInfo) {
      this.child.kill("SIGINT");
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        this.exited.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), graceMs);
        }),
      ]);
      if (timer) clearTimeout(timer);
      if (timedOut) {
        log(`watcher did not exit within ${formatMs(graceMs)} of SIGINT: sending SIGKILL`);
        this.child.kill("SIGKILL");
        await this.exited;
        return { ...(this.exitInfo ?? { code: null, signal: null }), forced: true };
      }
    }
    return { ...(this.exitInfo ?? { code: null, signal: null }), forced: false };
  }
}

/** An event without its potentially long lists, for error messages. */
function briefEvent(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!Array.isArray(value)) out[key] = value;
    else out[key] = value.length <= 3 ? value : [...value.slice(0, 3), `... ${value.length - 3} more`];
  }
  return out;
}

let activeWatcher: WatchProcess | null = null;

/** For the harness's own Ctrl-C handler. */
export function killActiveWatcher(): void {
  activeWatcher?.child.kill("SIGKILL");
}

/** The edited files (relative to the root) an update event names. */
function filesNamed(event: WatchEvent, dir: string, edit: BenchEdit): string[] {
  const changed = event.data.changed;
  if (!Array.isArray(changed)) return [];
  const named = changed
    .filter((entry): entry is string => typeof entry === "string")
    .map((entry) => entry.replace(/\\/g, "/"));
  return edit.files
    .map(({ file }) => file)
    .filter((rel) =>
      named.some((p) => p === rel || p === path.join(dir, rel).replace(/\\/g, "/") || p.endsWith(`/${rel}`)),
    );
}

export interface WatchSample {
  readonly label: string;
  /** The last committedAt - T0 of the updates naming the edited files (T0 = Date.now() just before the first write); null if an event had no committedAt. */
  readonly commitLatencyMs: number | null;
  /** Time the last of those update lines was read - T0. */
  readonly arrivalLatencyMs: number;
  /** The watcher's own `durationMs`, summed over those updates. */
  readonly reportedDurationMs: number | null;
  /** Files those updates re-extracted (the edited files included). */
  readonly extracted: number | null;
  /** How many updates the edit took (a rename saved file after file may be applied in more than one). */
  readonly updates: number;
}

export interface WatchRow {
  readonly kind: TimedEditKind;
  readonly samples: readonly WatchSample[];
  readonly commitStats: Summary | null;
  readonly arrivalStats: Summary | null;
  /** The watcher's own `durationMs` per edit (excludes file-event latency and debouncing). */
  readonly reportedDurationStats: Summary | null;
  readonly skipped: number;
}

export interface WatchResult {
  readonly command: string;
  readonly readyMs: number;
  readonly rows: readonly WatchRow[];
  readonly exit: { code: number | null; signal: NodeJS.Signals | null; forced: boolean };
  /** The watcher's peak RSS plus its native TypeScript 7 children's (measure.ts RssReport). */
  readonly maxRssKiB: number | null;
  /** Set when the loop stopped early (timeout, watcher crash). */
  readonly error: string | null;
}

/** The update events, from `from` on, that together name every file of the edit, each committed at or after `t0`. */
async function updatesNaming(
  watcher: WatchProcess,
  from: number,
  dir: string,
  edit: BenchEdit,
  t0: number,
  timeoutMs: number,
): Promise<WatchEvent[]> {
  const pending = new Set(edit.files.map(({ file }) => file));
  const found: WatchEvent[] = [];
  let next = from;
  while (pending.size > 0) {
    const isUpdate = (e: WatchEvent): boolean => {
      if (e.data.event !== "update") return false;
      const committedAt = e.data.committedAt;
      // Ignore a late event about an earlier write of the same files.
      if (typeof committedAt === "number" && committedAt < t0) return false;
      return filesNamed(e, dir, edit).some((file) => pending.has(file));
    };
    const event = await watcher.waitFor(next, isUpdate, timeoutMs, `the update naming ${[...pending].join(", ")}`);
    next = watcher.events.indexOf(event) + 1;
    found.push(event);
    for (const file of filesNamed(event, dir, edit)) pending.delete(file);
  }
  return found;
}

function watchSample(edit: BenchEdit, updates: readonly WatchEvent[], t0: number): WatchSample {
  const committed = updates.map((e) => e.data.committedAt);
  const durations = updates.map((e) => e.data.durationMs);
  const extracted = new Set<unknown>();
  let counted = true;
  for (const update of updates) {
    if (Array.isArray(update.data.extracted)) for (const file of update.data.extracted) extracted.add(file);
    else counted = false;
  }
  return {
    label: edit.label,
    commitLatencyMs: committed.every((c) => typeof c === "number") ? Math.max(...(committed as number[])) - t0 : null,
    arrivalLatencyMs: Math.max(...updates.map((e) => e.arrivedAt)) - t0,
    reportedDurationMs: durations.every((d) => typeof d === "number")
      ? (durations as number[]).reduce((a, b) => a + b, 0)
      : null,
    extracted: counted ? extracted.size : null,
    updates: updates.length,
  };
}

function watchRow(set: EditSet, samples: readonly WatchSample[]): WatchRow {
  const commits = samples.map((s) => s.commitLatencyMs).filter((v): v is number => v !== null);
  return {
    kind: set.kind,
    samples,
    commitStats: summarize(commits),
    arrivalStats: summarize(samples.map((s) => s.arrivalLatencyMs)),
    reportedDurationStats: summarize(samples.map((s) => s.reportedDurationMs).filter((v): v is number => v !== null)),
    skipped: set.skippedFiles,
  };
}

export async function runWatch(
  ctx: IndexContext,
  sets: readonly EditSet[],
  readyTimeoutMs: number,
  waitTimeoutMs: number,
): Promise<WatchResult> {
  const args = indexArgs(ctx, ["--watch", "--json"]);
  const rssFile = newRssFile(ctx.tmpDir);
  const started = Date.now();
  const child = spawn(process.execPath, ["--require", RSS_PRELOAD, CLI_JS, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, [RSS_ENV_VAR]: rssFile },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const watcher = new WatchProcess(child, displayCommand(args), rssFile);
  activeWatcher = watcher;
  const dir = ctx.corpus.dir;
  const rows: WatchRow[] = [];
  let readyMs = Number.NaN;
  let error: string | null = null;
  try {
    const ready = await watcher.waitFor(0, (e) => e.data.event === "ready", readyTimeoutMs, "the 'ready' event");
    readyMs = ready.arrivedAt - started;
    log(`  watcher ready after ${formatMs(readyMs)}`);
    for (const set of sets) {
      const samples: WatchSample[] = [];
      try {
        for (const [i, edit] of set.edits.entries()) {
          let from = watcher.events.length;
          const t0 = Date.now();
          applyEdit(dir, edit);
          let updates: WatchEvent[];
          try {
            updates = await updatesNaming(watcher, from, dir, edit, t0, waitTimeoutMs);
          } catch (e) {
            undoEdit(dir, edit);
            throw e;
          }
          const sample = watchSample(edit, updates, t0);
          samples.push(sample);
          log(
            `  watch ${set.kind} edit ${i + 1}/${set.edits.length} ${edit.label}: commit ${formatMs(sample.commitLatencyMs)}, ` +
              `arrival ${formatMs(sample.arrivalLatencyMs)}, reported ${formatMs(sample.reportedDurationMs)}, ` +
              `${sample.extracted ?? "?"} files re-extracted in ${sample.updates} update(s)`,
          );
          from = watcher.events.length;
          const t1 = Date.now();
          undoEdit(dir, edit);
          await updatesNaming(watcher, from, dir, edit, t1, waitTimeoutMs);
        }
      } finally {
        rows.push(watchRow(set, samples));
      }
    }
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    log(`WATCH STEP STOPPED: ${error}`);
  } finally {
    restorePendingEdits();
  }
  const exit = await watcher.stop(10_000);
  activeWatcher = null;
  const rss = readRssFile(rssFile, child.pid);
  fs.rmSync(rssFile, { force: true });
  return { command: watcher.command, readyMs, rows, exit, maxRssKiB: rss.maxRssKiB, error };
}

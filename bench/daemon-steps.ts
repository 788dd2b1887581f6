/**
 * The daemon rows of `npm run bench` (issue 16): with `ts-graph daemon start` keeping the corpus's graph,
 *   - `ts-graph index` after an edit, end to end (a new CLI process, its start included), per edit kind
 *     (bench/bench-edits.ts), with the files the daemon's run re-extracted, read from the database;
 *   - a query command with `--index` (`find NAME --index`) on an unchanged tree.
 * It works on a private copy of the corpus (the corpora folder is shared), where a ts-graph.config.json
 * names tsconfig.bench.json: the daemon discovers the projects from it, and so do the query commands,
 * which take no --tsconfig. The daemon's first run is then a full index of the copy.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { TSCONFIG_NAME } from "./corpus.js";
import Database from "better-sqlite3";
import { filesExtractedSince, writeEdited, writeOriginal, type EditSet, type TimedEditKind } from "./bench-edits.js";
import { ensureExited, formatMs, log, run, type RunResult } from "./measure.js";
import { summarize, type Summary } from "./stats.js";
import {
  CLI_JS,
  displayCommand,
  flattenScalars,
  numberField,
  parseJsonSummary,
  type IndexContext,
  type Scalar,
} from "./tsgraph.js";

const WARM_UP_RUNS = 2;

export interface DaemonEditSample {
  /** The edited file, or the renamed member and its places. */
  readonly label: string;
  readonly wallMs: number;
  readonly mode: Scalar;
  /** Files the CLI's run re-extracted; 0 when the daemon's watcher had applied the edit before the CLI asked. */
  readonly extracted: number | null;
  /** Files re-extracted by whichever run applied the edit (the daemon's watcher or the CLI's), from the database. */
  readonly extractedByAnyRun: number;
}

export interface DaemonEditRow {
  readonly kind: TimedEditKind;
  readonly samples: readonly DaemonEditSample[];
  readonly stats: Summary | null;
  /** Files that offer no such edit (no function with a block body), or members not renamed within the sources. */
  readonly skippedFiles: number;
}

export interface DaemonResult {
  readonly startMs: number;
  readonly warmUpMs: readonly number[];
  readonly edits: readonly DaemonEditRow[];
  readonly query: { readonly command: string; readonly samples: readonly number[]; readonly stats: Summary | null };
  readonly indexCommand: string;
  readonly error: string | null;
}

function cli(args: readonly string[], timeoutMs: number): Promise<RunResult> {
  return run(process.execPath, [CLI_JS, ...args], { timeoutMs });
}

/** A declared name of the file to `find` (the first exported function or const), else a name every corpus has. */
function queryName(ctx: IndexContext, files: readonly string[]): string {
  for (const file of files) {
    const text = fs.readFileSync(path.join(ctx.corpus.dir, file), "utf8");
    const match = /export (?:declare )?(?:function|const) ([A-Za-z_$][\w$]*)/.exec(text);
    if (match?.[1] !== undefined) return match[1];
  }
  return "index";
}

function extractedSince(dbPath: string, sinceMs: number): number {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return filesExtractedSince(db, sinceMs);
  } finally {
    db.close();
  }
}

async function timedEdits(ctx: IndexContext, set: EditSet, timeoutMs: number): Promise<DaemonEditRow> {
  const indexArgs = ["index", ctx.corpus.dir, "--db", ctx.dbPath, ...(ctx.indexFlags ?? []), "--quiet", "--json"];
  const samples: DaemonEditSample[] = [];
  for (const edit of set.edits) {
    const editedAt = Date.now();
    writeEdited(ctx.corpus.dir, edit);
    let timed: RunResult;
    try {
      timed = await cli(indexArgs, timeoutMs);
    } finally {
      writeOriginal(ctx.corpus.dir, edit);
    }
    ensureExited(timed);
    const extractedByAnyRun = extractedSince(ctx.dbPath, editedAt);
    ensureExited(await cli(indexArgs, timeoutMs));
    const summary = parseJsonSummary(timed.stdout);
    const fields = summary === null ? {} : flattenScalars(summary);
    const sample = {
      label: edit.label,
      wallMs: timed.wallMs,
      mode: fields.mode ?? null,
      extracted: numberField(fields, "files.extracted"),
      extractedByAnyRun,
    };
    samples.push(sample);
    log(
      `  daemon ${set.kind} edit ${samples.length} ${edit.label}: ${formatMs(sample.wallMs)} (CLI run: ${String(sample.mode)}, ${sample.extracted ?? "?"} re-extracted; ${extractedByAnyRun} re-extracted by either run)`,
    );
  }
  return {
    kind: set.kind,
    samples,
    stats: summarize(samples.map((sample) => sample.wallMs)),
    skippedFiles: set.skippedFiles,
  };
}

/**
 * A copy of the corpus under ctx.tmpDir, with a config that names the bench tsconfig, and its database where
 * a user's is (`.ts-graph/graph.db`): the watcher ignores the database's folder and everything under it, so a
 * database in a folder above the root would hide every edit from the daemon's watcher.
 */
function privateCopy(shared: IndexContext): IndexContext {
  const dir = path.join(shared.tmpDir, "daemon-corpus");
  fs.cpSync(shared.corpus.dir, dir, { recursive: true, filter: (source) => !source.endsWith(".ts-graph") });
  fs.writeFileSync(path.join(dir, "ts-graph.config.json"), JSON.stringify({ tsconfig: TSCONFIG_NAME }));
  const corpus = { ...shared.corpus, dir, tsconfigPath: path.join(dir, TSCONFIG_NAME) };
  return {
    corpus,
    dbPath: path.join(dir, ".ts-graph", "graph.db"),
    tmpDir: shared.tmpDir,
    indexFlags: shared.indexFlags ?? [],
  };
}

/**
 * Starts a daemon for a copy of the corpus, times the edits (`editSets` of the copy, once the daemon has indexed
 * it) and the queries through it, stops it, and removes the copy.
 */
export async function runDaemonSteps(
  shared: IndexContext,
  editSets: (copy: IndexContext) => readonly EditSet[],
  files: readonly string[],
  queries: number,
  timeoutMs: number,
): Promise<DaemonResult> {
  const ctx = privateCopy(shared);
  const stop = ["daemon", "stop", ctx.corpus.dir, "--db", ctx.dbPath];
  const indexArgs = ["index", ctx.corpus.dir, "--db", ctx.dbPath, ...(ctx.indexFlags ?? []), "--quiet", "--json"];
  const name = queryName(ctx, files);
  const queryArgs = ["find", name, "--root", ctx.corpus.dir, "--db", ctx.dbPath, "--index", "--limit", "5"];
  const edits: DaemonEditRow[] = [];
  const querySamples: number[] = [];
  const warmUpMs: number[] = [];
  let startMs = 0;
  let error: string | null = null;
  try {
    const started = await cli(["daemon", "start", ctx.corpus.dir, "--db", ctx.dbPath], timeoutMs);
    ensureExited(started);
    startMs = started.wallMs;
    log(
      `daemon started in ${formatMs(startMs)}; ${WARM_UP_RUNS} untimed index runs (the config file changed the fingerprint: the first is a full index in the daemon) ...`,
    );
    for (let i = 0; i < WARM_UP_RUNS; i++) {
      const warmUp = await cli(indexArgs, timeoutMs);
      ensureExited(warmUp);
      warmUpMs.push(warmUp.wallMs);
    }
    // The queries first, on the tree as it was indexed: an edit's undo may keep the daemon busy for a while.
    for (let i = 0; i < queries; i++) {
      const query = await cli(queryArgs, timeoutMs);
      ensureExited(query);
      querySamples.push(query.wallMs);
    }
    log(`  daemon: ${queries} × ${displayCommand(queryArgs)}: p50 ${formatMs(summarize(querySamples)?.p50)}`);
    for (const set of editSets(ctx)) edits.push(await timedEdits(ctx, set, timeoutMs));
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
    log(`daemon step: ${error}`);
  } finally {
    await cli(stop, timeoutMs).catch(() => undefined);
    fs.rmSync(ctx.corpus.dir, { recursive: true, force: true });
  }
  return {
    startMs,
    warmUpMs,
    edits,
    query: { command: displayCommand(queryArgs), samples: querySamples, stats: summarize(querySamples) },
    indexCommand: displayCommand(indexArgs),
    error,
  };
}

import { type Command, Option } from "../vendor/commander.js";
import type { DaemonTarget } from "../daemon/daemon-control.js";
import { locateGraphQuickly } from "../config/graph-location.js";
import { OWN_VERSION } from "../daemon/own-version.js";
import type { EngineName } from "../ingestion/run/extraction-engine.js";
import type { Indexer, IndexSummary } from "../ingestion/run/indexer.js";
import type { WatchUpdate } from "../ingestion/watch/watch-index.js";
import { recoverInterruptedEdits } from "../file-writes/edit-recovery.js";
import { updateThroughDaemon } from "./daemon-route.js";
import { EXIT, exitCodeFor, messageOf } from "./exit-codes.js";
import { positiveInteger } from "./option-parsers.js";
import { createProgressReporter, type ProgressReporter } from "./progress-reporter.js";
import { indexerOptionsFor, withProjectOptions, type ProjectCommandOptions } from "./project-options.js";
import { formatIndexSummary } from "./summary-text.js";

export interface IndexCommandOptions extends ProjectCommandOptions {
  readonly force?: boolean;
  readonly watch?: boolean;
  readonly quiet?: boolean;
  readonly json?: boolean;
  /** Threads that extract (`--jobs`); default from the cores and the memory. */
  readonly jobs?: number;
  /** The checker extraction asks (`--engine`); default from the config, else TypeScript 7's. */
  readonly engine?: EngineName;
}

function writeLine(text: string): void {
  process.stdout.write(`${text}\n`);
}

function warnLine(text: string): void {
  process.stderr.write(`ts-graph: ${text}\n`);
}

/**
 * The root's graph as this command names it: canonical root, database path, tsconfigs (absolute). Found
 * without loading the config's schema when that is plain (a daemon's client loads as little as it can).
 */
async function targetOf(
  root: string | undefined,
  options: IndexCommandOptions,
): Promise<DaemonTarget & { readonly tsconfigs: readonly string[] | undefined }> {
  const { root: rootOption, dbPath, tsconfigs } = indexerOptionsFor(root, options);
  const located =
    locateGraphQuickly(rootOption, dbPath) ??
    (await import("../ingestion/run/indexer.js")).locateGraph(rootOption, dbPath);
  return { ...located, tsconfigs };
}

function report(summary: IndexSummary, options: IndexCommandOptions): void {
  if (options.json) writeLine(JSON.stringify(summary));
  else if (!options.quiet || summary.syntaxErrors.length > 0) writeLine(formatIndexSummary(summary));
}

function reportUpdate(update: WatchUpdate, options: IndexCommandOptions): void {
  if (options.json) {
    writeLine(
      JSON.stringify({
        event: "update",
        changed: update.changed,
        extracted: update.summary.extractedPaths,
        mode: update.summary.mode,
        durationMs: update.summary.durationMs,
        committedAt: update.committedAt,
      }),
    );
  } else if (!options.quiet) {
    const what =
      update.summary.mode === "noop"
        ? "no graph change"
        : `${update.summary.files.extracted} re-extracted, ${update.summary.files.removed} removed`;
    warnLine(`${update.changed.join(", ") || "files"} changed: ${what} in ${update.summary.durationMs} ms`);
  }
}

/** `index --watch`: an indexer in a thread of its own (this one stays free to answer over the daemon socket), a watcher, until interrupted. */
async function runWatch(
  root: string | undefined,
  options: IndexCommandOptions,
  progress: ProgressReporter,
): Promise<number> {
  const { tsconfigs, ...located } = indexerOptionsFor(root, options);
  const [{ openWorkerIndexer }, { watchIndex }, { answerCliCommands }] = await Promise.all([
    import("../ingestion/run/threads/worker-indexer.js"),
    import("../ingestion/watch/watch-index.js"),
    import("../daemon/daemon-server.js"),
  ]);
  const indexer = openWorkerIndexer({
    ...located,
    tsconfigs,
    keepPrograms: true,
    jobs: options.jobs ?? "auto",
    engine: options.engine,
    onProgress: (step) => progress.update(step),
    onWarning: (message) => {
      if (!options.quiet) warnLine(message);
    },
  });
  // Listened for from the start: a stop during the first run (waiting for another process's write lock, say) is clean too.
  const stopped = new Promise<"stopped">((resolve) => {
    const stop = (): void => resolve("stopped");
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  try {
    let summary: IndexSummary | "stopped";
    try {
      summary = await Promise.race([indexer.run({ force: options.force === true }), stopped]);
    } finally {
      progress.finish();
    }
    if (summary === "stopped") return EXIT.ok;
    report(summary, options);
    if ((await Promise.race([indexer.warm(), stopped])) === "stopped") return EXIT.ok;
    let stopping = false;
    const watcher = await watchIndex(
      indexer,
      (update) => reportUpdate(update, options),
      (error) => stopping || warnLine(`update failed: ${messageOf(error)}`),
      (error) => warnLine(`watcher: ${messageOf(error)}`),
    );
    const daemon = await answerCliCommands(
      { root: indexer.root, dbPath: indexer.dbPath, tsconfigs, update: (runOptions) => indexer.run(runOptions) },
      { kind: "watch", version: OWN_VERSION, log: (message) => options.quiet || warnLine(message) },
    );
    if (options.json) writeLine(JSON.stringify({ event: "ready", root: indexer.root, db: indexer.dbPath }));
    else if (!options.quiet) warnLine(`watching ${indexer.root} (Ctrl-C to stop)`);
    await stopped;
    await daemon?.close();
    // A run under way is abandoned (the indexing thread stops at once): it is one transaction, so the graph
    // stays the last complete one.
    stopping = true;
    const closing = watcher.close();
    await indexer.close();
    await closing.catch(() => undefined);
    return EXIT.ok;
  } finally {
    await indexer.close();
  }
}

/** Indexes in this process (loading TypeScript when there is work to do). */
/** Indexes in this process; `alreadySaid` holds warnings the command printed already (its own edit recovery's). */
async function indexHere(
  target: DaemonTarget,
  options: IndexCommandOptions,
  progress: ProgressReporter,
  alreadySaid: ReadonlySet<string> = new Set(),
): Promise<IndexSummary> {
  let indexer: Indexer | undefined;
  try {
    const { openIndexer } = await import("../ingestion/run/indexer.js");
    indexer = openIndexer({
      root: target.root,
      dbPath: target.dbPath,
      tsconfigs: target.tsconfigs,
      jobs: options.jobs ?? "auto",
      engine: options.engine,
      onProgress: (step) => progress.update(step),
      onWarning: (message) => {
        if (!options.quiet && !alreadySaid.has(message)) warnLine(message);
      },
    });
    return await indexer.run({ force: options.force === true });
  } finally {
    progress.finish();
    indexer?.close();
  }
}

/**
 * `ts-graph index`: with a live daemon for the root, asks it to bring the graph up to date and waits (this
 * process loads no TypeScript); without one, indexes here, as always.
 */
export async function runIndexCommand(root: string | undefined, options: IndexCommandOptions): Promise<number> {
  const progress = createProgressReporter(
    process.stderr,
    options.quiet === true || (options.json === true && !process.stderr.isTTY),
  );
  try {
    if (options.watch) return await runWatch(root, options, progress);
    const target = await targetOf(root, options);
    const warn = (message: string): void => {
      if (!options.quiet) warnLine(message);
    };
    // Here rather than in the daemon's run, so that what it says reaches this command's stderr.
    const recovery = recoverInterruptedEdits(target.root);
    for (const message of recovery.finished) warn(message);
    for (const message of recovery.blocked) warnLine(message);
    // The local run recovers again (as every index run does): what it would say twice, a blocked journal, is said once.
    const said = new Set([...recovery.finished, ...recovery.blocked]);
    const summary =
      (await updateThroughDaemon(target, { force: options.force, warn })) ??
      (await indexHere(target, options, progress, said));
    report(summary, options);
    return EXIT.ok;
  } catch (error) {
    progress.finish();
    warnLine(messageOf(error));
    return exitCodeFor(error);
  }
}

export function registerIndexCommand(program: Command, exit: (code: number) => void): void {
  withProjectOptions(
    program
      .command("index")
      .description("index a TypeScript project into the graph database (incremental after the first run)"),
  )
    .option("--force", "re-extract every file")
    .option("--watch", "keep running and apply file changes as they happen")
    .option("--quiet", "no progress, no summary unless there are syntax errors")
    .option("--json", "print the summary as JSON (and, with --watch, one JSON line per update)")
    .option(
      "--jobs <n>",
      "threads that extract (with ts6 each builds the program, with ts7 each opens a TypeScript 7 session; default: one per two cores, as the free memory allows)",
      positiveInteger,
    )
    .addOption(
      new Option(
        "--engine <name>",
        "the checker extraction asks: ts7 (TypeScript 7's native checker) or ts6 (default: the config's engine, else ts7)",
      ).choices(["ts7", "ts6"]),
    )
    .action(async (root: string, options: IndexCommandOptions) => exit(await runIndexCommand(root, options)));
}

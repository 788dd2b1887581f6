import type { Command } from "commander";
import { openIndexer, type Indexer, type IndexSummary } from "../ingestion/indexer.js";
import { watchIndex } from "../ingestion/watch-index.js";
import { EXIT, exitCodeFor, messageOf } from "./exit-codes.js";
import { createProgressReporter } from "./progress-reporter.js";
import { indexerOptionsFor, withProjectOptions, type ProjectCommandOptions } from "./project-options.js";
import { formatIndexSummary } from "./summary-text.js";

export interface IndexCommandOptions extends ProjectCommandOptions {
  readonly force?: boolean;
  readonly watch?: boolean;
  readonly quiet?: boolean;
  readonly json?: boolean;
}

function writeLine(text: string): void {
  process.stdout.write(`${text}\n`);
}

function warnLine(text: string): void {
  process.stderr.write(`ts-graph: ${text}\n`);
}

async function runWatch(indexer: Indexer, options: IndexCommandOptions): Promise<number> {
  await indexer.warm();
  const watcher = await watchIndex(
    indexer,
    (update) => {
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
        const what = update.summary.mode === "noop" ? "no graph change" : `${update.summary.files.extracted} re-extracted, ${update.summary.files.removed} removed`;
        warnLine(`${update.changed.join(", ") || "files"} changed: ${what} in ${update.summary.durationMs} ms`);
      }
    },
    (error) => warnLine(`update failed: ${messageOf(error)}`),
    (error) => warnLine(`watcher: ${messageOf(error)}`),
  );
  if (options.json) writeLine(JSON.stringify({ event: "ready", root: indexer.root, db: indexer.dbPath }));
  else if (!options.quiet) warnLine(`watching ${indexer.root} (Ctrl-C to stop)`);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await watcher.close();
  return EXIT.ok;
}

export async function runIndexCommand(root: string | undefined, options: IndexCommandOptions): Promise<number> {
  const progress = createProgressReporter(process.stderr, options.quiet === true || options.json === true && !process.stderr.isTTY);
  let indexer: Indexer | undefined;
  try {
    indexer = openIndexer({
      ...indexerOptionsFor(root, options),
      keepPrograms: options.watch === true,
      onProgress: (step) => progress.update(step),
      onWarning: (message) => {
        if (!options.quiet) warnLine(message);
      },
    });
    let summary: IndexSummary;
    try {
      summary = await indexer.run({ force: options.force === true });
    } finally {
      progress.finish();
    }
    if (options.json) writeLine(JSON.stringify(summary));
    else if (!options.quiet || summary.syntaxErrors.length > 0) writeLine(formatIndexSummary(summary));
    if (options.watch) return await runWatch(indexer, options);
    return EXIT.ok;
  } catch (error) {
    warnLine(messageOf(error));
    return exitCodeFor(error);
  } finally {
    indexer?.close();
  }
}

export function registerIndexCommand(program: Command, exit: (code: number) => void): void {
  withProjectOptions(
    program.command("index").description("index a TypeScript project into the graph database (incremental after the first run)"),
  )
    .option("--force", "re-extract every file")
    .option("--watch", "keep running and apply file changes as they happen")
    .option("--quiet", "no progress, no summary unless there are syntax errors")
    .option("--json", "print the summary as JSON (and, with --watch, one JSON line per update)")
    .action(async (root: string, options: IndexCommandOptions) => exit(await runIndexCommand(root, options)));
}

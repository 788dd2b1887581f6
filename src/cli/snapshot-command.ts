import type { Command } from "../vendor/commander.js";
import { readSnapshot } from "../db/snapshot.js";
import { openGraphReader } from "../db/open-graph-reader.js";
import { locateGraph, openIndexer, type Indexer } from "../ingestion/run/indexer.js";
import { updateThroughDaemon } from "./daemon-route.js";
import { EXIT, exitCodeFor, messageOf } from "./exit-codes.js";
import { outputTargetOf, writeOutput } from "./output-target.js";
import { indexerOptionsFor, withProjectOptions, type ProjectCommandOptions } from "./project-options.js";

export interface SnapshotCommandOptions extends ProjectCommandOptions {
  readonly out?: string;
}

async function snapshotHere(indexer: Indexer): Promise<string> {
  await indexer.run();
  return readSnapshot(indexer.db);
}

/** The snapshot of the graph a daemon has just brought up to date, read in one read transaction. */
function snapshotOfGraph(dbPath: string): string {
  const { db } = openGraphReader(dbPath, () => undefined);
  try {
    return readSnapshot(db);
  } finally {
    db.close();
  }
}

/** Brings the graph up to date (through the root's daemon when there is one), then writes its deterministic export to --out or stdout. */
export async function runSnapshotCommand(root: string | undefined, options: SnapshotCommandOptions): Promise<number> {
  let indexer: Indexer | undefined;
  const warn = (message: string): void => void process.stderr.write(`ts-graph: ${message}\n`);
  try {
    // Checked before any work: a --out that cannot be written must not leave an updated graph behind a refusal.
    const out = outputTargetOf(options.out ?? "-");
    const { root: rootOption, dbPath, tsconfigs } = indexerOptionsFor(root, options);
    const target = { ...locateGraph(rootOption, dbPath), tsconfigs };
    const daemonUpdated = (await updateThroughDaemon(target, { warn })) !== undefined;
    if (!daemonUpdated) indexer = openIndexer({ ...target, onWarning: warn });
    const text = indexer === undefined ? snapshotOfGraph(target.dbPath) : await snapshotHere(indexer);
    writeOutput(out, text);
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`ts-graph: ${messageOf(error)}\n`);
    return exitCodeFor(error);
  } finally {
    indexer?.close();
  }
}

export function registerSnapshotCommand(program: Command, exit: (code: number) => void): void {
  withProjectOptions(
    program
      .command("snapshot")
      .description("update the graph, then write a deterministic export of it (docs/snapshot.md)"),
  )
    .option(
      "--out <file>",
      "write to this file instead of stdout (- is stdout; a FIFO or a device is written as a stream)",
    )
    .action(async (root: string, options: SnapshotCommandOptions) => exit(await runSnapshotCommand(root, options)));
}

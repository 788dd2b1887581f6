import type { Command } from "../vendor/commander.js";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "../config/config-file.js";
import { readSnapshot } from "../db/snapshot.js";
import { openGraphReader } from "../db/open-graph-reader.js";
import { locateGraph, openIndexer, type Indexer } from "../ingestion/run/indexer.js";
import { updateThroughDaemon } from "./daemon-route.js";
import { commandLinePath } from "./command-line-paths.js";
import { EXIT, exitCodeFor, messageOf } from "./exit-codes.js";
import { indexerOptionsFor, withProjectOptions, type ProjectCommandOptions } from "./project-options.js";

export interface SnapshotCommandOptions extends ProjectCommandOptions {
  readonly out?: string;
}

/** Writes a temporary file beside `out` and renames it into place; nothing is left behind when that fails. */
export function writeAtomically(out: string, text: string): void {
  if (fs.statSync(out, { throwIfNoEntry: false })?.isDirectory() === true) {
    throw new ConfigError(`--out ${out} is a folder; give the path of a file to write the snapshot to`);
  }
  const temporary = `${out}.tmp-${process.pid}`;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  try {
    fs.writeFileSync(temporary, text);
    fs.renameSync(temporary, out);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
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
    const { root: rootOption, dbPath, tsconfigs } = indexerOptionsFor(root, options);
    const target = { ...locateGraph(rootOption, dbPath), tsconfigs };
    const daemonUpdated = (await updateThroughDaemon(target, { warn })) !== undefined;
    if (!daemonUpdated) indexer = openIndexer({ ...target, onWarning: warn });
    const text = indexer === undefined ? snapshotOfGraph(target.dbPath) : await snapshotHere(indexer);
    if (options.out === undefined) process.stdout.write(text);
    else writeAtomically(commandLinePath(options.out), text);
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`ts-graph: ${messageOf(error)}\n`);
    return exitCodeFor(error);
  } finally {
    indexer?.close();
  }
}

export function registerSnapshotCommand(program: Command, exit: (code: number) => void): void {
  withProjectOptions(program.command("snapshot").description("update the graph, then write a deterministic export of it (docs/snapshot.md)"))
    .option("--out <file>", "write to this file instead of stdout")
    .action(async (root: string, options: SnapshotCommandOptions) => exit(await runSnapshotCommand(root, options)));
}

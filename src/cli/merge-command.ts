import type { Command } from "../vendor/commander.js";
import fs from "node:fs";
import { parseSnapshot, SnapshotFormatError } from "../db/snapshot-load.js";
import { mergeSnapshots } from "../db/snapshot-merge.js";
import { commandLinePath } from "./command-line-paths.js";
import { EXIT, exitCodeFor, messageOf } from "./exit-codes.js";
import { outputTargetOf, writeOutput } from "./output-target.js";

export interface MergeCommandOptions {
  readonly out?: string;
}

/** At most this many dangling edges are named on stderr; the rest are counted. */
const DANGLING_SHOWN = 20;

/** Merges snapshots of parts of one checkout into one (docs/ci.md), written to --out or stdout. */
export function runMergeCommand(files: readonly string[], options: MergeCommandOptions): number {
  try {
    const out = outputTargetOf(options.out ?? "-");
    const parts = files.map((file) => {
      const absolute = commandLinePath(file);
      if (fs.statSync(absolute, { throwIfNoEntry: false })?.isFile() !== true)
        throw new SnapshotFormatError(`${file} is not a file; give snapshot files (ts-graph snapshot --out FILE)`);
      return { label: file, snapshot: parseSnapshot(fs.readFileSync(absolute, "utf8"), file) };
    });
    const merged = mergeSnapshots(parts);
    if (merged.danglingEdges.length > 0) {
      const shown = merged.danglingEdges
        .slice(0, DANGLING_SHOWN)
        .map((edge) => `\n  ${edge}`)
        .join("");
      const more =
        merged.danglingEdges.length > DANGLING_SHOWN
          ? `\n  … and ${merged.danglingEdges.length - DANGLING_SHOWN} more`
          : "";
      process.stderr.write(
        `ts-graph: ${merged.danglingEdges.length} edges lead to or from a node no part defines (a part indexed without a project its code uses):${shown}${more}\n`,
      );
    }
    writeOutput(out, merged.text);
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`ts-graph: ${messageOf(error)}\n`);
    return error instanceof SnapshotFormatError ? EXIT.usage : exitCodeFor(error);
  }
}

export function registerMergeCommand(program: Command, exit: (code: number) => void): void {
  program
    .command("merge")
    .description("merge snapshots of parts of one checkout (one per CI job) into one snapshot (docs/ci.md)")
    .argument("<snapshots...>", "snapshot files (ts-graph snapshot --out FILE)")
    .option(
      "--out <file>",
      "write to this file instead of stdout (- is stdout; a FIFO or a device is written as a stream)",
    )
    .action((files: string[], options: MergeCommandOptions) => exit(runMergeCommand(files, options)));
}

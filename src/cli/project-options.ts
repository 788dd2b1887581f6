import type { Command } from "../vendor/commander.js";
import { commandLinePath, optionalCommandLinePath } from "./command-line-paths.js";
import type { IndexerOptions } from "../ingestion/run/indexer.js";

/** Options every command that reads a project's graph takes. */
export interface ProjectCommandOptions {
  readonly tsconfig?: string[];
  readonly db?: string;
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Adds `[root]`, `--tsconfig` (repeatable) and `--db` to a command. */
export function withProjectOptions(command: Command): Command {
  return command
    .argument("[root]", "project root", ".")
    .option("--tsconfig <path>", "tsconfig to load (repeatable); default: discovered", collect)
    .option("--db <path>", "database path (default: <root>/.ts-graph/graph.db)");
}

/** Indexer options for a command's root and options; paths given on the command line are relative to the working directory. */
export function indexerOptionsFor(
  root: string | undefined,
  options: ProjectCommandOptions,
): Pick<IndexerOptions, "root" | "dbPath" | "tsconfigs"> {
  return {
    root: root ?? ".",
    dbPath: optionalCommandLinePath(options.db),
    tsconfigs: options.tsconfig?.map(commandLinePath),
  };
}

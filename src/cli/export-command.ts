import type { Command } from "../vendor/commander.js";
import { InvalidArgumentError } from "../vendor/commander.js";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "../config/config-error.js";
import { CONFIG_FILE_NAME } from "../config/config-file-name.js";
import { resolveWritePath } from "../db/graph-db-path.js";
import type { SqliteDb } from "../db/open-graph-db.js";
import { openGraphReader } from "../db/open-graph-reader.js";
import { EXPORT_FORMATS, partsOf, type ExportFormat } from "../export/export-formats.js";
import type { ExportSelection } from "../export/export-selection.js";
import { exportGraph, type ExportCounts } from "../export/run-export.js";
import { locateGraph, openIndexer, type Indexer } from "../ingestion/run/indexer.js";
import { NODE_KINDS } from "../model/graph-kinds.js";
import { inputErrorOf } from "../tools/inputs/os-input-errors.js";
import { createPathValidator } from "../tools/inputs/path-validator.js";
import { requireSymbol } from "../tools/inputs/symbol-address.js";
import { ToolInputError } from "../tools/tool-errors.js";
import { updateThroughDaemon } from "./daemon-route.js";
import { EXIT, exitCodeFor, messageOf } from "./exit-codes.js";
import { openExportOutput } from "./export-output.js";
import { positiveInteger } from "./option-parsers.js";
import { outputTargetOf, type OutputTarget } from "./output-target.js";
import { indexerOptionsFor, withProjectOptions, type ProjectCommandOptions } from "./project-options.js";

export interface ExportCommandOptions extends ProjectCommandOptions {
  readonly format: ExportFormat;
  readonly kinds?: readonly string[];
  readonly in?: string;
  readonly from?: string;
  readonly depth?: number;
  readonly out?: string;
}

/** The deepest neighbourhood --depth asks for: a walk deeper than this is the whole graph of most projects anyway. */
const MAX_DEPTH = 20;

function formatOption(value: string): ExportFormat {
  if ((EXPORT_FORMATS as readonly string[]).includes(value)) return value as ExportFormat;
  throw new InvalidArgumentError(`--format must be one of ${EXPORT_FORMATS.join(", ")}`);
}

function kindsOption(value: string, previous: readonly string[] | undefined): string[] {
  const named = value
    .split(",")
    .map((kind) => kind.trim())
    .filter((kind) => kind !== "")
    .map((kind) => {
      const known = NODE_KINDS.find((candidate) => candidate.toLowerCase() === kind.toLowerCase());
      if (known === undefined)
        throw new InvalidArgumentError(
          `${JSON.stringify(kind)} is not a node kind; give some of ${NODE_KINDS.join(", ")}`,
        );
      return known;
    });
  // An empty list would keep no node at all: an export of nothing is never what was meant.
  if (named.length === 0)
    throw new InvalidArgumentError(`--kinds names no node kind; give some of ${NODE_KINDS.join(", ")}`);
  return [...new Set([...(previous ?? []), ...named])].sort();
}

function depthOption(value: string): number {
  const depth = positiveInteger(value);
  if (depth > MAX_DEPTH) throw new InvalidArgumentError(`give a depth of at most ${MAX_DEPTH}`);
  return depth;
}

/** A usage error in the combination of options, or undefined. */
function misusedOptions(options: ExportCommandOptions): string | undefined {
  if (options.depth !== undefined && options.from === undefined)
    return "--depth needs --from SYMBOL (the declaration the neighbourhood is around)";
  if (options.format === "csv" && (options.out === undefined || options.out === "-"))
    return "--format csv writes two files (nodes.csv and edges.csv): give --out FOLDER";
  return undefined;
}

/**
 * Where each part goes: the one file (or stdout) of --out, or for CSV the folder --out names, created if missing,
 * holding nodes.csv and edges.csv. The graph's own database is never a target.
 */
function targetsOf(
  format: ExportFormat,
  out: string | undefined,
  graph: { readonly root: string; readonly dbPath: string },
): Map<string, OutputTarget> {
  const { dbPath } = graph;
  // A target's path is real (links resolved): so is the database's it is compared with, or a link to it would pass.
  const databases = [...new Set([dbPath, resolveWritePath(dbPath)])];
  const config = resolveWritePath(path.join(graph.root, CONFIG_FILE_NAME));
  const guard = (target: OutputTarget, shown: string): OutputTarget => {
    if (target.kind === "file" && target.path === config)
      throw new ConfigError(`--out ${shown} is the root's ts-graph configuration; give another path`);
    if (
      target.kind === "file" &&
      databases.some((database) => target.path === database || target.path.startsWith(`${database}-`))
    )
      throw new ConfigError(`--out ${shown} is the graph's database; give another path`);
    return target;
  };
  if (format !== "csv") return new Map([["graph", guard(outputTargetOf(out ?? "-"), out ?? "-")]]);
  const folder = path.resolve(out ?? ".");
  const stat = folderStat(folder, out ?? ".");
  if (stat !== undefined && !stat.isDirectory())
    throw new ConfigError(`--out ${out} is not a folder; --format csv writes nodes.csv and edges.csv into a folder`);
  return new Map(
    partsOf(format).map((part) => [
      part,
      guard(outputTargetOf(path.join(folder, `${part}.csv`)), path.join(out ?? ".", `${part}.csv`)),
    ]),
  );
}

/** What --out's folder is, if anything; a path through a file (or too long a name) is the path given wrong (exit 2). */
function folderStat(folder: string, out: string): fs.Stats | undefined {
  try {
    return fs.statSync(folder, { throwIfNoEntry: false });
  } catch (error) {
    const input = inputErrorOf(error, { "--out": out });
    if (input !== undefined) throw new ConfigError(input.message);
    throw error;
  }
}

/** The selection the options ask for, the symbol and the path resolved against the graph. */
function selectionOf(db: SqliteDb, root: string, dbPath: string, options: ExportCommandOptions): ExportSelection {
  const under =
    options.in === undefined
      ? undefined
      : createPathValidator([root], [dbPath]).validate(path.resolve(options.in), { forRead: true }).relative;
  const from =
    options.from === undefined
      ? undefined
      : { key: requireSymbol(db, { symbol: options.from }).key, depth: options.depth ?? 1 };
  return { kinds: options.kinds, under, from };
}

/** Brings the graph up to date (through the root's daemon when there is one), then streams the export to --out or stdout. */
export async function runExportCommand(root: string | undefined, options: ExportCommandOptions): Promise<number> {
  const misused = misusedOptions(options);
  if (misused !== undefined) {
    process.stderr.write(`ts-graph: ${misused}\n`);
    return EXIT.usage;
  }
  let indexer: Indexer | undefined;
  let db: SqliteDb | undefined;
  const warn = (message: string): void => void process.stderr.write(`ts-graph: ${message}\n`);
  try {
    const { root: rootOption, dbPath, tsconfigs } = indexerOptionsFor(root, options);
    const target = { ...locateGraph(rootOption, dbPath), tsconfigs };
    // Checked before any work: a --out that cannot be written must not cost an index run first.
    const targets = targetsOf(options.format, options.out, target);
    const daemonUpdated = (await updateThroughDaemon(target, { warn })) !== undefined;
    if (!daemonUpdated) {
      indexer = openIndexer({ ...target, onWarning: warn });
      await indexer.run();
    }
    db = indexer?.db ?? openGraphReader(target.dbPath, () => undefined).db;
    const selection = selectionOf(db, target.root, target.dbPath, options);
    const output = openExportOutput(targets);
    let counts: ExportCounts;
    try {
      counts = exportGraph(db, options.format, selection, (part, text) => output.write(part, text));
      output.commit();
    } catch (error) {
      output.abort();
      throw error;
    }
    if (options.out !== undefined && options.out !== "-")
      process.stderr.write(`ts-graph: exported ${counts.nodes} nodes and ${counts.edges} edges\n`);
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`ts-graph: ${messageOf(error)}\n`);
    return error instanceof ToolInputError ? EXIT.usage : exitCodeFor(error);
  } finally {
    if (indexer === undefined) db?.close();
    indexer?.close();
  }
}

export function registerExportCommand(program: Command, exit: (code: number) => void): void {
  withProjectOptions(
    program
      .command("export")
      .description(
        "update the graph, then write it (or part of it) for Graphviz, Gephi, yEd, Cytoscape or Neo4j (docs/export.md)",
      ),
  )
    .requiredOption("--format <format>", `${EXPORT_FORMATS.join(", ")}`, formatOption)
    .option(
      "--kinds <kinds>",
      `keep only nodes of these kinds, comma-separated (${NODE_KINDS.join(", ")}), and the edges between them`,
      kindsOption,
    )
    .option("--in <path>", "keep only the nodes of this file or of the files under this folder")
    .option("--from <symbol>", "keep only the neighbourhood of this declaration (a key, a qualified name or a file)")
    .option(
      "--depth <n>",
      `with --from: how many edges away, along edges of any kind either way (default 1, at most ${MAX_DEPTH})`,
      depthOption,
    )
    .option(
      "--out <path>",
      "write to this file instead of stdout, replaced whole once written; for csv, the folder that gets nodes.csv and edges.csv",
    )
    .action(async (root: string, options: ExportCommandOptions) => exit(await runExportCommand(root, options)));
}

import fs from "node:fs";
import path from "node:path";
import type { Command } from "../vendor/commander.js";
import type { RootSpec } from "../mcp/served-root.js";
import { loadConfig } from "../config/config-file.js";
import { bytesOfMegabytes, megabytes, type MemorySettings } from "../mcp/memory-budget.js";
import { createWorkspace, machineMemorySettings } from "../mcp/workspace.js";
import { commandLinePath, optionalCommandLinePath } from "./command-line-paths.js";
import { EXIT, messageOf } from "./exit-codes.js";
import { createProgressReporter } from "./progress-reporter.js";

export interface ServeCommandOptions {
  readonly root?: string[];
  readonly tsconfig?: string[];
  readonly db?: string;
  /** MB, as given (`--memory-budget`). */
  readonly memoryBudget?: string;
  /** Minutes, as given (`--idle-release`). */
  readonly idleRelease?: string;
}

/**
 * How long shutdown waits for the roots to close before it exits anyway. A run under way is abandoned (each
 * run is one transaction, so the graph stays the last complete one); a run waiting for another process's
 * write lock is let leave SQLite first: exiting with a thread inside it aborts the process. The grace covers
 * that wait and the clearing of the abandoned run's marker after it (INDEXER_CLOSE_WAIT_MS). The indexer's
 * modules are loaded by then (a served root loads them); importing them here at start would delay tools/list.
 */
async function shutdownGraceMs(): Promise<number> {
  const { INDEXER_CLOSE_WAIT_MS } = await import("../ingestion/run/threads/worker-indexer.js");
  return INDEXER_CLOSE_WAIT_MS + 500;
}

function log(message: string): void {
  process.stderr.write(`ts-graph serve: ${message}\n`);
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** stdout carries the protocol alone: anything a dependency prints with console goes to stderr. */
function keepStdoutForProtocol(): void {
  for (const method of ["log", "info", "debug", "warn"] as const) {
    // biome-ignore lint/suspicious/noConsole: this is the one place that sends a dependency's console output to stderr.
    console[method] = (...args: unknown[]) => console.error(...args);
  }
}

/**
 * The root's real path when it is a folder, found without the indexer's modules (the server lists its tools
 * before it loads them); else the indexer's canonicalRoot throws the error every command gives.
 */
async function canonicalFolder(root: string): Promise<string> {
  try {
    const real = fs.realpathSync.native(path.resolve(root));
    if (fs.statSync(real).isDirectory()) return real;
  } catch {
    // canonicalRoot says what is wrong.
  }
  const { canonicalRoot } = await import("../ingestion/run/indexer.js");
  return canonicalRoot(root);
}

async function rootSpecs(options: ServeCommandOptions): Promise<RootSpec[] | string> {
  const roots = options.root ?? ["."];
  if (roots.length > 1 && (options.db !== undefined || options.tsconfig !== undefined)) {
    return "--db and --tsconfig apply to one root; give them with a single -r (or set them in each root's ts-graph.config.json)";
  }
  // A root given with -r is pinned: one that does not exist is a mistake to say at once, not a root to skip.
  for (const root of options.root ?? []) {
    try {
      await canonicalFolder(root);
    } catch (error) {
      return messageOf(error);
    }
  }
  return roots.map((root) => ({
    root: commandLinePath(root),
    dbPath: optionalCommandLinePath(options.db),
    tsconfigs: options.tsconfig?.map(commandLinePath),
  }));
}

function numberOption(
  value: string | undefined,
  name: string,
  min: number,
  integer: boolean,
): number | undefined | string {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number) || number < min || (integer && !Number.isInteger(number))) {
    return `${name} takes ${integer ? "a whole number" : "a number"} of at least ${min} (got ${JSON.stringify(value)})`;
  }
  return number;
}

/**
 * The memory budget and idle time: the flags, else the configs of the roots given at start (the smallest budget,
 * the shortest idle time), else the machine's defaults. A message when a flag is wrong.
 */
async function memorySettings(
  options: ServeCommandOptions,
  specs: readonly RootSpec[],
): Promise<MemorySettings | string> {
  const budget = numberOption(options.memoryBudget, "--memory-budget (MB)", 64, true);
  const idle = numberOption(options.idleRelease, "--idle-release (minutes; 0: never)", 0, false);
  if (typeof budget === "string") return budget;
  if (typeof idle === "string") return idle;
  const configured: { budget: number[]; idle: number[] } = { budget: [], idle: [] };
  for (const spec of specs) {
    try {
      const serve = loadConfig(await canonicalFolder(spec.root)).config.serve;
      if (serve?.memoryBudgetMB !== undefined) configured.budget.push(serve.memoryBudgetMB);
      if (serve?.idleReleaseMinutes !== undefined) configured.idle.push(serve.idleReleaseMinutes);
    } catch {
      // A config that does not parse makes its root unavailable, with the reason (served-root.ts); the others are served.
    }
  }
  const defaults = machineMemorySettings();
  const budgetMB = budget ?? (configured.budget.length > 0 ? Math.min(...configured.budget) : undefined);
  const idleMinutes = idle ?? (configured.idle.length > 0 ? Math.min(...configured.idle) : undefined);
  return {
    budgetBytes: budgetMB === undefined ? defaults.budgetBytes : bytesOfMegabytes(budgetMB),
    idleReleaseMs: idleMinutes === undefined ? defaults.idleReleaseMs : Math.round(idleMinutes * 60_000),
  };
}

/** Resolves when the client goes away (stdin closes) or the process is asked to stop. */
function untilStopped(): Promise<string> {
  return new Promise((resolve) => {
    process.stdin.once("end", () => resolve("stdin closed"));
    process.stdin.once("close", () => resolve("stdin closed"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
}

export async function runServeCommand(options: ServeCommandOptions, version: string): Promise<number> {
  const specs = await rootSpecs(options);
  if (typeof specs === "string") {
    log(specs);
    return EXIT.usage;
  }
  const memory = await memorySettings(options, specs);
  if (typeof memory === "string") {
    log(memory);
    return EXIT.usage;
  }
  keepStdoutForProtocol();
  const workspace = createWorkspace({
    roots: specs,
    rootsAreDefault: options.root === undefined,
    memory,
    hooks: {
      log,
      progress: () => createProgressReporter(process.stderr, false),
      // Each root this server keeps warm also answers the CLI commands run on it (docs/architecture.md, The daemon).
      attach: async (root) => {
        const [{ ALL_TOOLS }, { daemonBackendOf }, { answerCliCommands }] = await Promise.all([
          import("../tools/all-tools.js"),
          import("./daemon-tools.js"),
          import("../daemon/daemon-server.js"),
        ]);
        return answerCliCommands(daemonBackendOf(root, ALL_TOOLS), { kind: "serve", version, log });
      },
    },
  });
  try {
    // Loaded here so that the other commands never pay for the MCP SDK.
    const [
      { createTsGraphServer },
      { StdioServerTransport },
      { answerUnreadableLines },
      { afterFirstToolAnswer },
      { builtToolListing },
    ] = await Promise.all([
      import("../mcp/server.js"),
      import("../vendor/mcp-sdk.js"),
      import("../mcp/malformed-messages.js"),
      import("../mcp/first-answers.js"),
      import("../mcp/tool-listing.js"),
    ]);
    const listing = builtToolListing();
    const server = createTsGraphServer({ workspace, version, log, ...(listing === undefined ? {} : { listing }) });
    const transport = new StdioServerTransport();
    answerUnreadableLines(transport, log);
    const stopped = untilStopped();
    await server.connect(transport);
    afterFirstToolAnswer(transport, (request) => workspace.firstToolAnswered(request));
    log(`serving ${specs.length === 1 ? specs[0]?.root : `${specs.length} roots`} on stdio`);
    const idle =
      memory.idleReleaseMs > 0
        ? `an idle root releases them after ${memory.idleReleaseMs / 60_000} min`
        : "no idle release";
    log(
      `memory budget ${megabytes(memory.budgetBytes)} MB (above it, the least recently used roots release their TypeScript programs); ${idle}`,
    );
    log(`stopping: ${await stopped}`);
    const graceMs = await shutdownGraceMs();
    const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([workspace.close(), grace]);
    await server.close().catch(() => undefined);
    return EXIT.ok;
  } catch (error) {
    log(messageOf(error));
    await workspace.close().catch(() => undefined);
    return EXIT.failure;
  }
}

export function registerServeCommand(program: Command, version: string, exit: (code: number) => void): void {
  program
    .command("serve")
    .description("serve the graph to an MCP client (an agent) over stdio; see docs/mcp.md")
    .option("-r, --root <dir>", "a root to serve (repeatable); default: the working directory", collect)
    .option("--tsconfig <path>", "tsconfig to load (repeatable; with a single root)", collect)
    .option("--db <path>", "database path (with a single root; default: <root>/.ts-graph/graph.db)")
    .option(
      "--memory-budget <MB>",
      "above this RSS, the least recently used roots release their TypeScript programs (default: a quarter of the machine's memory)",
    )
    .option("--idle-release <minutes>", "a root unused this long releases its programs; 0: never (default 30)")
    .action(async (options: ServeCommandOptions) => {
      const code = await runServeCommand(options, version);
      exit(code);
      // Nothing must keep a served process alive once it has stopped (stdin, the transport): the protocol's
      // last answers are written (pipes are synchronous on Linux and macOS), and the graph is always complete.
      setTimeout(() => process.exit(code), 20).unref();
    });
}

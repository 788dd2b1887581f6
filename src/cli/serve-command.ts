import type { Command } from "commander";
import type { RootSpec } from "../mcp/served-root.js";
import { canonicalRoot } from "../ingestion/indexer.js";
import { answerCliCommands } from "../daemon/daemon-server.js";
import { createWorkspace } from "../mcp/workspace.js";
import { commandLinePath, optionalCommandLinePath } from "./command-line-paths.js";
import { EXIT, messageOf } from "./exit-codes.js";
import { createProgressReporter } from "./progress-reporter.js";

export interface ServeCommandOptions {
  readonly root?: string[];
  readonly tsconfig?: string[];
  readonly db?: string;
}

/**
 * How long shutdown waits for the roots to close before it exits anyway. A run under way is abandoned:
 * each run is one transaction, so the graph stays the last complete one.
 */
const SHUTDOWN_GRACE_MS = 300;

function log(message: string): void {
  process.stderr.write(`ts-graph serve: ${message}\n`);
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** stdout carries the protocol alone: anything a dependency prints with console goes to stderr. */
function keepStdoutForProtocol(): void {
  for (const method of ["log", "info", "debug", "warn"] as const) {
    console[method] = (...args: unknown[]) => console.error(...args);
  }
}

function rootSpecs(options: ServeCommandOptions): RootSpec[] | string {
  const roots = options.root ?? ["."];
  if (roots.length > 1 && (options.db !== undefined || options.tsconfig !== undefined)) {
    return "--db and --tsconfig apply to one root; give them with a single -r (or set them in each root's ts-graph.config.json)";
  }
  // A root given with -r is pinned: one that does not exist is a mistake to say at once, not a root to skip.
  for (const root of options.root ?? []) {
    try {
      canonicalRoot(root);
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
  const specs = rootSpecs(options);
  if (typeof specs === "string") {
    log(specs);
    return EXIT.usage;
  }
  keepStdoutForProtocol();
  const workspace = createWorkspace({
    roots: specs,
    rootsAreDefault: options.root === undefined,
    hooks: {
      log,
      progress: () => createProgressReporter(process.stderr, false),
      // Each root this server keeps warm also answers the CLI commands run on it (docs/architecture.md, The daemon).
      attach: (root) => answerCliCommands(root, { kind: "serve", version, log }),
    },
  });
  try {
    // Loaded here so that the other commands never pay for the MCP SDK.
    const [{ createTsGraphServer }, { StdioServerTransport }, { answerUnreadableLines }, { afterFirstToolAnswer }] = await Promise.all([
      import("../mcp/server.js"),
      import("@modelcontextprotocol/sdk/server/stdio.js"),
      import("../mcp/malformed-messages.js"),
      import("../mcp/first-answers.js"),
    ]);
    const server = createTsGraphServer({ workspace, version, log });
    const transport = new StdioServerTransport();
    answerUnreadableLines(transport, log);
    const stopped = untilStopped();
    await server.connect(transport);
    afterFirstToolAnswer(transport, () => workspace.firstToolAnswered());
    log(`serving ${specs.length === 1 ? specs[0]?.root : `${specs.length} roots`} on stdio`);
    log(`stopping: ${await stopped}`);
    const grace = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
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
    .action(async (options: ServeCommandOptions) => {
      const code = await runServeCommand(options, version);
      exit(code);
      // Nothing must keep a served process alive once it has stopped (stdin, the transport): the protocol's
      // last answers are written (pipes are synchronous on Linux and macOS), and the graph is always complete.
      setTimeout(() => process.exit(code), 20).unref();
    });
}

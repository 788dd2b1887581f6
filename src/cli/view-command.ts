import type { Command } from "../vendor/commander.js";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startViewServer } from "../view/view-server.js";
import { openCliToolContext } from "./cli-tool-context.js";
import { commandLinePath, optionalCommandLinePath } from "./command-line-paths.js";
import { EXIT, exitCodeFor, messageOf } from "./exit-codes.js";
import { portNumber } from "./option-parsers.js";
import { ToolInputError } from "../tools/tool-errors.js";

export interface ViewCommandOptions {
  readonly port?: number;
  readonly db?: string;
}

/** dist/view/assets/: the page's script and style sheet, written by the build (scripts/bundle-view.ts). */
const ASSET_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "view", "assets");

/**
 * `ts-graph view [root]` (docs/view.md): serves the graph of root read-only to a browser on 127.0.0.1 until Ctrl-C.
 * The address (with its token) is the one line on stdout; everything else goes to stderr.
 */
export async function runViewCommand(rootArgument: string | undefined, options: ViewCommandOptions): Promise<number> {
  let context: Awaited<ReturnType<typeof openCliToolContext>>;
  try {
    context = await openCliToolContext({
      root: commandLinePath(rootArgument ?? "."),
      db: optionalCommandLinePath(options.db),
    });
  } catch (error) {
    // The view has no --index (it never writes): the way to a graph is `ts-graph index`, which the message names.
    process.stderr.write(`ts-graph: ${messageOf(error).replaceAll(" (or pass --index)", "")}\n`);
    return error instanceof ToolInputError ? EXIT.usage : exitCodeFor(error);
  }
  // The view never writes: a file changed since the last index run is shown as the graph has it.
  const readOnly = { ...context, ensureFresh: async () => undefined };
  let server: Awaited<ReturnType<typeof startViewServer>>;
  try {
    server = await startViewServer({
      context: readOnly,
      assetDir: ASSET_DIR,
      port: options.port ?? 0,
      onError: (message) => process.stderr.write(`ts-graph view: ${message}\n`),
    });
  } catch (error) {
    context.close();
    const inUse = (error as { code?: unknown }).code === "EADDRINUSE";
    process.stderr.write(
      `ts-graph: ${inUse ? `port ${options.port} is in use; pick another with --port, or leave it out for a free one` : messageOf(error)}\n`,
    );
    return inUse ? EXIT.usage : EXIT.failure;
  }
  process.stdout.write(`${server.url}\n`);
  process.stderr.write(`ts-graph view: serving ${context.root} read-only on 127.0.0.1:${server.port}; Ctrl-C stops\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await server.close();
  context.close();
  return EXIT.ok;
}

export function registerViewCommand(program: Command, exit: (code: number) => void): void {
  program
    .command("view")
    .description(
      "browse the graph in a local web page (127.0.0.1 only, read-only): search, neighbourhoods, impact (docs/view.md)",
    )
    .argument("[root]", "project root whose graph to show (default: .)")
    .option("--port <number>", "port to listen on (default: a free one)", portNumber)
    .option("--db <path>", "database path (default: <root>/.ts-graph/graph.db)")
    .action(async (root: string | undefined, options: ViewCommandOptions) => exit(await runViewCommand(root, options)));
}

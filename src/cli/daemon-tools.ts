import { z } from "../vendor/zod.js";
import type { DaemonBackend } from "../daemon/daemon-server.js";
import type { ServedRoot } from "../mcp/served-root.js";
import { createPathValidator } from "../tools/inputs/path-validator.js";
import type { ToolContext, ToolDefinition } from "../tools/tool-contract.js";
import { ToolInputError } from "../tools/tool-errors.js";

/**
 * The tools a CLI command runs on the root's daemon (`daemon start`, `serve`) when there is one: those that
 * write files, the edit tools. They need TypeScript's language session, which a daemon keeps warm; the query
 * tools read SQLite, which the CLI does as fast itself.
 */
export function runsOnDaemon(tool: Pick<ToolDefinition, "annotations">): boolean {
  return tool.annotations.readOnlyHint === false;
}

/** How long a run waits for the watcher's pending updates first, as an MCP call does. */
const SETTLE_TIMEOUT_MS = 5000;

/**
 * The served root's context as the CLI's own: paths checked against this root alone (never another root the
 * server serves), resolved from it, and refused with the CLI's words (cli-tool-context.ts makes the same validator).
 */
function cliContextOf(context: ToolContext): ToolContext {
  const paths = createPathValidator([context.root], [context.dbPath]);
  // Everything else is the served root's: its graph connection, its indexer (ensureFresh), its edit support.
  return Object.create(context, { paths: { value: paths, enumerable: true } }) as ToolContext;
}

/**
 * A served root as the daemon socket's backend: its updates, and the tools of `tools` that run on a daemon
 * (runsOnDaemon), each run as an MCP call runs it (the root started, the watcher's pending changes applied
 * first) on the root's graph and edit support, with the input validated again by the tool's schema.
 */
export function daemonBackendOf(served: ServedRoot, tools: readonly ToolDefinition[]): DaemonBackend {
  const runnable = tools.filter(runsOnDaemon);
  return {
    root: served.root,
    dbPath: served.dbPath,
    tsconfigs: served.tsconfigs,
    update: (options) => served.update(options),
    tools: runnable.map((tool) => tool.name),
    async runTool(name, input) {
      const tool = runnable.find((candidate) => candidate.name === name);
      if (tool === undefined) throw new ToolInputError(`${name} is not a tool a daemon runs.`);
      const parsed = z.object(tool.inputShape).safeParse(input);
      if (!parsed.success)
        throw new ToolInputError(`${name}: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`);
      await served.start();
      await served.settle(SETTLE_TIMEOUT_MS);
      served.markUsed();
      const answer = await tool.run(parsed.data as never, cliContextOf(served.context));
      // The watcher's own update for the files just written (a no-op: the edit brought the graph up to date)
      // goes before the answer, so that the command does not find it under way and note it.
      await served.settle(SETTLE_TIMEOUT_MS);
      return answer;
    },
  };
}

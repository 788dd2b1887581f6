import {
  type CallToolResult,
  type JsonSchemaValidator,
  ListToolsRequestSchema,
  type ListToolsResult,
  McpServer,
} from "../vendor/mcp-sdk.js";
import { pathString } from "../tools/inputs/input-limits.js";
import { ALL_TOOLS } from "../tools/all-tools.js";
import type { ToolDefinition } from "../tools/tool-contract.js";
import { inputErrorOf } from "../tools/inputs/os-input-errors.js";
import { answerResult, failureResult } from "./call-result.js";
import { outputSchemaOf } from "./output-schema.js";
import { createClientRoots } from "./client-roots.js";
import { pickRoot } from "./root-selection.js";
import type { Workspace } from "./workspace.js";

/** How long a call waits for the watcher's pending updates before it answers (and says what it may miss). */
const SETTLE_TIMEOUT_MS = 5000;

const ROOT_INPUT = pathString()
  .optional()
  .describe(
    "Which workspace root to answer from: a root's absolute path (or any path inside it) or its folder name. " +
      "Needed only when the server serves several roots and no path input says which; the status tool lists the roots.",
  );

export interface TsGraphServerOptions {
  readonly workspace: Workspace;
  readonly version: string;
  /** One line for the server's log (stderr; stdout carries only the protocol). */
  readonly log: (message: string) => void;
  /** The tools to serve; every slice by default. */
  readonly tools?: readonly ToolDefinition[];
  /**
   * The tools/list answer for these tools as the build computed it (tool-listing.ts): answered as it is, so
   * that the server converts no schema to JSON Schema at start. Computed by the SDK when absent.
   */
  readonly listing?: ListToolsResult;
}

/**
 * The SDK validates a client's answer to an elicitation (the server asking the user for input) with a JSON
 * Schema validator, ajv by default, built with the server. ts-graph never elicits; this one says so if asked.
 */
const NO_ELICITATION: JsonSchemaValidator = {
  getValidator() {
    throw new Error("ts-graph's server asks no client for input: it has no JSON Schema validator");
  },
};

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * The MCP server: every tool of ALL_TOOLS, registered generically from its definition, answering from
 * the workspace's roots. The roots are settled (the client's `roots/list` asked, when it offers roots)
 * before the first call answers; tools/list answers at once.
 */
export function createTsGraphServer(options: TsGraphServerOptions): McpServer {
  const { workspace, log, listing } = options;
  const mcp = new McpServer(
    { name: "ts-graph", version: options.version },
    {
      jsonSchemaValidator: NO_ELICITATION,
      instructions:
        "ts-graph answers questions about a TypeScript codebase from a type-aware graph of its declarations and " +
        "their relationships (calls, imports, inheritance, type uses). Prefer its tools to grep and to reading files " +
        "when the question is who calls, what uses, what breaks, or where something is. Every answer ends with how fresh the graph is.",
    },
  );
  const clientRoots = createClientRoots(mcp.server, workspace, log);

  async function call(tool: ToolDefinition, args: Record<string, unknown>, ownsRoot: boolean): Promise<CallToolResult> {
    try {
      await clientRoots.settled();
      const { root: hint, ...rest } = args;
      const input = ownsRoot ? args : rest;
      const served = workspace.served();
      const picked = pickRoot(
        served.map((root) => root.root),
        { root: typeof hint === "string" ? hint : undefined, input: rest, workspaceWide: tool.scope === "workspace" },
        workspace.paths,
      );
      const target = served.find((root) => root.root === picked);
      if (target === undefined) throw new Error(`picked ${picked}, which is not served`);
      const involved = tool.scope === "workspace" ? served : [target];
      await Promise.all(involved.map((root) => root.answerable()));
      await Promise.all(involved.map((root) => root.settle(SETTLE_TIMEOUT_MS)));
      const result = await tool.run(input, target.context);
      // The roots it answered from are now the most recently used; the memory rules run after the answer.
      void workspace.used(tool.scope === "workspace" ? [] : involved);
      return answerResult(
        result,
        involved.map((root) => ({ root: root.root, ...root.freshness() })),
      );
    } catch (error) {
      return failureResult(tool.name, inputErrorOf(error, args) ?? error, (unexpected) =>
        log(`${tool.name} failed: ${stackOf(unexpected)}`),
      );
    }
  }

  for (const tool of options.tools ?? ALL_TOOLS) {
    const ownsRoot = "root" in tool.inputShape;
    mcp.registerTool(
      tool.name,
      {
        title: tool.annotations.title,
        description: tool.description,
        inputSchema: ownsRoot ? tool.inputShape : { ...tool.inputShape, root: ROOT_INPUT },
        annotations: tool.annotations,
        ...(tool.answer === undefined
          ? {}
          : { outputSchema: outputSchemaOf(tool.answer, { listed: listing === undefined }) }),
      },
      (args: Record<string, unknown>) => call(tool, args, ownsRoot),
    );
  }
  if (listing !== undefined) mcp.server.setRequestHandler(ListToolsRequestSchema, () => listing);
  return mcp;
}

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ListRootsRequestSchema, type CallToolResult, type ListToolsResult } from "@modelcontextprotocol/sdk/types.js";
import { pathToFileURL } from "node:url";
import { createTsGraphServer } from "../mcp/server.js";
import { afterFirstToolAnswer } from "../mcp/first-answers.js";
import { createWorkspace, type Workspace, type WorkspaceOptions } from "../mcp/workspace.js";
import type { RootSpec } from "../mcp/served-root.js";
import type { ToolDefinition } from "../tools/tool-contract.js";

export interface InProcessServer {
  readonly client: Client;
  readonly workspace: Workspace;
  /** Everything the server logged (its stderr). */
  readonly logs: string[];
  /** Calls a tool and returns its result (an error result is returned, not thrown). */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Replaces the roots the client offers and tells the server (notifications/roots/list_changed). */
  offerRoots(roots: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface InProcessServerOptions {
  readonly roots: readonly (string | RootSpec)[];
  readonly rootsAreDefault?: boolean;
  readonly tools?: readonly ToolDefinition[];
  /** Roots the client offers; the client has no roots capability when undefined. */
  readonly clientRoots?: readonly string[];
  /** The memory rules (default: the machine's). */
  readonly memory?: WorkspaceOptions["memory"];
  /** The tools/list answer to serve as it is (as `serve` serves the build's); computed by the SDK when absent. */
  readonly listing?: ListToolsResult;
}

/** A ts-graph MCP server and an SDK client, linked in memory. */
export async function startInProcessServer(options: InProcessServerOptions): Promise<InProcessServer> {
  const logs: string[] = [];
  const log = (message: string): void => {
    logs.push(message);
  };
  const workspace = createWorkspace({
    roots: options.roots.map((root) => (typeof root === "string" ? { root } : root)),
    rootsAreDefault: options.rootsAreDefault ?? false,
    hooks: { log },
    ...(options.memory === undefined ? {} : { memory: options.memory }),
  });
  const server = createTsGraphServer({
    workspace,
    version: "test",
    log,
    ...(options.tools === undefined ? {} : { tools: options.tools }),
    ...(options.listing === undefined ? {} : { listing: options.listing }),
  });
  let offered = [...(options.clientRoots ?? [])];
  const client = new Client(
    { name: "ts-graph-test", version: "1.0.0" },
    options.clientRoots === undefined ? {} : { capabilities: { roots: { listChanged: true } } },
  );
  if (options.clientRoots !== undefined) {
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: offered.map((root) => ({ uri: pathToFileURL(root).href, name: root })),
    }));
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  afterFirstToolAnswer(serverTransport, (request) => workspace.firstToolAnswered(request));
  await client.connect(clientTransport);
  return {
    client,
    workspace,
    logs,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    async offerRoots(roots) {
      offered = [...roots];
      await client.sendRootsListChanged();
    },
    async close() {
      await client.close();
      await workspace.close();
      await server.close();
    },
  };
}

/** The text of a result's first content item. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

import fs from "node:fs";
import type { JSONRPCMessage, ListToolsResult, McpServer, Transport } from "../vendor/mcp-sdk.js";
import { createTsGraphServer } from "./server.js";
import { createWorkspace } from "./workspace.js";

/**
 * The tools/list answer of the served tools. The MCP SDK computes it from the tools' zod schemas, converting
 * each to JSON Schema: about 30 ms of a server's start, for an answer that is the same for every server of a
 * build. So `npm run build` computes it once (scripts/build-tool-listing.ts) and writes it next to this
 * module's output, dist/mcp/tool-list.json, and `serve` answers with it (ADR 0037). Beside the sources there is
 * no such file: a server run from them (the tests) computes its listing as the SDK does.
 */
const BUILT_LISTING = new URL("./tool-list.json", import.meta.url);

/** The listing the build wrote, or undefined when there is none (the sources, or a build without that step). */
export function builtToolListing(): ListToolsResult | undefined {
  let text: string;
  try {
    text = fs.readFileSync(BUILT_LISTING, "utf8");
  } catch {
    return undefined;
  }
  // Written by the build from this very code's listing (computedToolListing); tool-listing.test.ts compares them.
  return JSON.parse(text) as ListToolsResult;
}

/** What a server answers to tools/list, asked through a transport of its own as a client asks it. */
async function listingOf(server: McpServer): Promise<ListToolsResult> {
  let answered: (message: JSONRPCMessage) => void = () => undefined;
  const answer = new Promise<JSONRPCMessage>((resolve) => {
    answered = resolve;
  });
  const transport: Transport = {
    start: async () => undefined,
    close: async () => undefined,
    send: async (message) => answered(message),
  };
  await server.connect(transport);
  transport.onmessage?.({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  const message = await answer;
  await server.close();
  if (!("result" in message)) throw new Error(`tools/list failed: ${JSON.stringify(message)}`);
  return message.result as ListToolsResult;
}

/** The listing the SDK computes for every tool of a server, with no root served: what the build writes. */
export async function computedToolListing(): Promise<ListToolsResult> {
  const log = (): void => undefined;
  const workspace = createWorkspace({ roots: [], rootsAreDefault: false, hooks: { log } });
  try {
    return await listingOf(createTsGraphServer({ workspace, version: "listing", log }));
  } finally {
    await workspace.close();
  }
}

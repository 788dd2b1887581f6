import type { JSONRPCMessage, Transport } from "../vendor/mcp-sdk.js";

/** The client's tool requests: listing the tools, and calling one. */
export type ToolRequest = "tools/list" | "tools/call";

function isToolRequest(method: string): method is ToolRequest {
  return method === "tools/list" || method === "tools/call";
}

function answeredId(message: JSONRPCMessage): string | number | undefined {
  return "id" in message && !("method" in message) ? message.id : undefined;
}

/**
 * Calls `answered` as soon as the server has written its answer to the client's first `tools/list`, and again
 * after its answer to the first `tools/call` (each kind once). A server that starts its background work then
 * (watchers, TypeScript programs) never makes a client's first answers wait for it. Call after connecting the
 * server: it wraps the handlers the server installed.
 */
export function afterFirstToolAnswer(transport: Transport, answered: (request: ToolRequest) => void): void {
  const asked = new Map<string | number, ToolRequest>();
  const done = new Set<ToolRequest>();
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ("id" in message && "method" in message && isToolRequest(message.method) && !done.has(message.method))
      asked.set(message.id, message.method);
    receive?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    await send(message, options);
    const id = answeredId(message);
    const request = id === undefined ? undefined : asked.get(id);
    if (id === undefined || request === undefined) return;
    asked.delete(id);
    if (done.has(request)) return;
    done.add(request);
    answered(request);
  };
}

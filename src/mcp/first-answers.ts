import type { JSONRPCMessage, Transport } from "../vendor/mcp-sdk.js";

const TOOL_REQUESTS: ReadonlySet<string> = new Set(["tools/list", "tools/call"]);

function requestId(message: JSONRPCMessage): string | number | undefined {
  return "id" in message && "method" in message && TOOL_REQUESTS.has(message.method) ? message.id : undefined;
}

function answeredId(message: JSONRPCMessage): string | number | undefined {
  return "id" in message && !("method" in message) ? message.id : undefined;
}

/**
 * Calls `answered` once, as soon as the server has written its answer to the client's first tool request
 * (`tools/list`, or a `tools/call` sent without listing). A server that starts its background work then
 * (watchers, TypeScript programs) never makes a client's first answers wait for it. Call after connecting
 * the server: it wraps the handlers the server installed.
 */
export function afterFirstToolAnswer(transport: Transport, answered: () => void): void {
  const asked = new Set<string | number>();
  let done = false;
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const id = done ? undefined : requestId(message);
    if (id !== undefined) asked.add(id);
    receive?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    await send(message, options);
    const id = answeredId(message);
    if (!done && id !== undefined && asked.has(id)) {
      done = true;
      answered();
    }
  };
}

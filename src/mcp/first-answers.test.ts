import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { afterFirstToolAnswer } from "./first-answers.js";

/** A transport as the server sees it: messages come in through onmessage, answers go out through send. */
function fakeTransport(): { transport: Transport; sent: JSONRPCMessage[]; receive(message: JSONRPCMessage): void } {
  const sent: JSONRPCMessage[] = [];
  const transport: Transport = {
    start: async () => undefined,
    close: async () => undefined,
    send: async (message) => {
      sent.push(message);
    },
    onmessage: () => undefined,
  };
  return { transport, sent, receive: (message) => transport.onmessage?.(message) };
}

describe(afterFirstToolAnswer.name, () => {
  it("fires once, after the answer to the first tools/list is sent, not on initialize's", async () => {
    const { transport, sent, receive } = fakeTransport();
    const events: string[] = [];
    afterFirstToolAnswer(transport, (request) => events.push(`${request} answered after ${sent.length} sent`));
    receive({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    receive({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(events).toEqual([]);
    receive({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
    expect(events).toEqual([]);
    await transport.send({ jsonrpc: "2.0", id: 2, result: { tools: [] } });
    receive({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} });
    await transport.send({ jsonrpc: "2.0", id: 3, result: { tools: [] } });
    expect(events).toEqual(["tools/list answered after 2 sent"]);
  });

  it("fires again, once, after the answer to the first tool call (the roots' first runs wait for it)", async () => {
    const { transport, receive } = fakeTransport();
    const events: string[] = [];
    afterFirstToolAnswer(transport, (request) => events.push(request));
    receive({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    await transport.send({ jsonrpc: "2.0", id: 1, result: { tools: [] } });
    receive({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "status" } });
    expect(events).toEqual(["tools/list"]);
    await transport.send({ jsonrpc: "2.0", id: 2, result: { content: [] } });
    receive({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "status" } });
    await transport.send({ jsonrpc: "2.0", id: 3, result: { content: [] } });
    expect(events).toEqual(["tools/list", "tools/call"]);
  });

  it("fires on the answer to a tool call sent without listing first", async () => {
    const { transport, receive } = fakeTransport();
    const events: string[] = [];
    afterFirstToolAnswer(transport, (request) => events.push(request));
    receive({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "status" } });
    await transport.send({ jsonrpc: "2.0", id: 7, result: { content: [] } });
    expect(events).toEqual(["tools/call"]);
  });
});

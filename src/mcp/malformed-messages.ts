import { ErrorCode, type JSONRPCMessage, type Transport } from "../vendor/mcp-sdk.js";

/** A JSON-RPC error answer whose request id cannot be known (JSON-RPC 2.0 says `id: null`). */
export interface UnaddressedError {
  readonly jsonrpc: "2.0";
  readonly id: null;
  readonly error: { readonly code: number; readonly message: string };
}

/**
 * JSON-RPC's answer to a line the transport could not read: -32700 for a line that is not JSON, -32600 for
 * JSON that is not a JSON-RPC message. undefined for any other transport error. Pure.
 */
export function answerToUnreadableLine(error: unknown): UnaddressedError | undefined {
  if (error instanceof SyntaxError) {
    return {
      jsonrpc: "2.0",
      id: null,
      error: { code: ErrorCode.ParseError, message: "Parse error: the line is not valid JSON" },
    };
  }
  if (error instanceof Error && error.name === "ZodError") {
    return {
      jsonrpc: "2.0",
      id: null,
      error: { code: ErrorCode.InvalidRequest, message: "Invalid Request: the line is not a JSON-RPC 2.0 message" },
    };
  }
  return undefined;
}

/**
 * The SDK's stdio transport drops a line it cannot parse and reports it to onerror only; this answers it
 * as JSON-RPC asks, and the server goes on serving. Call before connecting the server (which chains onerror).
 */
export function answerUnreadableLines(transport: Transport, log: (message: string) => void): void {
  transport.onerror = (error) => {
    const answer = answerToUnreadableLine(error);
    if (answer === undefined) return;
    log(`answered a line that is not a JSON-RPC message with error ${answer.error.code}`);
    // The SDK's message type has no null id; the transport writes the object as it is.
    transport.send(answer as unknown as JSONRPCMessage).catch(() => undefined);
  };
}

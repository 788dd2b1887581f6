import type net from "node:net";
import { encodeMessage, parseReply, type DaemonRequest } from "./daemon-protocol.js";

/** The daemon went away (killed, crashed, stopped) before it answered. */
export class DaemonGoneError extends Error {
  constructor(detail: string) {
    super(`the daemon stopped before it answered (${detail})`);
    this.name = "DaemonGoneError";
  }
}

/** One client connection: requests go one at a time, each answered by one line. */
export interface DaemonConnection {
  /** The reply object, or undefined when the line is no JSON object (not our protocol). Rejects with DaemonGoneError, or a timeout. */
  request(request: DaemonRequest, timeoutMs?: number): Promise<Record<string, unknown> | undefined>;
  close(): void;
}

/** Splits a socket's text into lines, calling onLine for each complete one. */
export function onLines(socket: net.Socket, onLine: (line: string) => void): void {
  let buffer = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      onLine(line);
    }
  });
}

export function wrapConnection(socket: net.Socket): DaemonConnection {
  const waiting: { resolve: (reply: Record<string, unknown> | undefined) => void; reject: (error: Error) => void }[] = [];
  let gone: Error | undefined;
  const fail = (error: Error): void => {
    gone ??= error;
    for (const pending of waiting.splice(0)) pending.reject(gone);
  };
  onLines(socket, (line) => waiting.shift()?.resolve(parseReply(line)));
  socket.on("error", (error) => fail(new DaemonGoneError(error.message)));
  socket.on("close", () => fail(new DaemonGoneError("the connection closed")));
  return {
    request(request, timeoutMs) {
      if (gone !== undefined) return Promise.reject(gone);
      return new Promise((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const entry = {
          resolve: (reply: Record<string, unknown> | undefined) => {
            clearTimeout(timer);
            resolve(reply);
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        if (timeoutMs !== undefined) {
          timer = setTimeout(() => {
            waiting.splice(waiting.indexOf(entry), 1);
            reject(new Error(`no answer within ${timeoutMs} ms`));
          }, timeoutMs);
        }
        waiting.push(entry);
        socket.write(encodeMessage(request));
      });
    },
    close() {
      socket.destroy();
    },
  };
}

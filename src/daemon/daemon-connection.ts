import type net from "node:net";
import { encodeMessage, isKeepAlive, parseReply, type DaemonRequest } from "./daemon-protocol.js";

/** The daemon went away (killed, crashed, stopped) before it answered. */
export class DaemonGoneError extends Error {
  constructor(detail: string) {
    super(`the daemon stopped before it answered (${detail})`);
    this.name = "DaemonGoneError";
  }
}

/** The daemon said nothing (no answer, no keep-alive) for longer than the client waits: it hangs. */
export class DaemonSilentError extends Error {
  constructor(silenceMs: number) {
    super(`no answer within ${silenceMs} ms`);
    this.name = "DaemonSilentError";
  }
}

/** One client connection: requests go one at a time, each answered by one line. */
export interface DaemonConnection {
  /**
   * The reply object, or undefined when the line is no JSON object (not our protocol). Rejects with
   * DaemonGoneError, or DaemonSilentError after `silenceMs` without a line (each keep-alive line starts the wait again).
   */
  request(request: DaemonRequest, silenceMs?: number): Promise<Record<string, unknown> | undefined>;
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

interface Waiting {
  resolve(reply: Record<string, unknown> | undefined): void;
  reject(error: Error): void;
  /** A keep-alive line came: the silence starts again. */
  alive(): void;
}

export function wrapConnection(socket: net.Socket): DaemonConnection {
  const waiting: Waiting[] = [];
  let gone: Error | undefined;
  const fail = (error: Error): void => {
    gone ??= error;
    for (const pending of waiting.splice(0)) pending.reject(gone);
  };
  onLines(socket, (line) => {
    const reply = parseReply(line);
    if (isKeepAlive(reply)) waiting[0]?.alive();
    else waiting.shift()?.resolve(reply);
  });
  socket.on("error", (error) => fail(new DaemonGoneError(error.message)));
  socket.on("close", () => fail(new DaemonGoneError("the connection closed")));
  return {
    request(request, silenceMs) {
      if (gone !== undefined) return Promise.reject(gone);
      return new Promise((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const wait = (): void => {
          clearTimeout(timer);
          if (silenceMs === undefined) return;
          timer = setTimeout(() => {
            waiting.splice(waiting.indexOf(entry), 1);
            reject(new DaemonSilentError(silenceMs));
          }, silenceMs);
        };
        const entry: Waiting = {
          resolve: (reply) => {
            clearTimeout(timer);
            resolve(reply);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
          alive: wait,
        };
        wait();
        waiting.push(entry);
        socket.write(encodeMessage(request));
      });
    },
    close() {
      socket.destroy();
    },
  };
}

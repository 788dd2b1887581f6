import path from "node:path";
import { describe, expect, it } from "vitest";
import { daemonPaths } from "./daemon-paths.js";
import { parseHello, parseRequest } from "./daemon-protocol.js";

describe(daemonPaths.name, () => {
  it("puts the socket, the info file, the lock and the log in an owner-only folder beside the database", () => {
    const paths = daemonPaths("/work/app/.ts-graph/graph.db", "linux", "/tmp");
    expect(paths).toEqual({
      folder: "/work/app/.ts-graph/graph.db.daemon",
      socket: "/work/app/.ts-graph/graph.db.daemon/socket",
      socketFolder: undefined,
      info: "/work/app/.ts-graph/graph.db.daemon/info.json",
      lock: "/work/app/.ts-graph/graph.db.daemon/lock",
      log: "/work/app/.ts-graph/graph.db.daemon/daemon.log",
      stopRefused: "/work/app/.ts-graph/graph.db.daemon/stop-refused.json",
    });
  });

  it("moves a socket path too long for Unix sockets to a per-user folder, one name per database", () => {
    const deep = `/work/${"very-long-folder-name/".repeat(5)}.ts-graph/graph.db`;
    const paths = daemonPaths(deep, "linux", "/tmp");
    expect(paths.folder).toBe(`${deep}.daemon`);
    expect(paths.socketFolder).toMatch(/^\/tmp\/ts-graph-\d+$/);
    expect(path.dirname(paths.socket)).toBe(paths.socketFolder);
    expect(Buffer.byteLength(paths.socket)).toBeLessThanOrEqual(100);
    expect(daemonPaths(`${deep}2`, "linux", "/tmp").socket).not.toBe(paths.socket);
  });

  it("names a pipe on Windows, one per database", () => {
    const one = daemonPaths("C:\\app\\.ts-graph\\graph.db", "win32");
    expect(one.socket).toMatch(/^\\\\\.\\pipe\\ts-graph-[0-9a-f]{24}$/);
    expect(daemonPaths("C:\\other\\.ts-graph\\graph.db", "win32").socket).not.toBe(one.socket);
  });
});

describe(parseHello.name, () => {
  const hello = {
    protocol: 1,
    version: "1.2.3",
    pid: 42,
    kind: "daemon",
    root: "/r",
    dbPath: "/r/db",
    tsconfigs: null,
    startedAt: 1,
    idleExitAt: 2,
  };

  it("reads a daemon's hello; one that lists no tools (an older daemon's) runs none", () => {
    expect(parseHello(hello)).toEqual({ ...hello, tsconfigs: undefined, tools: [] });
    expect(parseHello({ ...hello, tools: ["rename_symbol", 3] })?.tools).toEqual(["rename_symbol"]);
  });

  it("refuses anything that is not one (a socket that is not ours)", () => {
    expect(parseHello(undefined)).toBeUndefined();
    expect(parseHello({ ...hello, kind: "server" })).toBeUndefined();
    expect(parseHello({ ...hello, pid: "42" })).toBeUndefined();
    expect(parseHello({ ...hello, tsconfigs: [1] })).toBeUndefined();
  });
});

describe(parseRequest.name, () => {
  it("reads the requests and nothing else", () => {
    expect(parseRequest('{"op":"update","force":true}')).toEqual({ op: "update", force: true });
    expect(parseRequest('{"op":"update"}')).toEqual({ op: "update", force: false });
    expect(parseRequest('{"op":"hello"}')).toEqual({ op: "hello" });
    expect(parseRequest('{"op":"stop"}')).toEqual({ op: "stop" });
    expect(parseRequest('{"op":"go"}')).toEqual({ op: "go" });
    const tool = {
      op: "tool",
      root: "/r",
      dbPath: "/r/db",
      tool: "rename_symbol",
      input: { symbol: "a", newName: "b" },
    };
    expect(parseRequest(JSON.stringify(tool))).toEqual(tool);
    expect(parseRequest(JSON.stringify({ ...tool, input: "a" }))).toBeUndefined();
    expect(parseRequest('{"op":"drop"}')).toBeUndefined();
    expect(parseRequest("GET / HTTP/1.1")).toBeUndefined();
  });
});

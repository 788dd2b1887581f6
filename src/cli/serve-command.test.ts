import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import Database from "better-sqlite3";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  CLI,
  makeTempDir,
  readerSnapshot,
  removeTempDirs,
  runCli,
  writeChainProject,
} from "../test-support/fixtures.js";

afterAll(removeTempDirs);

function chainProject(files = 3): string {
  const root = path.join(makeTempDir(), "served");
  writeChainProject(root, files);
  return root;
}

interface StatusRoot {
  readonly root: string;
  readonly watching: boolean;
  readonly graph: {
    readonly files: { readonly total: number };
    readonly nodes: { readonly byKind: Record<string, number> };
  } | null;
}

function statusRoots(result: CallToolResult): StatusRoot[] {
  return (result.structuredContent as { roots: StatusRoot[] }).roots;
}

async function connect(args: readonly string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "serve", ...args],
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "ts-graph-stdio-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** Writes JSON-RPC lines to a raw child's stdin. */
function send(child: ChildProcessWithoutNullStreams, message: Record<string, unknown>): void {
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
}

const INITIALIZE = {
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

function exitOf(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
}

interface RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  responses(count: number): Promise<unknown[]>;
  /** Resolves when the server's log (stderr) has a line matching `pattern`. */
  logged(pattern: RegExp): Promise<void>;
}

/** Spawns `serve` and reads its stdout line by line until `count` responses arrived. */
function rawServer(root: string, keepLog = false): RawServer {
  const child = spawn(process.execPath, [CLI, "serve", "-r", root], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const waiters: (() => void)[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const waiter of waiters.splice(0)) waiter();
  });
  if (keepLog) {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      for (const waiter of waiters.splice(0)) waiter();
    });
  } else child.stderr.resume();
  const lines = (): string[] => stdout.split("\n").filter((line) => line.trim() !== "");
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    logged: (pattern) =>
      new Promise((resolve) => {
        const check = (): void => {
          if (pattern.test(stderr)) resolve();
          else waiters.push(check);
        };
        check();
      }),
    responses: (count) =>
      new Promise((resolve) => {
        const check = (): void => {
          if (lines().length >= count) resolve(lines().map((line) => JSON.parse(line) as unknown));
          else waiters.push(check);
        };
        check();
      }),
  };
}

function expectWritable(dbPath: string): void {
  const db = new Database(dbPath, { timeout: 0 });
  try {
    expect(() => db.exec("BEGIN IMMEDIATE; UPDATE meta SET value = value; COMMIT;")).not.toThrow();
  } finally {
    db.close();
  }
}

describe("ts-graph serve (subprocess, real stdio)", () => {
  it("answers tools/list and status over stdio with the SDK client, logging only to stderr", async () => {
    const root = chainProject(25);
    const { client, stderr } = await connect(["-r", root]);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("status");
      const result = (await client.callTool({ name: "status", arguments: {} })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(statusRoots(result)[0]).toMatchObject({ root, watching: true, graph: { files: { total: 25 } } });
      expect(stderr()).toMatch(/ts-graph serve: .*indexing \(no graph yet\)/);
      expect(stderr()).toMatch(/indexed 25\/25 files \(100%\)/);
    } finally {
      await client.close();
    }
  });

  it("reflects a file saved while it runs in the next answer", async () => {
    const root = chainProject();
    const { client } = await connect(["-r", root]);
    try {
      const before = statusRoots((await client.callTool({ name: "status", arguments: {} })) as CallToolResult)[0];
      expect(before?.graph?.nodes.byKind.Function).toBe(3);
      fs.writeFileSync(path.join(root, "src", "saved.ts"), "export function savedWhileServing(): void {}\n");
      // Time for the file system to report the save; the answer itself waits for the update.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = statusRoots((await client.callTool({ name: "status", arguments: {} })) as CallToolResult)[0];
      expect(after?.graph?.files.total).toBe(4);
      expect(after?.graph?.nodes.byKind.Function).toBe(4);
    } finally {
      await client.close();
    }
  });

  it("writes nothing but protocol messages to stdout", async () => {
    const root = chainProject();
    const server = rawServer(root);
    send(server.child, INITIALIZE);
    await server.responses(1);
    send(server.child, { method: "notifications/initialized" });
    send(server.child, { id: 2, method: "tools/list" });
    send(server.child, { id: 3, method: "tools/call", params: { name: "status", arguments: {} } });
    const responses = await server.responses(3);
    const exited = exitOf(server.child);
    server.child.stdin.end();
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(responses.map((response) => (response as { id: number }).id)).toEqual([1, 2, 3]);
    for (const response of responses) expect(response).toMatchObject({ jsonrpc: "2.0" });
    expect(server.stdout().endsWith("\n")).toBe(true);
  });

  it("closes the watcher and the database and exits 0 on SIGTERM", async () => {
    const root = chainProject();
    const server = rawServer(root);
    send(server.child, INITIALIZE);
    send(server.child, { method: "notifications/initialized" });
    send(server.child, { id: 2, method: "tools/call", params: { name: "status", arguments: {} } });
    await server.responses(2);
    const exited = exitOf(server.child);
    server.child.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
    expectWritable(path.join(root, ".ts-graph", "graph.db"));
  });

  it("exits 0 when the client closes stdin, even before initializing", async () => {
    const root = chainProject();
    const server = rawServer(root);
    const exited = exitOf(server.child);
    server.child.stdin.end();
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  it("answers while it builds its programs, and stops at once then, leaving the graph as it was", async () => {
    const root = chainProject(150);
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const dbPath = path.join(root, ".ts-graph", "graph.db");
    const before = readerSnapshot(dbPath);
    const server = rawServer(root, true);
    const exited = exitOf(server.child);
    send(server.child, INITIALIZE);
    await server.responses(1);
    send(server.child, { method: "notifications/initialized" });
    await server.logged(/up to date in \d+ ms/);
    send(server.child, { id: 2, method: "tools/call", params: { name: "status", arguments: {} } });
    const [, answer] = await server.responses(2);
    const freshness = (answer as { result: { structuredContent: { freshness: { notes?: string[] } } } }).result
      .structuredContent.freshness;
    expect(freshness.notes).toContain(
      "TypeScript programs are being built in the background: a change saved now is applied once they are ready",
    );
    server.child.stdin.end();
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toMatch(/stopping: stdin closed/);
    expect(server.stderr()).not.toMatch(/TypeScript programs ready/);
    expect(readerSnapshot(dbPath)).toBe(before);
  });

  it("refuses --db with several roots (exit 2)", () => {
    const result = runCli(["serve", "-r", chainProject(), "-r", chainProject(), "--db", "x.db"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--db and --tsconfig apply to one root/);
  });
});

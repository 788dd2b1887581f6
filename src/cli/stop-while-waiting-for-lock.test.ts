import Database from "better-sqlite3";
import { spawn } from "node:child_process";
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

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

interface Stopped {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/**
 * Another writer (a plain SQLite connection) holds the graph's write lock while the command starts; once the
 * command says it waits for it, `stop` stops the command. The graph must be as it was, and the lock still held.
 */
async function stopWhileWaiting(args: readonly string[], stop: "stdin" | "SIGTERM", mcp = false): Promise<Stopped> {
  const root = path.join(makeTempDir(), "locked");
  writeChainProject(root, 3);
  expect(runCli(["index", root, "--quiet"]).status).toBe(0);
  const dbPath = path.join(root, ".ts-graph", "graph.db");
  const before = readerSnapshot(dbPath);
  const writer = new Database(dbPath);
  writer.exec("BEGIN IMMEDIATE");
  try {
    const child = spawn(process.execPath, [CLI, ...args, root], { stdio: ["pipe", "pipe", "pipe"] });
    child.stdout.resume();
    if (mcp) {
      child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    }
    let stderr = "";
    let asked = false;
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (asked || !/waiting for it to finish/.test(stderr)) return;
      asked = true;
      // Inside SQLite's wait by now (it says so, then waits).
      setTimeout(() => (stop === "stdin" ? child.stdin.end() : child.kill("SIGTERM")), 200);
    });
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal })),
    );
    expect(asked).toBe(true);
    return { ...exit, stderr };
  } finally {
    writer.exec("ROLLBACK");
    writer.close();
    expect(readerSnapshot(dbPath)).toBe(before);
  }
}

describe("a command stopped while it waits for another writer's lock", () => {
  it("serve exits 0 without aborting when the client closes stdin", async () => {
    const stopped = await stopWhileWaiting(["serve", "-r"], "stdin", true);
    expect(stopped.stderr).not.toMatch(/FATAL/);
    expect(stopped).toMatchObject({ code: 0, signal: null });
  });

  it("serve exits 0 without aborting on SIGTERM", async () => {
    const stopped = await stopWhileWaiting(["serve", "-r"], "SIGTERM", true);
    expect(stopped.stderr).not.toMatch(/FATAL/);
    expect(stopped).toMatchObject({ code: 0, signal: null });
  });

  it("daemon start --foreground exits 0 without aborting on SIGTERM", async () => {
    const stopped = await stopWhileWaiting(["daemon", "start", "--foreground"], "SIGTERM");
    expect(stopped.stderr).not.toMatch(/FATAL/);
    expect(stopped).toMatchObject({ code: 0, signal: null });
  });

  it("index --watch exits 0 on SIGTERM during its first run", async () => {
    const stopped = await stopWhileWaiting(["index", "--watch"], "SIGTERM");
    expect(stopped.stderr).not.toMatch(/FATAL/);
    expect(stopped).toMatchObject({ code: 0, signal: null });
  });
});

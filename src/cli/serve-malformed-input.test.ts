import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { answerToUnreadableLine } from "../mcp/malformed-messages.js";
import { CLI, makeTempDir, removeTempDirs, writeChainProject } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

describe("serve given a line that is not a JSON-RPC message (subprocess)", () => {
  it("answers a parse error (-32700) or an invalid request (-32600) with id null, and goes on serving", async () => {
    const root = path.join(makeTempDir(), "served");
    writeChainProject(root, 1);
    const child = spawn(process.execPath, [CLI, "serve", "-r", root], { stdio: ["pipe", "pipe", "pipe"] });
    child.stderr.resume();
    let stdout = "";
    const lines = (): string[] => stdout.split("\n").filter((line) => line !== "");
    const responses = new Promise<unknown[]>((resolve) => {
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        if (lines().length >= 3) resolve(lines().map((line) => JSON.parse(line) as unknown));
      });
    });
    child.stdin.write("this is not json\n");
    child.stdin.write('{"hello":"world"}\n');
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })}\n`,
    );
    const [parse, invalid, initialized] = await responses;
    const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
    child.stdin.end();
    expect(parse).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
    });
    expect(invalid).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) },
    });
    expect(initialized).toMatchObject({ jsonrpc: "2.0", id: 1, result: { serverInfo: { name: "ts-graph" } } });
    expect(await exited).toBe(0);
  });

  it("leaves other transport errors to the server's log", () => {
    expect(answerToUnreadableLine(new Error("stdin closed"))).toBeUndefined();
  });
});

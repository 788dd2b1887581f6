import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { startInProcessServer } from "../test-support/mcp.js";
import { computedToolListing } from "./tool-listing.js";

afterAll(removeTempDirs);

/** The raw tools/list result a served build (`node dist/cli.js serve`) writes on stdout, parsed as it is. */
async function servedListing(root: string): Promise<unknown> {
  const child = spawn(process.execPath, [CLI, "serve", "-r", root], { stdio: ["pipe", "pipe", "ignore"] });
  let buffered = "";
  const listed = new Promise<unknown>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
        const message = JSON.parse(buffered.slice(0, end)) as { id?: number; result?: unknown };
        buffered = buffered.slice(end + 1);
        if (message.id === 2) resolve(message.result);
      }
    });
    child.on("exit", () => reject(new Error("the server exited before listing its tools")));
  });
  const initialize = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } };
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: initialize })}\n`);
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} })}\n`);
  try {
    return await listed;
  } finally {
    child.stdin.end();
  }
}

describe("the tools/list answer", () => {
  it("is written by the build as the SDK computes it from the sources' tools", async () => {
    const built = JSON.parse(fs.readFileSync(path.join(path.dirname(CLI), "mcp", "tool-list.json"), "utf8")) as unknown;
    expect(built).toEqual(await computedToolListing());
  });

  it("is served by the build byte for byte as the SDK computes it, key order included", async () => {
    const root = makeTempDir();
    const served = await servedListing(root);
    expect(JSON.stringify(served)).toBe(JSON.stringify(await computedToolListing()));
  });

  it("is answered as given by a server given a listing, as `serve` answers with the build's", async () => {
    const computed = await computedToolListing();
    const given = { tools: computed.tools.slice(0, 2) };
    const server = await startInProcessServer({ roots: [makeTempDir()], listing: given });
    try {
      const listed = await server.client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual(given.tools.map((tool) => tool.name));
      expect(JSON.parse(JSON.stringify(listed))).toEqual(JSON.parse(JSON.stringify(given)));
    } finally {
      await server.close();
    }
  });
});

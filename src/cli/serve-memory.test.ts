import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { textOf } from "../test-support/mcp.js";
import { until } from "../test-support/until.js";
import { CLI, makeTempDir, removeTempDirs, runCli, writeChainProject } from "../test-support/fixtures.js";
import type { RootMemoryView, ServerMemoryView } from "../tools/status/memory-view.js";

/** The bounded server through the built CLI: indexing threads released over the budget, flags and config. */

afterAll(removeTempDirs);

function project(name: string): string {
  const root = path.join(makeTempDir(), name);
  writeChainProject(root, 3);
  expect(runCli(["index", root, "--quiet"]).status).toBe(0);
  return root;
}

describe("ts-graph serve --memory-budget (subprocess)", () => {
  it("releases the least recently used root's indexing thread over the budget, answers from it, and builds what a change needs", async () => {
    const older = project("older");
    const newer = project("newer");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "serve", "-r", older, "-r", newer, "--memory-budget", "64"],
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: "memory-test", version: "1.0.0" });
    await client.connect(transport);
    const call = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult;
    const memories = async (): Promise<{
      server: ServerMemoryView;
      roots: { root: string; memory: RootMemoryView }[];
    }> =>
      (await call("status", {})).structuredContent as {
        server: ServerMemoryView;
        roots: { root: string; memory: RootMemoryView }[];
      };
    const programsOf = async (root: string) => (await memories()).roots.find((entry) => entry.root === root)?.memory;
    try {
      await call("find", { root: older, name: "step0" });
      await until(() => stderr.includes(`${older}: TypeScript programs ready`), "the older root's programs");
      await call("find", { root: newer, name: "step0" });
      await until(() => stderr.includes(`${newer}: TypeScript programs ready`), "the newer root's programs");
      // The next call checks the budget: 64 MB is far below any server's RSS.
      await call("find", { root: newer, name: "step1" });
      await until(() => stderr.includes(`${older}: released its TypeScript programs (the server's RSS`), "the release");
      expect(stderr).toMatch(/is over its budget of 64 MB\)/);
      const released = await programsOf(older);
      expect(released?.programs).toBe("released");
      expect(released?.indexerHeapBytes).toBeUndefined();
      // The newer root, now alone over the budget with its whole programs, is released once too.
      await until(
        () => stderr.includes(`${newer}: released its TypeScript programs (the server's RSS`),
        "the newer root's release",
      );
      expect(stderr).toMatch(
        /is over its budget of 64 MB with this root's programs alone; its changes now build only what they need\)/,
      );
      expect((await memories()).server.budgetBytes).toBe(64 * 1024 * 1024);

      expect(textOf(await call("callers", { root: older, symbol: "step0" }))).toContain("step1");
      fs.appendFileSync(
        path.join(older, "src", "m2.ts"),
        "export function step3(n: number): number {\n  return step2(n) + 1;\n}\n",
      );
      expect(textOf(await call("zoom", { root: older, path: "src/m2.ts" }))).toMatch(
        /^\d+ function step3\(n: number\): number/m,
      );
      expect(textOf(await call("callers", { root: older, symbol: "step2" }))).toContain("step3");
      const asNeeded = await programsOf(older);
      expect(asNeeded?.programs).toBe("as needed");
      expect(asNeeded?.indexerHeapBytes).toBeGreaterThan(1024 * 1024);
      // What its changes built stays, over the budget too: no release and rebuild call after call.
      await call("find", { root: older, name: "step3" });
      expect((await programsOf(older))?.programs).toBe("as needed");
      expect(stderr.split(`${older}: released`)).toHaveLength(2);
    } finally {
      await client.close();
    }
  });

  it("refuses a budget or idle time that is not a number in range, and a config's unknown serve key", () => {
    const root = project("flags");
    const small = runCli(["serve", "-r", root, "--memory-budget", "10"]);
    expect(small.status).toBe(2);
    expect(small.stderr).toContain('--memory-budget (MB) takes a whole number of at least 64 (got "10")');
    const idle = runCli(["serve", "-r", root, "--idle-release", "soon"]);
    expect(idle.status).toBe(2);
    expect(idle.stderr).toContain('--idle-release (minutes; 0: never) takes a number of at least 0 (got "soon")');
    fs.writeFileSync(path.join(root, "ts-graph.config.json"), JSON.stringify({ serve: { memoryBudget: 100 } }));
    const config = runCli(["index", root]);
    expect(config.status).toBe(2);
    expect(config.stderr).toContain(
      '"serve": unknown key "memoryBudget" (allowed: memoryBudgetMB, idleReleaseMinutes)',
    );
  });

  it("takes the budget and idle time from ts-graph.config.json, which does not re-index the root", async () => {
    const root = project("configured");
    fs.writeFileSync(
      path.join(root, "ts-graph.config.json"),
      JSON.stringify({ serve: { memoryBudgetMB: 3000, idleReleaseMinutes: 5 } }),
    );
    const summary = JSON.parse(runCli(["index", root, "--json"]).stdout) as { mode: string };
    expect(summary.mode).toBe("noop");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "serve", "-r", root],
      stderr: "pipe",
    });
    const client = new Client({ name: "memory-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const status = (await client.callTool({ name: "status", arguments: {} })) as CallToolResult;
      expect((status.structuredContent as { server: ServerMemoryView }).server).toMatchObject({
        budgetBytes: 3000 * 1024 * 1024,
        idleReleaseMinutes: 5,
      });
      expect(textOf(status)).toContain(
        "· budget 3,000 MB (above it, the least recently used roots release their programs) · an idle root releases them after 5 min\n",
      );
    } finally {
      await client.close();
    }
  });
});

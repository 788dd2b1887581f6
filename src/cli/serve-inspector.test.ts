import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, makeTempDir, removeTempDirs, runCli, writeChainProject } from "../test-support/fixtures.js";
import { HANG_MS } from "../test-support/patience.js";

/**
 * End to end with the official MCP Inspector CLI driving the built server (fetched by npx on first use).
 * The Inspector exits 0 even when a tool answers isError, so the assertions read its JSON.
 */

let root: string;

beforeAll(() => {
  root = path.join(makeTempDir(), "inspected");
  writeChainProject(root, 3);
  expect(runCli(["index", root, "--quiet"]).status).toBe(0);
});
afterAll(removeTempDirs);

function inspect(args: readonly string[]): unknown {
  const result = spawnSync(
    "npx",
    ["-y", "@modelcontextprotocol/inspector", "--cli", process.execPath, CLI, "serve", "-r", root, ...args],
    {
      encoding: "utf8",
      timeout: HANG_MS,
      env: { ...process.env, npm_config_update_notifier: "false" },
    },
  );
  if (result.status !== 0) throw new Error(`inspector exited ${String(result.status)}: ${result.stderr}`);
  return JSON.parse(result.stdout) as unknown;
}

describe("ts-graph serve under the MCP Inspector CLI", () => {
  it("lists the tools with their annotations and input schema", () => {
    const listed = inspect(["--method", "tools/list"]) as {
      tools: { name: string; annotations: unknown; inputSchema: { properties: object } }[];
    };
    const status = listed.tools.find((tool) => tool.name === "status");
    expect(status?.annotations).toMatchObject({ readOnlyHint: true });
    expect(Object.keys(status?.inputSchema.properties ?? {})).toEqual(["root"]);
  });

  it("calls status and gets text, structured content and freshness", () => {
    const called = inspect(["--method", "tools/call", "--tool-name", "status"]) as {
      isError?: boolean;
      content: { type: string; text: string }[];
      structuredContent: {
        roots: { root: string; graph: { files: { total: number } } }[];
        freshness: { pendingFiles: number };
      };
    };
    expect(called.isError).toBeFalsy();
    // The Inspector lists the tools first and its SDK client compiles their output schemas (a few hundred ms), so the
    // call may land while the TypeScript programs are being built after that first answer: the line then says so.
    expect(called.content[0]?.text).toMatch(
      /^ts-graph status: 1 root\n[\s\S]*\[graph indexed .*up to date(; TypeScript programs are being built[^\]]*)?\]$/,
    );
    expect(called.structuredContent.roots[0]).toMatchObject({ root, graph: { files: { total: 3 } } });
    expect(called.structuredContent.freshness.pendingFiles).toBe(0);
  });

  it("answers a path outside the workspace with isError and what to do", () => {
    const refused = inspect(["--method", "tools/call", "--tool-name", "status", "--tool-arg", "root=/etc"]) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(refused.isError).toBe(true);
    expect(refused.content[0]?.text).toMatch(/\/etc is outside the workspace; give a path inside/);
  });
});

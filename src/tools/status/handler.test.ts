import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs, runCli, writeChainProject } from "../../test-support/fixtures.js";
import { statusTool } from "./handler.js";

afterAll(removeTempDirs);

describe(statusTool.name, () => {
  it("runs from the CLI on one root: its graph, and no watcher", () => {
    const root = path.join(makeTempDir(), "project");
    writeChainProject(root, 2);
    const missing = runCli(["status", "--root", root]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/No graph at .*; run `ts-graph index/);

    const text = runCli(["status", "--root", root, "--index"]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(
      /^ts-graph status: 1 root\n.*project\n {2}graph {4}indexed .* · up to date · database \.ts-graph\/graph\.db\n {2}watcher {2}not running\n {2}files {4}2\n/,
    );
    const json = JSON.parse(runCli(["status", "--root", root, "--json"]).stdout) as {
      roots: { root: string; watching: boolean }[];
    };
    expect(json.roots).toEqual([expect.objectContaining({ root, watching: false })]);
  });
});

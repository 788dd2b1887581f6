import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { copySampleProject, removeTempDirs } from "../../test-support/fixtures.js";
import { expectGolden, openIndexedContext, rejection, runTool, transcript } from "../../test-support/tool-harness.js";
import { ToolInputError } from "../tool-errors.js";
import { humanSize } from "./format.js";
import { listTool } from "./handler.js";

let root: string;
let context: CliToolContext;

function write(relative: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
}

beforeAll(async () => {
  root = copySampleProject("web-app");
  write(".gitignore", "dist/\n*.log\n");
  write("dist/bundle.js", "console.log(1);\n");
  write("debug.log", "x\n");
  write("scripts/.gitignore", "tmp-*\n!tmp-keep.ts\n");
  write("scripts/tmp-scratch.ts", "export {};\n");
  write("scripts/tmp-keep.ts", "export {};\n");
  write("scripts/seed.ts", "export const seed = 1;\n");
  write(".git/HEAD", "ref: refs/heads/main\n");
  write("node_modules/left-pad/index.js", "module.exports = 1;\n");
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

describe("list on the web-app sample", () => {
  it("answers as the golden transcript says", async () => {
    const cases = [
      { path: "." },
      { path: "backend", recursive: true },
      { path: ".", recursive: true, glob: "**/*.tsx" },
      { path: "scripts" },
      { path: "frontend", recursive: true, limit: 5 },
    ];
    expectGolden(path.join(import.meta.dirname, "golden", "web-app.txt"), await transcript(listTool, cases, context));
  });
});

describe("list", () => {
  it("honours the root's and nested .gitignore files, never shows .git, and does not enter node_modules or .ts-graph", async () => {
    const result = await runTool(listTool, { path: ".", recursive: true, limit: 1000 }, context);
    const paths = (result.structured.entries as { path: string }[]).map((entry) => entry.path);
    expect(paths).not.toContain("dist");
    expect(paths).not.toContain("debug.log");
    expect(paths).not.toContain("scripts/tmp-scratch.ts");
    expect(paths).toContain("scripts/tmp-keep.ts");
    expect(paths.some((entry) => entry.startsWith(".git/") || entry === ".git")).toBe(false);
    expect(paths).toContain("node_modules");
    expect(paths).toContain(".ts-graph");
    expect(paths.some((entry) => entry.startsWith("node_modules/") || entry.startsWith(".ts-graph/"))).toBe(false);
  });

  it("gives sizes in bytes and graph counts as structured content", async () => {
    const result = await runTool(listTool, { path: "shared" }, context);
    expect((result.structured.entries as unknown[])[0]).toEqual({
      path: "shared/money.ts",
      type: "file",
      size: fs.statSync(path.join(root, "shared", "money.ts")).size,
      indexed: true,
      symbols: 2,
      exports: 2,
    });
  });

  it("writes sizes for people", () => {
    expect([0, 1023, 1024, 1536, 10 * 1024, 5 * 1024 * 1024].map(humanSize)).toEqual([
      "0 B",
      "1023 B",
      "1.0 KB",
      "1.5 KB",
      "10 KB",
      "5.0 MB",
    ]);
  });

  it("refuses a file, a missing folder and a path outside the root", async () => {
    expect(await rejection(runTool(listTool, { path: "shared/money.ts" }, context), ToolInputError)).toMatch(
      /is a file, not a folder/,
    );
    expect(await rejection(runTool(listTool, { path: "nope" }, context), ToolInputError)).toMatch(/does not exist/);
    expect(await rejection(runTool(listTool, { path: "/" }, context), ToolInputError)).toMatch(/outside the workspace/);
  });
});

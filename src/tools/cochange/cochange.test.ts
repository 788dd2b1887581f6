import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import Database from "better-sqlite3";
import { CLI, makeTempDir, removeTempDirs, runCli } from "../../test-support/fixtures.js";
import { handlerSchemaRepository } from "../../test-support/git-history.js";
import { startInProcessServer, textOf } from "../../test-support/mcp.js";
import { ALL_TOOLS } from "../all-tools.js";

afterAll(removeTempDirs);

interface Answer {
  commits: number;
  level: string;
  entries: { file: string; name?: string; support: number; confidence: number; score: number; hidden: boolean }[];
}

describe("cochange tool", () => {
  it("ranks what changed with a file, in the root's own paths, and marks coupling no static path explains (CLI)", () => {
    const { root } = handlerSchemaRepository();
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const result = runCli(["cochange", "src/handler.ts", "--root", root, "--json"], { cwd: root });
    expect(result.stderr).toBe("");
    const answer = JSON.parse(result.stdout) as Answer;
    expect(answer).toMatchObject({ commits: 4, level: "file" });
    // README.md is outside the root, and not indexed: never suggested
    expect(answer.entries.map((entry) => [entry.file, entry.support, entry.confidence, entry.hidden])).toEqual([
      ["src/schema.ts", 3, 0.75, true],
      ["src/parser.ts", 2, 0.5, false],
    ]);

    const hiddenOnly = runCli(["cochange", "src/handler.ts", "--root", root, "--hidden-only"], { cwd: root });
    expect(hiddenOnly.stdout).toContain("co-change of src/handler.ts (file level): 4 commits");
    expect(hiddenOnly.stdout).toContain("legend: support = commits that changed both");
    expect(hiddenOnly.stdout).toMatch(
      /^src\/schema\.ts {2}support 3 {2}conf 75% {2}recent \d+% {2}last \d{4}-\d\d-\d\d {2}hidden$/m,
    );
    expect(hiddenOnly.stdout).not.toContain("src/parser.ts");
  });

  it("lists by default what shared two commits or more with a target of three or more, and says how many shared one", () => {
    const { root } = handlerSchemaRepository();
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    // schema.ts changed in c1, c2 and c4: with handler.ts all three times, with parser.ts once (c1)
    const answer = JSON.parse(
      runCli(["cochange", "src/schema.ts", "--root", root, "--json"], { cwd: root }).stdout,
    ) as Answer & {
      minSupport: number;
      belowMinSupport: number;
    };
    expect(answer).toMatchObject({ commits: 3, minSupport: 2, belowMinSupport: 1 });
    expect(answer.entries.map((entry) => [entry.file, entry.support])).toEqual([["src/handler.ts", 3]]);
    expect(runCli(["cochange", "src/schema.ts", "--root", root], { cwd: root }).stdout).toContain(
      "(1 more file shared only one commit with it: minSupport 1 lists it)",
    );
    const all = JSON.parse(
      runCli(["cochange", "src/schema.ts", "--root", root, "--json", "--min-support", "1"], { cwd: root }).stdout,
    ) as Answer & {
      belowMinSupport: number;
    };
    expect(all.entries.map((entry) => [entry.file, entry.support])).toEqual([
      ["src/handler.ts", 3],
      ["src/parser.ts", 1],
    ]);
    expect(all.belowMinSupport).toBe(0);
    // parser.ts changed in two commits only (c1, c3): one shared commit is all the evidence there is, and is listed
    const young = JSON.parse(
      runCli(["cochange", "src/parser.ts", "--root", root, "--json"], { cwd: root }).stdout,
    ) as Answer & {
      minSupport: number;
    };
    expect(young).toMatchObject({ commits: 2, minSupport: 1 });
    expect(young.entries.map((entry) => [entry.file, entry.support])).toEqual([
      ["src/handler.ts", 2],
      ["src/schema.ts", 1],
    ]);
  });

  it("answers a file no commit changed yet from the commits of its folder, and says so", () => {
    const { root } = handlerSchemaRepository();
    // a new file, not committed: its folder src/ changed in all four commits
    fs.writeFileSync(path.join(root, "src", "extra.ts"), "export const extra = 1;\n");
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const answer = JSON.parse(
      runCli(["cochange", "src/extra.ts", "--root", root, "--json"], { cwd: root }).stdout,
    ) as Answer & {
      basis: string;
      folder: string;
    };
    expect(answer).toMatchObject({ commits: 4, level: "file", basis: "folder", folder: "src" });
    expect(answer.entries.map((entry) => [entry.file, entry.support, entry.confidence])).toEqual([
      ["src/handler.ts", 4, 1],
      ["src/schema.ts", 3, 0.75],
      ["src/parser.ts", 2, 0.5],
    ]);
    expect(runCli(["cochange", "src/extra.ts", "--root", root], { cwd: root }).stdout).toContain(
      "co-change of src/extra.ts (file level): 4 commits of its folder src (no commit changed the file itself)",
    );
  });

  it("answers at symbol level for a declaration, over MCP", async () => {
    const { root } = handlerSchemaRepository();
    const server = await startInProcessServer({ roots: [root], tools: ALL_TOOLS });
    try {
      const result = await server.call("cochange", { target: "handle" });
      expect(result.isError).toBeFalsy();
      const answer = result.structuredContent as unknown as Answer;
      expect(answer).toMatchObject({ commits: 4, level: "symbol" });
      expect(answer.entries.map((entry) => [entry.file, entry.name, entry.support, entry.hidden])).toEqual([
        ["src/schema.ts", "schema", 3, true],
        ["src/parser.ts", "parse", 2, false],
      ]);
      // Ranked by the score the text shows beside recent (the file-level blend), and the legend says what it is.
      const scores = answer.entries.map((entry) => entry.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(textOf(result)).toMatch(
        /^src\/schema\.ts:schema {2}support 3 {2}conf 75% {2}recent \d+% {2}score \d+% {2}last \d{4}-\d\d-\d\d {2}hidden$/m,
      );
      expect(textOf(result)).toContain("score = 5/6 × recent blended with its file's coupling");
      expect(textOf(result)).toContain("1/6 × the share of name words it has in common with the target");
    } finally {
      await server.close();
    }
  });

  it("says co-change is unavailable, and how to fix it, outside a git repository; other tools still answer", async () => {
    const root = makeTempDir("ts-graph-no-history-");
    fs.writeFileSync(
      path.join(root, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, types: [] }, include: ["*.ts"] }),
    );
    fs.writeFileSync(path.join(root, "a.ts"), "export const a = 1;\n");
    const server = await startInProcessServer({ roots: [root], tools: ALL_TOOLS });
    try {
      const result = await server.call("cochange", { target: "a.ts" });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("is not inside a git repository");
      expect(textOf(result)).toContain("run ts-graph in a clone");
      expect((await server.call("find", { name: "a" })).isError).toBeFalsy();
    } finally {
      await server.close();
    }
  });

  it("answers over the built server's stdio, the history read in a thread of its own", async () => {
    const { root } = handlerSchemaRepository();
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const client = new Client({ name: "ts-graph-cochange-test", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "-r", root], stderr: "pipe" }),
    );
    try {
      const result = (await client.callTool({ name: "cochange", arguments: { target: "handle" } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const answer = result.structuredContent as unknown as Answer;
      expect(answer.entries.map((entry) => [entry.file, entry.name, entry.support])).toEqual([
        ["src/schema.ts", "schema", 3],
        ["src/parser.ts", "parse", 2],
      ]);
    } finally {
      await client.close();
    }
  });

  it("keeps the history, declarations too, when the graph is rebuilt for a new schema version", () => {
    const { root } = handlerSchemaRepository();
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    expect(runCli(["cochange", "handle", "--root", root]).status).toBe(0);
    const dbPath = path.join(root, ".ts-graph", "graph.db");
    const counts = (): unknown[] => {
      const db = new Database(dbPath, { readonly: true });
      try {
        return ["history_commits", "history_changes", "history_symbols", "history_symbol_changes"].map((table) =>
          db.prepare(`SELECT count(*) FROM ${table}`).pluck().get(),
        );
      } finally {
        db.close();
      }
    };
    const before = counts();
    // 4 commits; 4 + 2 + 3 + 2 file changes; parse, handle, schema changed 2, 4 and 3 times
    expect(before).toEqual([4, 11, 3, 9]);
    const old = new Database(dbPath);
    old.pragma("user_version = 999");
    old.close();
    const rebuilt = runCli(["index", root]);
    expect(rebuilt.stderr).toMatch(/rebuilding the graph: the database has schema version 999/);
    // an index run never reads the history: the tables are the old database's
    expect(counts()).toEqual(before);
    const answer = JSON.parse(runCli(["cochange", "handle", "--root", root, "--json"]).stdout) as Answer;
    expect(answer.entries.map((entry) => [entry.name, entry.support])).toEqual([
      ["schema", 3],
      ["parse", 2],
    ]);
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openGraphReader } from "../db/open-graph-reader.js";
import { filesChangedOnDisk } from "../ingestion/run/graph-freshness.js";
import { makeTempDir, removeTempDirs, runCli, writeChainProject } from "../test-support/fixtures.js";
import { outputSchemaOf } from "../mcp/output-schema.js";
import { ALL_TOOLS } from "../tools/all-tools.js";
import { pathsNamedIn } from "./answer-files.js";

/**
 * The CLI has no watcher: an answer from a graph older than the files says so (stderr for text, a `freshness`
 * field in JSON), and `status` counts the files changed since the last index instead of saying "up to date".
 */

let root: string;

beforeAll(() => {
  root = path.join(makeTempDir(), "chain");
  writeChainProject(root, 4);
  // Written an hour ago: no file is "racy" (changed within 2 s of its index), which a later command would read again.
  const anHourAgo = new Date(Date.now() - 3_600_000);
  for (const file of fs.readdirSync(path.join(root, "src")))
    fs.utimesSync(path.join(root, "src", file), anHourAgo, anHourAgo);
  expect(runCli(["index", root, "--quiet"]).status).toBe(0);
});

afterAll(removeTempDirs);

/** Changes a file's size and modification time, as an editor's save does. */
function edit(file: string, addition: string): void {
  const absolute = path.join(root, file);
  fs.appendFileSync(absolute, addition);
  const later = new Date(Date.now() + 5_000);
  fs.utimesSync(absolute, later, later);
}

describe("CLI answers from a graph older than the files", () => {
  it("say nothing while the graph is current", () => {
    const status = runCli(["status", "--root", root]);
    expect(status.stdout).toContain("up to date");
    const found = runCli(["find", "step1", "--root", root, "--json"]);
    expect(found.stderr).toBe("");
    expect(JSON.parse(found.stdout)).toMatchObject({ freshness: { root, pendingFiles: 0 } });
  });

  it("name the changed files in status, find's text (stderr) and find's JSON", () => {
    edit("src/m2.ts", "export function addedLater(): number {\n  return 2;\n}\n");

    const status = runCli(["status", "--root", root]);
    expect(status.status).toBe(0);
    expect(status.stdout).toContain("1 file changed since the last index");
    expect(status.stdout).not.toContain("up to date");
    expect(status.stdout).toContain(
      "note: graph is older than 1 changed file (e.g. src/m2.ts); run with --index or `ts-graph index`",
    );
    const statusJson = JSON.parse(runCli(["status", "--root", root, "--json"]).stdout) as {
      roots: { pendingFiles: number; notes: string[] }[];
    };
    expect(statusJson.roots[0]).toMatchObject({
      pendingFiles: 1,
      notes: [expect.stringContaining("graph is older than 1 changed file")],
    });

    const missing = runCli(["find", "addedLater", "--root", root]);
    expect(missing.status).toBe(0);
    expect(missing.stdout).toContain("No symbol");
    expect(missing.stderr).toContain(
      "ts-graph: note: graph is older than 1 changed file (e.g. src/m2.ts); run with --index or `ts-graph index`",
    );

    const json = JSON.parse(runCli(["find", "addedLater", "--root", root, "--json"]).stdout) as Record<string, unknown>;
    expect(json.freshness).toEqual({
      root,
      indexedAt: expect.any(String),
      pendingFiles: 1,
      notes: ["graph is older than 1 changed file (e.g. src/m2.ts); run with --index or `ts-graph index`"],
    });
    // The same object an MCP answer is: it fits the output schema the server declares.
    const findAnswer = ALL_TOOLS.find((tool) => tool.name === "find")?.answer;
    expect(findAnswer && outputSchemaOf(findAnswer).safeParse(json).success).toBe(true);
    // A query slice's --format json carries it too. It brings the symbol's own file up to date (src/m1.ts,
    // unchanged), not the others: src/m2.ts is still counted.
    const callers = JSON.parse(runCli(["callers", "step1", "--root", root, "--format", "json"]).stdout) as Record<
      string,
      unknown
    >;
    expect(callers.freshness).toMatchObject({ pendingFiles: 1, notes: [expect.stringContaining("(e.g. src/m2.ts)")] });
  });

  it("are brought up to date by --index, which leaves no note", () => {
    edit("src/m2.ts", "// edited again\n");
    expect(runCli(["status", "--root", root]).stdout).toContain("1 file changed since the last index");
    const indexed = runCli(["find", "addedLater", "--root", root, "--index"]);
    expect(indexed.stdout).toContain("addedLater");
    expect(indexed.stderr).toBe("");
    expect(runCli(["status", "--root", root]).stdout).toContain("up to date");
  });
});

describe("the check restricted to an answer's files (large graphs)", () => {
  it("finds the changed files among the paths and node keys an answer names", () => {
    edit("src/m3.ts", "// later\n");
    const { db } = openGraphReader(path.join(root, ".ts-graph", "graph.db"), () => undefined);
    try {
      const answer = {
        matches: [{ key: "src/m3.ts:step3", file: "src/m3.ts" }, { key: "src/m0.ts:step0" }],
        query: "step",
      };
      expect([...pathsNamedIn(answer)]).toEqual(expect.arrayContaining(["src/m3.ts", "src/m0.ts", "step"]));
      expect(filesChangedOnDisk(db, root, pathsNamedIn(answer))).toEqual(["src/m3.ts"]);
      expect(filesChangedOnDisk(db, root, pathsNamedIn({ file: "src/m1.ts" }))).toEqual([]);
      expect(filesChangedOnDisk(db, root)).toEqual(["src/m3.ts"]);
    } finally {
      db.close();
    }
  });
});

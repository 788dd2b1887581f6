import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { openExportOutput } from "./export-output.js";

afterAll(removeTempDirs);

describe("export output", () => {
  it("a failed export leaves every target as it was (old bytes, or no file) and no temporary file", () => {
    const folder = makeTempDir();
    const nodes = path.join(folder, "nodes.csv");
    fs.writeFileSync(nodes, "old nodes");
    const output = openExportOutput(
      new Map([
        ["nodes", { kind: "file", path: nodes }],
        ["edges", { kind: "file", path: path.join(folder, "edges.csv") }],
      ]),
    );
    // More than one chunk, so some of it has reached the temporary files before the failure.
    output.write("nodes", "n".repeat(200_000));
    output.write("edges", "e".repeat(200_000));
    output.abort();
    expect(fs.readdirSync(folder)).toEqual(["nodes.csv"]);
    expect(fs.readFileSync(nodes, "utf8")).toBe("old nodes");
  });

  it("a finished export replaces each target whole, keeping an existing file's mode", () => {
    const folder = makeTempDir();
    const graph = path.join(folder, "graph.dot");
    fs.writeFileSync(graph, "old");
    fs.chmodSync(graph, 0o600);
    const output = openExportOutput(new Map([["graph", { kind: "file", path: graph }]]));
    const parts = Array.from({ length: 5000 }, (_, index) => `line ${index}\n`);
    for (const part of parts) output.write("graph", part);
    // Nothing is in place before the commit.
    expect(fs.readFileSync(graph, "utf8")).toBe("old");
    output.commit();
    expect(fs.readFileSync(graph, "utf8")).toBe(parts.join(""));
    expect(fs.statSync(graph).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(folder)).toEqual(["graph.dot"]);
  });
});

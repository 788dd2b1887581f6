import { describe, expect, it } from "vitest";
import { depsGraph, fileNode, hierarchyGraph, mergeGraphs, walkGraph } from "./view-graph.js";

const center = { key: "src/a.ts:a", name: "a", kind: "Function", file: "src/a.ts", line: 1 };

describe("the page's graph from the tools' answers", () => {
  it("draws a caller's edge from the caller to what it calls, and a callee's from the caller to the callee", () => {
    const entry = {
      key: "src/b.ts:b",
      name: "b",
      kind: "Function",
      file: "src/b.ts",
      start: 4,
      links: [{ via: "src/a.ts:a", edge: "CALLS" }],
    };
    expect(walkGraph({ entries: [entry] }, ["entries"], true).edges).toEqual([
      { source: "src/b.ts:b", target: "src/a.ts:a", kind: "CALLS" },
    ]);
    expect(walkGraph({ entries: [entry] }, ["entries"], false).edges).toEqual([
      { source: "src/a.ts:a", target: "src/b.ts:b", kind: "CALLS" },
    ]);
    expect(walkGraph({ entries: [entry], truncated: true }, ["entries"], true).cut).toBe(true);
  });

  it("points heritage from the subtype to the supertype, and leaves out types outside the project", () => {
    const graph = hierarchyGraph({
      up: [
        {
          key: "src/base.ts:Base",
          parent: "src/a.ts:A",
          relation: "extends",
          external: false,
          qualifiedName: "Base",
          kind: "class",
          file: "src/base.ts",
          line: 2,
        },
        {
          key: "lib:Error",
          parent: "src/a.ts:A",
          relation: "extends",
          external: true,
          qualifiedName: "Error",
          kind: "class",
        },
      ],
      down: [
        {
          key: "src/c.ts:C",
          parent: "src/a.ts:A",
          relation: "implements",
          external: false,
          qualifiedName: "C",
          kind: "class",
          file: "src/c.ts",
          line: 1,
        },
      ],
    });
    expect(graph.nodes.map((node) => node.key)).toEqual(["src/base.ts:Base", "src/c.ts:C"]);
    expect(graph.edges).toEqual([
      { source: "src/a.ts:A", target: "src/base.ts:Base", kind: "EXTENDS" },
      { source: "src/c.ts:C", target: "src/a.ts:A", kind: "IMPLEMENTS" },
    ]);
  });

  it("draws a file's imports out of it and its importers into it", () => {
    const graph = depsGraph("src/a.ts", {
      outgoing: [{ files: [{ file: "src/b.ts" }] }],
      incoming: [{ files: [{ file: "src/c.ts" }] }],
    });
    expect(graph.edges).toEqual([
      { source: "src/a.ts", target: "src/b.ts", kind: "IMPORTS" },
      { source: "src/c.ts", target: "src/a.ts", kind: "IMPORTS" },
    ]);
    expect(fileNode("src/deep/b.ts")).toEqual({
      key: "src/deep/b.ts",
      name: "b.ts",
      kind: "File",
      file: "src/deep/b.ts",
      line: 1,
    });
  });

  it("merges answers: each node once, each edge once, no edge to a node the graph lacks", () => {
    const b = { key: "src/b.ts:b", name: "b", kind: "Function", file: "src/b.ts", line: 3 };
    const merged = mergeGraphs(center, [
      { nodes: [b], edges: [{ source: "src/b.ts:b", target: "src/a.ts:a", kind: "CALLS" }], cut: false },
      {
        nodes: [b, center],
        edges: [
          { source: "src/b.ts:b", target: "src/a.ts:a", kind: "CALLS" },
          { source: "src/x.ts:x", target: "src/a.ts:a", kind: "CALLS" },
        ],
        cut: true,
      },
    ]);
    expect(merged.nodes).toEqual([center, b]);
    expect(merged.edges).toEqual([{ source: "src/b.ts:b", target: "src/a.ts:a", kind: "CALLS" }]);
    expect(merged.cut).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import type { NodeKey } from "../model/node-key.js";
import { memoryGraph } from "../test-support/memory-graph.js";
import { walkGraph, type WalkRequest } from "./graph-walk.js";

const key = (text: string): NodeKey => text as NodeKey;

/** a → b → c → d → e, with a cycle c → a and a shortcut a → d. */
const chain = memoryGraph(
  ["a", "b", "c", "d", "e"].map((name) => ({ key: `src/${name}.ts:${name}` })),
  [
    ["CALLS", "src/a.ts:a", "src/b.ts:b", [3]],
    ["CALLS", "src/b.ts:b", "src/c.ts:c", [4]],
    ["CALLS", "src/c.ts:c", "src/d.ts:d", [5]],
    ["CALLS", "src/d.ts:d", "src/e.ts:e", [6]],
    ["CALLS", "src/c.ts:c", "src/a.ts:a", [7]],
    ["REFERENCES", "src/a.ts:a", "src/d.ts:d", [8]],
  ],
);

function depths(request: Partial<WalkRequest> & Pick<WalkRequest, "seeds">, db = chain): Record<string, number> {
  const { nodes } = walkGraph(db, { direction: "out", kinds: ["CALLS"], maxDepth: 10, ...request });
  return Object.fromEntries(nodes.map((node) => [node.key, node.depth]));
}

describe(walkGraph.name, () => {
  it("reports each node once, at its shortest distance, and survives cycles", () => {
    expect(depths({ seeds: [key("src/a.ts:a")] })).toEqual({ "src/b.ts:b": 1, "src/c.ts:c": 2, "src/d.ts:d": 3, "src/e.ts:e": 4 });
    expect(depths({ seeds: [key("src/a.ts:a")], kinds: ["CALLS", "REFERENCES"] })).toEqual({
      "src/b.ts:b": 1,
      "src/d.ts:d": 1,
      "src/c.ts:c": 2,
      "src/e.ts:e": 2,
    });
  });

  it("stops at the depth bound", () => {
    expect(depths({ seeds: [key("src/a.ts:a")], maxDepth: 2 })).toEqual({ "src/b.ts:b": 1, "src/c.ts:c": 2 });
  });

  it("walks backwards with direction in, through the cycle back to the seed's callers", () => {
    expect(depths({ seeds: [key("src/d.ts:d")], direction: "in" })).toEqual({ "src/c.ts:c": 1, "src/b.ts:b": 2, "src/a.ts:a": 3 });
  });

  it("records the neighbour that brought each node in, the edge and its sites", () => {
    const { nodes } = walkGraph(chain, { seeds: [key("src/e.ts:e")], direction: "in", kinds: ["CALLS"], maxDepth: 2 });
    expect(nodes.map(({ key: k, via, edge, lines, vias, kind, file, qualifiedName }) => ({ k, via, edge, lines, vias, kind, file, qualifiedName }))).toEqual([
      { k: "src/d.ts:d", via: "src/e.ts:e", edge: "CALLS", lines: [6], vias: 1, kind: "Function", file: "src/d.ts", qualifiedName: "d" },
      { k: "src/c.ts:c", via: "src/d.ts:d", edge: "CALLS", lines: [5], vias: 1, kind: "Function", file: "src/c.ts", qualifiedName: "c" },
    ]);
  });

  it("counts every closer neighbour and each node's own degree in the walk direction", () => {
    const db = memoryGraph(
      [{ key: "src/t.ts:target" }, { key: "src/x.ts:x" }, { key: "src/y.ts:y" }, { key: "src/z.ts:z" }],
      [
        ["CALLS", "src/x.ts:x", "src/t.ts:target"],
        ["CALLS", "src/y.ts:y", "src/t.ts:target"],
        ["CALLS", "src/z.ts:z", "src/x.ts:x"],
        ["CALLS", "src/z.ts:z", "src/y.ts:y"],
      ],
    );
    const { nodes } = walkGraph(db, { seeds: [key("src/t.ts:target")], direction: "in", kinds: ["CALLS"], maxDepth: 3 });
    expect(nodes.map((node) => [node.key, node.depth, node.via, node.vias, node.degree])).toEqual([
      ["src/x.ts:x", 1, "src/t.ts:target", 1, 1],
      ["src/y.ts:y", 1, "src/t.ts:target", 1, 1],
      ["src/z.ts:z", 2, "src/x.ts:x", 2, 0],
    ]);
  });

  it("seeds a container's members with withMembers", () => {
    const db = memoryGraph(
      [{ key: "src/cart.ts:Cart", kind: "Class" }, { key: "src/cart.ts:Cart.total", kind: "Method" }, { key: "src/view.ts:render" }],
      [["CALLS", "src/view.ts:render", "src/cart.ts:Cart.total", [9]]],
    );
    const request: WalkRequest = { seeds: [key("src/cart.ts:Cart")], direction: "in", kinds: ["CALLS"], maxDepth: 3 };
    expect(walkGraph(db, request).nodes).toEqual([]);
    const withMembers = walkGraph(db, { ...request, withMembers: true });
    expect(withMembers.seeds).toEqual(["src/cart.ts:Cart", "src/cart.ts:Cart.total"]);
    expect(withMembers.nodes.map((node) => [node.key, node.via])).toEqual([["src/view.ts:render", "src/cart.ts:Cart.total"]]);
  });

  it("lets a property reached through its type reach its container", () => {
    const db = memoryGraph(
      [
        { key: "src/cart.ts:Cart", kind: "Class" },
        { key: "src/app.ts:Props", kind: "Interface" },
        { key: "src/app.ts:Props.cart", kind: "Property" },
        { key: "src/app.ts:App" },
      ],
      [
        ["USES_TYPE", "src/app.ts:Props.cart", "src/cart.ts:Cart"],
        ["USES_TYPE", "src/app.ts:App", "src/app.ts:Props"],
      ],
    );
    const request: WalkRequest = { seeds: [key("src/cart.ts:Cart")], direction: "in", kinds: ["USES_TYPE"], maxDepth: 5 };
    expect(walkGraph(db, request).nodes.map((node) => node.key)).toEqual(["src/app.ts:Props.cart"]);
    const nodes = walkGraph(db, { ...request, propertiesReachContainers: true }).nodes;
    expect(nodes.map((node) => [node.key, node.depth, node.edge])).toEqual([
      ["src/app.ts:Props.cart", 1, "USES_TYPE"],
      ["src/app.ts:Props", 2, "CONTAINS"],
      ["src/app.ts:App", 3, "USES_TYPE"],
    ]);
  });
});

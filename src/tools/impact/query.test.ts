import { describe, expect, it } from "vitest";
import { memoryGraph, type EdgeSpec, type NodeSpec } from "../../test-support/memory-graph.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import { queryImpact } from "./query.js";
import { NAME_PATTERN_TESTS } from "../workspace/test-files.js";

const { isTest } = NAME_PATTERN_TESTS;

const nodes: NodeSpec[] = [
  { key: "src/cart.ts:Cart", kind: "Class", start: 1, end: 20 },
  { key: "src/cart.ts:Cart.total", kind: "Method", start: 5, end: 7 },
  { key: "src/view.ts:render" },
  { key: "src/app.ts:App" },
  { key: "src/cart.test.ts:testTotal" },
  { key: "test/app.test.ts:testApp" },
  ...Array.from({ length: 25 }, (_, index) => ({ key: `src/pages/p${index}.ts:page` })),
];
const edges: EdgeSpec[] = [
  ["CALLS", "src/view.ts:render", "src/cart.ts:Cart.total", [3]],
  ["RENDERS", "src/app.ts:App", "src/view.ts:render", [8]],
  ["CALLS", "src/cart.test.ts:testTotal", "src/cart.ts:Cart.total", [4]],
  ["CALLS", "test/app.test.ts:testApp", "src/app.ts:App", [2]],
  ...Array.from(
    { length: 25 },
    (_, index): EdgeSpec => ["CALLS", `src/pages/p${index}.ts:page`, "src/app.ts:App", [1]],
  ),
];
const db = memoryGraph(nodes, edges);

describe(queryImpact.name, () => {
  it("follows a class's members to their dependants and keeps test files apart", () => {
    const result = queryImpact(db, requireSymbol(db, { symbol: "Cart" }), {
      depth: 2,
      dispatch: "up",
      tests: "include",
      isTest,
    });
    expect(result.members).toBe(1);
    expect(result.dependants.map((node) => [node.key, node.depth])).toEqual([
      ["src/view.ts:render", 1],
      ["src/app.ts:App", 2],
    ]);
    expect(result.tests).toEqual([{ file: "src/cart.test.ts", depth: 1, symbols: 1 }]);
    expect(result.files).toBe(2);
  });

  it("lists the test files that reach the symbol at any depth, nearest first", () => {
    const result = queryImpact(db, requireSymbol(db, { symbol: "Cart.total" }), {
      depth: 3,
      dispatch: "up",
      tests: "include",
      isTest,
    });
    expect(result.members).toBe(0);
    expect(result.tests).toEqual([
      { file: "src/cart.test.ts", depth: 1, symbols: 1 },
      { file: "test/app.test.ts", depth: 3, symbols: 1 },
    ]);
  });

  it("flags dependants with many direct dependants of their own", () => {
    const result = queryImpact(db, requireSymbol(db, { symbol: "Cart.total" }), {
      depth: 2,
      dispatch: "up",
      tests: "include",
      isTest,
    });
    expect(result.highFanOut.map((node) => [node.key, node.degree])).toEqual([["src/app.ts:App", 26]]);
  });
});

describe("impact kinds", () => {
  const typed = memoryGraph(
    [
      { key: "src/money.ts:Money", kind: "Class", start: 1, end: 9 },
      { key: "src/money.ts:Money.add", kind: "Method", start: 3, end: 5 },
      { key: "src/a.ts:sum" },
      { key: "src/b.ts:Line", kind: "Interface" },
      { key: "src/b.ts:Line.price", kind: "Property" },
      { key: "src/c.ts:show" },
      { key: "src/d.ts:run" },
    ],
    [
      ["CALLS", "src/a.ts:sum", "src/money.ts:Money.add", [2]],
      ["USES_TYPE", "src/b.ts:Line.price", "src/money.ts:Money"],
      ["USES_TYPE", "src/c.ts:show", "src/b.ts:Line"],
      ["CALLS", "src/d.ts:run", "src/a.ts:sum", [4]],
    ],
  );
  const impactOf = (kinds: "runtime" | "types" | "all") =>
    queryImpact(typed, requireSymbol(typed, { symbol: "Money" }), {
      depth: 3,
      dispatch: "up",
      tests: "include",
      kinds,
      isTest,
    }).dependants.map((node) => [node.key, node.use]);

  it("lists the dependants that run or read the code first, then those that only name a type", () => {
    expect(impactOf("all")).toEqual([
      ["src/a.ts:sum", "runtime"],
      ["src/d.ts:run", "runtime"],
      ["src/b.ts:Line.price", "type"],
      ["src/b.ts:Line", "type"],
      ["src/c.ts:show", "type"],
    ]);
  });

  it("keeps only one group when asked", () => {
    expect(impactOf("runtime")).toEqual([
      ["src/a.ts:sum", "runtime"],
      ["src/d.ts:run", "runtime"],
    ]);
    expect(impactOf("types")).toEqual([
      ["src/b.ts:Line.price", "type"],
      ["src/b.ts:Line", "type"],
      ["src/c.ts:show", "type"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import type { NodeKey } from "../../model/node-key.js";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import { walkDependants } from "./dependant-walk.js";
import { queryImpact } from "./query.js";
import { impactAnswer } from "./format.js";
import { present } from "../answer/query-output.js";
import { NAME_PATTERN_TESTS } from "../workspace/test-files.js";

const { isTest } = NAME_PATTERN_TESTS;

const walk = (db: ReturnType<typeof memoryGraph>, seed: string, maxDepth: number) => {
  const result = walkDependants(db, {
    seeds: [seed as NodeKey],
    kinds: ["CALLS", "USES_TYPE", "INSTANTIATES", "READS"],
    typeKinds: ["USES_TYPE"],
    maxDepth,
    dispatch: "up",
  });
  return {
    runtime: result.runtime.map((node) => `${node.key}@${node.depth}`),
    types: result.types.map((node) => `${node.key}@${node.depth}`),
  };
};

describe(walkDependants.name, () => {
  // `format` names the type of `Money` and is also run, three calls away, by code that uses `Money`.
  const graph = memoryGraph(
    [
      { key: "src/money.ts:Money", kind: "Class" },
      { key: "src/a.ts:add" },
      { key: "src/b.ts:sum" },
      { key: "src/c.ts:format" },
      { key: "src/d.ts:print" },
    ],
    [
      ["INSTANTIATES", "src/a.ts:add", "src/money.ts:Money", [2]],
      ["CALLS", "src/b.ts:sum", "src/a.ts:add", [3]],
      ["CALLS", "src/c.ts:format", "src/b.ts:sum", [4]],
      ["USES_TYPE", "src/c.ts:format", "src/money.ts:Money", [1]],
      ["CALLS", "src/d.ts:print", "src/c.ts:format", [5]],
    ],
  );

  it("keeps a node reached through a type first and through code further away as a runtime dependant, at its distance along code", () => {
    const { runtime, types } = walk(graph, "src/money.ts:Money", 3);
    expect(runtime).toEqual(["src/a.ts:add@1", "src/b.ts:sum@2", "src/c.ts:format@3"]);
    // print calls format, which it reaches only through format's type use: impact leaves it out (beyond depth along code).
    expect(types).toEqual(["src/d.ts:print@2"]);
    const impact = queryImpact(graph, requireSymbol(graph, { symbol: "Money" }), {
      depth: 3,
      dispatch: "up",
      tests: "include",
      isTest,
    });
    expect(impact.dependants.map((node) => `${node.key}@${node.depth} ${node.use}`)).toEqual([
      "src/a.ts:add@1 runtime",
      "src/b.ts:sum@2 runtime",
      "src/c.ts:format@3 runtime",
    ]);
  });

  it("lists a node as a type dependant when code reaches it only beyond the depth", () => {
    const { runtime, types } = walk(graph, "src/money.ts:Money", 2);
    expect(runtime).toEqual(["src/a.ts:add@1", "src/b.ts:sum@2"]);
    expect(types).toEqual(["src/c.ts:format@1", "src/d.ts:print@2"]);
  });

  it("lets a property that both runs code at `new` and names the type reach its container through the type", () => {
    const db = memoryGraph(
      [
        { key: "src/money.ts:Money", kind: "Class" },
        { key: "src/cart.ts:Cart", kind: "Class", start: 1, end: 5 },
        { key: "src/cart.ts:Cart.total", kind: "Property", start: 2, end: 2, parent: "src/cart.ts:Cart" },
      ],
      [
        ["INSTANTIATES", "src/cart.ts:Cart.total", "src/money.ts:Money", [2]],
        ["USES_TYPE", "src/cart.ts:Cart.total", "src/money.ts:Money", [2]],
      ],
    );
    const { runtime, types } = walk(db, "src/money.ts:Money", 3);
    expect(runtime).toEqual(["src/cart.ts:Cart.total@1"]);
    expect(types).toEqual(["src/cart.ts:Cart@2"]);
  });

  /**
   * `match` holds an object literal whose function `match.TypeLiteral` calls formatPropertyKey; `compile` is made
   * from `match`, and `make` calls `compile`. The class Literal's method calls it too, and so does the method
   * `toString() {…}` of the prototype literal ChunkProto: neither a class nor a literal of methods is a holder.
   */
  const held = memoryGraph(
    [
      { key: "src/inspect.ts:formatPropertyKey" },
      { key: "src/pretty.ts:match", kind: "Variable" },
      { key: "src/pretty.ts:match.TypeLiteral", kind: "Method", modifiers: "arrow" },
      { key: "src/chunk.ts:ChunkProto", kind: "Variable" },
      { key: "src/chunk.ts:ChunkProto.toString", kind: "Method" },
      { key: "src/chunk.ts:makeChunk" },
      { key: "src/pretty.ts:compile", kind: "Variable" },
      { key: "src/pretty.ts:make" },
      { key: "src/ast.ts:Literal", kind: "Class" },
      { key: "src/ast.ts:Literal.toString", kind: "Method" },
      { key: "src/ast.ts:literal" },
    ],
    [
      ["CALLS", "src/pretty.ts:match.TypeLiteral", "src/inspect.ts:formatPropertyKey", [146]],
      ["READS", "src/pretty.ts:compile", "src/pretty.ts:match", [205]],
      ["CALLS", "src/pretty.ts:make", "src/pretty.ts:compile", [33]],
      ["CALLS", "src/ast.ts:Literal.toString", "src/inspect.ts:formatPropertyKey", [12]],
      ["CALLS", "src/chunk.ts:ChunkProto.toString", "src/inspect.ts:formatPropertyKey", [4]],
      ["READS", "src/chunk.ts:makeChunk", "src/chunk.ts:ChunkProto", [9]],
      ["INSTANTIATES", "src/ast.ts:literal", "src/ast.ts:Literal", [20]],
    ],
  );

  it("climbs from an object literal's function-valued property to the variable holding the literal, at its depth, and on to the variable's users", () => {
    const impact = queryImpact(held, requireSymbol(held, { symbol: "formatPropertyKey" }), {
      depth: 5,
      dispatch: "up",
      tests: "include",
      isTest,
    });
    expect(impact.dependants.map((node) => `${node.key}@${node.depth} ${node.use}`)).toEqual([
      "src/ast.ts:Literal.toString@1 runtime",
      "src/chunk.ts:ChunkProto.toString@1 runtime",
      "src/pretty.ts:match@1 runtime",
      "src/pretty.ts:match.TypeLiteral@1 runtime",
      "src/pretty.ts:compile@2 runtime",
      "src/pretty.ts:make@3 runtime",
    ]);
    const text = present(impactAnswer(impact), { format: "text", maxNodes: 100, maxTokens: 4000 }).text;
    expect(text).toContain("holds match.TypeLiteral in its object literal");
  });
});

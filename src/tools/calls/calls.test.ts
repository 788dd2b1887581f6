import { describe, expect, it } from "vitest";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { present } from "../answer/query-output.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import { callsAnswer } from "./format.js";
import { accessorsOf, queryCalls, type CallsRequest } from "./query.js";
import { NAME_PATTERN_TESTS } from "../workspace/test-files.js";

const { isTest } = NAME_PATTERN_TESTS;

const request = (direction: "in" | "out", depth: number, more: Partial<CallsRequest> = {}): CallsRequest => ({
  direction,
  depth,
  dispatch: "up",
  tests: "include",
  isTest,
  ...more,
});

const db = memoryGraph(
  [
    { key: "src/main.ts:main", start: 1, end: 9 },
    { key: "src/server.ts:createServer", start: 10, end: 20 },
    { key: "src/server.ts:logout", start: 22, end: 25 },
    { key: "src/router.ts:Router", kind: "Class", start: 1, end: 30 },
    { key: "src/router.ts:respond", start: 32, end: 34 },
    { key: "src/server.ts:Config", kind: "Interface", start: 40, end: 44 },
  ],
  [
    ["CALLS", "src/main.ts:main", "src/server.ts:createServer", [4]],
    ["INSTANTIATES", "src/server.ts:createServer", "src/router.ts:Router", [12]],
    ["REFERENCES", "src/server.ts:createServer", "src/server.ts:logout", [14]],
    ["CALLS", "src/server.ts:createServer", "src/router.ts:respond", [16]],
    ["CALLS", "src/server.ts:logout", "src/router.ts:respond", [23]],
    ["USES_TYPE", "src/server.ts:createServer", "src/server.ts:Config"],
  ],
);

describe(queryCalls.name, () => {
  it("walks callees through calls and new, not type uses; a callback passed is listed apart, not walked", () => {
    const result = queryCalls(db, requireSymbol(db, { symbol: "main" }), request("out", 5));
    expect(result.entries.map((node) => [node.key, node.depth, node.edge])).toEqual([
      ["src/server.ts:createServer", 1, "CALLS"],
      ["src/router.ts:Router", 2, "INSTANTIATES"],
      ["src/router.ts:respond", 2, "CALLS"],
    ]);
    expect(result.values.map((node) => [node.key, node.depth, node.via, node.lines])).toEqual([
      ["src/server.ts:logout", 2, "src/server.ts:createServer", [14]],
    ]);
  });

  it("walks callers to the given depth", () => {
    const result = queryCalls(db, requireSymbol(db, { symbol: "respond" }), request("in", 1));
    expect(result.entries.map((node) => node.key)).toEqual(["src/server.ts:createServer", "src/server.ts:logout"]);
    expect(result.files).toBe(1);
  });
});

describe("callers of a getter", () => {
  // `makeInit` returns `{ get protocol() {…} }` as an `Init`; `describe` reads `init.protocol`, a READS of
  // `Init.protocol`, which runs the getter; `load` reads a plain property of Init, which runs nothing.
  const getters = memoryGraph(
    [
      { key: "src/init.ts:Init", kind: "Interface", start: 1, end: 4 },
      { key: "src/init.ts:Init.protocol", kind: "Property", parent: "src/init.ts:Init", start: 2, end: 2 },
      { key: "src/init.ts:Init.host", kind: "Property", parent: "src/init.ts:Init", start: 3, end: 3 },
      { key: "src/init.ts:makeInit", start: 6, end: 12 },
      {
        key: "src/init.ts:makeInit.protocol",
        kind: "Method",
        parent: "src/init.ts:makeInit",
        modifiers: "get",
        start: 8,
        end: 10,
      },
      { key: "src/use.ts:describe", start: 1, end: 3 },
      { key: "src/use.ts:load", start: 5, end: 7 },
    ],
    [
      ["OVERRIDES", "src/init.ts:makeInit.protocol", "src/init.ts:Init.protocol"],
      ["READS", "src/use.ts:describe", "src/init.ts:Init.protocol", [2]],
      ["READS", "src/use.ts:load", "src/init.ts:Init.host", [6]],
      ["READS", "src/use.ts:load", "src/init.ts:makeInit", [6]],
    ],
  );
  const symbol = requireSymbol(getters, { symbol: "src/init.ts:makeInit.protocol" });
  const callers = (dispatch: CallsRequest["dispatch"]) =>
    queryCalls(getters, symbol, request("in", 2, { dispatch }), accessorsOf(getters, symbol));

  it("lists the reads of the member the getter implements, as reads through dispatch", () => {
    const result = callers("up");
    expect(
      result.entries.map((node) => [
        node.key,
        node.depth,
        node.edge,
        node.sites.map((site) => [site.line, site.access, site.dispatch]),
      ]),
    ).toEqual([["src/use.ts:describe", 1, "READS", [[2, "read", true]]]]);
  });

  it("does not without dispatch, and plain reads are no calls", () => {
    expect(callers("none").entries).toEqual([]);
    expect(
      queryCalls(getters, requireSymbol(getters, { symbol: "src/init.ts:makeInit" }), request("in", 1)).entries,
    ).toEqual([]);
  });
});

describe(callsAnswer.name, () => {
  it("says who calls whom and where, callers pointing at what they call", () => {
    const text = present(callsAnswer(queryCalls(db, requireSymbol(db, { symbol: "respond" }), request("in", 3))), {
      format: "text",
      maxNodes: 100,
      maxTokens: 4000,
    }).text;
    expect(text).toBe(
      [
        "callers of respond (Function, src/router.ts:32-34), depth ≤ 3, dispatch up",
        "3 callers in 2 files; 1 value use apart (not calls)",
        "",
        "depth 1 (2)",
        "  src/server.ts",
        "    createServer 10-20  calls @16",
        "    logout 22-25  calls @23",
        "depth 2 (1)",
        "  src/main.ts",
        "    main 1-9  calls createServer @4",
        "",
        "used as a value, not called (1): passed, stored or compared; not followed (impact follows them)",
        "depth 2 (1)",
        "  src/server.ts",
        "    createServer 10-20  references logout @14",
      ].join("\n"),
    );
  });

  it("says for each callee what calls it, with the call site lines in the caller", () => {
    const text = present(
      callsAnswer(queryCalls(db, requireSymbol(db, { symbol: "createServer" }), request("out", 1))),
      {
        format: "text",
        maxNodes: 100,
        maxTokens: 4000,
      },
    ).text;
    expect(text).toContain(
      [
        "  src/router.ts",
        "    Router 1-30  instantiated by @12",
        "    respond 32-34  called by @16",
        "",
        "used as values, not called (1): passed, stored or compared; not followed",
        "depth 1 (1)",
        "  src/server.ts",
        "    logout 22-25  referenced by @14",
      ].join("\n"),
    );
    expect(
      present(callsAnswer(queryCalls(db, requireSymbol(db, { symbol: "createServer" }), request("out", 1))), {
        format: "json",
        maxNodes: 100,
        maxTokens: 4000,
      }).structured.tool,
    ).toBe("callees");
  });
});

import { describe, expect, it } from "vitest";
import { literalGraph } from "../../test-support/literal-graph.js";
import { present } from "../answer/query-output.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import { NAME_PATTERN_TESTS } from "../workspace/test-files.js";
import { pathsAnswer } from "./format.js";
import { queryPaths } from "./query.js";

const { isTest } = NAME_PATTERN_TESTS;
const request = { depth: 6, maxPaths: 5, dispatch: "up", tests: "include", isTest } as const;
const symbol = (key: string) => requireSymbol(literalGraph, { symbol: key });

describe("paths through an object literal's function", () => {
  it("reach what the literal's function calls, and say which lines of the holder run", () => {
    const result = queryPaths(literalGraph, symbol("src/s.ts:start"), symbol("src/y.ts:inside"), request);
    expect(result.paths.map((path) => path.map((step) => step.key))).toEqual([
      ["src/s.ts:start", "src/h.ts:holder (literal push at 10-12)", "src/y.ts:inside"],
    ]);
    expect(result.paths[0]?.[2]?.sites).toEqual([11]);
    expect(present(pathsAnswer(result), { format: "text", maxNodes: 100, maxTokens: 4000 }).text).toContain(
      "    holder 1-20 (literal push at 10-12)  ← called @3 via Sink.push (no body, dispatch)\n",
    );
  });

  it("do not reach what the holder calls outside the literal's function", () => {
    const result = queryPaths(literalGraph, symbol("src/s.ts:start"), symbol("src/x.ts:outside"), request);
    expect(result.paths).toEqual([]);
    expect(result.others).toEqual([]);
  });

  it("end at the holder when it is the target", () => {
    const result = queryPaths(literalGraph, symbol("src/s.ts:start"), symbol("src/h.ts:holder"), request);
    expect(result.paths.map((path) => path.map((step) => step.key))).toEqual([["src/s.ts:start", "src/h.ts:holder"]]);
  });

  it("go through all of the holder when it is called", () => {
    const result = queryPaths(literalGraph, symbol("src/t.ts:direct"), symbol("src/x.ts:outside"), request);
    expect(result.paths.map((path) => path.map((step) => step.key))).toEqual([
      ["src/t.ts:direct", "src/h.ts:holder", "src/x.ts:outside"],
    ]);
  });
});

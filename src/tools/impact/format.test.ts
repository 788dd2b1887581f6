import { describe, expect, it } from "vitest";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { present } from "../answer/query-output.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import type { AlsoChanges } from "./also-changes.js";
import { impactAnswer } from "./format.js";
import { queryImpact } from "./query.js";
import { NAME_PATTERN_TESTS } from "../workspace/test-files.js";

const { isTest } = NAME_PATTERN_TESTS;

const db = memoryGraph(
  [
    { key: "src/money.ts:sum", start: 9, end: 11 },
    { key: "src/cart.ts:Cart.total", kind: "Method", start: 39, end: 41 },
    { key: "src/cart.ts:Cart.count", kind: "Method", start: 43, end: 45 },
    { key: "src/view.ts:View.render", kind: "Method", start: 21, end: 33 },
    { key: "src/cart.test.ts:testTotal", start: 7, end: 13 },
  ],
  [
    ["CALLS", "src/cart.ts:Cart.total", "src/money.ts:sum", [40]],
    ["CALLS", "src/cart.ts:Cart.count", "src/money.ts:sum", [44, 44]],
    ["CALLS", "src/view.ts:View.render", "src/cart.ts:Cart.total", [29]],
    ["CALLS", "src/view.ts:View.render", "src/cart.ts:Cart.count", [23]],
    ["CALLS", "src/cart.test.ts:testTotal", "src/cart.ts:Cart.total", [10, 11]],
  ],
);
const answer = impactAnswer(
  queryImpact(db, requireSymbol(db, { symbol: "sum" }), { depth: 3, dispatch: "up", tests: "include", isTest }),
);

describe(impactAnswer.name, () => {
  it("groups dependants by depth, then file, with line ranges, the edge and what it depends on", () => {
    expect(present(answer, { format: "text", maxNodes: 100, maxTokens: 4000 }).text).toBe(
      [
        "impact of sum (Function, src/money.ts:9-11), depth ≤ 3, dispatch up",
        "3 dependants (3 run or read it, 0 only name a type) in 2 files (+ 1 test file)",
        "",
        "run or read it (3)",
        "depth 1 (2)",
        "  src/cart.ts",
        "    Cart.total 39-41  calls @40",
        "    Cart.count 43-45  calls @44×2",
        "depth 2 (1)",
        "  src/view.ts",
        "    View.render 21-33  calls Cart.count @23 (+1)",
        "",
        "tests to run (1)",
        "  src/cart.test.ts  depth 2",
      ].join("\n"),
    );
  });

  it("says where the answer was cut and how to narrow it", () => {
    const result = present(answer, { format: "text", maxNodes: 1, maxTokens: 4000 });
    expect(result.text).toContain("depth 1 (1 of 2)\n  src/cart.ts\n    Cart.total 39-41  calls @40\n");
    expect(result.text.split("\n").at(-1)).toBe(
      "[cut: 1 of 3 dependants shown (maxNodes reached). To narrow: impact src/money.ts:sum --in src/cart.ts (2) · or raise --max-nodes / --max-tokens]",
    );
    expect(result.structured.truncated).toMatchObject({ shown: 1, total: 3, by: "maxNodes" });
  });

  it("lists the dependants that only name a type after the others, under their own heading", () => {
    const typed = memoryGraph(
      [
        { key: "src/money.ts:Money", kind: "Class", start: 1, end: 9 },
        { key: "src/a.ts:total", start: 3, end: 5 },
        { key: "src/b.ts:price", start: 7, end: 7 },
      ],
      [
        ["INSTANTIATES", "src/a.ts:total", "src/money.ts:Money", [4]],
        ["USES_TYPE", "src/b.ts:price", "src/money.ts:Money"],
      ],
    );
    const text = present(
      impactAnswer(
        queryImpact(typed, requireSymbol(typed, { symbol: "Money" }), {
          depth: 1,
          dispatch: "up",
          tests: "include",
          isTest,
        }),
      ),
      {
        format: "text",
        maxNodes: 100,
        maxTokens: 4000,
      },
    ).text;
    expect(text.split("\n").slice(1)).toEqual([
      "2 dependants (1 run or read it, 1 only name a type) in 2 files; no test file reaches it",
      "",
      "run or read it (1)",
      "depth 1 (1)",
      "  src/a.ts",
      "    total 3-5  instantiates @4",
      "",
      "only name a type (USES_TYPE) (1)",
      "depth 1 (1)",
      "  src/b.ts",
      "    price 7  uses type",
    ]);
  });

  it("draws dependants pointing at what they use", () => {
    expect(present(answer, { format: "mermaid", maxNodes: 100, maxTokens: 4000 }).text).toContain("n1 -->|calls| n0");
  });

  it("answers tests: only with the tests under one header line, and leaves out a history section that lists nothing", () => {
    const testsOnly = (alsoChanges?: AlsoChanges): string => {
      const result = queryImpact(db, requireSymbol(db, { symbol: "sum" }), {
        depth: 3,
        dispatch: "up",
        tests: "only",
        isTest,
      });
      return present(impactAnswer(result, alsoChanges), { format: "text", maxNodes: 100, maxTokens: 4000 }).text;
    };
    const history = { level: "file", commits: 1, minSupport: 2, maxFilesPerCommit: 30, total: 0, entries: [] } as const;
    expect(testsOnly(history)).toBe(
      [
        "tests to run for sum (Function, src/money.ts:9-11), depth ≤ 3, dispatch up",
        "  src/cart.test.ts  depth 2",
      ].join("\n"),
    );
    const entry = { file: "src/prices.ts", support: 3, confidence: 0.75, lastShared: "2026-01-02" };
    expect(
      testsOnly({ ...history, commits: 4, total: 1, entries: [entry] })
        .split("\n")
        .slice(2),
    ).toEqual([
      "",
      "also changes with it (git history, file level, not among the dependants above): 1; shared commits of its 4",
      "  src/prices.ts  3 (75%)  last 2026-01-02",
    ]);
    const structured = present(
      impactAnswer(
        queryImpact(db, requireSymbol(db, { symbol: "sum" }), { depth: 3, dispatch: "up", tests: "only", isTest }),
        history,
      ),
      {
        format: "json",
        maxNodes: 100,
        maxTokens: 4000,
      },
    ).structured;
    expect(structured).toMatchObject({ testsOnly: true, dependants: [], totalTests: 1, alsoChanges: history });
  });
});

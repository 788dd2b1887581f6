import { describe, expect, it } from "vitest";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { present } from "../answer/query-output.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import { pathsAnswer } from "./format.js";
import { queryPaths } from "./query.js";
import { NAME_PATTERN_TESTS } from "../workspace/test-files.js";

const { isTest } = NAME_PATTERN_TESTS;

const db = memoryGraph(
  [
    { key: "src/main.ts:main", start: 1, end: 9 },
    { key: "src/main.ts:pick", start: 10, end: 12 },
    { key: "src/server.ts:Server", kind: "Class", start: 3, end: 30 },
    { key: "src/router.ts:respond", start: 32, end: 34 },
  ],
  [
    ["CALLS", "src/main.ts:main", "src/main.ts:pick", [4]],
    ["INSTANTIATES", "src/main.ts:pick", "src/server.ts:Server", [11]],
    ["CALLS", "src/server.ts:Server", "src/router.ts:respond", [7, 8]],
  ],
);
const options = { format: "text", maxNodes: 100, maxTokens: 4000 } as const;

describe(pathsAnswer.name, () => {
  it("states each file once per run of steps, with how each step is reached", () => {
    const result = queryPaths(db, requireSymbol(db, { symbol: "main" }), requireSymbol(db, { symbol: "respond" }), {
      depth: 6,
      maxPaths: 3,
      dispatch: "up",
      tests: "include",
      isTest,
    });
    expect(present(pathsAnswer(result), options).text).toBe(
      [
        "call paths from main (src/main.ts:1-9) to respond (src/router.ts:32-34), depth ≤ 6, dispatch up",
        "1 path, shortest 3 steps",
        "",
        "path 1 (3 steps)",
        "  src/main.ts",
        "    main 1-9",
        "    pick 10-12  ← called @4",
        "  src/server.ts",
        "    Server 3-30  ← new @11",
        "  src/router.ts",
        "    respond 32-34  ← called @7,8",
      ].join("\n"),
    );
  });

  it("suggests swapping the ends when the path only exists the other way", () => {
    const result = queryPaths(db, requireSymbol(db, { symbol: "respond" }), requireSymbol(db, { symbol: "main" }), {
      depth: 6,
      maxPaths: 3,
      dispatch: "up",
      tests: "include",
      isTest,
    });
    expect(present(pathsAnswer(result), options).text).toBe(
      [
        "call paths from respond (src/router.ts:32-34) to main (src/main.ts:1-9), depth ≤ 6, dispatch up",
        "no call path within 6 steps.",
        "The other way there is one: main reaches respond in 3 steps (swap from and to).",
      ].join("\n"),
    );
  });
});

describe("the declarations on call chains between the ends", () => {
  // s → a → t, s → b → t, s → c → d → t: one path asked for leaves b, c and d on other chains
  const graph = memoryGraph(
    ["s", "a", "b", "c", "d", "t"].map((name, index) => ({
      key: `src/${name}.ts:${name}`,
      start: index + 1,
      end: index + 1,
    })),
    [
      ["CALLS", "src/s.ts:s", "src/a.ts:a", [1]],
      ["CALLS", "src/a.ts:a", "src/t.ts:t", [1]],
      ["CALLS", "src/s.ts:s", "src/b.ts:b", [2]],
      ["CALLS", "src/b.ts:b", "src/t.ts:t", [1]],
      ["CALLS", "src/s.ts:s", "src/c.ts:c", [3]],
      ["CALLS", "src/c.ts:c", "src/d.ts:d", [1]],
      ["CALLS", "src/d.ts:d", "src/t.ts:t", [1]],
    ],
  );
  const result = queryPaths(graph, requireSymbol(graph, { symbol: "s" }), requireSymbol(graph, { symbol: "t" }), {
    depth: 6,
    maxPaths: 1,
    dispatch: "up",
    tests: "include",
    isTest,
  });

  it("lists them after the paths, shorter chains first, each with its step", () => {
    const text = present(pathsAnswer(result), options).text;
    expect(text.split("\n").slice(-7)).toEqual([
      "also on call chains of ≤ 6 steps between them: 3 declarations (raise maxPaths for more paths)",
      "  src/b.ts",
      "    b 3  step 1 of 2",
      "  src/c.ts",
      "    c 4  step 1 of 3",
      "  src/d.ts",
      "    d 5  step 2 of 3",
    ]);
  });

  it("cuts them before the paths, and says how many there are", () => {
    const { text, structured } = present(pathsAnswer(result), { ...options, maxNodes: 2 });
    expect(structured).toMatchObject({
      totalOthers: 3,
      others: [{ name: "b" }],
      truncated: { shown: 2, total: 4, by: "maxNodes" },
    });
    expect(text).toContain(
      "also on call chains of ≤ 6 steps between them: 3 declarations (raise maxPaths for more paths); 1 shown\n",
    );
    expect(text).toContain("[cut: 2 of 4 paths and declarations shown (maxNodes reached).");
  });
});

import { describe, expect, it } from "vitest";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { present } from "../query-output.js";
import { requireSymbol } from "../symbol-address.js";
import { pathsAnswer } from "./format.js";
import { queryPaths } from "./query.js";
import { NAME_PATTERN_TESTS } from "../test-files.js";

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

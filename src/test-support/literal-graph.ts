import type { SqliteDb } from "../db/open-graph-db.js";
import { memoryGraph } from "./memory-graph.js";

/**
 * `start` calls `Sink.push` (an interface member); `holder` (lines 1-20) passes a literal whose `push` (lines
 * 10-12) implements it and calls `inside` at 11; `holder` itself calls `outside` at 5; `direct` calls `holder`.
 */
export const literalGraph: SqliteDb = memoryGraph(
  [
    { key: "src/i.ts:Sink", kind: "Interface", start: 1, end: 3 },
    { key: "src/i.ts:Sink.push", kind: "Method", start: 2 },
    { key: "src/s.ts:start", start: 1, end: 4 },
    { key: "src/h.ts:holder", start: 1, end: 20 },
    { key: "src/x.ts:outside", start: 1, end: 2 },
    { key: "src/y.ts:inside", start: 1, end: 2 },
    { key: "src/t.ts:direct", start: 1, end: 3 },
  ],
  [
    ["CALLS", "src/s.ts:start", "src/i.ts:Sink.push", [3]],
    ["CALLS", "src/h.ts:holder", "src/x.ts:outside", [5]],
    ["CALLS", "src/h.ts:holder", "src/y.ts:inside", [11]],
    ["HOLDS_IMPLEMENTATION", "src/h.ts:holder", "src/i.ts:Sink.push", [10], { spans: [[10, 12]] }],
    ["CALLS", "src/t.ts:direct", "src/h.ts:holder", [2]],
  ],
);

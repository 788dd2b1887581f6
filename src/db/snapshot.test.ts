import { describe, expect, it } from "vitest";
import {
  formatSnapshot,
  type SnapshotDynamicCallRow,
  type SnapshotEdgeRow,
  type SnapshotExternalEdgeRow,
  type SnapshotNodeRow,
} from "./snapshot.js";

const nodes: SnapshotNodeRow[] = [
  { key: "src/b.ts:g", kind: "Function", name: "g", file: "src/b.ts", startLine: 1, endLine: 3, nameLine: 1, implementationLine: null, exported: 1, signature: "export function g(): void", modifiers: "export" },
  { key: "src/a.ts", kind: "File", name: "a.ts", file: "src/a.ts", startLine: 1, endLine: 9, nameLine: 1, implementationLine: null, exported: 0, signature: "", modifiers: "" },
  { key: "src/B.ts:Z", kind: "Class", name: "Z", file: "src/B.ts", startLine: 2, endLine: 4, nameLine: 2, implementationLine: null, exported: 0, signature: "class Z", modifiers: "" },
  { key: "src/b.ts:p", kind: "Function", name: "p", file: "src/b.ts", startLine: 5, endLine: 9, nameLine: 5, implementationLine: 7, exported: 0, signature: "function p(a: string): string", modifiers: "" },
];
const edges: SnapshotEdgeRow[] = [
  { kind: "IMPORTS", source: "src/a.ts", target: "src/b.ts", lines: "[]", names: '["g"]', typeOnly: 0 },
  { kind: "CALLS", source: "src/a.ts", target: "src/b.ts:g", lines: "[4,4,7]", names: null, typeOnly: null },
  { kind: "CALLS", source: "src/a.ts", target: "src/B.ts:Z", lines: "[2]", names: null, typeOnly: null },
];
const externalEdges: SnapshotExternalEdgeRow[] = [
  { kind: "OVERRIDES", source: "src/b.ts:Z.next", target: "lib:Iterator.next", lines: "[]" },
  { kind: "CALLS", source: "src/a.ts", target: "lib:Iterator.next", lines: "[5]" },
];
const dynamicCalls: SnapshotDynamicCallRow[] = [
  { source: "src/b.ts:g", line: 2, expression: "handler" },
  { source: "src/a.ts", line: 8, expression: "fns[i]" },
  { source: "src/a.ts", line: 3, expression: "make()" },
];

describe("formatSnapshot", () => {
  it("writes a header, then nodes (an overload's implementation line when it differs), edges and dynamic calls sorted by code unit, one JSON object a line", () => {
    expect(formatSnapshot(nodes, edges, externalEdges, dynamicCalls).split("\n")).toEqual([
      '{"format":"ts-graph-snapshot","version":4,"nodes":4,"edges":3,"externalEdges":2,"dynamicCalls":3}',
      '{"node":"src/B.ts:Z","kind":"Class","name":"Z","file":"src/B.ts","lines":[2,4],"nameLine":2,"exported":false,"modifiers":[],"signature":"class Z"}',
      '{"node":"src/a.ts","kind":"File","name":"a.ts","file":"src/a.ts","lines":[1,9],"nameLine":1,"exported":false,"modifiers":[],"signature":""}',
      '{"node":"src/b.ts:g","kind":"Function","name":"g","file":"src/b.ts","lines":[1,3],"nameLine":1,"exported":true,"modifiers":["export"],"signature":"export function g(): void"}',
      '{"node":"src/b.ts:p","kind":"Function","name":"p","file":"src/b.ts","lines":[5,9],"nameLine":5,"implementationLine":7,"exported":false,"modifiers":[],"signature":"function p(a: string): string"}',
      '{"edge":"CALLS","source":"src/a.ts","target":"src/B.ts:Z","lines":[2]}',
      '{"edge":"CALLS","source":"src/a.ts","target":"src/b.ts:g","lines":[4,4,7]}',
      '{"edge":"IMPORTS","source":"src/a.ts","target":"src/b.ts","names":["g"],"typeOnly":false}',
      '{"externalEdge":"CALLS","source":"src/a.ts","target":"lib:Iterator.next","lines":[5]}',
      '{"externalEdge":"OVERRIDES","source":"src/b.ts:Z.next","target":"lib:Iterator.next"}',
      '{"dynamicCall":"src/a.ts","line":3,"expression":"make()"}',
      '{"dynamicCall":"src/a.ts","line":8,"expression":"fns[i]"}',
      '{"dynamicCall":"src/b.ts:g","line":2,"expression":"handler"}',
      "",
    ]);
  });

  it("does not depend on the order rows come in", () => {
    expect(formatSnapshot([...nodes].reverse(), [...edges].reverse(), [...externalEdges].reverse(), [...dynamicCalls].reverse())).toBe(
      formatSnapshot(nodes, edges, externalEdges, dynamicCalls),
    );
  });
});

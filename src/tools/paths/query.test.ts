import { describe, expect, it } from "vitest";
import { memoryGraph, type EdgeSpec } from "../../test-support/memory-graph.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import { queryPaths } from "./query.js";
import { NAME_PATTERN_TESTS } from "../workspace/test-files.js";

const { isTest } = NAME_PATTERN_TESTS;

/**
 * s → a → t (2 steps), s → b → c → t (3 steps), s → d → e → f → t (4 steps), with a cycle a → s and c → b,
 * and a REFERENCES shortcut b → t (b passes t as a value) that makes s → b → t a 2-step path through a value use.
 */
const edges: EdgeSpec[] = [
  ["CALLS", "src/s.ts:s", "src/a.ts:a", [1]],
  ["CALLS", "src/a.ts:a", "src/t.ts:t", [2]],
  ["CALLS", "src/a.ts:a", "src/s.ts:s", [3]],
  ["CALLS", "src/s.ts:s", "src/b.ts:b", [4]],
  ["CALLS", "src/b.ts:b", "src/c.ts:c", [5]],
  ["CALLS", "src/c.ts:c", "src/b.ts:b", [6]],
  ["CALLS", "src/c.ts:c", "src/t.ts:t", [7]],
  ["REFERENCES", "src/b.ts:b", "src/t.ts:t", [8]],
  ["CALLS", "src/s.ts:s", "src/d.ts:d", [9]],
  ["CALLS", "src/d.ts:d", "src/e.ts:e", [10]],
  ["CALLS", "src/e.ts:e", "src/f.ts:f", [11]],
  ["CALLS", "src/f.ts:f", "src/t.ts:t", [12]],
  ["USES_TYPE", "src/s.ts:s", "src/t.ts:t"],
];
const db = memoryGraph(
  ["s", "a", "b", "c", "d", "e", "f", "t"].map((name) => ({ key: `src/${name}.ts:${name}` })),
  edges,
);
const s = requireSymbol(db, { symbol: "s" });
const t = requireSymbol(db, { symbol: "t" });

function names(result: ReturnType<typeof queryPaths>): string[] {
  return result.paths.map((path) => path.map((step) => step.qualifiedName).join(" "));
}

describe(queryPaths.name, () => {
  it("returns the shortest paths first, without revisiting a node", () => {
    const result = queryPaths(db, s, t, { depth: 6, maxPaths: 10, dispatch: "up", tests: "include", isTest });
    expect(result.shortest).toBe(2);
    expect(names(result)).toEqual(["s a t", "s b c t", "s d e f t"]);
    expect(result.complete).toBe(true);
  });

  it("takes a value use only when asked, after the paths of calls", () => {
    const result = queryPaths(db, s, t, {
      depth: 6,
      maxPaths: 10,
      dispatch: "up",
      tests: "include",
      values: "include",
      isTest,
    });
    expect(names(result)).toEqual(["s a t", "s b c t", "s d e f t", "s b t"]);
    expect(result.paths[3]?.map((step) => step.edge)).toEqual([undefined, "CALLS", "REFERENCES"]);
  });

  it("stops at maxPaths, keeping the shortest", () => {
    expect(names(queryPaths(db, s, t, { depth: 6, maxPaths: 2, dispatch: "up", tests: "include", isTest }))).toEqual([
      "s a t",
      "s b c t",
    ]);
  });

  it("lists the declarations on the paths left out, with the length of the shortest path through each and its step", () => {
    const others = (depth: number, values: "include" | "exclude") =>
      queryPaths(db, s, t, { depth, maxPaths: 1, dispatch: "up", tests: "include", values, isTest }).others.map(
        (other) => `${other.qualifiedName} ${other.fromSource}+${other.toTarget} ${other.needs}`,
      );
    expect(others(6, "exclude")).toEqual(["b 1+2 call", "c 2+1 call", "d 1+3 call", "e 2+2 call", "f 3+1 call"]);
    expect(others(3, "exclude")).toEqual(["b 1+2 call", "c 2+1 call"]);
    // b is on the 2-step path through a value use, but a path of calls through it comes first
    expect(others(6, "include")).toEqual(["b 1+2 call", "c 2+1 call", "d 1+3 call", "e 2+2 call", "f 3+1 call"]);
  });

  it("lists a declaration whose chain runs another one twice: a recursion through another object", () => {
    // s → a → t; a → c → a (`next` → `_next` → `destination.next`): c is 2 steps from s and 2 from t
    const graph = memoryGraph(
      ["s", "a", "c", "t"].map((name) => ({ key: `src/${name}.ts:${name}` })),
      [
        ["CALLS", "src/s.ts:s", "src/a.ts:a", [1]],
        ["CALLS", "src/a.ts:a", "src/t.ts:t", [2]],
        ["CALLS", "src/a.ts:a", "src/c.ts:c", [3]],
        ["CALLS", "src/c.ts:c", "src/a.ts:a", [4]],
      ],
    );
    const request = { maxPaths: 1, dispatch: "up", tests: "include", isTest } as const;
    const from = requireSymbol(graph, { symbol: "s" });
    const to = requireSymbol(graph, { symbol: "t" });
    expect(queryPaths(graph, from, to, { ...request, depth: 4 }).others.map((other) => other.qualifiedName)).toEqual([
      "c",
    ]);
    expect(queryPaths(graph, from, to, { ...request, depth: 3 }).others).toEqual([]);
  });

  it("considers no path longer than the depth", () => {
    expect(names(queryPaths(db, s, t, { depth: 3, maxPaths: 10, dispatch: "up", tests: "include", isTest }))).toEqual([
      "s a t",
      "s b c t",
    ]);
    const none = queryPaths(db, s, t, { depth: 1, maxPaths: 10, dispatch: "up", tests: "include", isTest });
    expect(none.paths).toEqual([]);
    expect(none.shortest).toBeUndefined();
  });

  it("describes each step with the edge that led to it and its sites", () => {
    const [first] = queryPaths(db, s, t, { depth: 6, maxPaths: 1, dispatch: "up", tests: "include", isTest }).paths;
    expect(first?.map((step) => [step.key, step.edge, step.sites])).toEqual([
      ["src/s.ts:s", undefined, []],
      ["src/a.ts:a", "CALLS", [1]],
      ["src/t.ts:t", "CALLS", [2]],
    ]);
  });

  it("with no path, says whether there is one the other way", () => {
    const result = queryPaths(db, t, s, { depth: 6, maxPaths: 3, dispatch: "up", tests: "include", isTest });
    expect(result.paths).toEqual([]);
    expect(result.reverse).toBe(2);
  });

  it("ranks paths of direct calls first, then paths through dispatch by length and by how many dispatch steps they take", () => {
    // s → u → v → t (direct); s → Z.m (a call of B.m) → x → t (one dispatch step); s → C.k (a call of B.k) → C.j (a call of B.j) → t (two)
    const graph = memoryGraph(
      [
        ...["s", "u", "v", "x", "t"].map((name) => ({ key: `src/${name}.ts:${name}` })),
        ...["src/b.ts:B", "src/z.ts:Z", "src/c.ts:C"].map((key) => ({ key, kind: "Class" as const })),
        ...["src/b.ts:B.m", "src/b.ts:B.k", "src/b.ts:B.j"].map((key) => ({
          key,
          kind: "Method" as const,
          modifiers: "abstract",
        })),
        ...["src/z.ts:Z.m", "src/c.ts:C.k", "src/c.ts:C.j"].map((key) => ({ key, kind: "Method" as const })),
      ],
      [
        ["CALLS", "src/s.ts:s", "src/u.ts:u", [1]],
        ["CALLS", "src/u.ts:u", "src/v.ts:v", [1]],
        ["CALLS", "src/v.ts:v", "src/t.ts:t", [1]],
        ["CALLS", "src/s.ts:s", "src/b.ts:B.m", [2]],
        ["OVERRIDES", "src/z.ts:Z.m", "src/b.ts:B.m"],
        ["CALLS", "src/z.ts:Z.m", "src/x.ts:x", [1]],
        ["CALLS", "src/x.ts:x", "src/t.ts:t", [1]],
        ["CALLS", "src/s.ts:s", "src/b.ts:B.k", [3]],
        ["OVERRIDES", "src/c.ts:C.k", "src/b.ts:B.k"],
        ["CALLS", "src/c.ts:C.k", "src/b.ts:B.j", [1]],
        ["OVERRIDES", "src/c.ts:C.j", "src/b.ts:B.j"],
        ["CALLS", "src/c.ts:C.j", "src/t.ts:t", [2]],
      ],
    );
    const from = requireSymbol(graph, { symbol: "s" });
    const to = requireSymbol(graph, { symbol: "t" });
    const result = queryPaths(graph, from, to, { depth: 6, maxPaths: 10, dispatch: "up", tests: "include", isTest });
    expect(names(result)).toEqual(["s u v t", "s Z.m x t", "s C.k C.j t"]);
    expect(result.paths.map((path) => path.filter((step) => step.through !== undefined).length)).toEqual([0, 1, 2]);
    expect(result.paths[2]?.map((step) => step.throughHasNoBody)).toEqual([false, true, true, false]);
    expect(
      names(queryPaths(graph, from, to, { depth: 6, maxPaths: 10, dispatch: "none", tests: "include", isTest })),
    ).toEqual(["s u v t"]);
  });
});

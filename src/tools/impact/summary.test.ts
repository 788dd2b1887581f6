import { describe, expect, it } from "vitest";
import { NAME_PATTERN_TESTS } from "../workspace/test-files.js";

const { isTest } = NAME_PATTERN_TESTS;
import { memoryGraph, type EdgeSpec, type NodeSpec } from "../../test-support/memory-graph.js";
import { present } from "../answer/query-output.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import { countTokens } from "../answer/token-count.js";
import { impactAnswer, type ImpactStructured } from "./format.js";
import { queryImpact } from "./query.js";
import { impactSummary } from "./summary.js";
import { z } from "../../vendor/zod.js";
import { impactTool } from "./handler.js";

/**
 * A class `Store` with 12 methods; method i is called by 3 + i functions, spread over the folders `app/a`,
 * `app/b` and `lib` (one file per caller), each of which has a caller of its own one step farther.
 */
function popularClass() {
  const nodes: NodeSpec[] = [{ key: "src/store.ts:Store", kind: "Class", start: 1, end: 200 }];
  const edges: EdgeSpec[] = [];
  const folders = ["src/app/a", "src/app/b", "src/lib"];
  for (let member = 0; member < 12; member++) {
    const method = `src/store.ts:Store.method${member}`;
    nodes.push({ key: method, kind: "Method", start: 10 + member * 10, end: 15 + member * 10 });
    for (let caller = 0; caller < 3 + member; caller++) {
      const file = `${folders[caller % 3]}/user${member}x${caller}.ts`;
      nodes.push(
        { key: `${file}:use${member}x${caller}`, start: 1, end: 9 },
        { key: `${file}:outer${member}x${caller}`, start: 11, end: 19 },
      );
      edges.push(
        ["CALLS", `${file}:use${member}x${caller}`, method, [4]],
        ["CALLS", `${file}:outer${member}x${caller}`, `${file}:use${member}x${caller}`, [15]],
      );
    }
  }
  return memoryGraph(nodes, edges);
}

const db = popularClass();
const result = queryImpact(db, requireSymbol(db, { symbol: "Store" }), {
  depth: 3,
  dispatch: "up",
  tests: "include",
  isTest,
});

describe(impactSummary.name, () => {
  it("counts the dependants each member brings and each folder holds", () => {
    const { summary } = impactSummary(result);
    expect(result.dependants).toHaveLength(2 * (3 + 14) * 6);
    expect(summary.members?.slice(0, 2)).toEqual([
      { name: "src/store.ts:Store.method11", entries: 28, files: 14 },
      { name: "src/store.ts:Store.method10", entries: 26, files: 13 },
    ]);
    expect(summary.otherMembers).toEqual({ groups: 4, entries: 2 * (3 + 4 + 5 + 6) });
    expect(summary.folders.map((folder) => folder.name)).toEqual(["src/app/", "src/lib/"]);
    expect(summary.folders[0]?.entries).toBe(144);
  });

  it("names the narrower questions exactly, with how many dependants each answers", () => {
    expect(impactSummary(result).summary.next).toEqual([
      { ask: "impact src/store.ts:Store.method11", input: { symbol: "src/store.ts:Store.method11" }, entries: 28 },
      { ask: "impact src/store.ts:Store.method10", input: { symbol: "src/store.ts:Store.method10" }, entries: 26 },
      {
        ask: "impact src/store.ts:Store --in src/app",
        input: { symbol: "src/store.ts:Store", in: "src/app" },
        entries: 144,
      },
    ]);
  });
});

describe("a cut impact of a class with many members", () => {
  const options = { maxNodes: 100, maxTokens: 1000 } as const;
  const text = present(impactAnswer(result), { format: "text", ...options });

  it("stays within its budget, counts per member and folder, and says what to ask next", () => {
    expect(countTokens(text.text)).toBeLessThanOrEqual(1000);
    const lines = text.text.split("\n");
    expect(lines[2]).toMatch(/^by member: Store\.method11 28 · Store\.method10 26 · .* \+4 more \(36\)$/);
    expect(lines[3]).toBe("by folder: src/app/ 144 in 72 files · src/lib/ 60 in 30 files");
    expect(lines.at(-1)).toContain(
      "To narrow: impact src/store.ts:Store.method11 (28) · impact src/store.ts:Store.method10 (26) ·",
    );
  });

  it("shows the first dependant of every member, not the first members' only", () => {
    const structured = text.structured as ImpactStructured;
    const reached = new Set(
      structured.dependants.filter((entry) => entry.depth === 1).map((entry) => entry.links[0]?.via),
    );
    expect(reached.size).toBe(12);
    expect(structured.firstOf).toBe("member");
  });

  it("lists the same dependants in json and toon as in text", () => {
    for (const format of ["json", "toon"] as const) {
      expect(present(impactAnswer(result), { format, ...options }).structured).toEqual(text.structured);
    }
    const json = JSON.parse(present(impactAnswer(result), { format: "json", ...options }).text) as ImpactStructured;
    expect(json.dependants.map((entry) => entry.key)).toEqual(
      (text.structured as ImpactStructured).dependants.map((entry) => entry.key),
    );
  });
});

describe("an impact over its budget in full, with the tool's default budget", () => {
  const defaults = z.object(impactTool.inputShape).parse({ symbol: "Store" });
  const answer = present(impactAnswer(result), { ...defaults, format: "text" });
  const lines = answer.text.split("\n");

  it("lists all 204 dependants, whose lines in full are over the budget: the first with their lines and the step that reaches them, the others by name only", () => {
    expect(countTokens(answer.text)).toBeLessThanOrEqual(defaults.maxTokens);
    const structured = answer.structured as ImpactStructured;
    const shown = structured.dependants.length;
    expect(shown).toBe(204);
    expect(structured.truncated).toBeNull();
    const inFull = lines.filter((line) => /^ {4}\S+ \d+-\d+ {2}calls /.test(line)).length;
    expect(inFull).toBeGreaterThanOrEqual(10);
    expect(lines[2]).toBe(
      `the first ${inFull} with their lines and the step that reaches them; the other ${shown - inFull} by name only`,
    );
    expect(answer.text).toMatch(/\n {2}src\/lib\/user7x8\.ts\n {4}outer7x8\n/);
  });

  it("names each dependant listed once, in full or briefly", () => {
    const named = lines.flatMap((line) =>
      /^ {4}\S+ \d/.test(line) ? [line.trim().split(" ")[0]] : /^ {4}\S/.test(line) ? line.trim().split(", ") : [],
    );
    expect(new Set(named).size).toBe(named.length);
    expect(named).toHaveLength((answer.structured as ImpactStructured).dependants.length);
  });
});

describe("impact within a folder", () => {
  it("lists only the dependants in it, and says so", () => {
    const within = queryImpact(db, requireSymbol(db, { symbol: "Store" }), {
      depth: 3,
      dispatch: "up",
      tests: "include",
      within: "src/lib",
      isTest,
    });
    expect(within.dependants.every((node) => node.file.startsWith("src/lib/"))).toBe(true);
    expect(within.dependants).toHaveLength(60);
    expect(present(impactAnswer(within), { format: "text", maxNodes: 1, maxTokens: 4000 }).text.split("\n")[0]).toBe(
      "impact of Store with its 12 members (Class, src/store.ts:1-200), depth ≤ 3, dispatch up, in src/lib",
    );
  });

  it("names the member a dependant comes through even when its nearer dependants lie outside the folder", () => {
    const chain = memoryGraph(
      [
        { key: "src/store.ts:Store", kind: "Class", start: 1, end: 20 },
        { key: "src/store.ts:Store.save", kind: "Method", start: 2, end: 5 },
        { key: "src/store.ts:Store.load", kind: "Method", start: 6, end: 9 },
        { key: "src/lib/use.ts:use", start: 1, end: 5 },
        { key: "src/app/outer.ts:outer", start: 1, end: 5 },
        { key: "src/app/other.ts:other", start: 1, end: 5 },
      ],
      [
        ["CALLS", "src/lib/use.ts:use", "src/store.ts:Store.save", [3]],
        ["CALLS", "src/app/outer.ts:outer", "src/lib/use.ts:use", [3]],
        ["CALLS", "src/app/other.ts:other", "src/store.ts:Store.load", [3]],
      ],
    );
    const within = queryImpact(chain, requireSymbol(chain, { symbol: "Store" }), {
      depth: 3,
      dispatch: "up",
      tests: "include",
      within: "src/app",
      isTest,
    });
    expect(within.dependants.map((node) => node.key)).toEqual(["src/app/other.ts:other", "src/app/outer.ts:outer"]);
    expect(impactSummary(within).summary.members).toEqual([
      { name: "src/store.ts:Store.load", entries: 1, files: 1 },
      { name: "src/store.ts:Store.save", entries: 1, files: 1 },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { compareTriples, scores, type CallTriple } from "./triples.js";

const site = (callee: string, line: number): CallTriple => ({
  callee,
  calleeName: callee.split(":")[1] ?? "",
  callerFile: "a.ts",
  line,
});

describe("compareTriples", () => {
  it("scores precision, recall and F1 overall and per category, and lists misses both ways", () => {
    const truth = [site("b.ts:1", 3), site("b.ts:1", 4), site("c.ts:2", 9)];
    const graph = [site("b.ts:1", 3), site("c.ts:2", 9), site("d.ts:5", 9)];
    const result = compareTriples(truth, graph, (triple) => ({
      form: triple.line === 9 ? "obj.m()" : "f()",
      labels: triple.line === 4 ? ["in callback"] : [],
    }));
    expect(result.overall).toMatchObject({ truth: 3, graph: 3, matched: 2 });
    expect(result.overall.precision).toBeCloseTo(2 / 3);
    expect(result.overall.recall).toBeCloseTo(2 / 3);
    expect(result.byCategory.get("f()")).toMatchObject({ truth: 2, graph: 1, matched: 1 });
    expect(result.byCategory.get("obj.m()")).toMatchObject({ truth: 1, graph: 2, matched: 1 });
    expect(result.byCategory.get("in callback")).toMatchObject({ truth: 1, graph: 0, matched: 0 });
    expect(result.falseNegatives).toEqual([site("b.ts:1", 4)]);
    expect(result.falsePositives).toEqual([site("d.ts:5", 9)]);
  });

  it("counts a site once however often it is listed", () => {
    const result = compareTriples([site("b.ts:1", 3), site("b.ts:1", 3)], [site("b.ts:1", 3)], () => ({
      form: "f()",
      labels: [],
    }));
    expect(result.overall).toMatchObject({ truth: 1, graph: 1, matched: 1, precision: 1, recall: 1, f1: 1 });
  });

  it("scores an empty side as perfect precision or recall, not as a division by zero", () => {
    expect(scores({ truth: 0, graph: 0, matched: 0 })).toMatchObject({ precision: 1, recall: 1, f1: 1 });
  });
});

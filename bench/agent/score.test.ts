import { describe, expect, it } from "vitest";
import { kindTable, scoreTask, summarizeKind } from "./score.js";

describe("scoring first answers", () => {
  it("names the misleading and the missed items of a task", () => {
    const score = scoreTask(["a#f", "a#g", "b#h"], ["a#f", "b#h", "c#x", "c#x"]);
    expect(score).toEqual({ truth: 3, answered: 3, matched: 2, falsePositives: ["c#x"], missed: ["a#g"] });
  });

  it("counts at most the cap of truth items for a ranked answer's recall", () => {
    const truth = Array.from({ length: 30 }, (_, i) => `f${String(i).padStart(2, "0")}.ts`);
    const score = scoreTask(truth, [...truth.slice(0, 18), "x.ts", "y.ts"], 20);
    expect({ truth: score.truth, matched: score.matched, falsePositives: score.falsePositives }).toEqual({
      truth: 20,
      matched: 18,
      falsePositives: ["x.ts", "y.ts"],
    });
  });

  it("sums items over a kind's tasks before dividing, and counts an empty answer to an empty truth as right", () => {
    const side = (truth: string[], answer: string[], tokens: number) => ({ score: scoreTask(truth, answer), tokens });
    const summary = summarizeKind("callers", [
      { tool: side(["x", "y", "z", "w"], ["x", "y", "z", "w"], 100), grep: side(["x", "y", "z", "w"], ["x"], 300) },
      { tool: side(["q"], ["r"], 50), grep: side(["q"], ["q", "s"], 20) },
      { tool: side([], [], 10), grep: side([], [], 5) },
    ]);
    expect(summary.tool).toEqual({ precision: 4 / 5, recall: 4 / 5, tokens: 160, misleading: ["r"] });
    expect(summary.grep).toEqual({ precision: 2 / 3, recall: 2 / 5, tokens: 325 });
  });

  it("prints a row per kind with the targets checked, and the skipped kinds with their reason", () => {
    const side = (tokens: number) => ({ score: scoreTask(["x"], ["x"]), tokens });
    const met = summarizeKind("subclasses", [{ tool: side(10), grep: side(20) }]);
    const costly = summarizeKind("exports", [{ tool: side(30), grep: side(20) }]);
    const table = kindTable([met, costly], [{ kind: "co-change", why: "no git history" }]);
    expect(table[2]).toBe("| subclasses | 1 | 100.0 % | 100.0 % | none | 10 | 100.0 % | 100.0 % | 20 | 0.50 | met |");
    expect(table[3]).toContain("| 1.50 | missed |");
    expect(table[4]).toBe("| co-change | skipped: no git history | | | | | | | | | |");
  });
});

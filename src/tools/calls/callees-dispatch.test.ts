import { describe, expect, it } from "vitest";
import { indexedDispatchSample } from "../../test-support/dispatch-sample.js";
import { runTool } from "../../test-support/tool-harness.js";
import type { ReachEntry } from "../answer/reach-report.js";
import type { CallsStructured } from "./format.js";
import { calleesTool } from "./handler.js";

const context = indexedDispatchSample();

async function callees(input: Record<string, unknown>): Promise<{ structured: CallsStructured; text: string }> {
  const result = await runTool(calleesTool, input, context());
  return { structured: result.structured as CallsStructured, text: result.text };
}

const entry = (structured: CallsStructured, name: string): ReachEntry | undefined =>
  structured.entries.find((found) => found.name === name);

describe("callees of calls that dispatch", () => {
  it("answers an interface member as dispatching to its implementations, not as code that runs", async () => {
    const { structured, text } = await callees({ symbol: "total", depth: 1 });
    expect(entry(structured, "Shape.area")?.dispatchesTo).toEqual([
      "src/shapes.ts:Circle.area",
      "src/shapes.ts:Square.area",
    ]);
    expect(structured.withoutBody).toBe(1);
    expect(text).toContain("Shape.area 2  called by @31; no body, dispatches to: Circle.area, Square.area\n");
    expect(text).toContain("Circle.area 6-8  called by @31 via Shape.area (no body, dispatch)\n");
    expect(text).toContain(", 1 with no body (calls of them dispatch)");
  });

  it("answers an abstract member the same way, and leaves a member with a body as code that runs", async () => {
    const { structured, text } = await callees({ symbol: "Base.run", depth: 1 });
    expect(entry(structured, "Base.query")?.dispatchesTo).toEqual([
      "src/store.ts:MidChild.query",
      "src/store.ts:SiblingA.query",
    ]);
    expect(text).toContain("Base.query 2  called by @4; no body, dispatches to: MidChild.query, SiblingA.query\n");
    const logged = await callees({ symbol: "total", depth: 1 });
    expect(entry(logged.structured, "Logger.log")).not.toHaveProperty("dispatchesTo");
    expect(logged.text).toContain("LoudLogger.log 24-26  called by @32 via Logger.log (dispatch)");
  });

  it("names what a member without a body dispatches to even when dispatch is not followed", async () => {
    const { structured } = await callees({ symbol: "total", depth: 1, dispatch: "none" });
    expect(structured.entries.map((found) => found.name)).toEqual(["Shape.area", "Logger.log"]);
    expect(entry(structured, "Shape.area")?.dispatchesTo).toEqual([
      "src/shapes.ts:Circle.area",
      "src/shapes.ts:Square.area",
    ]);
  });
});

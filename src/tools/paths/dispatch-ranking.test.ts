import { describe, expect, it } from "vitest";
import { indexedDispatchSample } from "../../test-support/dispatch-sample.js";
import { runTool } from "../../test-support/tool-harness.js";
import type { PathsStructured } from "./format.js";
import { pathsTool } from "./handler.js";

const context = indexedDispatchSample();

async function paths(input: Record<string, unknown>): Promise<{ structured: PathsStructured; text: string }> {
  const result = await runTool(pathsTool, input, context());
  return { structured: result.structured as PathsStructured, text: result.text };
}

const names = (structured: PathsStructured): string[] =>
  structured.paths.map(
    (path) => `${path.steps.map((step) => step.name).join(" → ")} (${path.dispatchSteps} by dispatch)`,
  );

describe("paths through dispatch", () => {
  it("lists the path of direct calls before shorter paths that need dispatch", async () => {
    const { structured, text } = await paths({ from: "start", to: "finish", maxPaths: 3 });
    expect(names(structured)).toEqual([
      "start → helper → middle → finish (0 by dispatch)",
      "start → Direct.next → finish (1 by dispatch)",
      "start → Other.next → finish (1 by dispatch)",
    ]);
    expect(structured.throughDispatch).toBe(2);
    expect(structured.shortest).toBe(2);
    expect(text).toContain("3 paths, 2 through dispatch, shortest 2 steps\n");
    expect(text).toContain("path 1 (3 steps)\n");
    expect(text).toContain("path 2 (2 steps, 1 by dispatch)\n");
  });

  it("with one path asked for, answers the path of direct calls and says a shorter one takes dispatch", async () => {
    const { structured, text } = await paths({ from: "start", to: "finish", maxPaths: 1 });
    expect(names(structured)).toEqual(["start → helper → middle → finish (0 by dispatch)"]);
    expect(structured.shortest).toBe(2);
    expect(text).toContain(
      "1 path, shortest 2 steps (through dispatch, not listed: paths of direct calls come first; raise maxPaths)",
    );
  });

  it("says which steps are dispatch, and when the member the call names has no body", async () => {
    const throughInterface = await paths({ from: "total", to: "Circle.area" });
    const step = throughInterface.structured.paths[0]?.steps[1];
    expect(step).toMatchObject({ name: "Circle.area", through: "src/shapes.ts:Shape.area", throughHasNoBody: true });
    expect(throughInterface.text).toContain("Circle.area 6-8  ← called @31 via Shape.area (no body, dispatch)");

    const throughBase = await paths({ from: "total", to: "LoudLogger.log" });
    const override = throughBase.structured.paths[0]?.steps[1];
    expect(override).toMatchObject({ name: "LoudLogger.log", through: "src/shapes.ts:Logger.log" });
    expect(override).not.toHaveProperty("throughHasNoBody");
    expect(throughBase.text).toContain("LoudLogger.log 24-26  ← called @32 via Logger.log (dispatch)");
  });
});

import { describe, expect, it } from "vitest";
import { indexedDispatchSample } from "../../test-support/dispatch-sample.js";
import { runTool } from "../../test-support/tool-harness.js";
import type { ImpactStructured } from "./format.js";
import { impactTool } from "./handler.js";

const context = indexedDispatchSample();

async function impact(symbol: string): Promise<{ structured: ImpactStructured; text: string }> {
  const result = await runTool(impactTool, { symbol, depth: 1 }, context());
  return { structured: result.structured as ImpactStructured, text: result.text };
}

describe("impact through dispatch", () => {
  it("says when the member a dependant's call names has no body, so that the call can only run an implementation", async () => {
    const { structured, text } = await impact("MidChild.query");
    const run = structured.dependants.find((entry) => entry.name === "Base.run");
    expect(run?.links).toEqual([
      {
        via: "src/store.ts:MidChild.query",
        edge: "CALLS",
        through: "src/store.ts:Base.query",
        throughHasNoBody: true,
        sites: [4],
      },
    ]);
    expect(text).toContain("Base.run 3-5  calls @4 via Base.query (no body, dispatch)\n");
  });

  it("keeps the plain dispatch wording when the member the call names has a body", async () => {
    const { structured, text } = await impact("LoudLogger.log");
    const total = structured.dependants.find((entry) => entry.name === "total");
    expect(total?.links[0]).not.toHaveProperty("throughHasNoBody");
    expect(text).toContain("total 29-34  calls @32 via Logger.log (dispatch)");
  });
});

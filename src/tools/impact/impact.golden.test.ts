import path from "node:path";
import { afterAll, describe, it } from "vitest";
import { removeTempDirs } from "../../test-support/fixtures.js";
import { answers, expectGolden, sampleToolContext, type ToolQuery } from "../../test-support/tool-golden.js";
import { impactTool } from "./handler.js";

afterAll(removeTempDirs);

/** Golden answers of `impact` on the sample projects (UPDATE_GOLDEN=1 to regenerate, then review the diff). */
const QUERIES: Record<string, readonly ToolQuery[]> = {
  "web-app": [
    { symbol: "sumLines" },
    { symbol: "Cart.total" },
    { symbol: "Cart", depth: 2 },
    { symbol: "CartLine", depth: 4 },
    { symbol: "respond", maxNodes: 4 },
    { symbol: "shared/money.ts", depth: 1, format: "toon" },
    { symbol: "Store.setState", depth: 2, format: "mermaid" },
    { symbol: "login" },
    { symbol: "Cart.totl" },
  ],
  resolution: [
    { symbol: "Identified" },
    { symbol: "Exporter", depth: 2 },
    { symbol: "src/jsx/components.tsx:Badge" },
    { symbol: "tick" },
  ],
};

describe("impact on the sample projects", () => {
  for (const [sample, queries] of Object.entries(QUERIES)) {
    it(`answers ${sample} as recorded`, async () => {
      const context = await sampleToolContext(sample);
      try {
        expectGolden(await answers(context, impactTool, queries), path.join(import.meta.dirname, "golden", `${sample}.txt`));
      } finally {
        context.close();
      }
    });
  }
});

import path from "node:path";
import { afterAll, describe, it } from "vitest";
import { removeTempDirs } from "../../test-support/fixtures.js";
import { answers, expectGolden, sampleToolContext, type ToolQuery } from "../../test-support/tool-golden.js";
import { pathsTool } from "./handler.js";

afterAll(removeTempDirs);

/** Golden answers of `paths` on the sample projects (UPDATE_GOLDEN=1 to regenerate, then review the diff). */
const QUERIES: Record<string, readonly ToolQuery[]> = {
  "web-app": [
    { from: "bootstrap", to: "respond", depth: 8 },
    { from: "respond", to: "bootstrap" },
    { from: "App", to: "Store.setState", maxPaths: 5 },
    { from: "bootstrap", to: "respond", depth: 8, format: "mermaid" },
    { from: "App", to: "Store.setState", format: "toon", maxPaths: 1 },
    { from: "App.checkout", to: "sumLines" },
  ],
  resolution: [
    { from: "src/jsx/app.tsx:App", to: "src/jsx/components.tsx:Badge" },
    { from: "src/default-import/main.ts:welcome", to: "src/default-import/logger.ts:Logger" },
  ],
};

describe("paths on the sample projects", () => {
  for (const [sample, queries] of Object.entries(QUERIES)) {
    it(`answers ${sample} as recorded`, async () => {
      const context = await sampleToolContext(sample);
      try {
        expectGolden(await answers(context, pathsTool, queries), path.join(import.meta.dirname, "golden", `${sample}.txt`));
      } finally {
        context.close();
      }
    });
  }
});

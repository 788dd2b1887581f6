import path from "node:path";
import { afterAll, describe, it } from "vitest";
import { removeTempDirs } from "../../test-support/fixtures.js";
import { answers, expectGolden, sampleToolContext, type ToolQuery } from "../../test-support/tool-golden.js";
import { depsTool } from "./handler.js";

afterAll(removeTempDirs);

/** Golden answers of `deps` on the sample projects (UPDATE_GOLDEN=1 to regenerate, then review the diff). */
const QUERIES: Record<string, readonly ToolQuery[]> = {
  "web-app": [
    { target: "backend/services" },
    { target: "shared/money.ts" },
    { target: "frontend", direction: "out", depth: 2 },
    { target: "frontend", direction: "in" },
    { target: ".", format: "mermaid" },
    { target: "backend", groupBy: "file", format: "toon", direction: "out" },
    { target: "nowhere" },
  ],
  monorepo: [
    { target: "@mono/core" },
    { target: ".", groupBy: "package" },
    { target: ".", groupBy: "package", format: "mermaid" },
    { target: "packages/app/src/main.ts", direction: "out", depth: 3, groupBy: "package" },
  ],
};

describe("deps on the sample projects", () => {
  for (const [sample, queries] of Object.entries(QUERIES)) {
    it(`answers ${sample} as recorded`, async () => {
      const context = await sampleToolContext(sample);
      try {
        expectGolden(await answers(context, depsTool, queries), path.join(import.meta.dirname, "golden", `${sample}.txt`));
      } finally {
        context.close();
      }
    });
  }
});

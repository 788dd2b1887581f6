import path from "node:path";
import { afterAll, describe, it } from "vitest";
import { removeTempDirs } from "../../test-support/fixtures.js";
import { answers, expectGolden, sampleToolContext, type ToolQuery } from "../../test-support/tool-golden.js";
import type { ToolDefinition } from "../tool-contract.js";
import { calleesTool, callersTool } from "./handler.js";

afterAll(removeTempDirs);

/** Golden answers of `callers` and `callees` on the sample projects (UPDATE_GOLDEN=1 to regenerate, then review the diff). */
const QUERIES: Record<string, readonly (readonly [ToolDefinition, ToolQuery])[]> = {
  "web-app": [
    [callersTool, { symbol: "respond" }],
    [callersTool, { symbol: "Store.setState", depth: 2 }],
    [callersTool, { symbol: "validateCartLine", format: "mermaid" }],
    [calleesTool, { symbol: "createServer", depth: 2 }],
    [calleesTool, { symbol: "bootstrap", depth: 1, format: "json" }],
    [calleesTool, { symbol: "App", maxTokens: 200 }],
  ],
  resolution: [
    [callersTool, { symbol: "src/jsx/components.tsx:Badge" }],
    [callersTool, { symbol: "Animal.constructor" }],
    [calleesTool, { symbol: "buildHandlers" }],
    [calleesTool, { symbol: "src/top-level/main.ts" }],
  ],
};

describe("callers and callees on the sample projects", () => {
  for (const [sample, queries] of Object.entries(QUERIES)) {
    it(`answers ${sample} as recorded`, async () => {
      const context = await sampleToolContext(sample);
      try {
        const parts: string[] = [];
        for (const [tool, query] of queries) parts.push(await answers(context, tool, [query]));
        expectGolden(parts.join("\n"), path.join(import.meta.dirname, "golden", `${sample}.txt`));
      } finally {
        context.close();
      }
    });
  }
});

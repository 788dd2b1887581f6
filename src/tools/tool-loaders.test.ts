import { describe, expect, it } from "vitest";
import { ALL_TOOLS } from "./all-tools.js";
import { TOOL_LOADERS } from "./tool-loaders.js";

describe("TOOL_LOADERS", () => {
  it("loads, for every tool of ALL_TOOLS and no other, that tool's own definition", async () => {
    expect(Object.keys(TOOL_LOADERS).sort()).toEqual(ALL_TOOLS.map((tool) => tool.name).sort());
    for (const tool of ALL_TOOLS) {
      const load = TOOL_LOADERS[tool.name];
      expect(load, tool.name).toBeDefined();
      expect(await load?.(), tool.name).toBe(tool);
    }
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "../vendor/zod.js";
import { ALL_TOOLS } from "../tools/all-tools.js";
import { defineTool } from "../tools/tool-contract.js";
import { renderToolReference } from "./tool-reference.js";

const REFERENCE = path.join(import.meta.dirname, "..", "..", "docs", "tool-reference.md");

describe("docs/tool-reference.md", () => {
  it("is what the tools' definitions render today (run `npm run docs` after changing a tool's inputs or answer)", () => {
    expect(fs.readFileSync(REFERENCE, "utf8")).toBe(renderToolReference(ALL_TOOLS));
  });

  it("lists every tool with its command, its MCP name and each input's option, default and limits", () => {
    const text = renderToolReference(ALL_TOOLS);
    for (const tool of ALL_TOOLS) {
      expect(text).toContain(`MCP tool \`${tool.name}\``);
      for (const name of Object.keys(tool.inputShape)) expect(text).toContain(`| \`${name}\` |`);
    }
    expect(text).toMatch(/\| `depth` \| `--depth` \| integer \| `3` \| 1 to 10 \|/);
  });
});

describe("renderToolReference", () => {
  const tool = defineTool({
    name: "sample_tool",
    description: "Answers a sample.\nSecond line.",
    inputShape: {
      target: z.string().min(1).max(10).describe("what to ask about"),
      mode: z.enum(["a", "b"]).default("a").describe("a | b"),
      paths: z.array(z.string().max(5)).max(3).optional().describe("paths"),
    },
    positional: ["target"],
    annotations: { readOnlyHint: true },
    answer: z.object({
      tool: z.literal("sample_tool"),
      count: z.number().describe("how many"),
      note: z.string().optional(),
    }),
    run: async () => ({ text: "", structured: {} }),
  });
  const text = renderToolReference([tool]);

  it("renders positional arguments, options, enums with their default, limits and escaped pipes", () => {
    expect(text).toContain("`ts-graph sample-tool <target> [options]` · MCP tool `sample_tool` · reads only");
    expect(text).toContain("| `target` | argument 1, required | string |  | 1 to 10 characters | what to ask about |");
    expect(text).toContain("| `mode` | `--mode` | `a`, `b` | `a` |  | a \\| b |");
    expect(text).toContain(
      "| `paths` | `--paths` | list of string |  | at most 3 items; at most 5 characters each | paths |",
    );
  });

  it("renders the answer's fields, marking the optional ones", () => {
    expect(text).toContain("| `tool` | `sample_tool` |  |");
    expect(text).toContain("| `count` | number | how many |");
    expect(text).toContain("| `note` (optional) | string |  |");
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ALL_TOOLS } from "./all-tools.js";

/** The inner schema under optional/default wrappers. */
function inner(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = current.def as { type: string; innerType?: z.ZodType };
    if ((def.type === "optional" || def.type === "default") && def.innerType !== undefined) current = def.innerType;
    else return current;
  }
}

interface Limited {
  readonly tool: string;
  readonly input: string;
  /** The longest string (or, for a list, the most entries) the schema takes. */
  readonly max: number;
  readonly list: boolean;
}

/** Every string and list input of every tool, with its limit (undefined when it has none). */
function limitedInputs(): (Omit<Limited, "max"> & { max: number | undefined })[] {
  return ALL_TOOLS.flatMap((tool) =>
    Object.entries(tool.inputShape as Record<string, z.ZodType>).flatMap(([input, schema]): (Omit<Limited, "max"> & { max: number | undefined })[] => {
      const bare = inner(schema);
      if (bare instanceof z.ZodString) return [{ tool: tool.name, input, max: bare.maxLength ?? undefined, list: false }];
      if (bare instanceof z.ZodArray) {
        const check = (bare.def.checks ?? []).map((entry) => (entry as unknown as { _zod: { def: { check: string; maximum?: number } } })._zod.def).find((def) => def.check === "max_length");
        return [{ tool: tool.name, input, max: check?.maximum, list: true }];
      }
      return [];
    }),
  );
}

describe("the tools' input limits", () => {
  const inputs = limitedInputs();

  it("bound every string and list input of every tool", () => {
    expect(inputs.length).toBeGreaterThan(15);
    expect(inputs.filter((entry) => entry.max === undefined).map((entry) => `${entry.tool}.${entry.input}`)).toEqual([]);
  });

  it.each(inputs.map((entry) => [`${entry.tool}.${entry.input}`, entry] as const))("%s: one past the limit is a validation error naming the argument", (_name, entry) => {
    const tool = ALL_TOOLS.find((candidate) => candidate.name === entry.tool);
    const max = entry.max ?? 0;
    const value = (count: number) => (entry.list ? Array.from({ length: count }, () => "a") : "a".repeat(count));
    const schema = z.object(tool?.inputShape ?? {});
    const over = schema.safeParse({ symbol: "a", pattern: "a", target: "a", from: "a", to: "a", name: "a", [entry.input]: value(max + 1) });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((issue) => issue.path.join("."))).toEqual([entry.input]);
    expect(over.error?.issues[0]?.message).toMatch(entry.list ? /^more than \d+ entries$/ : /^longer than [\d,]+ characters/);
    const at = schema.safeParse({ symbol: "a", pattern: "a", target: "a", from: "a", to: "a", name: "a", [entry.input]: value(max) });
    expect(at.success).toBe(true);
  });
});

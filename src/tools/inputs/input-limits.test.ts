import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ALL_TOOLS } from "../all-tools.js";

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

/** The largest size (characters, or entries) the schema takes, found by asking it; undefined past a million. */
function largestAccepted(schema: z.ZodType, list: boolean): number | undefined {
  const value = (size: number) => (list ? Array.from({ length: size }, () => "a") : "a".repeat(size));
  if (schema.safeParse(value(1_000_000)).success) return undefined;
  let low = 1;
  let high = 1_000_000;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (schema.safeParse(value(middle)).success) low = middle;
    else high = middle;
  }
  return low;
}

/** Every string and list input of every tool, with its limit (undefined when it has none). */
function limitedInputs(): (Omit<Limited, "max"> & { max: number | undefined })[] {
  return ALL_TOOLS.flatMap((tool) =>
    Object.entries(tool.inputShape as Record<string, z.ZodType>).flatMap(([input, schema]) => {
      const bare = inner(schema);
      const list = bare instanceof z.ZodArray;
      if (!list && !(bare instanceof z.ZodString)) return [];
      return [{ tool: tool.name, input, max: largestAccepted(bare, list), list }];
    }),
  );
}

/** A value for every required input of any tool, so that only the input under test can fail. */
const REQUIRED = { symbol: "a", pattern: "a", target: "a", from: "a", to: "a", name: "a", content: "a", newName: "a" };

describe("the tools' input limits", () => {
  const inputs = limitedInputs();

  it("bound every string and list input of every tool", () => {
    expect(inputs.length).toBeGreaterThan(15);
    expect(inputs.filter((entry) => entry.max === undefined).map((entry) => `${entry.tool}.${entry.input}`)).toEqual(
      [],
    );
  });

  it.each(inputs.map((entry) => [`${entry.tool}.${entry.input}`, entry] as const))(
    "%s: one past the limit is a validation error naming the argument",
    (_name, entry) => {
      const tool = ALL_TOOLS.find((candidate) => candidate.name === entry.tool);
      const max = entry.max ?? 0;
      const value = (count: number) => (entry.list ? Array.from({ length: count }, () => "a") : "a".repeat(count));
      const schema = z.object(tool?.inputShape ?? {});
      const over = schema.safeParse({ ...REQUIRED, [entry.input]: value(max + 1) });
      expect(over.success).toBe(false);
      expect(over.error?.issues.map((issue) => issue.path.join("."))).toEqual([entry.input]);
      expect(over.error?.issues[0]?.message).toMatch(
        entry.list ? /^more than \d+ entries$/ : /^longer than [\d,]+ characters/,
      );
      const at = schema.safeParse({ ...REQUIRED, [entry.input]: value(max) });
      expect(at.success).toBe(true);
    },
  );
});

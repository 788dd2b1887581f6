import { describe, expect, it } from "vitest";
import { nameLikeness, nameWords } from "./name-likeness.js";

describe(nameWords.name, () => {
  it("splits camel-case humps, acronyms and separators, and drops a #variant disambiguation", () => {
    expect([...nameWords("$ZodObjectJIT.generateFastpass")]).toEqual(["zod", "object", "jit", "generate", "fastpass"]);
    expect([...nameWords("URL_BAD_FORMAT")]).toEqual(["url", "bad", "format"]);
    expect([...nameWords("JSONSchemaGenerator.process#method2")]).toEqual(["json", "schema", "generator", "process"]);
    expect([...nameWords("parseURLObject")]).toEqual(["parse", "url", "object"]);
  });
});

describe(nameLikeness.name, () => {
  it("is the share of words two names have in common", () => {
    const like = (a: string, b: string) => nameLikeness(nameWords(a), nameWords(b));
    expect(like("$ZodString", "ZodMiniString")).toBeCloseTo(2 / 3);
    expect(like("parseURLObject", "URL_BAD_FORMAT")).toBeCloseTo(1 / 5);
    expect(like("ZodString", "ZodString")).toBe(1);
    expect(like("handleCatchall", "mergeValues")).toBe(0);
    expect(like("x", "x")).toBe(0);
  });
});

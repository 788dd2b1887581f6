import { describe, expect, it } from "vitest";
import { counted, echoed, lineRange, lineSpan, plural } from "./text.js";

describe("plural and counted", () => {
  it("pick the singular for exactly one and the plural otherwise, the given plural when irregular", () => {
    expect([plural(0, "file"), plural(1, "file"), plural(2, "entry", "entries")]).toEqual([
      "0 files",
      "1 file",
      "2 entries",
    ]);
    expect([counted(0, "step"), counted(1, "step"), counted(3, "dependency", "dependencies")]).toEqual([
      "0 steps",
      "1 step",
      "3 dependencies",
    ]);
  });

  it("differ in one thing: plural groups a count's digits, counted writes them as they are", () => {
    expect(plural(1234567, "symbol")).toBe("1,234,567 symbols");
    expect(counted(1234567, "dependant")).toBe("1234567 dependants");
  });
});

describe("lineRange and lineSpan", () => {
  it("write one line alone and several as a range, lineSpan with an L", () => {
    expect([lineRange(7, 7), lineRange(7, 12)]).toEqual(["7", "7-12"]);
    expect([lineSpan(7, 7), lineSpan(7, 12)]).toEqual(["L7", "L7-12"]);
  });
});

describe("echoed", () => {
  it("repeats a short input whole and a long one by its start and its length", () => {
    expect(echoed("src/a.ts")).toBe("src/a.ts");
    expect(echoed("x".repeat(5000))).toBe(`${"x".repeat(120)}… (5,000 characters)`);
  });
});

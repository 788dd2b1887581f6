import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countTokens, fitsInTokens, tokenBounds } from "./token-count.js";

/** Every golden answer of the tool slices (text, toon and mermaid answers of the sample projects). */
function goldenAnswers(): string[] {
  const tools = import.meta.dirname;
  return fs
    .readdirSync(tools, { recursive: true, encoding: "utf8" })
    .filter((file) => file.split(path.sep).includes("golden") && file.endsWith(".txt"))
    .flatMap((file) => fs.readFileSync(path.join(tools, file), "utf8").split(/^\$ ts-graph /m));
}

function expectBounded(text: string): void {
  const count = countTokens(text);
  const bounds = tokenBounds(text);
  expect(bounds.lower).toBeLessThanOrEqual(count);
  expect(bounds.upper).toBeGreaterThanOrEqual(count);
}

describe(tokenBounds.name, () => {
  it("holds the o200k count of random text between its bounds", () => {
    const texts = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.stringMatching(/^[a-z0-9 \n.:@()-]{0,400}$/),
      fc.json().map((json) => JSON.stringify(JSON.parse(json), null, 2)),
    );
    fc.assert(fc.property(texts, expectBounded), { numRuns: 2000 });
  });

  it("holds the o200k count of the tools' real answers between its bounds", () => {
    const answers = goldenAnswers();
    expect(answers.length).toBeGreaterThan(50);
    for (const answer of answers) expectBounded(answer);
  });

  it("counts every piece it takes for one token as one token, as the table does", () => {
    const pieces = [
      ...Array.from({ length: 1000 }, (_, number) => String(number)),
      ...Array.from({ length: 100 }, (_, number) => String(number).padStart(2, "0")),
      ...Array.from({ length: 100 }, (_, number) => String(number).padStart(3, "0")),
      ...Array.from({ length: 79 }, (_, index) => " ".repeat(index + 1)),
      ...Array.from({ length: 8 }, (_, index) => "\n".repeat(index + 1)),
    ];
    for (const piece of pieces) {
      expect(tokenBounds(piece)).toEqual({ lower: 1, upper: 1 });
      expect(countTokens(piece)).toBe(1);
    }
    expect(tokenBounds(" ".repeat(80)).upper).toBe(80);
  });
});

describe(fitsInTokens.name, () => {
  it("agrees with the exact count on either side of the budget", () => {
    const text = goldenAnswers().join("\n");
    const count = countTokens(text);
    expect(fitsInTokens(text, count)).toBe(true);
    expect(fitsInTokens(text, count - 1)).toBe(false);
  });

  it("counts a text that holds a special token's name instead of refusing it", () => {
    expect(countTokens("see <|endoftext|>.ts")).toBeGreaterThan(3);
    expect(fitsInTokens(`${"x <|endoftext|> ".repeat(50)}`, 200)).toBe(false);
  });
});

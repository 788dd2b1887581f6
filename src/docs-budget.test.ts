import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const REPO = path.resolve(import.meta.dirname, "..");

/** Words as `wc -w` counts them: runs of characters other than white space. */
function wordsIn(file: string): number {
  return fs
    .readFileSync(path.join(REPO, file), "utf8")
    .split(/\s+/)
    .filter((word) => word !== "").length;
}

describe("the entry docs stay a ten-minute read", () => {
  it("keeps docs/architecture.md, the map, within 2,000 words", () => {
    expect(wordsIn("docs/architecture.md")).toBeLessThanOrEqual(2000);
  });

  it("keeps README.md, the entry, within 1,200 words", () => {
    expect(wordsIn("README.md")).toBeLessThanOrEqual(1200);
  });
});

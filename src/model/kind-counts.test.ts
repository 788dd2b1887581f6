import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount, formatKindCounts } from "./kind-counts.js";

describe(formatCount.name, () => {
  it("groups digits by thousands exactly as toLocaleString('en-US') does, for every integer", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (n) => formatCount(n) === n.toLocaleString("en-US"),
      ),
      { seed: 16, numRuns: 2000 },
    );
    expect([0, 999, 1000, 4096, 1_234_567].map(formatCount)).toEqual(["0", "999", "1,000", "4,096", "1,234,567"]);
  });
});

describe(formatKindCounts.name, () => {
  it("lists kinds largest first, with grouped counts", () => {
    expect(formatKindCounts({ IMPORTS: 310, CALLS: 1204, READS: 310 })).toBe("CALLS 1,204 · IMPORTS 310 · READS 310");
  });
});

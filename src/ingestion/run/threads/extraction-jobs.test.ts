import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultJobs, MIN_FILES_PER_JOB, partitionByWeight, programBytes } from "./extraction-jobs.js";

const GiB = 1024 ** 3;

describe("partitionByWeight", () => {
  it("cuts the items into contiguous, non-empty ranges that cover them in order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1_000_000), { maxLength: 200 }),
        fc.integer({ min: 1, max: 12 }),
        (weights, parts) => {
          const ranges = partitionByWeight(weights, parts);
          expect(ranges.length).toBe(weights.length === 0 ? 0 : Math.min(parts, weights.length));
          let next = 0;
          for (const range of ranges) {
            expect(range.start).toBe(next);
            expect(range.end).toBeGreaterThan(range.start);
            next = range.end;
          }
          expect(next).toBe(weights.length);
        },
      ),
      { seed: 16, numRuns: 300 },
    );
  });

  it("gives each range about the same weight: no range exceeds an even share by more than its heaviest item", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 1, max: 8 }),
        (weights, parts) => {
          const ranges = partitionByWeight(weights, parts);
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          for (const range of ranges) {
            const slice = weights.slice(range.start, range.end);
            const weight = slice.reduce((sum, item) => sum + item, 0);
            expect(weight).toBeLessThanOrEqual(total / ranges.length + Math.max(...slice));
          }
        },
      ),
      { seed: 1616, numRuns: 300 },
    );
  });

  it("splits one heavy file off from many light ones", () => {
    expect(partitionByWeight([900, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10], 2)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 11 },
    ]);
  });
});

describe("defaultJobs", () => {
  const files = 4 * MIN_FILES_PER_JOB;
  const sourceBytes = 7 * 1024 * 1024;

  it("starts a thread for every two cores (V8's helper threads need the other) when the memory holds a program for each", () => {
    expect(defaultJobs({ cores: 2, availableBytes: 22 * GiB }, files, sourceBytes)).toBe(1);
    expect(defaultJobs({ cores: 4, availableBytes: 22 * GiB }, files, sourceBytes)).toBe(2);
    expect(defaultJobs({ cores: 16, availableBytes: 22 * GiB }, files, sourceBytes)).toBe(4);
  });

  it("uses fewer threads when the free memory holds fewer programs, and at least one", () => {
    const onePerThread = programBytes(sourceBytes);
    expect(defaultJobs({ cores: 16, availableBytes: 2.5 * onePerThread }, files, sourceBytes)).toBe(2);
    expect(defaultJobs({ cores: 16, availableBytes: 0.5 * onePerThread }, files, sourceBytes)).toBe(1);
  });

  it("extracts a small run on one thread: another program would cost more than it saves", () => {
    expect(defaultJobs({ cores: 16, availableBytes: 22 * GiB }, MIN_FILES_PER_JOB * 2 - 1, sourceBytes)).toBe(1);
    expect(defaultJobs({ cores: 16, availableBytes: 22 * GiB }, 3, 10_000)).toBe(1);
  });
});

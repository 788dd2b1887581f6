import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { abortClaims, claimNext, createClaimBoard, workThroughClaims, type WorkRange } from "./work-claims.js";
import { partitionByWeight } from "./extraction-jobs.js";

/** Ranges of `count` items in `parts` parts, and claims made by the threads in an order fast-check picks. */
const scenario = fc
  .record({ count: fc.integer({ min: 0, max: 120 }), parts: fc.integer({ min: 1, max: 6 }) })
  .chain(({ count, parts }) =>
    fc.record({
      ranges: fc.constant(partitionByWeight(new Array<number>(count).fill(1), parts)),
      turns: fc.array(fc.nat(parts - 1), { maxLength: 400 }),
      groups: fc.array(fc.nat(2), { minLength: count, maxLength: count }),
    }),
  );

function claimAll(
  ranges: readonly WorkRange[],
  turns: readonly number[],
  canTake: (thread: number, item: number) => boolean,
): number[][] {
  const board = createClaimBoard(ranges);
  const claims: number[][] = ranges.map(() => []);
  const live = new Set(ranges.map((_, index) => index));
  const step = (thread: number): void => {
    const item = claimNext(board, thread, (candidate) => canTake(thread, candidate));
    if (item < 0) live.delete(thread);
    else claims[thread]?.push(item);
  };
  for (const turn of turns) if (live.has(turn % ranges.length)) step(turn % ranges.length);
  while (live.size > 0) for (const thread of [...live]) step(thread);
  return claims;
}

describe("claimNext", () => {
  it("hands out every file exactly once, whatever the order the threads ask in", () => {
    fc.assert(
      fc.property(scenario, ({ ranges, turns }) => {
        if (ranges.length === 0) return;
        const claims = claimAll(ranges, turns, () => true);
        const all = claims.flat().sort((a, b) => a - b);
        expect(all).toEqual(Array.from({ length: ranges.at(-1)?.end ?? 0 }, (_, index) => index));
      }),
      { seed: 2026, numRuns: 300 },
    );
  });

  it("gives a thread its own range front to back before it takes anything else", () => {
    fc.assert(
      fc.property(scenario, ({ ranges, turns }) => {
        if (ranges.length === 0) return;
        const claims = claimAll(ranges, turns, () => true);
        claims.forEach((own, thread) => {
          const range = ranges[thread];
          if (range === undefined) return;
          const inRange = own.filter((item) => item >= range.start && item < range.end);
          expect(inRange).toEqual([...inRange].sort((a, b) => a - b));
          expect(own.slice(0, inRange.length)).toEqual(inRange.slice(0, inRange.length));
        });
      }),
      { seed: 2027, numRuns: 300 },
    );
  });

  it("never gives a thread a file it cannot take from another range, and leaves such files to their owner", () => {
    fc.assert(
      fc.property(scenario, ({ ranges, turns, groups }) => {
        if (ranges.length === 0) return;
        const ownerOf = (item: number): number => ranges.findIndex((range) => item >= range.start && item < range.end);
        const canTake = (thread: number, item: number): boolean => groups[item] === thread % 3;
        const claims = claimAll(ranges, turns, canTake);
        claims.forEach((own, thread) => {
          for (const item of own) if (ownerOf(item) !== thread) expect(canTake(thread, item)).toBe(true);
        });
        expect(claims.flat().length).toBe(ranges.at(-1)?.end ?? 0);
      }),
      { seed: 2028, numRuns: 300 },
    );
  });

  it("takes from the back of the range with the most files left once its own is done", () => {
    const board = createClaimBoard([
      { start: 0, end: 1 },
      { start: 1, end: 3 },
      { start: 3, end: 8 },
    ]);
    expect(claimNext(board, 0, () => true)).toBe(0);
    expect(claimNext(board, 0, () => true)).toBe(7);
    expect(claimNext(board, 0, () => true)).toBe(6);
    expect(claimNext(board, 2, () => true)).toBe(3);
  });

  it("hands out nothing more once a thread aborted the run", () => {
    const board = createClaimBoard([{ start: 0, end: 10 }]);
    expect(claimNext(board, 0, () => true)).toBe(0);
    abortClaims(board);
    expect(claimNext(board, 0, () => true)).toBe(-1);
  });
});

describe("workThroughClaims", () => {
  it("prepares each group once per stretch and takes no file of another group from another range", () => {
    const board = createClaimBoard([
      { start: 0, end: 2 },
      { start: 2, end: 6 },
    ]);
    const groupOf = (item: number): number => (item < 4 ? 0 : 1);
    const entered: number[] = [];
    const worked: number[] = [];
    workThroughClaims(
      board,
      0,
      groupOf,
      (group) => entered.push(group),
      (item) => worked.push(item),
    );
    // Its own two files, then the other range's files of group 0 from the back: none (the back is group 1).
    expect(worked).toEqual([0, 1]);
    expect(entered).toEqual([0]);
    const other: number[] = [];
    workThroughClaims(
      board,
      1,
      groupOf,
      () => undefined,
      (item) => other.push(item),
    );
    expect(other).toEqual([2, 3, 4, 5]);
  });
});

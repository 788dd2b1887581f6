import { describe, expect, it } from "vitest";
import { defaultBudgetBytes, rootsToRelease, type RootUse } from "./memory-budget.js";

const GB = 1024 ** 3;
const settings = { budgetBytes: GB, idleReleaseMs: 30 * 60_000 };
const now = 10_000_000;

function use(root: string, minutesAgo: number, holdsMemory = true, wholePrograms = holdsMemory): RootUse {
  return { root, lastUsedMs: now - minutesAgo * 60_000, useOrder: -minutesAgo, holdsMemory, wholePrograms };
}

describe(defaultBudgetBytes.name, () => {
  it("is a quarter of the machine's memory, or of a lower limit the process runs under", () => {
    expect(defaultBudgetBytes(16 * GB, undefined)).toBe(4 * GB);
    expect(defaultBudgetBytes(16 * GB, 0)).toBe(4 * GB);
    expect(defaultBudgetBytes(16 * GB, 2 * GB)).toBe(GB / 2);
    expect(defaultBudgetBytes(2 * GB, 64 * GB)).toBe(GB / 2);
  });
});

describe(rootsToRelease.name, () => {
  it("releases nothing under the budget while every root is in use", () => {
    expect(rootsToRelease([use("/a", 1), use("/b", 2)], GB - 1, settings, now)).toEqual([]);
  });

  it("over the budget, releases the least recently used root that holds memory, one per check", () => {
    const roots = [use("/a", 5), use("/b", 1), use("/c", 9), use("/d", 20, false)];
    expect(rootsToRelease(roots, 2 * GB, settings, now)).toEqual([
      { root: "/c", why: "the server's RSS 2048 MB is over its budget of 1024 MB" },
    ]);
  });

  it("releases the root used last, alone over the budget, once: its whole programs, never what its changes need since", () => {
    expect(rootsToRelease([use("/a", 1), use("/b", 5, false)], 2 * GB, settings, now)).toEqual([
      {
        root: "/a",
        why: "the server's RSS 2048 MB is over its budget of 1024 MB with this root's programs alone; its changes now build only what they need",
      },
    ]);
    expect(rootsToRelease([use("/a", 1, true, false), use("/b", 5, false)], 2 * GB, settings, now)).toEqual([]);
    // While another root holds anything, that one goes first.
    expect(
      rootsToRelease([use("/a", 1), use("/b", 5, true, false)], 2 * GB, settings, now).map((release) => release.root),
    ).toEqual(["/b"]);
  });

  it("orders uses by their order, not their time, which can tie", () => {
    const roots = [
      { ...use("/a", 1), useOrder: 2 },
      { ...use("/b", 1), useOrder: 1 },
    ];
    expect(rootsToRelease(roots, 2 * GB, settings, now).map((release) => release.root)).toEqual(["/b"]);
  });

  it("releases every root idle longer than the idle time, under the budget too; 0 means never", () => {
    const roots = [use("/a", 31), use("/b", 45), use("/c", 2), use("/d", 90, false)];
    expect(rootsToRelease(roots, 0, settings, now)).toEqual([
      { root: "/a", why: "unused for 31 min" },
      { root: "/b", why: "unused for 45 min" },
    ]);
    expect(rootsToRelease(roots, 0, { ...settings, idleReleaseMs: 0 }, now)).toEqual([]);
    expect(rootsToRelease([use("/a", 0.5)], 0, { ...settings, idleReleaseMs: 1000 }, now)).toEqual([
      { root: "/a", why: "unused for 30 s" },
    ]);
  });

  it("over the budget, an idle root is released once, and the next least recently used one is released too", () => {
    const roots = [use("/a", 40), use("/b", 10), use("/c", 1)];
    expect(rootsToRelease(roots, 2 * GB, settings, now).map((release) => release.root)).toEqual(["/a", "/b"]);
  });
});

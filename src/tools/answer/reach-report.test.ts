import { describe, expect, it } from "vitest";
import { briefNote, reachTextLines, type ReachEntry } from "./reach-report.js";

/** A dependant of `src/a.ts:f` at `depth`, called from its lines `start` + 1. */
function entry(file: string, name: string, depth: number, start: number): ReachEntry {
  return {
    key: `${file}:${name}`,
    name,
    kind: name === file ? "File" : "Function",
    file,
    start,
    end: start + 4,
    depth,
    links: [{ via: "src/a.ts:f", edge: "CALLS", sites: [start + 1] }],
    vias: 1,
    dispatch: false,
    degree: 1,
  };
}

const options = { direction: "in", roots: new Set(["src/a.ts:f"]), neighbours: "dependants" } as const;

describe(reachTextLines.name, () => {
  it("names the entries past the detailed ones only, several to a line under their file, a new line past 100 characters", () => {
    const names = Array.from({ length: 12 }, (_, index) => `handleRequestNumber${index}`);
    const entries = [
      entry("src/b.ts", "first", 1, 10),
      ...names.map((name, index) => entry("src/b.ts", name, 1, 20 + 10 * index)),
      entry("src/c.ts", "src/c.ts", 1, 1),
      entry("src/c.ts", "Cart.total", 2, 40),
    ];
    expect(reachTextLines(entries, options, undefined, 1)).toEqual([
      "depth 1 (14)",
      "  src/b.ts",
      "    first 10-14  calls @11",
      `    ${names.slice(0, 4).join(", ")}`,
      `    ${names.slice(4, 8).join(", ")}`,
      `    ${names.slice(8, 12).join(", ")}`,
      "  src/c.ts",
      "    <top level>",
      "depth 2 (1)",
      "  src/c.ts",
      "    Cart.total",
    ]);
  });

  it("gives every entry its lines and step when all are detailed", () => {
    expect(reachTextLines([entry("src/b.ts", "g", 1, 3), entry("src/b.ts", "h", 1, 9)], options)).toEqual([
      "depth 1 (2)",
      "  src/b.ts",
      "    g 3-7  calls @4",
      "    h 9-13  calls @10",
    ]);
  });
});

describe(briefNote.name, () => {
  it("says how many entries are named only", () => {
    expect(briefNote(300, 40)).toEqual([
      "the first 40 with their lines and the step that reaches them; the other 260 by name only",
    ]);
    expect(briefNote(40, 40)).toEqual([]);
  });
});

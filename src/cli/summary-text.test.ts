import { describe, expect, it } from "vitest";
import type { IndexSummary } from "../ingestion/run/indexer.js";
import { formatIndexSummary } from "./summary-text.js";

const summary: IndexSummary = {
  root: "/work/project",
  db: "/work/project/.ts-graph/graph.db",
  mode: "incremental",
  reason: undefined,
  files: { total: 1200, extracted: 3, removed: 1, withSyntaxErrors: 1, unreadable: 1 },
  extractedPaths: ["a.ts", "b.ts", "c.ts"],
  nodes: { total: 15000, byKind: { Function: 9000, File: 1200, Class: 4800 } },
  edges: { total: 2500, byKind: { CALLS: 2000, IMPORTS: 500 } },
  syntaxErrors: [{ file: "b.ts", line: 3, column: 7, message: "',' expected." }],
  unreadable: [{ file: "gone.ts", reason: "ENOENT: no such file or directory" }],
  warnings: [],
  skipped: { outside: 0, throughLinks: 0, outsideLinks: [], loops: [] },
  durationMs: 1234,
  dbBytes: 5 * 1024 * 1024,
  jobs: 1,
};

describe("formatIndexSummary", () => {
  it("states the mode, the counts by kind (largest first), the time, and every problem", () => {
    const text = formatIndexSummary(summary).split("\n");
    expect(text[0]).toBe("ts-graph: /work/project — incremental: 3 re-extracted, 1 removed");
    expect(text[1]).toBe("  files  1,200 (3 extracted, 1 removed, 1 with syntax errors, 1 unreadable)");
    expect(text[2]).toBe("  nodes  15,000: Function 9,000 · Class 4,800 · File 1,200");
    expect(text[3]).toBe("  edges  2,500: CALLS 2,000 · IMPORTS 500");
    expect(text[4]).toMatch(/^ {2}time {3}1\.23 s · database 5\.0 MB at /);
    expect(text.slice(5)).toEqual([
      "syntax errors (indexed as far as they parse):",
      "  b.ts:3:7 ',' expected.",
      "unreadable files (skipped):",
      "  gone.ts: ENOENT: no such file or directory",
    ]);
  });

  it("says what discovery skipped and why, naming only the links inside the root", () => {
    const skipped = { outside: 2, throughLinks: 1, outsideLinks: ["src/vendor"], loops: ["src/self"] };
    const line = formatIndexSummary({ ...summary, skipped })
      .split("\n")
      .find((text) => text.startsWith("  skipped "));
    expect(line).toBe(
      "  skipped 2 files whose real path is outside the root; 1 symbolic link leading outside the root (src/vendor); " +
        "1 symbolic link loop (src/self); 1 file reached through a link inside the root (indexed once, under the real path)",
    );
    expect(formatIndexSummary(summary)).not.toMatch(/skipped /);
  });

  it("names how many TypeScript files no tsconfig lists, and the first of them", () => {
    const unlistedSample = [
      "scripts/a.ts",
      "scripts/b.ts",
      "scripts/c.ts",
      "scripts/d.ts",
      "scripts/e.ts",
      "scripts/f.ts",
    ];
    const skipped = { outside: 0, throughLinks: 0, outsideLinks: [], loops: [], unlisted: 58, unlistedSample };
    const line = formatIndexSummary({ ...summary, skipped })
      .split("\n")
      .find((text) => text.startsWith("  skipped "));
    expect(line).toBe(
      "  skipped 58 TypeScript files that no tsconfig lists (scripts/a.ts, scripts/b.ts, scripts/c.ts, scripts/d.ts, scripts/e.ts, … 53 more)",
    );
  });

  it("says how many threads extracted, when more than one did", () => {
    expect(formatIndexSummary({ ...summary, jobs: 2 }).split("\n")[4]).toMatch(
      /^ {2}time {3}1\.23 s \(2 threads extracting\) · database /,
    );
  });

  it("says why a full index re-extracted everything, and when nothing changed", () => {
    expect(formatIndexSummary({ ...summary, mode: "full", reason: "no database yet" })).toMatch(
      /full index \(no database yet\)/,
    );
    expect(formatIndexSummary({ ...summary, mode: "noop" })).toMatch(/up to date, nothing changed/);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ApiChange } from "./api-rules.js";
import { buildReport, DEFAULT_COMMENT_CHARS, MIN_COMMENT_CHARS, type DiffReport } from "./diff-report.js";
import { breakingSection, formatMarkdownComment } from "./format-comment.js";
import { formatMarkdown, summaryLine } from "./format-diff.js";
import type { ChangedDeclaration, GraphDiff } from "./graph-diff.js";

const EXPORTED = { kind: "Method", modifiers: [], exported: true } as const;

/** A method of an interface in folder `pkg<n % folders>`, given an optional parameter (compatible) or a required one (breaking). */
function methodChange(
  index: number,
  folders: number,
  breaking: boolean,
): { changed: ChangedDeclaration; api: ApiChange } {
  const key = `packages/pkg${index % folders}/src/store${index % 7}.ts:Store${index}.drop`;
  const before = `drop(id: string): Promise<void>`;
  const after = breaking
    ? `drop(id: string, reason: string): Promise<void>`
    : `drop(id: string, options?: DropOptions): Promise<void>`;
  return {
    changed: {
      key,
      aspects: ["signature"],
      before: { ...EXPORTED, signature: before },
      after: { ...EXPORTED, signature: after },
    },
    api: {
      key,
      change: "changed",
      verdict: breaking ? "breaking" : "compatible",
      reasons: [breaking ? "required parameter `reason` added" : "optional parameter `options` added"],
    },
  };
}

function reportOf(compatible: number, breaking: number, folders = 5): DiffReport {
  const changes = [
    ...Array.from({ length: compatible }, (_, index) => methodChange(index, folders, false)),
    ...Array.from({ length: breaking }, (_, index) => methodChange(compatible + index, folders, true)),
  ];
  const diff: GraphDiff = {
    filesAdded: [],
    filesRemoved: [],
    added: [],
    removed: [],
    changed: changes.map((change) => change.changed),
    moved: [],
    edges: changes.map((change) => ({
      key: change.changed.key,
      added: [{ kind: "USES_TYPE", target: "packages/pkg0/src/types.ts:DropOptions" }],
      removed: [],
    })),
  };
  const seeds = changes.map((change) => ({
    key: change.changed.key,
    side: "head" as const,
    dependants: 3,
    tests: [`test/${change.changed.key.length}.test.ts`],
  }));
  return buildReport({
    base: "main (1a2b3c4d5e6f)",
    head: ".",
    diff,
    api: changes.map((change) => change.api).sort((a, b) => (a.key < b.key ? -1 : 1)),
    apiSurface: { rule: "every export", note: "every export: no entry points found" },
    impact: {
      depth: 3,
      seeds,
      dependants: changes.flatMap((change, index) =>
        [1, 2, 3].map((n) => ({
          key: `apps/app${n}/src/use${index}.ts:use${index}`,
          file: `apps/app${n}/src/use${index}.ts`,
          depth: 1,
          via: change.changed.key,
          edge: "CALLS",
          side: "head" as const,
        })),
      ),
      tests: [...new Set(seeds.flatMap((seed) => seed.tests))].sort(),
    },
    failOn: "breaking",
    bodiesCompared: true,
  });
}

/** A report whose head lines are as long as the comment lets them be (long names, gate reason and API note). */
function longHeaded(report: DiffReport): DiffReport {
  const long = "x".repeat(900);
  return {
    ...report,
    base: long,
    head: long,
    gate: report.gate === undefined ? undefined : { ...report.gate, reason: long },
    apiSurface: { ...report.apiSurface, note: long },
  };
}

/** The text states the number of breaking changes and lists them all, or some and how many more the full report has, or says the full report has them. */
function expectBreakingAccounted(text: string, report: DiffReport): void {
  const breaking = report.api.filter((change) => change.verdict === "breaking");
  if (breaking.length === 0) return;
  expect(text).toContain(`**Breaking API changes (${breaking.length})**`);
  const listed = breaking.filter((change) => text.includes(`- \`${change.key}\` (`)).length;
  const left = breaking.length - listed;
  const noun = (count: number) => (count === 1 ? "breaking change" : "breaking changes");
  if (left === 0) return;
  const more = `- … ${left} more ${noun(left)} in the full report`;
  const countOnly = `${left} ${noun(left)} in the full report, none listed here`;
  expect(text.includes(more) || (listed === 0 && text.includes(countOnly))).toBe(true);
}

describe("the PR comment of ts-graph diff --format markdown", () => {
  it("stays under GitHub's limit with hundreds of compatible changes, keeps every breaking change, and states the full report's counts", () => {
    const report = reportOf(600, 12);
    const full = formatMarkdown(report, 30);
    expect(full.length).toBeGreaterThan(65_536);
    const comment = formatMarkdownComment(report, {
      maxChars: DEFAULT_COMMENT_CHARS,
      maxGraphNodes: 30,
      fullReport: "ts-graph-diff-full.md",
    });
    expect(comment.length).toBeLessThanOrEqual(DEFAULT_COMMENT_CHARS);
    expect(comment.startsWith("<!-- ts-graph-diff -->\n")).toBe(true);
    expect(comment).toContain("**Failed** (`--fail-on breaking`): 12 breaking API changes.");
    expect(comment).toContain(`\n${summaryLine(report)}\n`);
    expect(full).toContain(`\n${summaryLine(report)}\n`);
    expect(comment).toContain("**Breaking API changes (12)**");
    for (const change of report.api.filter((entry) => entry.verdict === "breaking"))
      expect(comment).toContain(`- \`${change.key}\` (changed): required parameter`);
    expect(comment).toContain("<details><summary>Other API changes (600), by folder and kind</summary>");
    expect(comment).toMatch(/\| `packages\/pkg0\/src` \| changed \| compatible \| 120 \|/);
    expect(comment).toContain("_API: every export: no entry points found._");
    expect(comment).toContain("the full report, `ts-graph-diff-full.md`.");
  });

  it("lists as many breaking changes as fit when even they exceed the budget, and says how many more the full report has", () => {
    const report = reportOf(0, 400, 50);
    const comment = formatMarkdownComment(report, { maxChars: 8000, maxGraphNodes: 30, fullReport: undefined });
    expect(comment.length).toBeLessThanOrEqual(8000);
    const listed = comment.split("\n").filter((line) => line.startsWith("- `packages/")).length;
    expect(listed).toBeGreaterThan(10);
    expect(comment).toContain(`- … ${400 - listed} more breaking changes in the full report`);
    expect(comment).toContain("**Breaking API changes (400)**");
    expect(comment).toContain("see the full report, `ts-graph diff --format markdown --full`.");
  });

  it("never exceeds the budget and always states the number of breaking changes, whatever the report's size", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 700 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: MIN_COMMENT_CHARS, max: 70_000 }),
        (compatible, breaking, folders, maxChars) => {
          const report = reportOf(compatible, breaking, folders);
          const comment = formatMarkdownComment(report, { maxChars, maxGraphNodes: 30, fullReport: "full.md" });
          expect(comment.length).toBeLessThanOrEqual(maxChars);
          expect(comment).toContain(
            `${breaking === 1 ? "1 breaking API change" : `${breaking} breaking API changes`}, `,
          );
          if (breaking > 0) expect(comment).toContain(`**Breaking API changes (${breaking})**`);
          expect(comment).toContain(summaryLine(report));
          expectBreakingAccounted(comment, report);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keeps the breaking changes' count and where the rest are when the head is as long as it gets and the budget the smallest", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 200 }), (breaking, compatible) => {
        const report = longHeaded(reportOf(compatible, breaking, 7));
        const comment = formatMarkdownComment(report, {
          maxChars: MIN_COMMENT_CHARS,
          maxGraphNodes: 30,
          fullReport: "f".repeat(500),
        });
        expect(comment.length).toBeLessThanOrEqual(MIN_COMMENT_CHARS);
        expectBreakingAccounted(comment, report);
      }),
      { seed: 2201, numRuns: 40 },
    );
  });

  it("the breaking section never vanishes: in any room it lists every change, or some and how many more, or their count", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 4000 }), (breaking, room) => {
        const report = reportOf(0, breaking, 7);
        const changes = report.api.filter((change) => change.verdict === "breaking");
        const { lines } = breakingSection(changes, room);
        const text = lines.join("\n");
        expectBreakingAccounted(text, report);
        const countOnly = lines.length === 2;
        if (!countOnly) expect(lines.reduce((size, line) => size + line.length + 1, 0)).toBeLessThanOrEqual(room);
      }),
      { seed: 2202, numRuns: 200 },
    );
  });
});

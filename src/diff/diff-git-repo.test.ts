import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { makeTempDir, removeTempDirs, runCli } from "../test-support/fixtures.js";
import { git, makeDiffRepository, type DiffRepository } from "../test-support/git-repository.js";
import type { DiffReport } from "./diff-report.js";

afterAll(removeTempDirs);

describe("ts-graph diff of two commits of a git repository", () => {
  let repo: DiffRepository;
  beforeAll(() => {
    repo = makeDiffRepository();
  });

  it("reports the exact changes, API verdicts and impact as JSON, and fails the breaking gate with its own exit code", () => {
    const result = runCli([
      "diff",
      repo.base,
      "main",
      "--root",
      repo.root,
      "--format",
      "json",
      "--fail-on",
      "breaking",
    ]);
    expect(result.stderr).toContain("diff failed --fail-on breaking: 2 breaking API changes");
    expect(result.status).toBe(3);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    const state = (signature: string) => ({ kind: "Function", signature, modifiers: ["export"], exported: true });
    expect(report).toEqual({
      format: "ts-graph-diff",
      version: 2,
      base: `${repo.base} (${repo.base.slice(0, 12)})`,
      head: `main (${repo.head.slice(0, 12)})`,
      summary: {
        filesAdded: 1,
        filesRemoved: 0,
        added: 0,
        removed: 1,
        changed: 2,
        moved: 1,
        edgesChanged: 2,
        api: { breaking: 2, unclassified: 1, compatible: 0 },
        dependants: 1,
        tests: 1,
      },
      gate: { failOn: "breaking", failed: true, reason: "2 breaking API changes" },
      files: { added: ["src/text.ts"], removed: [] },
      declarations: {
        added: [],
        removed: [
          {
            key: "src/format.ts:legacyTotal",
            kind: "Function",
            exported: true,
            signature: "export function legacyTotal(items: readonly number[]): number",
          },
        ],
        changed: [
          {
            key: "src/cart.ts:describeCart",
            aspects: ["body"],
            before: state("export function describeCart(items: readonly number[]): string"),
            after: state("export function describeCart(items: readonly number[]): string"),
          },
          {
            key: "src/format.ts:formatPrice",
            aspects: ["signature", "body"],
            before: state("export function formatPrice(cents: number): string"),
            after: state("export function formatPrice(cents: bigint): string"),
          },
        ],
        moved: [
          {
            from: "src/format.ts:shout",
            to: "src/text.ts:shout",
            how: "moved",
            matchedBy: "body",
            before: state("export function shout(text: string): string"),
            after: state("export function shout(text: string): string"),
          },
        ],
      },
      edges: [
        { key: "src/cart.ts", added: [{ kind: "IMPORTS", target: "src/text.ts" }], removed: [] },
        { key: "src/cart.ts:describeCart", added: [{ kind: "CALLS", target: "src/text.ts:shout" }], removed: [] },
      ],
      api: [
        {
          key: "src/format.ts:formatPrice",
          change: "changed",
          verdict: "breaking",
          reasons: ["parameter `cents` type narrowed or changed: `number` → `bigint`"],
        },
        { key: "src/format.ts:legacyTotal", change: "removed", verdict: "breaking", reasons: ["export removed"] },
        {
          key: "src/text.ts:shout",
          change: "moved",
          verdict: "unclassified",
          reasons: ["moved to another file: importers of the old file break unless it re-exports the declaration"],
        },
      ],
      apiSurface: { rule: "every export", note: "every export: no entry points found" },
      impact: {
        depth: 3,
        seeds: [
          { key: "src/cart.ts:describeCart", side: "head", dependants: 0, tests: ["test/cart.test.ts"] },
          { key: "src/format.ts:formatPrice", side: "head", dependants: 1, tests: ["test/cart.test.ts"] },
          { key: "src/format.ts:legacyTotal", side: "base", dependants: 0, tests: [] },
          { key: "src/text.ts:shout", side: "head", dependants: 1, tests: ["test/cart.test.ts"] },
        ],
        dependants: [
          {
            key: "src/cart.ts:describeCart",
            file: "src/cart.ts",
            depth: 1,
            via: "src/format.ts:formatPrice",
            edge: "CALLS",
            side: "head",
          },
        ],
        tests: ["test/cart.test.ts"],
      },
      bodies: "compared",
    });
  });

  it("writes a Markdown comment that says first why the gate failed, with the rest grouped and folded, and the complete report with --full", () => {
    const scratch = makeTempDir("ts-graph-diff-markdown-");
    const fullOut = path.join(scratch, "full.md");
    const result = runCli([
      "diff",
      repo.base,
      "main",
      "--root",
      repo.root,
      "--format",
      "markdown",
      "--fail-on",
      "breaking",
      "--full-out",
      fullOut,
    ]);
    expect(result.status).toBe(3);
    const lines = result.stdout.split("\n");
    expect(lines[0]).toBe("<!-- ts-graph-diff -->");
    expect(lines).toContain("**Failed** (`--fail-on breaking`): 2 breaking API changes.");
    const summary =
      "2 breaking API changes, 1 not classified, 0 compatible · declarations: 2 changed, 0 added, 1 removed, 1 moved or renamed · impact: 1 dependant, 1 test file to run";
    expect(lines).toContain(summary);
    expect(lines).toContain(
      "- `src/format.ts:formatPrice` (changed): parameter `cents` type narrowed or changed: `number` → `bigint`",
    );
    expect(lines).toContain("<details><summary>Other API changes (1), by folder and kind</summary>");
    expect(lines).toContain("| `src` | moved | not classified | 1 | shout |");
    expect(lines).toContain("```mermaid");
    expect(lines.indexOf("**Failed** (`--fail-on breaking`): 2 breaking API changes.")).toBeLessThan(
      lines.indexOf("<details><summary>Other API changes (1), by folder and kind</summary>"),
    );
    expect(lines.at(-2)).toBe("Every change, one by one: the full report, `full.md`.");

    const full = runCli([
      "diff",
      repo.base,
      "main",
      "--root",
      repo.root,
      "--format",
      "markdown",
      "--fail-on",
      "breaking",
      "--full",
    ]);
    expect(full.status).toBe(3);
    expect(fs.readFileSync(fullOut, "utf8")).toBe(full.stdout);
    const fullLines = full.stdout.split("\n");
    expect(fullLines).toContain(summary);
    expect(fullLines).toContain("<details><summary>Exported API (3)</summary>");
    expect(fullLines).toContain("- moved `src/format.ts:shout` → `src/text.ts:shout`");
  });

  it("refuses --full with a format other than markdown, and a comment budget too small to hold the summary (exit 2)", () => {
    const full = runCli(["diff", "main", "main", "--root", repo.root, "--format", "json", "--full"]);
    expect(full.status).toBe(2);
    expect(full.stderr).toContain("--full apply to --format markdown only");
    const small = runCli(["diff", "main", "main", "--root", repo.root, "--max-chars", "100"]);
    expect(small.status).toBe(2);
    expect(small.stderr).toContain("give a whole number of at least 4000");
  });

  it("passes the gate, exit 0, when nothing changed between the two sides", () => {
    const result = runCli(["diff", "main", "main", "--root", repo.root, "--format", "text", "--fail-on", "any"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Passed (--fail-on any): no declaration or edge changed.");
  });

  it("gives the same report from every kind of side: snapshot files, databases away from their sources, git refs (bodies compared, the move matched by body)", () => {
    const scratch = makeTempDir("ts-graph-diff-sides-");
    git(repo.root, "checkout", "-q", repo.base);
    try {
      expect(runCli(["snapshot", repo.root, "--out", path.join(scratch, "base.jsonl")]).status).toBe(0);
      expect(runCli(["index", repo.root, "--db", path.join(scratch, "base.db")]).status).toBe(0);
    } finally {
      git(repo.root, "checkout", "-q", "main");
    }
    expect(runCli(["snapshot", repo.root, "--out", path.join(scratch, "head.jsonl")]).status).toBe(0);
    expect(runCli(["index", repo.root, "--db", path.join(scratch, "head.db")]).status).toBe(0);
    const reportOf = (base: string, head: string) => {
      const result = runCli(["diff", base, head, "--root", repo.root, "--format", "json"]);
      expect(result.status).toBe(0);
      const { base: _base, head: _head, apiSurface, ...report } = JSON.parse(result.stdout) as DiffReport;
      // Every export is API on every kind of side here: the repository has no package.json; a snapshot or a database has no sources.
      expect(apiSurface.rule).toBe("every export");
      return report;
    };
    const byRefs = reportOf(repo.base, "main");
    expect(byRefs.bodies).toBe("compared");
    expect(byRefs.declarations.moved.map((move) => [move.from, move.to, move.matchedBy])).toEqual([
      ["src/format.ts:shout", "src/text.ts:shout", "body"],
    ]);
    expect(reportOf(path.join(scratch, "base.jsonl"), path.join(scratch, "head.jsonl"))).toEqual(byRefs);
    expect(reportOf(path.join(scratch, "base.jsonl"), path.join(scratch, "head.db"))).toEqual(byRefs);
    // base.db's sources are no longer on disk (the checkout is at main): its body hashes were stored when it was indexed.
    expect(reportOf(path.join(scratch, "base.db"), path.join(scratch, "head.db"))).toEqual(byRefs);
  });

  it("matches a renamed declaration by signature and body hash between two snapshot files, and says the rename breaks", () => {
    const scratch = makeTempDir("ts-graph-diff-rename-");
    const write = (folder: string, text: string) => {
      fs.mkdirSync(path.join(scratch, folder, "src"), { recursive: true });
      fs.writeFileSync(
        path.join(scratch, folder, "tsconfig.json"),
        JSON.stringify({ compilerOptions: { strict: true, types: [] }, include: ["src"] }),
      );
      fs.writeFileSync(path.join(scratch, folder, "src", "price.ts"), text);
      expect(
        runCli(["snapshot", path.join(scratch, folder), "--out", path.join(scratch, `${folder}.jsonl`)]).status,
      ).toBe(0);
    };
    write(
      "before",
      "export function netPrice(gross: number, rate: number): number {\n  return gross / (1 + rate);\n}\n",
    );
    write(
      "after",
      "// moved down a line\nexport function priceWithoutTax(gross: number, rate: number): number {\n  return gross / (1 + rate);\n}\n",
    );
    const result = runCli([
      "diff",
      path.join(scratch, "before.jsonl"),
      path.join(scratch, "after.jsonl"),
      "--root",
      scratch,
      "--format",
      "json",
    ]);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as DiffReport;
    expect(report.bodies).toBe("compared");
    expect(report.declarations.moved.map((move) => [move.from, move.to, move.how, move.matchedBy])).toEqual([
      ["src/price.ts:netPrice", "src/price.ts:priceWithoutTax", "renamed", "body"],
    ]);
    expect(report.declarations.added).toEqual([]);
    expect(report.declarations.removed).toEqual([]);
    expect(report.api.map((change) => [change.key, change.change, change.verdict])).toEqual([
      ["src/price.ts:priceWithoutTax", "renamed", "breaking"],
    ]);
  });

  it("refuses a side that is no snapshot, database, folder or ref, with exit 2 and what to give", () => {
    const result = runCli(["diff", "no-such-ref", "main", "--root", repo.root]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /no-such-ref is not a file or folder \(from .+\), nor a git ref of .+; give a snapshot, a database, a folder or a commit/,
    );
  });
});

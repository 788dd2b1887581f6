import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs, runCli } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

function git(root: string, ...args: string[]): string {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** A repository whose commits after `base` change a parameter type, add a caller, move a function and delete an export. */
function makeRepository(): { root: string; base: string; head: string } {
  const root = makeTempDir("ts-graph-diff-repo-");
  git(root, "init", "-q", "-b", "main");
  git(root, "config", "user.email", "test@example.com");
  git(root, "config", "user.name", "test");
  write(root, "tsconfig.json", JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", types: [] }, include: ["src", "test"] }));
  write(root, "src/format.ts", "export function formatPrice(cents: number): string {\n  return `$${(cents / 100).toFixed(2)}`;\n}\n\nexport function shout(text: string): string {\n  return text.toUpperCase();\n}\n\nexport function legacyTotal(items: readonly number[]): number {\n  return items.reduce((sum, item) => sum + item, 0);\n}\n");
  write(root, "src/cart.ts", 'import { formatPrice } from "./format";\n\nexport function describeCart(items: readonly number[]): string {\n  return formatPrice(items.length);\n}\n');
  write(root, "test/cart.test.ts", 'import { describeCart } from "../src/cart";\n\nexport function testDescribeCart(): boolean {\n  return describeCart([1, 2]) === "$0.02";\n}\n');
  git(root, "add", "-A");
  git(root, "commit", "-qm", "base");
  const base = git(root, "rev-parse", "HEAD");
  // 1. An exported function's parameter type changes (narrowed: number → bigint).
  write(root, "src/format.ts", "export function formatPrice(cents: bigint): string {\n  return `$${(Number(cents) / 100).toFixed(2)}`;\n}\n\nexport function shout(text: string): string {\n  return text.toUpperCase();\n}\n\nexport function legacyTotal(items: readonly number[]): number {\n  return items.reduce((sum, item) => sum + item, 0);\n}\n");
  write(root, "src/cart.ts", 'import { formatPrice } from "./format";\n\nexport function describeCart(items: readonly number[]): string {\n  return formatPrice(BigInt(items.length));\n}\n');
  git(root, "commit", "-qam", "formatPrice takes bigint");
  // 2. A caller is added.
  write(root, "src/cart.ts", 'import { formatPrice, shout } from "./format";\n\nexport function describeCart(items: readonly number[]): string {\n  return shout(formatPrice(BigInt(items.length)));\n}\n');
  git(root, "commit", "-qam", "describeCart shouts");
  // 3. A function moves to another file (lines of the others move too).
  write(root, "src/format.ts", "export function formatPrice(cents: bigint): string {\n  return `$${(Number(cents) / 100).toFixed(2)}`;\n}\n\nexport function legacyTotal(items: readonly number[]): number {\n  return items.reduce((sum, item) => sum + item, 0);\n}\n");
  write(root, "src/text.ts", "export function shout(text: string): string {\n  return text.toUpperCase();\n}\n");
  write(root, "src/cart.ts", 'import { formatPrice } from "./format";\nimport { shout } from "./text";\n\nexport function describeCart(items: readonly number[]): string {\n  return shout(formatPrice(BigInt(items.length)));\n}\n');
  git(root, "add", "-A");
  git(root, "commit", "-qm", "shout moves to text.ts");
  // 4. An export is deleted.
  write(root, "src/format.ts", "export function formatPrice(cents: bigint): string {\n  return `$${(Number(cents) / 100).toFixed(2)}`;\n}\n");
  git(root, "commit", "-qam", "legacyTotal goes");
  return { root, base, head: git(root, "rev-parse", "HEAD") };
}

describe("ts-graph diff of two commits of a git repository", () => {
  let repo: { root: string; base: string; head: string };
  beforeAll(() => {
    repo = makeRepository();
  });

  it("reports the exact changes, API verdicts and impact as JSON, and fails the breaking gate with its own exit code", () => {
    const result = runCli(["diff", repo.base, "main", "--root", repo.root, "--format", "json", "--fail-on", "breaking"]);
    expect(result.stderr).toContain("diff failed --fail-on breaking: 2 breaking API changes");
    expect(result.status).toBe(3);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    const state = (signature: string) => ({ kind: "Function", signature, modifiers: ["export"], exported: true });
    expect(report).toEqual({
      format: "ts-graph-diff",
      version: 1,
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
        removed: [{ key: "src/format.ts:legacyTotal", kind: "Function", exported: true, signature: "export function legacyTotal(items: readonly number[]): number" }],
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
        { key: "src/format.ts:formatPrice", change: "changed", verdict: "breaking", reasons: ["parameter `cents` type narrowed or changed: `number` → `bigint`"] },
        { key: "src/format.ts:legacyTotal", change: "removed", verdict: "breaking", reasons: ["export removed"] },
        {
          key: "src/text.ts:shout",
          change: "moved",
          verdict: "unclassified",
          reasons: ["moved to another file: importers of the old file break unless it re-exports the declaration"],
        },
      ],
      impact: {
        depth: 3,
        seeds: [
          { key: "src/cart.ts:describeCart", side: "head", dependants: 0, tests: ["test/cart.test.ts"] },
          { key: "src/format.ts:formatPrice", side: "head", dependants: 1, tests: ["test/cart.test.ts"] },
          { key: "src/format.ts:legacyTotal", side: "base", dependants: 0, tests: [] },
          { key: "src/text.ts:shout", side: "head", dependants: 1, tests: ["test/cart.test.ts"] },
        ],
        dependants: [{ key: "src/cart.ts:describeCart", file: "src/cart.ts", depth: 1, via: "src/format.ts:formatPrice", edge: "CALLS", side: "head" }],
        tests: ["test/cart.test.ts"],
      },
      bodies: "compared",
    });
  });

  it("writes a Markdown comment that says first why the gate failed, with details folded and the impacted graph", () => {
    const result = runCli(["diff", repo.base, "main", "--root", repo.root, "--format", "markdown", "--fail-on", "breaking"]);
    expect(result.status).toBe(3);
    const lines = result.stdout.split("\n");
    expect(lines[0]).toBe("<!-- ts-graph-diff -->");
    expect(lines).toContain("**Failed** (`--fail-on breaking`): 2 breaking API changes.");
    expect(lines).toContain("2 breaking API changes, 1 not classified, 0 compatible · declarations: 2 changed, 0 added, 1 removed, 1 moved or renamed · impact: 1 dependant, 1 test file to run");
    expect(lines).toContain("- `src/format.ts:formatPrice` (changed): parameter `cents` type narrowed or changed: `number` → `bigint`");
    expect(lines).toContain("<details><summary>Exported API (3)</summary>");
    expect(lines).toContain("- moved `src/format.ts:shout` → `src/text.ts:shout`");
    expect(lines).toContain("```mermaid");
    expect(lines.indexOf("**Failed** (`--fail-on breaking`): 2 breaking API changes.")).toBeLessThan(lines.indexOf("<details><summary>Exported API (3)</summary>"));
  });

  it("passes the gate, exit 0, when nothing changed between the two sides", () => {
    const result = runCli(["diff", "main", "main", "--root", repo.root, "--format", "text", "--fail-on", "any"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Passed (--fail-on any): no declaration or edge changed.");
  });
});

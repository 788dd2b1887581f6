import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs, runCli } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

function write(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** Two apps (a, b) that both use a shared package (c), each a tsconfig project referencing c. */
function writeMonorepo(root: string): void {
  const project = (references: string[]) =>
    JSON.stringify({
      compilerOptions: {
        composite: true,
        strict: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        rootDir: "src",
        outDir: "dist",
        types: [],
      },
      include: ["src"],
      references: references.map((reference) => ({ path: reference })),
    });
  write(
    root,
    "tsconfig.json",
    JSON.stringify({
      files: [],
      references: [{ path: "./packages/c" }, { path: "./packages/a" }, { path: "./packages/b" }],
    }),
  );
  write(root, "packages/c/tsconfig.json", project([]));
  write(
    root,
    "packages/c/src/index.ts",
    "export class Money {\n  constructor(readonly cents: number) {}\n  add(other: Money): Money {\n    return new Money(this.cents + other.cents);\n  }\n}\n\nexport function format(money: Money): string {\n  return `$${money.cents / 100}`;\n}\n",
  );
  write(root, "packages/a/tsconfig.json", project(["../c"]));
  write(
    root,
    "packages/a/src/cart.ts",
    'import { Money, format } from "../../c/src/index";\n\nexport function total(prices: readonly number[]): string {\n  return format(prices.reduce((sum, cents) => sum.add(new Money(cents)), new Money(0)));\n}\n',
  );
  write(root, "packages/b/tsconfig.json", project(["../c"]));
  write(
    root,
    "packages/b/src/invoice.ts",
    'import { Money, format } from "../../c/src/index";\n\nexport class Invoice {\n  lines: Money[] = [];\n  describe(): string {\n    return this.lines.map(format).join(", ");\n  }\n}\n',
  );
}

describe("ts-graph merge", () => {
  it("merges per-project snapshots (each job with the projects it references) into the snapshot of one index of the checkout", () => {
    const root = makeTempDir("ts-graph-merge-");
    const scratch = makeTempDir("ts-graph-merge-out-");
    writeMonorepo(root);
    const job = (name: string, ...projects: string[]) => {
      const out = path.join(scratch, `${name}.jsonl`);
      const tsconfigs = projects.flatMap((project) => [
        "--tsconfig",
        path.join(root, "packages", project, "tsconfig.json"),
      ]);
      const result = runCli(["snapshot", root, ...tsconfigs, "--db", path.join(scratch, `${name}.db`), "--out", out]);
      expect(result.status, result.stderr).toBe(0);
      return out;
    };
    const full = fs.readFileSync(job("full"), "utf8");
    const jobA = job("a", "a", "c");
    const jobB = job("b", "b", "c");
    expect(fs.readFileSync(jobA, "utf8")).not.toBe(full);
    expect(fs.readFileSync(jobB, "utf8")).toContain(
      '"source":"packages/b/src/invoice.ts:Invoice.describe","target":"packages/c/src/index.ts:format"',
    );

    const merged = runCli(["merge", jobA, jobB, "--out", path.join(scratch, "merged.jsonl")]);
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stderr).toBe("");
    expect(fs.readFileSync(path.join(scratch, "merged.jsonl"), "utf8")).toBe(full);
  });

  it("refuses a file that is not a snapshot, and parts that disagree, with exit 2 and what is wrong", () => {
    const scratch = makeTempDir("ts-graph-merge-bad-");
    const header = '{"format":"ts-graph-snapshot","version":7,"nodes":1,"edges":0,"externalEdges":0,"dynamicCalls":0}';
    const node = (signature: string) =>
      `{"node":"a.ts:f","kind":"Function","name":"f","file":"a.ts","lines":[1,1],"nameLine":1,"exported":true,"modifiers":["export"],"signature":"${signature}"}`;
    write(scratch, "one.jsonl", `${header}\n${node("export function f(): void")}\n`);
    write(scratch, "two.jsonl", `${header}\n${node("export function f(x: number): void")}\n`);
    write(scratch, "notes.txt", "hello\n");
    const disagree = runCli(["merge", path.join(scratch, "one.jsonl"), path.join(scratch, "two.jsonl")]);
    expect(disagree.status).toBe(2);
    expect(disagree.stderr).toContain("node a.ts:f differs between");
    expect(disagree.stdout).toBe("");
    expect(runCli(["merge", path.join(scratch, "notes.txt")]).status).toBe(2);
  });
});

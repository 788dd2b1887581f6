import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, runCli } from "../../src/test-support/fixtures.js";
import { answeredDeclarations, groupedDeclarations, truthItemOf } from "./items.js";
import { scoreTask } from "./score.js";
import { createOracle, type Oracle } from "./truth.js";

/** A type and a value of one name: an interface with a function (one merged item), an interface with an arrow `const`. */
const SCHEMA = `/** An ensured value. */
export interface Ensure {
  readonly kind: "ensure";
}
/** Ensures a value. */
export function Ensure(value: number): Ensure {
  return make(value);
}
export function make(value: number): Ensure {
  return value > 0 ? { kind: "ensure" } : build("none");
}
export interface Tagged {
  readonly tag: string;
}
export const Tagged = (tag: string): Tagged => ({ tag: build(tag).kind });
export function build(tag: string): Ensure {
  return { kind: tag === "" ? "ensure" : "ensure" };
}
export function start(): Tagged {
  return Tagged(Ensure(1).kind);
}
`;

describe("the bench's items of a declaration sharing its name with a type", () => {
  let root: string;
  let oracle: Oracle;
  const answer = (...args: string[]): string => {
    const result = runCli([...args, "--db", path.join(root, "graph.db")], { cwd: root });
    if (result.status !== 0) throw new Error(result.stderr);
    return result.stdout;
  };
  const asTruthNames = (text: string): string[] => [
    ...new Set(answeredDeclarations(text).map((found) => truthItemOf(found, oracle.declarationSpans(found.file)))),
  ];
  beforeAll(() => {
    root = makeTempDir();
    fs.mkdirSync(path.join(root, "src"));
    fs.writeFileSync(path.join(root, "src", "schema.ts"), SCHEMA);
    fs.writeFileSync(
      path.join(root, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", types: [] }, include: ["src"] }),
    );
    const indexed = runCli(["index", root, "--db", path.join(root, "graph.db"), "--force", "--quiet"], { cwd: root });
    if (indexed.status !== 0) throw new Error(indexed.stderr);
    oracle = createOracle(root, path.join(root, "tsconfig.json"));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("matches the CLI's `Ensure#function` and `Tagged#function` to the truth's items by their declarations' lines", () => {
    const truth = oracle.pathNodes("src/schema.ts#start", "src/schema.ts#build", 6, 1000) ?? [];
    expect(truth).toEqual([
      "src/schema.ts#Ensure",
      "src/schema.ts#Tagged#variable",
      "src/schema.ts#build",
      "src/schema.ts#make",
      "src/schema.ts#start",
    ]);
    const text = answer("paths", "src/schema.ts:start", "src/schema.ts:build");
    // The CLI names the value of each pair apart from its type; read by name, both are misleading and missed.
    expect(scoreTask(truth, groupedDeclarations(text)).falsePositives).toEqual([
      "src/schema.ts#Ensure#function",
      "src/schema.ts#Tagged#function",
    ]);
    const score = scoreTask(truth, asTruthNames(text));
    expect({ misleading: score.falsePositives, missed: score.missed }).toEqual({ misleading: [], missed: [] });
  });

  it("matches them the same way in a blast radius, and keeps the interface of the pair its own item", () => {
    const truth = oracle.dependants("src/schema.ts#build", 3);
    const score = scoreTask(truth, asTruthNames(answer("impact", "src/schema.ts:build")));
    expect({ misleading: score.falsePositives, missed: score.missed }).toEqual({ misleading: [], missed: [] });
    // The interface `Ensure` (lines 2-4) is the merged item too; the `Tagged` interface stays `Tagged`.
    const spans = oracle.declarationSpans("src/schema.ts");
    expect(
      truthItemOf({ item: "src/schema.ts#Ensure", file: "src/schema.ts", lines: { start: 2, end: 4 } }, spans),
    ).toBe("src/schema.ts#Ensure");
    expect(
      truthItemOf({ item: "src/schema.ts#Tagged", file: "src/schema.ts", lines: { start: 12, end: 14 } }, spans),
    ).toBe("src/schema.ts#Tagged");
  });
});

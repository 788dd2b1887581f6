import { afterAll, describe, expect, it } from "vitest";
import { freshSnapshot, removeTempDirs, snapshotExternalEdges } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";

afterAll(removeTempDirs);

/** A project using a package whose declarations live under node_modules, and TypeScript's lib. */
function projectWithPackage(): string {
  return writeProject(
    {
      "node_modules/walker/package.json": JSON.stringify({ name: "walker", version: "1.0.0", types: "index.d.ts" }),
      "node_modules/walker/index.d.ts": [
        "export interface Walker { step(): boolean; readonly name: string }",
        "export interface FastWalker extends Walker { step(): boolean }",
        "export declare function walkAll(walkers: Walker[]): void;",
      ].join("\n"),
      "src/walkers.ts": [
        'import { walkAll, type FastWalker, type Walker } from "walker";',
        "export class Runner implements FastWalker {",
        '  readonly name = "runner";',
        "  step(): boolean { return false; }",
        "}",
        "export function run(walker: FastWalker, all: Walker[]): boolean {",
        "  walkAll(all);",
        "  return walker.step() && all.map((item) => item.name).length > 0;",
        "}",
        "export class WalkError extends Error {}",
        "export interface Slow extends Walker { wait(): void }",
        "const withName = <T extends new () => object>(base: T) => class extends base { label = 1 };",
        "export class Named extends withName(Object) {}",
      ].join("\n"),
    },
    {
      compilerOptions: { strict: true, module: "ESNext", moduleResolution: "Bundler", target: "ES2022", types: [] },
      include: ["src"],
    },
  );
}

describe("external edges", () => {
  // A mixin's `extends withName(Object)` names no type: no edge (the call to withName is recorded).
  it("name package members by their declaration file under node_modules and lib members by lib, as the types project types extend or implement; package functions get none", async () => {
    const edges = snapshotExternalEdges(await freshSnapshot(projectWithPackage())).map(
      (edge) => `${edge.externalEdge} ${edge.source} -> ${edge.target}`,
    );
    expect(edges).toEqual([
      "CALLS src/walkers.ts:run -> lib:Array.map",
      "CALLS src/walkers.ts:run -> node_modules/walker/index.d.ts:FastWalker.step",
      "CALLS src/walkers.ts:run -> node_modules/walker/index.d.ts:Walker.step",
      "EXTENDS src/walkers.ts:Slow -> node_modules/walker/index.d.ts:Walker",
      "EXTENDS src/walkers.ts:WalkError -> lib:Error",
      "IMPLEMENTS src/walkers.ts:Runner -> node_modules/walker/index.d.ts:FastWalker",
      "OVERRIDES src/walkers.ts:Runner.name -> node_modules/walker/index.d.ts:Walker.name",
      "OVERRIDES src/walkers.ts:Runner.step -> node_modules/walker/index.d.ts:FastWalker.step",
      "OVERRIDES src/walkers.ts:Runner.step -> node_modules/walker/index.d.ts:Walker.step",
    ]);
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { removeTempDirs, snapshotOnEngine } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";

afterAll(removeTempDirs);

describe("the types a file's classes and interfaces extend, asked in the file's batch on TypeScript 7", () => {
  it("give the overrides TypeScript 6 gives: generic bases, several interfaces, class expressions, static members left out", async () => {
    const root = writeProject({
      "src/shapes.ts": [
        "export interface Named {\n  name(): string;\n}",
        "export interface Sized {\n  size: number;\n}",
        "export interface Shape extends Named, Sized {\n  area(): number;\n}",
        "export abstract class Base<T> {\n  abstract value(): T;\n  name(): string {\n    return 'base';\n  }\n  static make(): number {\n    return 0;\n  }\n}",
        "",
      ].join("\n"),
      "src/square.ts": [
        'import type { Shape } from "./shapes";',
        'import { Base } from "./shapes";',
        "export class Square extends Base<number> implements Shape {",
        "  size = 2;",
        "  static make(): number {\n    return 1;\n  }",
        "  value(): number {\n    return this.size;\n  }",
        "  area(): number {\n    return this.size * this.size;\n  }",
        "  run(): void {}",
        "}",
        "export const Circle = class extends Base<string> {\n  value(): string {\n    return 'circle';\n  }\n};",
        "export interface Runner {\n  run(): void;\n}",
        "export class Task implements Runner {\n  run(): void {}\n}",
        "",
      ].join("\n"),
    });
    const [ts6, ts7] = [await snapshotOnEngine(root, "ts6"), await snapshotOnEngine(root, "ts7")];
    expect(ts7).toBe(ts6);
    expect(ts7).toContain(
      '"edge":"OVERRIDES","source":"src/square.ts:Square.value","target":"src/shapes.ts:Base.value"',
    );
    expect(ts7).toContain(
      '"edge":"OVERRIDES","source":"src/square.ts:Square.area","target":"src/shapes.ts:Shape.area"',
    );
    expect(ts7).toContain(
      '"edge":"OVERRIDES","source":"src/square.ts:Square.size","target":"src/shapes.ts:Sized.size"',
    );
    expect(ts7).toContain('"edge":"OVERRIDES","source":"src/shapes.ts:Base.name","target":"src/shapes.ts:Named.name"');
    expect(ts7).toContain('"edge":"OVERRIDES","source":"src/square.ts:Task.run","target":"src/square.ts:Runner.run"');
  });
});

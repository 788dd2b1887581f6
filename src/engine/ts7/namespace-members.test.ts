import { afterAll, describe, expect, it } from "vitest";
import { removeTempDirs, snapshotOnEngine } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";

afterAll(removeTempDirs);

describe("a namespace import's members on TypeScript 7 (answered from the module's exports)", () => {
  it("name what TypeScript 6 names: own values, `export *` values, aliases; never a type-only name or a name only `export type *` brings", async () => {
    const root = writeProject({
      "src/values.ts": "export function hidden(): number {\n  return 1;\n}\nexport const shown = (): number => 2;\n",
      "src/starred.ts": "export function starred(): number {\n  return 3;\n}\n",
      "src/api.ts": [
        'export type * from "./values";',
        'export * from "./starred";',
        'export { shown as renamed } from "./values";',
        "export interface Shape {\n  size: number;\n}",
        "export type Both = number;",
        "export const Both = (): number => 4;",
        "export function own(): number {\n  return 5;\n}",
        "",
      ].join("\n"),
      "src/use.ts": [
        'import * as api from "./api";',
        "export const b = (): number => api.starred() + api.renamed() + api.Both() + api.own();",
        "export const c = (): string => api.toString();",
        "export const d = (shape: api.Shape): number => shape.size;",
        "// @ts-expect-error: only a type-only `export *` brings `hidden`",
        "export const a = (): number => api.hidden();",
        "",
      ].join("\n"),
    });
    const [ts6, ts7] = [await snapshotOnEngine(root, "ts6"), await snapshotOnEngine(root, "ts7")];
    expect(ts7).toBe(ts6);
    expect(ts7).toContain('"edge":"CALLS","source":"src/use.ts:b","target":"src/api.ts:own"');
    expect(ts7).toContain('"edge":"CALLS","source":"src/use.ts:b","target":"src/starred.ts:starred"');
    expect(ts7).not.toContain('"source":"src/use.ts:a","target":"src/values.ts:hidden"');
    expect(ts7).toContain('"externalEdge":"CALLS","source":"src/use.ts:c","target":"lib:Object.toString"');
  });

  it("of a module another file augments (`declare module`) name what TypeScript 6 names", async () => {
    const root = writeProject({
      "src/core.ts":
        "export interface Registry {\n  core: number;\n}\nexport function make(): number {\n  return 1;\n}\n",
      "src/plugin.ts":
        'declare module "./core" {\n  interface Registry {\n    plugin: string;\n  }\n}\nexport function extend(): number {\n  return 2;\n}\n',
      "src/use.ts": [
        'import * as core from "./core";',
        'import "./plugin";',
        "export const run = (registry: core.Registry): string => registry.plugin + core.make();",
        "",
      ].join("\n"),
    });
    const [ts6, ts7] = [await snapshotOnEngine(root, "ts6"), await snapshotOnEngine(root, "ts7")];
    expect(ts7).toBe(ts6);
    expect(ts7).toContain('"edge":"CALLS","source":"src/use.ts:run","target":"src/core.ts:make"');
    expect(ts7).toContain(
      '"edge":"READS","source":"src/use.ts:run","target":"src/plugin.ts:\\"./core\\".Registry.plugin"',
    );
  });
});

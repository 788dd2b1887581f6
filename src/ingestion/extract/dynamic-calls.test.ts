import { afterAll, describe, expect, it } from "vitest";
import { freshSnapshot, removeTempDirs, snapshotDynamicCalls, snapshotEdges } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";

afterAll(removeTempDirs);

const TSCONFIG = {
  compilerOptions: { strict: true, module: "ESNext", moduleResolution: "Bundler", target: "ES2022", types: [] },
  include: ["src"],
};

describe("dynamic call sites", () => {
  it("records calls through a parameter, a local, a call result and a computed element, owned like CALLS", async () => {
    const root = writeProject(
      {
        "src/compose.ts": [
          "type Handler = (n: number, next: () => void) => void;",
          "export function compose(handlers: Handler[]): () => void {",
          "  return () => {",
          "    for (let i = 0; i < handlers.length; i++) {",
          "      const handler = handlers[i]!;",
          "      handler(i, () => {});",
          "      handlers[i]?.(i, () => {});",
          "    }",
          "  };",
          "}",
          "function make(): () => number { return () => 1; }",
          "export const made = make()();",
          "export class Runner {",
          "  constructor(private readonly options: { run(n: number): void; readonly getPath: (   path: string",
          "    ) => string }) {}",
          "  go(): string {",
          "    this.options.run(1);",
          "    return this.options",
          "      .getPath('/a');",
          "  }",
          "}",
        ].join("\n"),
      },
      TSCONFIG,
    );
    const snapshot = await freshSnapshot(root);
    expect(snapshotDynamicCalls(snapshot)).toEqual([
      { dynamicCall: "src/compose.ts:Runner.go", line: 17, expression: "this.options.run" },
      { dynamicCall: "src/compose.ts:Runner.go", line: 19, expression: "this.options .getPath" },
      { dynamicCall: "src/compose.ts:compose", line: 6, expression: "handler" },
      { dynamicCall: "src/compose.ts:compose", line: 7, expression: "handlers[i]" },
      { dynamicCall: "src/compose.ts:made", line: 12, expression: "make()" },
    ]);
    expect(snapshotEdges(snapshot)).toContainEqual({
      edge: "CALLS",
      source: "src/compose.ts:made",
      target: "src/compose.ts:make",
      lines: [12],
    });
  });

  it("does not record calls of lib or package declarations, of graph nodes, of in-place functions or of unresolved imports", async () => {
    const root = writeProject(
      {
        "node_modules/tools/package.json": JSON.stringify({ name: "tools", version: "1.0.0", types: "index.d.ts" }),
        "node_modules/tools/index.d.ts":
          "export declare function helper(): number;\nexport declare const table: { lookup(k: string): number };",
        "src/plain.ts": [
          'import { helper, table } from "tools";',
          "// @ts-expect-error the module does not exist",
          'import { missing } from "./nowhere";',
          "export function local(): number { return 1; }",
          "export const api = { get(): number { return 2; } };",
          "export function run(text: string): number {",
          "  console.log(text);",
          "  const parsed = JSON.parse(text) as number;",
          "  Promise.resolve(1).then(String);",
          "  (() => local())();",
          "  (function () { return 1; })();",
          "  missing();",
          "  return parsed + helper() + table.lookup(text) + Math.max(1, 2) + local() + api.get() + text.trim().length;",
          "}",
        ].join("\n"),
      },
      TSCONFIG,
    );
    expect(snapshotDynamicCalls(await freshSnapshot(root))).toEqual([]);
  });

  it("cuts a long callee expression to 60 characters", async () => {
    const root = writeProject(
      {
        "src/long.ts": [
          "export function call(registry: Map<string, (n: number) => number>): number {",
          "  return registry.get('a-rather-long-name-for-a-handler-in-the-registry-map')!(1);",
          "}",
        ].join("\n"),
      },
      TSCONFIG,
    );
    const [site] = snapshotDynamicCalls(await freshSnapshot(root));
    expect(site?.expression).toBe("registry.get('a-rather-long-name-for-a-handler-in-the-regis…");
    expect(site?.expression).toHaveLength(60);
  });
});

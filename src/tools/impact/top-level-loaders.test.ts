import { afterAll, describe, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { removeTempDirs } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";
import { openIndexedContext, runTool } from "../../test-support/tool-harness.js";
import { callersTool } from "../calls/handler.js";
import { pathsTool } from "../paths/handler.js";
import { impactTool } from "./handler.js";

/**
 * Tests reached through a file's top-level code: importing a module runs it, so a test that imports (directly or
 * through other files) a file whose top-level code the change reaches is a test to run, and an import that only
 * brings in types is not.
 */
const TSCONFIG = { compilerOptions: { strict: true, target: "ES2022", module: "NodeNext" }, include: ["**/*.ts"] };

const SOURCES: Record<string, string> = {
  "src/registry.ts": [
    "export const registered: string[] = [];",
    "",
    "export function register(name: string): string {",
    "  registered.push(name);",
    "  return name;",
    "}",
  ].join("\n"),
  "src/plugin.ts": [
    'import { register } from "./registry.js";',
    "",
    "export interface PluginOptions {",
    "  readonly name: string;",
    "}",
    "",
    'register("plugin");',
    "",
    "export function plugin(): number {",
    "  return 1;",
    "}",
  ].join("\n"),
  "src/config.ts": ['import { register } from "./registry.js";', "", 'export const token = register("config");'].join(
    "\n",
  ),
  "src/names.ts": [
    'import { register } from "./registry.js";',
    "",
    "export class Names {",
    '  static readonly first = register("first");',
    "}",
  ].join("\n"),
  "src/index.ts": 'export { plugin } from "./plugin.js";\n',
  "test/plugin.test.ts": [
    'import { plugin } from "../src/index.js";',
    "",
    "export function testPlugin(): number {",
    "  return plugin();",
    "}",
  ].join("\n"),
  "test/setup.test.ts": 'import "../src/config.js";\n',
  "test/names.test.ts": 'import "../src/names.js";\n',
  "test/options.test.ts": [
    'import { PluginOptions } from "../src/plugin.js";',
    "",
    'export const options: PluginOptions = { name: "x" };',
  ].join("\n"),
  "test/types.test.ts": [
    'import type { PluginOptions } from "../src/plugin.js";',
    "",
    "export function nameOf(options: PluginOptions): string {",
    "  return options.name;",
    "}",
  ].join("\n"),
};

const contexts: CliToolContext[] = [];

afterAll(() => {
  for (const context of contexts) context.close();
  removeTempDirs();
});

let shared: Promise<CliToolContext> | undefined;

function indexed(): Promise<CliToolContext> {
  shared ??= openIndexedContext(writeProject(SOURCES, TSCONFIG)).then((context) => {
    contexts.push(context);
    return context;
  });
  return shared;
}

interface ImpactAnswer {
  readonly dependants: readonly { readonly key: string }[];
  readonly tests: readonly {
    readonly file: string;
    readonly depth: number;
    readonly symbols: number;
    readonly through?: unknown;
  }[];
}

async function impactOf(input: Record<string, unknown>): Promise<ImpactAnswer> {
  const result = await runTool(impactTool, { alsoChanges: 0, format: "json", ...input }, await indexed());
  return result.structured as unknown as ImpactAnswer;
}

describe("impact's tests reached through top-level code", () => {
  it("lists the tests that load a file whose top-level code runs the symbol, through a barrel too, and no type-only importer", async () => {
    const answer = await impactOf({ symbol: "register" });
    expect(answer.tests).toEqual([
      {
        file: "test/names.test.ts",
        depth: 2,
        symbols: 0,
        through: {
          imports: "src/names.ts",
          loads: "src/names.ts",
          uses: { in: "Names.first", edge: "CALLS", via: "src/registry.ts:register" },
        },
      },
      {
        file: "test/setup.test.ts",
        depth: 2,
        symbols: 0,
        through: {
          imports: "src/config.ts",
          loads: "src/config.ts",
          uses: { in: "token", edge: "CALLS", via: "src/registry.ts:register" },
        },
      },
      {
        file: "test/plugin.test.ts",
        depth: 3,
        symbols: 0,
        through: {
          imports: "src/index.ts",
          loads: "src/plugin.ts",
          uses: { edge: "CALLS", via: "src/registry.ts:register" },
        },
      },
    ]);
    // The importers are not dependants: only the top-level code that runs the symbol is.
    expect(answer.dependants.map((node) => node.key)).toEqual([
      "src/config.ts:token",
      "src/names.ts:Names.first",
      "src/plugin.ts",
    ]);
  });

  it("says how each such test reaches the change, and follows no further than the depth asked", async () => {
    const text = (await runTool(impactTool, { symbol: "register", alsoChanges: 0, tests: "only" }, await indexed()))
      .text;
    expect(text).toContain(
      [
        "tests to run for register (Function, src/registry.ts:3-6), depth ≤ 3, dispatch up",
        "  test/names.test.ts  depth 2  imports src/names.ts, whose top-level code (Names.first) calls it",
        "  test/setup.test.ts  depth 2  imports src/config.ts, whose top-level code (token) calls it",
        "  test/plugin.test.ts  depth 3  imports src/index.ts, which loads src/plugin.ts, whose top-level code calls it",
      ].join("\n"),
    );
    expect((await impactOf({ symbol: "register", depth: 2 })).tests.map((test) => test.file)).toEqual([
      "test/names.test.ts",
      "test/setup.test.ts",
    ]);
    expect((await impactOf({ symbol: "register", tests: "exclude" })).tests).toEqual([]);
  });

  it("a file's own top-level code changes with it: its importers' tests are tests to run", async () => {
    // No test names anything of src/config.ts: one imports it for its effect alone.
    const answer = await impactOf({ symbol: "src/config.ts", tests: "only" });
    expect(answer.tests).toEqual([
      {
        file: "test/setup.test.ts",
        depth: 1,
        symbols: 0,
        through: { imports: "src/config.ts", loads: "src/config.ts" },
      },
    ]);
    const text = (
      await runTool(impactTool, { symbol: "src/config.ts", alsoChanges: 0, tests: "only" }, await indexed())
    ).text;
    expect(text).toContain(
      "tests to run for src/config.ts, depth ≤ 3, dispatch up\n  test/setup.test.ts  depth 1  imports it",
    );
  });

  it("leaves callers and paths as they were: importing is no call", async () => {
    const context = await indexed();
    const callers = (await runTool(callersTool, { symbol: "register", depth: 3, format: "json" }, context))
      .structured as {
      entries: { key: string }[];
      testEntries: { key: string }[];
    };
    expect(callers.entries.map((entry) => entry.key)).toEqual([
      "src/config.ts:token",
      "src/names.ts:Names.first",
      "src/plugin.ts",
    ]);
    expect(callers.testEntries).toEqual([]);
    const paths = (await runTool(pathsTool, { from: "testPlugin", to: "register", format: "json" }, context))
      .structured as { paths: unknown[] };
    expect(paths.paths).toEqual([]);
  });
});

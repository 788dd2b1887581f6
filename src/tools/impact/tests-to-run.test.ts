import { afterAll, describe, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { removeTempDirs } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";
import { openIndexedContext, runTool } from "../../test-support/tool-harness.js";
import { callersTool } from "../calls/handler.js";
import { pathsTool } from "../paths/handler.js";
import { zoomTool } from "../zoom/handler.js";
import { impactTool } from "./handler.js";

/**
 * Impact's tests to run on indexed projects: a test is a file the project's test runner runs; a fixture or a helper
 * in a test folder is code, walked through and listed as a dependant (and so in callers, paths and zoom).
 */
const contexts: CliToolContext[] = [];

afterAll(() => {
  for (const context of contexts) context.close();
  removeTempDirs();
});

const TSCONFIG = {
  compilerOptions: { strict: true, target: "ES2022", module: "NodeNext", experimentalDecorators: true },
  include: ["**/*.ts"],
};

/** An options type that reaches the tests only through a decorated fixture entity in test/fixtures/. */
const SOURCES: Record<string, string> = {
  "src/column.ts": [
    "export interface ColumnOptions {",
    "  readonly length: number;",
    "}",
    "",
    "export function Column(options: ColumnOptions) {",
    "  return (target: object, key: string): void => {",
    "    Reflect.set(target, key, options.length);",
    "  };",
    "}",
  ].join("\n"),
  "test/fixtures/entity.ts": [
    'import { Column } from "../../src/column.js";',
    "",
    "export class User {",
    "  @Column({ length: 40 })",
    '  name = "";',
    "}",
  ].join("\n"),
  "test/entity.test.ts": [
    'import { User } from "./fixtures/entity.js";',
    "",
    "export function testUserName(): string {",
    "  return new User().name;",
    "}",
  ].join("\n"),
  "spec/entity.check.ts": [
    'import { User } from "../test/fixtures/entity.js";',
    "",
    "export function checkUser(): User {",
    "  return new User();",
    "}",
  ].join("\n"),
};

async function indexed(extra: Record<string, string> = {}): Promise<CliToolContext> {
  const context = await openIndexedContext(writeProject({ ...SOURCES, ...extra }, TSCONFIG));
  contexts.push(context);
  return context;
}

interface ImpactAnswer {
  readonly dependants: readonly { readonly key: string }[];
  readonly tests: readonly { readonly file: string; readonly depth: number }[];
  readonly testNotes?: readonly string[];
}

async function impactOf(context: CliToolContext, tests: "include" | "exclude" = "include"): Promise<ImpactAnswer> {
  const result = await runTool(impactTool, { symbol: "ColumnOptions", alsoChanges: 0, tests, format: "json" }, context);
  return result.structured as unknown as ImpactAnswer;
}

describe("impact's tests to run are the files a test runner runs", () => {
  it("walks through a fixture in a test folder as code and lists as a test only what the runner's names make one", async () => {
    const context = await indexed();
    const answer = await impactOf(context);
    expect(answer.dependants.map((node) => node.key)).toEqual([
      "src/column.ts:Column",
      "test/fixtures/entity.ts:User",
      "spec/entity.check.ts:checkUser",
    ]);
    expect(answer.tests).toEqual([{ file: "test/entity.test.ts", depth: 2, symbols: 1 }]);
    expect(answer.testNotes).toBeUndefined();
    // Leaving the tests out still walks through the fixture.
    const withoutTests = await impactOf(context, "exclude");
    expect(withoutTests.dependants.map((node) => node.key)).toContain("test/fixtures/entity.ts:User");
    expect(withoutTests.tests).toEqual([]);
  });

  it("lists the fixture among the callers, on the paths outside tests, and in zoom's folder outline without tests", async () => {
    const context = await indexed();
    const callers = (await runTool(callersTool, { symbol: "Column", depth: 2, format: "json" }, context))
      .structured as {
      entries: { key: string }[];
      testEntries: { key: string }[];
    };
    expect(callers.entries.map((entry) => entry.key)).toEqual([
      "test/fixtures/entity.ts:User",
      "spec/entity.check.ts:checkUser",
    ]);
    expect(callers.testEntries.map((entry) => entry.key)).toEqual(["test/entity.test.ts:testUserName"]);
    const paths = (
      await runTool(pathsTool, { from: "checkUser", to: "Column", tests: "exclude", format: "json" }, context)
    ).structured as {
      paths: unknown[];
    };
    expect(paths.paths).toHaveLength(1);
    const zoom = await runTool(zoomTool, { path: "test", recursive: true }, context);
    expect(zoom.text).toContain("test/fixtures/ 1 file, 1 exported symbol\n  entity.ts\n    3 class User");
    expect(zoom.text).not.toContain("entity.test.ts");
  });

  it("with a vitest config, its test.include makes the tests: spec/**/*.check.ts, and test/entity.test.ts is code", async () => {
    const context = await indexed({
      "package.json": JSON.stringify({ devDependencies: { vitest: "^4.0.0" } }),
      "vitest.config.ts":
        'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ["spec/**/*.check.ts"] } });\n',
    });
    const answer = await impactOf(context);
    expect(answer.tests).toEqual([{ file: "spec/entity.check.ts", depth: 2, symbols: 1 }]);
    expect(answer.dependants.map((node) => node.key)).toEqual([
      "src/column.ts:Column",
      "test/fixtures/entity.ts:User",
      "test/entity.test.ts:testUserName",
    ]);
  });

  it("with a jest config, its testMatch and testPathIgnorePatterns make the tests", async () => {
    const context = await indexed({
      "jest.config.js":
        'module.exports = { testMatch: ["<rootDir>/test/**/*.ts", "**/*.check.ts"], testPathIgnorePatterns: ["/fixtures/"] };\n',
    });
    const answer = await impactOf(context);
    expect(answer.tests.map((test) => test.file)).toEqual(["spec/entity.check.ts", "test/entity.test.ts"]);
    expect(answer.dependants.map((node) => node.key)).toEqual(["src/column.ts:Column", "test/fixtures/entity.ts:User"]);
  });

  it("says in the answer when a config cannot be read literally, and falls back to the runner's default names", async () => {
    const context = await indexed({
      "package.json": JSON.stringify({ devDependencies: { vitest: "^4.0.0" } }),
      "vitest.config.ts": "export default defineConfig({ test: { include: specs() } });\n",
    });
    const answer = await impactOf(context);
    expect(answer.tests.map((test) => test.file)).toEqual(["test/entity.test.ts"]);
    expect(answer.testNotes).toEqual([
      "vitest.config.ts: test.include is computed (`specs()`): vitest's default patterns stand for it",
    ]);
    const text = (await runTool(impactTool, { symbol: "ColumnOptions", alsoChanges: 0 }, context)).text;
    expect(text).toContain("which files are tests:\n  vitest.config.ts: test.include is computed (`specs()`)");
  });
});

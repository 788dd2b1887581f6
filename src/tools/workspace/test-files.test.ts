import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { NAME_PATTERN_TESTS, testFilesOf } from "./test-files.js";

afterAll(removeTempDirs);

function project(files: Record<string, string>): string {
  const root = makeTempDir();
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The files of `candidates` the root's test runners run. */
async function testsAmong(root: string, candidates: readonly string[]): Promise<string[]> {
  const { isTest } = await testFilesOf(root);
  return candidates.filter(isTest);
}

const packageJson = (fields: object): string => JSON.stringify({ name: "sample", ...fields });

describe("tests are what the test runners run", () => {
  it("without a runner, the usual test file names, not every file in a test folder", () => {
    const tests = [
      "src/cart.test.ts",
      "src/cart.spec.tsx",
      "src/__tests__/cart.ts",
      "test/cart.test.ts",
      "packages/a/tests/x.spec.mts",
      "a.test.js",
    ];
    const code = [
      "src/cart.ts",
      "test/fixtures/entity.ts",
      "test/helpers.ts",
      "tests/setup.ts",
      "src/test.ts",
      "src/latest.ts",
      "src/cart.test-utils.ts",
    ];
    expect([...tests, ...code].filter(NAME_PATTERN_TESTS.isTest)).toEqual(tests);
  });

  it("a project with no runner config answers the same", async () => {
    const root = project({ "package.json": packageJson({}) });
    expect(await testsAmong(root, ["src/a.test.ts", "test/fixtures/entity.ts", "src/__tests__/b.ts"])).toEqual([
      "src/a.test.ts",
      "src/__tests__/b.ts",
    ]);
  });

  it("vitest: test.include and test.exclude of vitest.config.ts replace the default names", async () => {
    const root = project({
      "package.json": packageJson({ devDependencies: { vitest: "^4.0.0" } }),
      "vitest.config.ts": [
        'import { configDefaults, defineConfig } from "vitest/config";',
        'export default defineConfig({ test: { include: ["spec/**/*.check.ts"], exclude: [...configDefaults.exclude, "spec/slow/**"] } });',
      ].join("\n"),
    });
    const candidates = [
      "spec/cart.check.ts",
      "spec/deep/order.check.ts",
      "spec/slow/big.check.ts",
      "spec/helpers.ts",
      "src/cart.test.ts",
      "node_modules/x/a.check.ts",
    ];
    expect(await testsAmong(root, candidates)).toEqual(["spec/cart.check.ts", "spec/deep/order.check.ts"]);
    expect((await testFilesOf(root)).notes).toEqual([]);
  });

  it("vitest with no config: its default names; under __tests__ only those names", async () => {
    const root = project({ "package.json": packageJson({ scripts: { test: "vitest run" } }) });
    expect(await testsAmong(root, ["src/a.test.ts", "src/__tests__/helper.ts", "src/__tests__/b.spec.ts"])).toEqual([
      "src/a.test.ts",
      "src/__tests__/b.spec.ts",
    ]);
  });

  it("jest: testMatch of jest.config.js with <rootDir>, roots, and testRegex from package.json", async () => {
    const withConfig = project({
      "package.json": packageJson({ devDependencies: { jest: "^30.0.0" } }),
      "jest.config.js":
        'module.exports = { testMatch: ["<rootDir>/it/**/*.it.ts", "**/*.e2e.ts"], roots: ["<rootDir>/it", "<rootDir>/src"] };',
    });
    expect(
      await testsAmong(withConfig, [
        "it/cart.it.ts",
        "it/deep/a.it.ts",
        "src/a.e2e.ts",
        "other/b.e2e.ts",
        "src/a.test.ts",
        "it/helpers.ts",
      ]),
    ).toEqual(["it/cart.it.ts", "it/deep/a.it.ts", "src/a.e2e.ts"]);
    const inPackageJson = project({ "package.json": packageJson({ jest: { testRegex: "/checks/.*\\.ts$" } }) });
    expect(await testsAmong(inPackageJson, ["checks/a.ts", "checks/b/c.ts", "src/a.test.ts"])).toEqual([
      "checks/a.ts",
      "checks/b/c.ts",
    ]);
  });

  it("mocha: spec of .mocharc.yml; with mocha and no config, only ./test/*.{js,cjs,mjs}", async () => {
    const configured = project({ ".mocharc.yml": "spec:\n  - 'test/**/*.spec.ts'\nrecursive: true\n" });
    expect(
      await testsAmong(configured, ["test/a.spec.ts", "test/x/b.spec.ts", "test/helpers.ts", "src/a.test.ts"]),
    ).toEqual(["test/a.spec.ts", "test/x/b.spec.ts"]);
    const defaults = project({ "package.json": packageJson({ devDependencies: { mocha: "^11.0.0" } }) });
    expect(await testsAmong(defaults, ["test/a.js", "test/b.mjs", "test/a.ts", "test/sub/c.js", "src/d.js"])).toEqual([
      "test/a.js",
      "test/b.mjs",
    ]);
  });

  it("a workspace package with its own config decides for its files; the others follow the root", async () => {
    const root = project({
      "package.json": packageJson({ workspaces: ["packages/*"], devDependencies: { vitest: "^4.0.0" } }),
      "packages/a/package.json": packageJson({ name: "a" }),
      "packages/a/vitest.config.mts": "export default { test: { include: ['checks/**/*.ts'] } };",
      "packages/b/package.json": packageJson({ name: "b" }),
    });
    const candidates = [
      "packages/a/checks/x.ts",
      "packages/a/src/y.test.ts",
      "packages/b/src/z.test.ts",
      "packages/b/checks/x.ts",
    ];
    expect(await testsAmong(root, candidates)).toEqual(["packages/a/checks/x.ts", "packages/b/src/z.test.ts"]);
  });

  it("vitest projects: each project folder with its config, or vitest's defaults in it, and inline projects", async () => {
    const root = project({
      "package.json": packageJson({ devDependencies: { vitest: "^4.0.0" } }),
      "vitest.config.ts":
        "export default defineConfig({ test: { include: ['never/**'], projects: ['apps/*', { test: { include: ['e2e/**/*.e2e.ts'] } }] } });",
      "apps/web/vitest.config.ts": "export default defineProject({ test: { include: ['ui/**/*.ui.ts'] } });",
      "apps/api/src/keep.ts": "",
    });
    const candidates = [
      "apps/web/ui/a.ui.ts",
      "apps/web/src/a.test.ts",
      "apps/api/src/b.test.ts",
      "e2e/c.e2e.ts",
      "never/d.ts",
    ];
    expect(await testsAmong(root, candidates)).toEqual([
      "apps/web/ui/a.ui.ts",
      "apps/api/src/b.test.ts",
      "e2e/c.e2e.ts",
    ]);
  });

  it("a config it cannot read literally: says so, and the runner's default names stand for it", async () => {
    const root = project({
      "package.json": packageJson({ devDependencies: { vitest: "^4.0.0", jest: "^30.0.0" } }),
      "vitest.config.ts": "export default defineConfig({ test: { include: patterns() } });",
      "jest.config.ts": "export default {",
    });
    const files = await testFilesOf(root);
    expect(["src/a.test.ts", "spec/a.check.ts"].filter(files.isTest)).toEqual(["src/a.test.ts"]);
    expect(files.notes).toEqual([
      "vitest.config.ts: test.include is computed (`patterns()`): vitest's default patterns stand for it",
      expect.stringMatching(
        /^jest\.config\.ts is not read \(it does not parse .*\): jest's default patterns stand for it$/,
      ),
    ]);
  });

  it("never reads a config that leads out of the root through a symbolic link", async () => {
    const outside = project({ "vitest.config.ts": "export default { test: { include: [SECRET_TOKEN] } };" });
    const root = project({ "package.json": packageJson({ devDependencies: { vitest: "^4.0.0" } }) });
    fs.symlinkSync(path.join(outside, "vitest.config.ts"), path.join(root, "vitest.config.ts"));
    const files = await testFilesOf(root);
    expect(files.notes).toEqual([
      "vitest.config.ts is not read (it lies outside the root, through a symbolic link): vitest's default patterns stand for it",
    ]);
    expect(["src/a.test.ts"].filter(files.isTest)).toEqual(["src/a.test.ts"]);
  });

  it("never blocks on a config that is a FIFO, nor reads one too large", async () => {
    const root = project({ "package.json": packageJson({ devDependencies: { vitest: "^4.0.0", jest: "^30.0.0" } }) });
    execFileSync("mkfifo", [path.join(root, "vitest.config.ts")]);
    fs.writeFileSync(
      path.join(root, "jest.config.js"),
      `module.exports = { testMatch: ["**/*.it.ts"] };\n${" ".repeat(1024 * 1024)}`,
    );
    const files = await testFilesOf(root);
    expect(files.notes).toEqual([
      "vitest.config.ts is not read (it is not a regular file): vitest's default patterns stand for it",
      "jest.config.js is not read (it is larger than 1 MB): jest's default patterns stand for it",
    ]);
    expect(["src/a.test.ts", "src/b.it.ts"].filter(files.isTest)).toEqual(["src/a.test.ts"]);
  });

  it("never blocks on a package.json or pnpm-workspace.yaml that is a FIFO", async () => {
    const root = project({});
    execFileSync("mkfifo", [path.join(root, "package.json"), path.join(root, "pnpm-workspace.yaml")]);
    expect(await testsAmong(root, ["src/a.test.ts", "test/helper.ts"])).toEqual(["src/a.test.ts"]);
  });

  it("reads a config again when it changes, and not before", async () => {
    const root = project({ "vitest.config.ts": "export default { test: { include: ['a/**/*.ts'] } };" });
    expect(await testsAmong(root, ["a/x.ts", "b/x.ts"])).toEqual(["a/x.ts"]);
    expect(await testFilesOf(root)).toBe(await testFilesOf(root));
    fs.writeFileSync(
      path.join(root, "vitest.config.ts"),
      "export default { test: { include: ['b/**/*.ts', 'c/**/*.ts'] } };",
    );
    expect(await testsAmong(root, ["a/x.ts", "b/x.ts"])).toEqual(["b/x.ts"]);
    fs.rmSync(path.join(root, "vitest.config.ts"));
    expect(await testsAmong(root, ["a/x.ts", "b/x.test.ts"])).toEqual(["b/x.test.ts"]);
  });
});

import { ts } from "./engine/ts6/typescript6.js";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../vitest.config.js";
import { HANG_MS, TEST_BACKSTOP_MS } from "./test-support/patience.js";

/**
 * `npm test` passes on a slow or busy machine: vitest's limit is only a backstop for hangs (half an hour), and no
 * test or hook sets one of its own. A test that waits on a child process or a background step bounds only a
 * hang, with test-support/patience.ts's HANG_MS, never the speed of the machine.
 */
const REPO = path.resolve(import.meta.dirname, "..");
const VITEST_CALLS = new Set(["it", "test", "describe", "beforeAll", "beforeEach", "afterAll", "afterEach"]);

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(full);
    return entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** `it`, `it.concurrent`, `describe.skip`, `test.each(…)`: the vitest function a call expression names, if any. */
function vitestCallee(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return VITEST_CALLS.has(expression.text) ? expression.text : undefined;
  if (ts.isPropertyAccessExpression(expression)) return vitestCallee(expression.expression);
  if (ts.isCallExpression(expression)) return vitestCallee(expression.expression);
  return undefined;
}

/** Where a vitest call sets a time limit: a number (or constant) after its function, or a `timeout` option. */
function timeLimitsIn(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && vitestCallee(node.expression) !== undefined) {
      const functionAt = node.arguments.findIndex(
        (argument) => ts.isArrowFunction(argument) || ts.isFunctionExpression(argument),
      );
      const afterFunction = functionAt < 0 ? [] : node.arguments.slice(functionAt + 1);
      const options = node.arguments.filter(ts.isObjectLiteralExpression);
      const timeoutOption = options.some((object) =>
        object.properties.some((property) => property.name?.getText(source) === "timeout"),
      );
      if (afterFunction.length > 0 || timeoutOption) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push(`${path.relative(REPO, file)}:${line}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("tests that a slow machine cannot fail by time", () => {
  it("run under a vitest configuration whose only limit is a backstop past every wait for a hang", () => {
    expect(config.test?.testTimeout).toBe(TEST_BACKSTOP_MS);
    expect(config.test?.hookTimeout).toBe(TEST_BACKSTOP_MS);
    expect(TEST_BACKSTOP_MS).toBeGreaterThan(HANG_MS);
  });

  it("set no time limit of their own on a test, a suite or a hook", () => {
    const files = [...testFiles(path.join(REPO, "src")), ...testFiles(path.join(REPO, "bench"))];
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(timeLimitsIn)).toEqual([]);
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { openIndexedContext, runTool } from "../../test-support/tool-harness.js";
import { REGION_CHECK_MIN_LINES } from "./edit-flow.js";
import { renameSymbolTool, replaceSymbolTool } from "./handler.js";

/**
 * A file longer than REGION_CHECK_MIN_LINES is compared only around the edit: the declarations it changed,
 * those that use what it changed, and the imports. An error elsewhere in the file is in neither side.
 */
let root: string;
let context: CliToolContext;
const filler = Array.from({ length: REGION_CHECK_MIN_LINES }, (_, i) => `export const filler${i} = ${i};`);

beforeAll(async () => {
  root = makeTempDir();
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" },
      include: ["src"],
    }),
  );
  fs.mkdirSync(path.join(root, "src"));
  const long = [
    'import { helper } from "./short.js";',
    "",
    "export function base(): number {",
    "  return helper();",
    "}",
    "",
    ...filler.slice(0, 1000),
    "export const broken: string = 5;",
    ...filler.slice(1000),
    "export const usesBase: number = base();",
    "export const usesNothing: number = 7;",
    "",
  ];
  fs.writeFileSync(path.join(root, "src", "long.ts"), long.join("\n"));
  fs.writeFileSync(
    path.join(root, "src", "short.ts"),
    "export function helper(): number {\n  return 1;\n}\n\nexport const other = 1;\n",
  );
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

it("reports what an edit of a long file introduces in the declaration and where it is used, not the file's other errors", async () => {
  const result = await runTool(
    replaceSymbolTool,
    { symbol: "base", content: "export function base(): string {\n  return helper();\n}" },
    context,
  );
  expect(result.text).toContain("diagnostics (1 file compared before and after): 2 introduced, 0 removed");
  expect(result.text).toMatch(/\+ src\/long\.ts:4:3 TS2322 Type 'number' is not assignable to type 'string'/);
  expect(result.text).toMatch(/\+ src\/long\.ts:2008:14 TS2322 Type 'string' is not assignable to type 'number'/);
  expect(result.text).toContain(
    "(1 long file compared only in the declarations the edit changed or that use what it changed, and the imports)",
  );
  expect(result.text).not.toContain("broken");
  const undo = await runTool(
    replaceSymbolTool,
    { symbol: "base", content: "export function base(): number {\n  return helper();\n}" },
    context,
  );
  expect(undo.text).toContain("0 introduced, 2 removed");
});

it("checks a long importer's imports and the lines that use what changed", async () => {
  const renamed = await runTool(renameSymbolTool, { symbol: "helper", newName: "assist" }, context);
  expect(fs.readFileSync(path.join(root, "src", "long.ts"), "utf8")).toContain('import { assist } from "./short.js";');
  expect(renamed.text).toContain(
    "diagnostics (2 files compared before and after): 0 introduced, 0 removed\n  (1 long file compared only",
  );
  const hidden = await runTool(
    replaceSymbolTool,
    { symbol: "assist", content: "function assist(): number {\n  return 1;\n}" },
    context,
  );
  expect(hidden.text).toContain("diagnostics (2 files compared before and after): 1 introduced, 0 removed");
  expect(hidden.text).toMatch(
    /\+ src\/long\.ts:1:10 TS2459 Module '"\.\/short\.js"' declares 'assist' locally, but it is not exported/,
  );
  expect(hidden.text).not.toContain("broken");
});

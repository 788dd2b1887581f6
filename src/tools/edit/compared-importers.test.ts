import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { openIndexedContext, runTool } from "../../test-support/tool-harness.js";
import { renameSymbolTool, replaceSymbolTool } from "./handler.js";

/**
 * Which importers an edit's diagnostics compare: those that use a declaration whose surface changed, or a
 * declaration of the same file that uses one (its inferred type follows), or that re-export everything.
 */
let root: string;
let context: CliToolContext;

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
  const files: Record<string, string> = {
    "lib.ts":
      "export function base() {\n  return 1;\n}\n\nexport const derived = () => base();\n\nexport function other(): number {\n  return 2;\n}\n",
    "uses-derived.ts": 'import { derived } from "./lib.js";\n\nexport const n: number = derived();\n',
    "uses-namespace.ts": 'import * as lib from "./lib.js";\n\nexport const k: number = lib.derived();\n',
    "uses-other.ts": 'import { other } from "./lib.js";\n\nexport const m: number = other();\n',
    "barrel.ts": 'export * from "./lib.js";\n',
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, "src", name), text);
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

it("compares the importers that use what changed, through the declarations of the file that depend on it, and no other", async () => {
  const result = await runTool(
    replaceSymbolTool,
    { symbol: "base", content: "export function base() {\n  return 'one';\n}" },
    context,
  );
  // lib.ts, uses-derived.ts (derived's inferred type follows base), uses-namespace.ts (lib.derived), barrel.ts (export *).
  expect(result.text).toContain("diagnostics (4 files compared before and after): 2 introduced, 0 removed");
  expect(result.text).toMatch(/\+ src\/uses-derived\.ts:3:14 TS2322 Type 'string' is not assignable to type 'number'/);
  expect(result.text).toMatch(
    /\+ src\/uses-namespace\.ts:3:14 TS2322 Type 'string' is not assignable to type 'number'/,
  );
  expect(result.text).toContain("(1 importing file not compared: they use nothing the edit changed)");
  const undo = await runTool(
    replaceSymbolTool,
    { symbol: "base", content: "export function base() {\n  return 1;\n}" },
    context,
  );
  expect(undo.text).toContain("0 introduced, 2 removed");
});

it("a rename compares the files it changes and the importers that see the renamed name", async () => {
  const result = await runTool(renameSymbolTool, { symbol: "other", newName: "another" }, context);
  expect(fs.readFileSync(path.join(root, "src", "uses-other.ts"), "utf8")).toContain("another()");
  // lib.ts and uses-other.ts changed; barrel.ts re-exports every name; the other two use nothing renamed.
  expect(result.text).toContain(
    "diagnostics (3 files compared before and after): 0 introduced, 0 removed\n  (2 importing files not compared: they use nothing the edit changed)",
  );
});

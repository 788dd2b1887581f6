import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { openIndexedContext, runTool } from "../../test-support/tool-harness.js";
import { MAX_COMPARED_FILES } from "./edit-flow.js";
import { replaceSymbolTool } from "./handler.js";

/**
 * The diagnostics an edit introduced beyond its direct importers: in files that import the changed
 * declaration through barrels (re-exports at any depth), and in every affected file up to a limit the answer
 * names when it is hit.
 */
let root: string;
let context: CliToolContext;
const USERS = MAX_COMPARED_FILES + 5;

beforeAll(async () => {
  root = makeTempDir();
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler" },
      include: ["src"],
    }),
  );
  fs.mkdirSync(path.join(root, "src", "many"), { recursive: true });
  const files: Record<string, string> = {
    "lib.ts": "export function base(): number {\n  return 1;\n}\n\nexport function wide(): number {\n  return 1;\n}\n",
    "barrel.ts": 'export { base } from "./lib.js";\n',
    "deep.ts": 'export * from "./barrel.js";\n',
    "user.ts": 'import { base } from "./deep.js";\n\nexport const n: number = base();\n',
    "own.ts":
      'import { base as inner } from "./lib.js";\n\nexport function base(): number {\n  return Number(inner());\n}\n',
    "own-user.ts": 'import { base } from "./own.js";\n\nexport const o: number = base();\n',
    "unrelated.ts": 'import { wide } from "./lib.js";\n\nexport const w: number = wide();\n',
  };
  for (let index = 0; index < USERS; index += 1) {
    files[`many/user${String(index).padStart(3, "0")}.ts`] =
      `import { wide } from "../lib.js";\n\nexport const w${index}: number = wide();\n`;
  }
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, "src", name), text);
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

it("reports the diagnostics an edit introduced in a file that imports it through two barrels", async () => {
  const result = await runTool(
    replaceSymbolTool,
    { symbol: "src/lib.ts:base", content: "export function base(): string {\n  return 'one';\n}" },
    context,
  );
  expect(result.text).toMatch(/\+ src\/user\.ts:3:14 TS2322 Type 'string' is not assignable to type 'number'/);
  // lib.ts, barrel.ts and deep.ts (the names they hand on), user.ts, own.ts (it uses base); not own-user.ts (own.ts
  // declares the base it imports).
  expect(result.text).toContain("diagnostics (5 files compared before and after): 1 introduced, 0 removed");
  await runTool(
    replaceSymbolTool,
    { symbol: "src/lib.ts:base", content: "export function base(): number {\n  return 1;\n}" },
    context,
  );
});

it("compares every affected file up to the limit, and says so when the limit is hit", async () => {
  const result = await runTool(
    replaceSymbolTool,
    { symbol: "wide", content: "export function wide(): string {\n  return 'one';\n}" },
    context,
  );
  const compared = MAX_COMPARED_FILES + 1;
  expect(result.text).toContain(
    `diagnostics (${compared} files compared before and after): ${MAX_COMPARED_FILES} introduced, 0 removed`,
  );
  expect(result.text).toContain(
    `(diagnostics checked in ${compared} of ${USERS + 2} files the edit can affect: the limit of compared files was hit, the nearest importers were checked first)`,
  );
});

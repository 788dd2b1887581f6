import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { writeEditRulesProject } from "../../test-support/edit-project.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { openIndexedContext, rejection, runTool } from "../../test-support/tool-harness.js";
import { ToolInputError } from "../tool-errors.js";
import { deleteSymbolTool, insertAfterSymbolTool, renameSymbolTool, replaceSymbolTool } from "./handler.js";

let root: string;
let context: CliToolContext;
const read = (file: string): string => fs.readFileSync(path.join(root, "src", file), "utf8");

beforeAll(async () => {
  root = makeTempDir();
  writeEditRulesProject(root);
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

const SIGNATURES = [
  "/** Parses a number. */",
  "export function parse(value: number): number;",
  "/** Parses a string. */",
  "export function parse(value: string): string;",
  "/** The implementation. */",
].join("\n");

describe("replacing an overloaded declaration", () => {
  it("replaces the implementation alone when the content has no overload signature, keeping every signature and doc", async () => {
    const result = await runTool(
      replaceSymbolTool,
      {
        symbol: "parse",
        content: "export function parse(value: number | string): number | string {\n  return value ?? 0;\n}",
      },
      context,
    );
    expect(read("parse.ts")).toContain(
      `${SIGNATURES}\nexport function parse(value: number | string): number | string {\n  return value ?? 0;\n}\n`,
    );
    expect(result.text).toContain("kept 2 overload signatures and their doc comments");
  });

  it("keeps a method's overload signatures and their docs too", async () => {
    await runTool(
      replaceSymbolTool,
      { symbol: "Reader.read", content: "read(value: unknown): unknown {\n  return [value];\n}" },
      context,
    );
    expect(read("parse.ts")).toContain(
      "  /** Reads a number. */\n  read(value: number): number;\n  /** Reads a string. */\n  read(value: string): string;\n  read(value: unknown): unknown {\n    return [value];\n  }",
    );
  });

  it("replaces every signature when the content brings signatures, and refuses signatures without the implementation", async () => {
    const dry = await runTool(
      replaceSymbolTool,
      {
        symbol: "parse",
        content:
          "export function parse(value: string): string;\nexport function parse(value: string): string {\n  return value;\n}",
        dryRun: true,
      },
      context,
    );
    expect(dry.text).toContain("-export function parse(value: number): number;");
    expect(dry.text).not.toContain("kept");
    const message = await rejection(
      runTool(
        replaceSymbolTool,
        { symbol: "parse", content: "export function parse(value: boolean): boolean;" },
        context,
      ),
      ToolInputError,
    );
    expect(message).toContain("overload signatures but no implementation");
    const renamed = await runTool(
      replaceSymbolTool,
      { symbol: "parse", content: "export function read(): void {}", allowRename: true, dryRun: true },
      context,
    );
    expect(renamed.text).toContain("-export function parse(value: string): string;");
  });
});

describe("content the replace would lose the target by", () => {
  it("refuses content that declares another name unless allowRename, saying what to do", async () => {
    const before = read("parse.ts");
    const message = await rejection(
      runTool(replaceSymbolTool, { symbol: "Reader", content: "export class Writer {}" }, context),
      ToolInputError,
    );
    expect(message).toContain("the content declares `Writer`, not Reader");
    expect(message).toContain("rename_symbol");
    expect(message).toContain("allowRename");
    expect(
      await rejection(
        runTool(replaceSymbolTool, { symbol: "Reader", content: "console.log(1);" }, context),
        ToolInputError,
      ),
    ).toContain("declares nothing");
    expect(read("parse.ts")).toBe(before);
    const allowed = await runTool(
      replaceSymbolTool,
      { symbol: "Reader", content: "export class Writer {}", allowRename: true, dryRun: true },
      context,
    );
    expect(allowed.text).toContain("+export class Writer {}");
  });

  it("refuses a lone surrogate unless replaceLoneSurrogates, which writes U+FFFD", async () => {
    const content = 'export const mark = "\uD83D";';
    const before = read("connection.ts");
    const message = await rejection(runTool(insertAfterSymbolTool, { symbol: "fn", content }, context), ToolInputError);
    expect(message).toContain("lone UTF-16 surrogate (U+D83D) at line 1, column 22");
    expect(message).toContain("replaceLoneSurrogates");
    expect(read("connection.ts")).toBe(before);
    const dry = await runTool(
      insertAfterSymbolTool,
      { symbol: "fn", content, replaceLoneSurrogates: true, dryRun: true },
      context,
    );
    expect(dry.text).toContain('+export const mark = "\uFFFD";');
  });
});

describe("deleting a declaration an export uses", () => {
  it("refuses while `export default`, `export =` or a renaming export (here or in another file) uses it, listing the line, and deletes with force", async () => {
    const before = read("connection.ts");
    const message = await rejection(runTool(deleteSymbolTool, { symbol: "fn" }, context), ToolInputError);
    expect(message).toContain("src/connection.ts:3: export default fn;");
    expect(message).toContain("force");
    expect(read("connection.ts")).toBe(before);
    expect(await rejection(runTool(deleteSymbolTool, { symbol: "helper" }, context), ToolInputError)).toContain(
      "src/aliases.ts:5: export { helper as assist };",
    );
    expect(await rejection(runTool(deleteSymbolTool, { symbol: "legacy" }, context), ToolInputError)).toContain(
      "src/legacy.ts:2: export = legacy;",
    );
    expect(await rejection(runTool(deleteSymbolTool, { symbol: "shared" }, context), ToolInputError)).toContain(
      "src/reexport.ts",
    );
    const forced = await runTool(deleteSymbolTool, { symbol: "fn", force: true, dryRun: true }, context);
    expect(forced.text).toContain("-export const fn = connectionManager;");
  });
});

describe("members of an exported object literal", () => {
  it("replaces, inserts after and deletes a data member, keeping its doc comment and the commas", async () => {
    await runTool(replaceSymbolTool, { symbol: "colors.blue", content: 'blue: "#00e"' }, context);
    expect(read("colors.ts")).toContain('  /** The blue. */\n  blue: "#00e",\n  green: "#0f0",');
    await runTool(insertAfterSymbolTool, { symbol: "colors.green", content: 'teal: "#0ff"' }, context);
    expect(read("colors.ts")).toContain('  green: "#0f0",\n  teal: "#0ff",\n  red() {');
    await runTool(deleteSymbolTool, { symbol: "src/colors.ts:colors.green" }, context);
    expect(read("colors.ts")).toBe(
      'export const colors = {\n  /** The blue. */\n  blue: "#00e",\n  teal: "#0ff",\n  red() {\n    return "#f00";\n  },\n};\n',
    );
  });

  it("refuses to delete a data member another file reads", async () => {
    const message = await rejection(runTool(deleteSymbolTool, { symbol: "colors.blue" }, context), ToolInputError);
    expect(message).toContain("src/paint.ts:3: export const sky: string = colors.blue;");
  });

  it("renames a data member and its reads in other files", async () => {
    await runTool(renameSymbolTool, { symbol: "colors.blue", newName: "navy" }, context);
    expect(read("colors.ts")).toContain('  /** The blue. */\n  navy: "#00e",');
    expect(read("paint.ts")).toContain("colors.navy;");
  });
});

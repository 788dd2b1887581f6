import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { writeEditProject } from "../../test-support/edit-project.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { openIndexedContext, rejection, runTool } from "../../test-support/tool-harness.js";
import { ToolInputError } from "../tool-errors.js";
import { deleteSymbolTool, insertAfterSymbolTool, renameSymbolTool, replaceSymbolTool } from "./handler.js";

let root: string;
let context: CliToolContext;
const read = (file: string): string => fs.readFileSync(path.join(root, "src", file), "utf8");

beforeAll(async () => {
  root = makeTempDir();
  writeEditProject(root);
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

describe("locating the declaration", () => {
  it("lists every declaration of an ambiguous name, and picks one by line", async () => {
    const message = await rejection(
      runTool(replaceSymbolTool, { symbol: "format", content: "export function format() {}", dryRun: true }, context),
      ToolInputError,
    );
    expect(message).toContain("src/cart.ts:format (Function, lines 18-20)");
    expect(message).toContain("src/labels.ts:format (Function, lines 1-3)");
    const picked = await runTool(
      replaceSymbolTool,
      {
        symbol: "format",
        file: "src/labels.ts",
        line: 2,
        content: "export function format(value: number): string {\n  return String(value);\n}",
        dryRun: true,
      },
      context,
    );
    expect(picked.text).toContain("+++ b/src/labels.ts");
  });

  it("answers the closest names when nothing matches", async () => {
    const message = await rejection(runTool(deleteSymbolTool, { symbol: "Cart.totl" }, context), ToolInputError);
    expect(message).toContain("Closest names");
    expect(message).toContain("src/cart.ts:Cart.total");
  });

  it("refuses a file outside the root, through a link out, and ts-graph's own files", async () => {
    const outside = makeTempDir();
    fs.writeFileSync(path.join(outside, "x.ts"), "export const x = 1;\n");
    fs.symlinkSync(outside, path.join(root, "linked"));
    const cases = [
      { file: path.join(outside, "x.ts"), expected: "outside the workspace" },
      { file: "linked/x.ts", expected: "through a symbolic link" },
      { file: ".ts-graph/graph.db", expected: "ts-graph's own database or configuration" },
      { file: "ts-graph.config.json", expected: "ts-graph's own database or configuration" },
    ];
    for (const { file, expected } of cases) {
      expect(
        await rejection(
          runTool(replaceSymbolTool, { symbol: "x", file, content: "export const x = 2;" }, context),
          ToolInputError,
        ),
      ).toContain(expected);
    }
    expect(fs.readFileSync(path.join(outside, "x.ts"), "utf8")).toBe("export const x = 1;\n");
    fs.rmSync(path.join(root, "linked"));
  });
});

describe("never losing code", () => {
  it("writes nothing on a dry run, and refuses a stale expectedHash", async () => {
    const before = read("cart.ts");
    const dry = await runTool(
      replaceSymbolTool,
      { symbol: "unit", content: "export function unit(): number {\n  return 2;\n}", dryRun: true },
      context,
    );
    expect(dry.text).toContain("-  return 1;\n+  return 2;");
    expect(read("cart.ts")).toBe(before);
    const stale = await rejection(
      runTool(
        replaceSymbolTool,
        { symbol: "unit", content: "export const unit = () => 2;", expectedHash: "0".repeat(40) },
        context,
      ),
      ToolInputError,
    );
    expect(stale).toContain("changed since you read it");
    expect(read("cart.ts")).toBe(before);
  });

  it("refuses content that does not parse, with its line and column, and writes nothing", async () => {
    const before = read("cart.ts");
    const message = await rejection(
      runTool(
        replaceSymbolTool,
        { symbol: "Cart.add", content: "add(item: number): void {\n  this.items.push(item;\n}" },
        context,
      ),
      ToolInputError,
    );
    expect(message).toContain("line 2, column 23");
    expect(read("cart.ts")).toBe(before);
  });
});

describe("after the write", () => {
  it("updates the graph and lists the diagnostics the edit introduced in an importer", async () => {
    const dry = await runTool(
      replaceSymbolTool,
      { symbol: "unit", content: "export function unit(): string {\n  return 'one';\n}", dryRun: true },
      context,
    );
    const hash = (dry.structured.files as { hashBefore: string }[])[0]?.hashBefore;
    const result = await runTool(
      replaceSymbolTool,
      { symbol: "unit", content: "export function unit(): string {\n  return 'one';\n}", expectedHash: hash },
      context,
    );
    expect(read("cart.ts")).toContain("export function unit(): string {\n  return 'one';\n}");
    expect(result.text).toContain("graph: updated with the edit");
    expect(result.text).toMatch(
      /1 introduced, 0 removed\n {2}\+ src\/main\.ts:5:10 TS2345 Argument of type 'string' is not assignable/,
    );
    const undo = await runTool(
      replaceSymbolTool,
      { symbol: "unit", content: "export function unit(): number {\n  return 1;\n}" },
      context,
    );
    expect(undo.text).toContain("0 introduced, 1 removed");
  });

  it("compares only the changed file when the edit changes nothing other files can see", async () => {
    const result = await runTool(
      replaceSymbolTool,
      {
        symbol: "format",
        file: "src/labels.ts",
        content: "export function format(value: number): string {\n  return `#${value}`;\n}",
      },
      context,
    );
    expect(result.text).toContain(
      "diagnostics (1 file compared before and after): 0 introduced, 0 removed\n  (importers not compared: the edit changed nothing other files can see)",
    );
  });

  it("refuses to delete a declaration the graph has references to, listing them, and deletes it with force", async () => {
    const message = await rejection(runTool(deleteSymbolTool, { symbol: "Cart.add" }, context), ToolInputError);
    expect(message).toContain("src/main.ts (CALLS, src/main.ts:5)");
    const result = await runTool(deleteSymbolTool, { symbol: "Cart.add", force: true }, context);
    expect(read("cart.ts")).not.toContain("add(item");
    expect(result.text).toMatch(/\+ src\/main\.ts:5:6 TS2339 Property 'add' does not exist/);
    await runTool(
      insertAfterSymbolTool,
      { symbol: "Cart.total", content: "add(item: number): void {\n  this.items.push(item);\n}" },
      context,
    );
    expect(context.db.prepare("SELECT count(*) FROM nodes WHERE key = 'src/cart.ts:Cart.add'").pluck().get()).toBe(1);
  });
});

describe("rename", () => {
  it("renames the declaration and every reference in other files, and the graph follows", async () => {
    const result = await runTool(renameSymbolTool, { symbol: "Cart.total", newName: "sum" }, context);
    expect(result.text).toContain("2 places in 2 files");
    expect(read("main.ts")).toContain("format(cart.sum())");
    expect(read("cart.ts")).toContain("  sum(): number {");
    const callers = context.db
      .prepare("SELECT source FROM edges WHERE kind = 'CALLS' AND target = 'src/cart.ts:Cart.sum'")
      .pluck()
      .all();
    expect(callers).toEqual(["src/main.ts:label"]);
  });

  it("refuses a new name that is taken in the container or is not an identifier, writing nothing", async () => {
    const before = read("cart.ts");
    expect(
      await rejection(runTool(renameSymbolTool, { symbol: "Cart.sum", newName: "add" }, context), ToolInputError),
    ).toContain("already a member");
    expect(
      await rejection(runTool(renameSymbolTool, { symbol: "Cart.sum", newName: "1st" }, context), ToolInputError),
    ).toContain("not a valid identifier");
    expect(
      await rejection(runTool(renameSymbolTool, { symbol: "unit", newName: "Cart" }, context), ToolInputError),
    ).toContain("already names another declaration");
    expect(read("cart.ts")).toBe(before);
  });
});

describe("text outside ASCII", () => {
  it("replaces a declaration that follows emoji and accented letters, byte for byte (oxc's offsets are UTF-16)", async () => {
    const absolute = path.join(root, "src", "greeting.ts");
    const before =
      "// Grüße 😀 — ünïcödé\nexport const wave = '👋🏽';\n\nexport function greet(): string {\n  return 'héllo';\n}\n\nexport const after = 1;\n";
    fs.writeFileSync(absolute, before);
    await context.ensureFresh([absolute]);
    await runTool(
      replaceSymbolTool,
      { symbol: "greet", content: "export function greet(): string {\n  return 'grüß dich 😀';\n}" },
      context,
    );
    expect(fs.readFileSync(absolute, "utf8")).toBe(before.replace("return 'héllo';", "return 'grüß dich 😀';"));
  });
});

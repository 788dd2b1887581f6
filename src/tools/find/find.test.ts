import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { copySampleProject, removeTempDirs } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";
import { expectGolden, openIndexedContext, rejection, runTool, transcript } from "../../test-support/tool-harness.js";
import { ToolInputError } from "../tool-errors.js";
import { findTool } from "./handler.js";

let context: CliToolContext;

beforeAll(async () => {
  context = await openIndexedContext(copySampleProject("web-app"));
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

describe("find on the web-app sample", () => {
  it("answers as the golden transcript says", async () => {
    const cases = [
      { name: "user" },
      { name: "uFT" },
      { name: "vCL" },
      { name: "validatec" },
      { name: "ca" },
      { name: "login", kind: "Method" },
      { name: "valid", path: "shared", limit: 3 },
      { name: "Repository", exported: true },
      { name: "token", exported: false },
      { name: "user-serv", kind: "File" },
      { name: "constructor", kind: "Constructor", path: "frontend" },
      { name: "zz" },
      { name: "nothingLikeThis" },
    ];
    expectGolden(path.join(import.meta.dirname, "golden", "web-app.txt"), await transcript(findTool, cases, context));
  });
});

describe("find", () => {
  it("returns every field of a match as structured content, with the count left out by the limit", async () => {
    const result = await runTool(findTool, { name: "validate", limit: 2 }, context);
    expect(result.structured).toMatchObject({ query: "validate", total: 5, more: 3 });
    expect((result.structured.matches as unknown[])[0]).toEqual({
      name: "validateEmail",
      qualifiedName: "validateEmail",
      kind: "Function",
      file: "shared/validation.ts",
      line: 7,
      endLine: 10,
      exported: true,
      signature: "export function validateEmail(email: string): Result<string>",
      match: "prefix",
    });
  });

  it("treats the query literally, quotes and wildcards included", async () => {
    for (const name of ['"', "a%b", "x_y", "*", "(", "a\u0000b", "\u0000"]) {
      expect((await runTool(findTool, { name }, context)).structured.total).toBe(0);
    }
  });

  it("refuses a blank name in its schema, and trims the name it looks for", async () => {
    const blank = z.object(findTool.inputShape).safeParse({ name: "  " });
    expect(blank.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      "name: empty: give a name to look for (at least one character)",
    ]);
    expect((await runTool(findTool, { name: "  validateEmail\t" }, context)).structured.query).toBe("validateEmail");
  });

  it("refuses a path outside the root", async () => {
    expect(await rejection(runTool(findTool, { name: "user", path: "../elsewhere" }, context), ToolInputError)).toMatch(
      /outside the workspace|does not exist/,
    );
    expect(
      await rejection(runTool(findTool, { name: "user", path: "no/such/folder" }, context), ToolInputError),
    ).toMatch(/does not exist/);
  });
});

describe("find by an exported name", () => {
  it("finds a declaration by the name a file exports or re-exports it as, ranked as an exact match, with every exporter", async () => {
    const root = writeProject({
      "src/impl.ts": "class Impl {}\nexport { Impl as Public };\n",
      "src/index.ts": 'export { Public } from "./impl";\nexport * as shapes from "./impl";\n',
      "src/public-api.ts": "export function publicApi(): void {}\n",
    });
    const own = await openIndexedContext(root);
    try {
      const result = await runTool(findTool, { name: "public" }, own);
      expect(result.text).toBe(
        [
          '2 symbols matching "public":',
          "src/impl.ts:1 Class Public (alias of Impl, exported by src/impl.ts, src/index.ts): class Impl",
          "src/public-api.ts:1 Function publicApi: export function publicApi(): void",
        ].join("\n"),
      );
      expect((result.structured.matches as unknown[])[0]).toMatchObject({
        name: "Impl",
        match: "exact",
        exportedAs: "Public",
        exportedBy: ["src/impl.ts", "src/index.ts"],
      });
      expect((await runTool(findTool, { name: "shapes" }, own)).text).toBe(
        '1 symbol matching "shapes":\nsrc/impl.ts File shapes (namespace of src/impl.ts, exported by src/index.ts)',
      );
    } finally {
      own.close();
    }
  });
});

describe("the symbol-name vocabulary", () => {
  it("follows renames, additions and deletions in incremental runs", async () => {
    const root = copySampleProject("web-app");
    const own = await openIndexedContext(root);
    try {
      const money = path.join(root, "shared", "money.ts");
      fs.writeFileSync(
        money,
        fs.readFileSync(money, "utf8").replace("export function formatPrice(", "export function renderPriceTag("),
      );
      fs.writeFileSync(
        path.join(root, "shared", "extra.ts"),
        "export function getUserById(id: string): string {\n  return id;\n}\n",
      );
      fs.rmSync(path.join(root, "backend", "services", "token-service.ts"));
      await own.ensureFresh([money]);
      const names = (query: string) =>
        runTool(findTool, { name: query }, own).then((result) =>
          (result.structured.matches as { name: string }[]).map((match) => match.name),
        );
      expect(await names("formatPrice")).toEqual([]);
      expect(await names("rPT")).toEqual(["renderPriceTag"]);
      expect(await names("gUBI")).toEqual(["getUserById"]);
      expect(await names("TokenService")).toEqual([]);
      const vocabulary = own.db.prepare("SELECT name, humps FROM symbol_names ORDER BY name").all();
      const distinctNames = own.db.prepare("SELECT DISTINCT name FROM nodes ORDER BY name").pluck().all();
      expect(vocabulary.map((row) => (row as { name: string }).name)).toEqual(distinctNames);
      expect(vocabulary.every((row) => typeof (row as { humps: unknown }).humps === "string")).toBe(true);
      expect(own.db.prepare("SELECT count(*) FROM symbol_names_released").pluck().get()).toBe(0);
      // FTS5 compares its index with the vocabulary (rank 1: the external content too) and throws on any difference.
      // The command is an INSERT, so it goes through a connection of its own: the tools' one is read-only.
      const checker = new Database(own.dbPath);
      try {
        checker
          .prepare("INSERT INTO symbol_names_trigrams (symbol_names_trigrams, rank) VALUES ('integrity-check', 1)")
          .run();
      } finally {
        checker.close();
      }
    } finally {
      own.close();
    }
  });
});

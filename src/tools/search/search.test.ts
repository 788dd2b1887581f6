import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { copySampleProject, removeTempDirs } from "../../test-support/fixtures.js";
import { expectGolden, openIndexedContext, rejection, runTool, transcript } from "../../test-support/tool-harness.js";
import { ToolInputError, ToolUnavailableError } from "../tool-errors.js";
import { createSearchTool, searchTool } from "./handler.js";

let root: string;
let context: CliToolContext;

beforeAll(async () => {
  root = copySampleProject("web-app");
  fs.writeFileSync(path.join(root, "logo.png"), Buffer.from("PNG\0\0 token token\n"));
  fs.writeFileSync(path.join(root, ".gitignore"), "generated/\n");
  fs.mkdirSync(path.join(root, "generated"));
  fs.writeFileSync(path.join(root, "generated", "api.ts"), "export const validateToken = 1;\n");
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

describe("search on the web-app sample", () => {
  it("answers as the golden transcript says", async () => {
    const cases = [
      { pattern: "validate\\w+\\(" },
      { pattern: "Result<", literal: true, paths: ["shared/result.ts"] },
      { pattern: "token", context: 1, limit: 4, paths: ["backend"] },
      { pattern: "ROLE|role", ignoreCase: true, glob: ["*.ts", "!backend/**"] },
      { pattern: "props\\.", glob: ["**/*.tsx"], context: 1 },
      { pattern: "nowhere to be found" },
    ];
    expectGolden(path.join(import.meta.dirname, "golden", "web-app.txt"), await transcript(searchTool, cases, context));
  });
});

describe("search", () => {
  it("skips binary and git-ignored files", async () => {
    const result = await runTool(searchTool, { pattern: "token", literal: true, limit: 1000 }, context);
    const files = new Set((result.structured.matches as { file: string }[]).map((match) => match.file));
    expect(files.has("logo.png")).toBe(false);
    expect(files.has("generated/api.ts")).toBe(false);
    expect(files.has("backend/services/token-service.ts")).toBe(true);
  });

  it("names the enclosing declaration of each match in the structured answer, and flags a cut", async () => {
    const result = await runTool(searchTool, { pattern: "validateToken", limit: 2 }, context);
    expect(result.structured).toMatchObject({ matchCount: 2, truncated: true });
    expect(result.structured.matches).toEqual([
      {
        file: "backend/http/middleware.ts",
        line: 1,
        column: 10,
        text: "import { validateToken } from '@shared/validation';",
        symbol: null,
      },
      {
        file: "backend/http/middleware.ts",
        line: 14,
        column: 20,
        text: "    if (!token || !validateToken(token).ok) {",
        symbol: { name: "requireAuth", kind: "Function", startLine: 11, endLine: 19 },
      },
    ]);
  });

  it("reports an invalid regex with ripgrep's explanation", async () => {
    const message = await rejection(runTool(searchTool, { pattern: "login(" }, context), ToolInputError);
    expect(message).toMatch(/^Invalid pattern: regex parse error:/);
    expect(message).toMatch(/unclosed group/);
    expect(message).toMatch(/pass literal to search for the text as is/);
  });

  it("reports a glob ripgrep cannot parse and a pattern with a line break as input errors, saying what to give", async () => {
    const glob = await rejection(runTool(searchTool, { pattern: "token", glob: ["["] }, context), ToolInputError);
    expect(glob).toMatch(/^Invalid glob: error parsing glob '\[': unclosed character class/);
    expect(glob).toMatch(/escape \[ \] \{ \} with a backslash/);
    const lineBreak = await rejection(runTool(searchTool, { pattern: "token\nsession" }, context), ToolInputError);
    expect(lineBreak).toBe(
      "Invalid pattern: it holds a line break, and search matches within one line; search for each line apart.",
    );
  });

  it("refuses a binary file, a missing path and a path outside the root", async () => {
    expect(
      await rejection(runTool(searchTool, { pattern: "token", paths: ["logo.png"] }, context), ToolInputError),
    ).toBe("logo.png is a binary file; search reads text files only.");
    expect(await rejection(runTool(searchTool, { pattern: "x", paths: ["nope"] }, context), ToolInputError)).toMatch(
      /does not exist/,
    );
    expect(await rejection(runTool(searchTool, { pattern: "x", paths: ["../.."] }, context), ToolInputError)).toMatch(
      /outside the workspace/,
    );
  });

  it("answers a search whose filters leave no file as empty, saying which filters applied", async () => {
    for (const glob of ["**/passwd", "/etc/**", ".ts-graph/**", "--pre=/bin/sh"]) {
      const result = await runTool(searchTool, { pattern: "root", glob: [glob] }, context);
      expect(result.text).toBe(
        `No file to search for /root/: the filters leave none (glob ${JSON.stringify(glob)}, .gitignore, hidden and binary files, node_modules and .ts-graph (always skipped)).`,
      );
      expect(result.structured).toMatchObject({
        matchCount: 0,
        noFilesSearched: true,
        filters: { glob: [glob], paths: [] },
      });
    }
  });

  it("says how to fix a missing ripgrep binary instead of failing obscurely", async () => {
    const missing = createSearchTool(() => Promise.resolve(path.join(root, "no-such-rg")));
    const message = await rejection(runTool(missing, { pattern: "token" }, context), ToolUnavailableError);
    expect(message).toMatch(
      /^unavailable: ripgrep did not start \(spawn .*no-such-rg ENOENT\)\. Check that .*no-such-rg exists and is executable/,
    );
  });
});

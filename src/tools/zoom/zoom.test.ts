import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliToolContext } from "../../cli/cli-tool-context.js";
import { copySampleProject, makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";
import { expectGolden, openIndexedContext, rejection, runTool, transcript } from "../../test-support/tool-harness.js";
import { ToolInputError } from "../tool-errors.js";
import { zoomTool } from "./handler.js";

let root: string;
let context: CliToolContext;

beforeAll(async () => {
  root = copySampleProject("web-app");
  fs.writeFileSync(path.join(root, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x1a]));
  fs.writeFileSync(path.join(root, "notes.md"), "# Notes\n");
  // Hidden by .gitignore: a secret beside the sources, an indexed generated file, a build folder.
  fs.writeFileSync(path.join(root, ".gitignore"), ".env\nfrontend/generated.ts\nbuild/\n");
  fs.writeFileSync(path.join(root, ".env"), "SECRET=1\n");
  fs.writeFileSync(path.join(root, "frontend", "generated.ts"), "export const generated = 1;\n");
  fs.mkdirSync(path.join(root, "build"));
  fs.writeFileSync(path.join(root, "build", "out.txt"), "built\n");
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

describe("zoom on the web-app sample", () => {
  it("answers as the golden transcript says", async () => {
    const cases = [
      { path: "backend/services/user-service.ts" },
      { path: "backend/services/user-service.ts", level: 1 },
      { path: "shared/result.ts", level: 2 },
      { path: "frontend/App.tsx", level: 1 },
      { path: "types/jsx.d.ts" },
      { path: "." },
      { path: "frontend" },
      { path: "frontend", recursive: true },
      { path: "backend/http", level: 1 },
      { path: "backend/server.ts", level: 2, maxBytes: 1000 },
    ];
    expectGolden(path.join(import.meta.dirname, "golden", "web-app.txt"), await transcript(zoomTool, cases, context));
  });
});

describe("zoom", () => {
  it("returns the outline as structured content too", async () => {
    const result = await runTool(zoomTool, { path: "frontend/store/cart.ts", level: 1 }, context);
    expect(result.structured).toMatchObject({ level: 1, path: "frontend/store/cart.ts", lines: 47, truncated: false });
    const symbols = result.structured.symbols as { name: string; members: { name: string }[] }[];
    expect(symbols.map((symbol) => symbol.name)).toEqual(["CartState", "Cart"]);
    expect(symbols[1]?.members.map((member) => member.name)).toEqual([
      "constructor",
      "add",
      "remove",
      "clear",
      "total",
      "count",
    ]);
  });

  it("stops a folder outline at maxBytes and names the files it left out", async () => {
    const result = await runTool(zoomTool, { path: ".", recursive: true, maxBytes: 1000 }, context);
    // The outline stays within maxBytes; the note naming what it left out comes on top.
    expect(Buffer.byteLength(result.text.slice(0, result.text.indexOf("\n… truncated")))).toBeLessThanOrEqual(1000);
    expect(result.text).toMatch(
      /\n… truncated at 1,000 bytes; zoom into these files or a subfolder, or raise maxBytes\. Not shown \(symbols\): backend\/services\/order-service\.ts \(1\), .*, types\/jsx\.d\.ts \(1\)\.$/,
    );
    expect(result.structured.truncated).toBe(true);
  });

  it("leaves test files out of a folder unless asked", async () => {
    fs.writeFileSync(path.join(root, "shared", "money.test.ts"), "export const cases = [1, 2];\n");
    await runTool(zoomTool, { path: "shared/money.test.ts" }, context);
    const without = await runTool(zoomTool, { path: "shared" }, context);
    expect(without.text).not.toContain("money.test.ts");
    const withTests = await runTool(zoomTool, { path: "shared", tests: true }, context);
    expect(withTests.text).toContain("money.test.ts\n    1 const cases = [1, 2]");
    fs.rmSync(path.join(root, "shared", "money.test.ts"));
  });

  it("re-indexes a file changed since it was indexed before answering, for a file and for its folder", async () => {
    const own = copySampleProject("web-app");
    const ownContext = await openIndexedContext(own);
    try {
      const money = path.join(own, "shared", "money.ts");
      fs.appendFileSync(
        money,
        "\n/** Rounds to whole euros. */\nexport function roundEuros(cents: number): number {\n  return Math.round(cents / 100) * 100;\n}\n",
      );
      const result = await runTool(zoomTool, { path: "shared/money.ts" }, ownContext);
      expect(result.text).toContain("14 function roundEuros(cents: number): number\nlevel 1 adds docs");
      fs.appendFileSync(money, "export const CENTS_PER_EURO = 100;\n");
      expect((await runTool(zoomTool, { path: "shared" }, ownContext)).text).toContain(
        "    17 const CENTS_PER_EURO = 100\n",
      );
    } finally {
      ownContext.close();
    }
  });

  it("indexes a new file zoomed into", async () => {
    const own = copySampleProject("web-app");
    const ownContext = await openIndexedContext(own);
    try {
      fs.writeFileSync(path.join(own, "shared", "extra.ts"), "export const extra = 1;\n");
      expect((await runTool(zoomTool, { path: "shared/extra.ts" }, ownContext)).text).toBe("1 const extra = 1");
      expect((await runTool(zoomTool, { path: "shared" }, ownContext)).text).toContain(
        "  extra.ts\n    1 const extra = 1\n",
      );
    } finally {
      ownContext.close();
    }
  });

  it("refuses bad input with a message that says what to do", async () => {
    expect(await rejection(runTool(zoomTool, { path: "backend/missing.ts" }, context), ToolInputError)).toMatch(
      /does not exist/,
    );
    expect(await rejection(runTool(zoomTool, { path: "../outside.ts" }, context), ToolInputError)).toMatch(
      /outside the workspace/,
    );
    const elsewhere = path.join(makeTempDir(), "elsewhere.ts");
    fs.writeFileSync(elsewhere, "export const x = 1;\n");
    expect(await rejection(runTool(zoomTool, { path: elsewhere }, context), ToolInputError)).toMatch(
      /outside the workspace/,
    );
    expect(await rejection(runTool(zoomTool, { path: "logo.png", level: 2 }, context), ToolInputError)).toBe(
      "logo.png is a binary file (it contains NUL bytes); only text files can be read.",
    );
    expect(await rejection(runTool(zoomTool, { path: "notes.md" }, context), ToolInputError)).toMatch(
      /not a TypeScript or JavaScript source file; zoom level 2 shows its text/,
    );
    expect(await rejection(runTool(zoomTool, { path: "backend", level: 2 }, context), ToolInputError)).toMatch(
      /is a folder; zoom level 2 reads one file/,
    );
    expect((await runTool(zoomTool, { path: "notes.md", level: 2 }, context)).text).toBe(
      "notes.md (8 bytes)\n# Notes\n",
    );
  });

  it("honours .gitignore: an ignored file or folder is refused unless includeIgnored, and left out of a folder's outline", async () => {
    expect(await rejection(runTool(zoomTool, { path: ".env", level: 2 }, context), ToolInputError)).toBe(
      ".env is ignored by .gitignore; zoom shows it with includeIgnored: true (CLI --include-ignored).",
    );
    expect(await rejection(runTool(zoomTool, { path: "build/out.txt", level: 2 }, context), ToolInputError)).toMatch(
      /^build\/out\.txt is ignored by \.gitignore/,
    );
    expect(await rejection(runTool(zoomTool, { path: "build" }, context), ToolInputError)).toMatch(
      /^build is ignored by \.gitignore/,
    );
    expect(await rejection(runTool(zoomTool, { path: "frontend/generated.ts" }, context), ToolInputError)).toMatch(
      /is ignored by \.gitignore/,
    );
    expect((await runTool(zoomTool, { path: ".env", level: 2, includeIgnored: true }, context)).text).toBe(
      ".env (9 bytes)\nSECRET=1\n",
    );
    expect((await runTool(zoomTool, { path: "frontend/generated.ts", includeIgnored: true }, context)).text).toContain(
      "1 const generated = 1",
    );
    expect((await runTool(zoomTool, { path: "frontend" }, context)).text).not.toContain("generated");
    expect((await runTool(zoomTool, { path: "frontend", includeIgnored: true }, context)).text).toContain(
      "generated.ts",
    );
  });

  it("never shows ts-graph's own database, even with includeIgnored", async () => {
    for (const target of [".ts-graph/graph.db", ".ts-graph/graph.db-wal", ".ts-graph"]) {
      expect(
        await rejection(runTool(zoomTool, { path: target, level: 2, includeIgnored: true }, context), ToolInputError),
      ).toMatch(/is ts-graph's own database/);
    }
  });

  it("reads no more of a file than the cap: a 3 GB file answers its first bytes", async () => {
    const big = path.join(root, "huge.log");
    fs.writeFileSync(big, "line one\nline two\n".repeat(600));
    fs.truncateSync(big, 3_000_000_000); // sparse: the rest is never written, and never read
    try {
      const result = await runTool(zoomTool, { path: "huge.log", level: 2, maxBytes: 1000 }, context);
      expect(result.structured).toMatchObject({
        totalBytes: 3_000_000_000,
        truncated: true,
        omittedBytes: 3_000_000_000 - 999,
      });
      expect(result.text.startsWith("huge.log")).toBe(true);
      expect(result.text).toContain("line one\nline two\n");
    } finally {
      fs.rmSync(big);
    }
  });

  it("says when a source file is not part of any project", async () => {
    fs.mkdirSync(path.join(root, "scripts"), { recursive: true });
    fs.writeFileSync(path.join(root, "scripts", "build.ts"), "export const build = 1;\n");
    expect(await rejection(runTool(zoomTool, { path: "scripts/build.ts" }, context), ToolInputError)).toMatch(
      /not in the graph: no project of this root includes it/,
    );
  });
});

describe("zoom of export names", () => {
  it("shows the other names a file exports a declaration as, and what a barrel re-exports under which name from where", async () => {
    const project = writeProject({
      "src/impl.ts":
        "class Impl {}\nfunction helper(): number {\n  return 1;\n}\nexport { Impl as Public, helper as default };\n",
      "src/widget.ts": "export default class Widget {}\n",
      "src/index.ts":
        'export { Public as Renamed } from "./impl";\nexport * as widgets from "./widget";\nexport * from "./widget";\n',
    });
    const own = await openIndexedContext(project);
    try {
      expect((await runTool(zoomTool, { path: "src/impl.ts" }, own)).text).toBe(
        ["1 class Impl (exported as Public)", "2 function helper(): number (export default)"].join("\n"),
      );
      expect((await runTool(zoomTool, { path: "src/widget.ts", level: 1 }, own)).text).toBe(
        ["src/widget.ts (2 lines)", "1 export default class Widget"].join("\n"),
      );
      const barrel = await runTool(zoomTool, { path: "src/index.ts" }, own);
      expect(barrel.text).toBe(
        [
          "re-exports:",
          "  Renamed ← Class Impl  src/impl.ts:1",
          "  widgets ← namespace of src/widget.ts",
          "  * ← every export of src/widget.ts",
        ].join("\n"),
      );
      expect(barrel.structured.reExports).toContainEqual({
        name: "Renamed",
        kind: "Class",
        qualifiedName: "Impl",
        file: "src/impl.ts",
        line: 1,
      });
    } finally {
      own.close();
    }
  });
});

describe("zoom lines", () => {
  const userService = "backend/services/user-service.ts";

  it("shows the lines numbered, under a header naming the range, the line count and the declarations around them", async () => {
    const result = await runTool(zoomTool, { path: userService, lines: "20-26" }, context);
    expect(result.text).toBe(
      [
        `${userService}: lines 20-26 of 63`,
        "in: L16-63 Class UserService",
        "overlaps: L20-23 Constructor constructor, L21 Property users, L22 Property tokens, L25-41 Method register",
        "20\t  constructor(",
        "21\t    private readonly users: UserRepository,",
        "22\t    private readonly tokens: TokenService,",
        "23\t  ) {}",
        "24\t",
        "25\t  register(input: Credentials, displayName: string): Result<User> {",
        "26\t    const checked = validateCredentials(input);",
      ].join("\n"),
    );
    expect(result.structured).toMatchObject({
      level: 2,
      path: userService,
      from: 20,
      to: 26,
      totalLines: 63,
      truncated: false,
      clamped: false,
    });
    expect(result.structured.text).toBe(
      fs.readFileSync(path.join(root, userService), "utf8").split("\n").slice(19, 26).join("\n"),
    );
    expect(result.structured.declarations).toContainEqual({
      name: "UserService",
      kind: "Class",
      startLine: 16,
      endLine: 63,
      encloses: true,
    });
    expect(result.structured).not.toHaveProperty("next");
  });

  it("reads one line, and a range to the end", async () => {
    expect((await runTool(zoomTool, { path: userService, lines: "63" }, context)).text).toBe(
      `${userService}: line 63 of 63\nin: L16-63 Class UserService\n63\t}`,
    );
    expect((await runTool(zoomTool, { path: userService, lines: "62-" }, context)).structured).toMatchObject({
      from: 62,
      to: 63,
      truncated: false,
    });
  });

  it("clamps an end past the file's last line and says so", async () => {
    const result = await runTool(zoomTool, { path: userService, lines: "60-400" }, context);
    expect(result.text.split("\n")[0]).toBe(
      `${userService}: lines 60-63 of 63 (asked 60-400; the file ends at line 63)`,
    );
    expect(result.structured).toMatchObject({ from: 60, to: 63, clamped: true, truncated: false });
  });

  it("stops at maxBytes and says which range to ask next", async () => {
    const result = await runTool(zoomTool, { path: "backend/server.ts", lines: "1-60", maxBytes: 1000 }, context);
    expect(result.text.split("\n")[0]).toBe("backend/server.ts: lines 1-18 of 67 (cut by maxBytes)");
    expect(result.text).toMatch(
      /\n… cut at 18 lines by maxBytes \(1,000 bytes\); ask lines "19-60" next \(CLI --lines 19-60\), or raise maxBytes\.$/,
    );
    expect(result.structured).toMatchObject({ from: 1, to: 18, truncated: true, next: "19-60" });
    expect(Buffer.byteLength(result.text)).toBeLessThan(1400);
    const next = await runTool(zoomTool, { path: "backend/server.ts", lines: "19-60", maxBytes: 1000 }, context);
    expect(next.text).toMatch(/^backend\/server\.ts: lines 19-\d+ of 67 /);
  });

  it("reads any text file inside the root, line ends \\r\\n or none at the end", async () => {
    fs.writeFileSync(path.join(root, "crlf.txt"), "one\r\ntwo\r\nthree");
    try {
      const result = await runTool(zoomTool, { path: "crlf.txt", lines: "2-" }, context);
      expect(result.text).toBe("crlf.txt: lines 2-3 of 3\n2\ttwo\n3\tthree");
      expect(result.structured).toMatchObject({ text: "two\nthree", declarations: [] });
    } finally {
      fs.rmSync(path.join(root, "crlf.txt"));
    }
  });

  it("cuts a line longer than maxBytes on a character boundary and says so", async () => {
    fs.writeFileSync(path.join(root, "wide.txt"), `${"é".repeat(1500)}\nnext\n`);
    try {
      const result = await runTool(zoomTool, { path: "wide.txt", lines: "1-2", maxBytes: 1001 }, context);
      expect(result.structured).toMatchObject({ from: 1, to: 1, truncated: true, next: "2" });
      expect(result.structured.text).toBe("é".repeat(500));
      expect(result.text).toMatch(
        /\n… line 1 is longer than maxBytes \(1,001 bytes\) and was cut; raise maxBytes to read it whole, or ask lines "2"/,
      );
    } finally {
      fs.rmSync(path.join(root, "wide.txt"));
    }
  });

  it("refuses what it cannot read with a message that says what to give", async () => {
    expect(await rejection(runTool(zoomTool, { path: userService, lines: "70-80" }, context), ToolInputError)).toBe(
      `${userService} has 63 lines; lines "70-80" starts after its end. Give a range that starts within 1-63.`,
    );
    expect(await rejection(runTool(zoomTool, { path: userService, lines: "10:20" }, context), ToolInputError)).toMatch(
      /^lines "10:20" is not a line range; give "A-B" \(lines A to B\), "A-" \(line A to the end\) or "A" \(line A alone\)/,
    );
    expect(await rejection(runTool(zoomTool, { path: "backend", lines: "1-5" }, context), ToolInputError)).toBe(
      "backend is a folder; lines reads one file. Give a file's path, or zoom the folder at level 0 or 1.",
    );
    expect(await rejection(runTool(zoomTool, { path: "logo.png", lines: "1" }, context), ToolInputError)).toMatch(
      /is a binary file/,
    );
    fs.writeFileSync(path.join(root, "empty.txt"), "");
    expect(await rejection(runTool(zoomTool, { path: "empty.txt", lines: "1-" }, context), ToolInputError)).toBe(
      "empty.txt is empty: it has no lines to read.",
    );
    fs.rmSync(path.join(root, "empty.txt"));
    expect(
      await rejection(
        runTool(zoomTool, { path: ".ts-graph/graph.db", lines: "1", includeIgnored: true }, context),
        ToolInputError,
      ),
    ).toMatch(/is ts-graph's own database/);
    fs.mkdirSync(path.join(root, ".git"), { recursive: true });
    fs.writeFileSync(path.join(root, ".git", "config"), "[remote]\n  url = https://token@example.com/x.git\n");
    expect(
      await rejection(
        runTool(zoomTool, { path: ".git/config", lines: "1-2", includeIgnored: true }, context),
        ToolInputError,
      ),
    ).toMatch(/inside git's own folder \(\.git\)/);
    expect(await rejection(runTool(zoomTool, { path: ".env", lines: "1" }, context), ToolInputError)).toMatch(
      /is ignored by \.gitignore/,
    );
  });

  it("stops reading a huge file at the line scan's end, and says the count is partial", async () => {
    const big = path.join(root, "huge-lines.log");
    fs.writeFileSync(big, "line one\nline two\n".repeat(600));
    fs.truncateSync(big, 3_000_000_000); // sparse: only the line scan's first 64 MiB are read
    try {
      const result = await runTool(zoomTool, { path: "huge-lines.log", lines: "2-3" }, context);
      expect(result.text).toBe(
        "huge-lines.log: lines 2-3 of 1201+ (lines are read and counted in the file's first 67,108,864 bytes only)\n2\tline two\n3\tline one",
      );
      expect(result.structured).toMatchObject({ totalLines: 1201, countStopped: true });
      expect(
        await rejection(runTool(zoomTool, { path: "huge-lines.log", lines: "5000" }, context), ToolInputError),
      ).toMatch(/^lines "5000" starts past the first 67,108,864 bytes of huge-lines\.log \(1201 lines\)/);
    } finally {
      fs.rmSync(big);
    }
  });

  it("re-indexes a file changed since it was indexed before naming the declarations", async () => {
    const own = copySampleProject("web-app");
    const ownContext = await openIndexedContext(own);
    try {
      const money = path.join(own, "shared", "money.ts");
      fs.writeFileSync(
        money,
        `/** Rounds to whole euros. */\nexport function roundEuros(cents: number): number {\n  return cents;\n}\n${fs.readFileSync(money, "utf8")}`,
      );
      const result = await runTool(zoomTool, { path: "shared/money.ts", lines: "3" }, ownContext);
      expect(result.text).toBe("shared/money.ts: line 3 of 15\nin: L2-4 Function roundEuros\n3\t  return cents;");
    } finally {
      ownContext.close();
    }
  });
});

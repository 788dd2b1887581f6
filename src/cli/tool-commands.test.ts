import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, copySampleProject, makeTempDir, REPO_ROOT, removeTempDirs, runCli } from "../test-support/fixtures.js";

/** zoom, find, search and list through the built CLI, against an indexed copy of the web-app sample. */
let root: string;

beforeAll(() => {
  root = copySampleProject("web-app");
  expect(runCli(["index", root, "--quiet"]).status).toBe(0);
});

afterAll(removeTempDirs);

function tool(...args: string[]) {
  return runCli([...args, "--root", root], { cwd: root });
}

describe("ts-graph zoom (subprocess)", () => {
  it("prints a file's exported outline, and its text at level 2", () => {
    const outline = tool("zoom", "shared/money.ts");
    expect(outline.status).toBe(0);
    expect(outline.stdout).toBe(
      "4 function formatPrice(cents: number): string\n9 function sumLines(lines: readonly CartLine[]): number\nlevel 1 adds docs\n",
    );
    const text = tool("zoom", "shared/money.ts", "--level", "2", "--max-bytes", "1000");
    expect(text.stdout).toBe(
      `shared/money.ts (435 bytes)\n${fs.readFileSync(path.join(root, "shared", "money.ts"), "utf8")}`,
    );
  });

  it("re-indexes a file edited since the last index before answering", () => {
    fs.appendFileSync(path.join(root, "shared", "result.ts"), "\nexport const NONE = 0;\n");
    expect(tool("zoom", "shared/result.ts").stdout).toContain("\n31 const NONE = 0\n");
  });

  it("exits 2 with the reason on bad input", () => {
    const missing = tool("zoom", "shared/nope.ts");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^ts-graph zoom: shared\/nope\.ts does not exist/);
    const level = tool("zoom", "shared", "--level", "3");
    expect(level.status).toBe(2);
    expect(level.stderr).toMatch(/--level: Too big/);
  });

  it("prints a range of lines with --lines, and exits 2 on a range it cannot read", () => {
    const lines = tool("zoom", "shared/money.ts", "--lines", "9-10");
    expect(lines.status).toBe(0);
    expect(lines.stdout).toBe(
      "shared/money.ts: lines 9-10 of 11\nin: L9-11 Function sumLines\n 9\texport function sumLines(lines: readonly CartLine[]): number {\n10\t  return lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);\n",
    );
    const bad = tool("zoom", "shared/money.ts", "--lines", "9:10");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^ts-graph zoom: lines "9:10" is not a line range; give "A-B"/);
    const past = tool("zoom", "shared/money.ts", "--lines", "12-");
    expect(past.status).toBe(2);
    expect(past.stderr).toContain("shared/money.ts has 11 lines;");
  });
});

describe("ts-graph find (subprocess)", () => {
  it("finds by camel humps and prints JSON with --json", () => {
    const found = tool("find", "vCL");
    expect(found.status).toBe(0);
    expect(found.stdout).toBe(
      '1 symbol matching "vCL":\nshared/validation.ts:47 Function validateCartLine: export function validateCartLine(line: CartLine): Result<CartLine>\n',
    );
    const json = JSON.parse(tool("find", "login", "--kind", "Method", "--json").stdout) as {
      total: number;
      matches: { qualifiedName: string }[];
    };
    expect(json.total).toBe(3);
    expect(json.matches.map((match) => match.qualifiedName).sort()).toEqual([
      "ApiClient.login",
      "SessionStore.login",
      "UserService.login",
    ]);
  });

  it("rejects an unknown kind", () => {
    const result = tool("find", "x", "--kind", "Widget");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/argument 'Widget' is invalid/);
  });
});

describe("ts-graph search (subprocess)", () => {
  it("prints matches under their enclosing declarations, paths in the order given", () => {
    const result = tool("search", "validateCartLine\\(", "--paths", "frontend", "--paths", "backend");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      "2 matches in 2 files for /validateCartLine\\(/:\n" +
        "frontend/store/cart.ts\n  in Cart.add (Method, L15-28)\n    22:     if (!validateCartLine(line).ok) {\n" +
        "backend/services/order-service.ts\n  in OrderService.placeOrder (Method, L13-32)\n    15:       const checked = validateCartLine(line);\n",
    );
  });

  it("exits 2 on an invalid regex, with ripgrep's message", () => {
    const result = tool("search", "login(");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^ts-graph search: Invalid pattern: regex parse error:/);
  });
});

describe("ts-graph list (subprocess)", () => {
  it("lists a folder with sizes and graph counts", () => {
    const result = tool("list", "backend/services");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      "backend/services/: 0 folders, 3 files\n" +
        "order-service.ts  1.2 KB  6 symbols, 1 exported\n" +
        "token-service.ts  783 B  7 symbols, 1 exported\n" +
        "user-service.ts  2.1 KB  11 symbols, 1 exported\n",
    );
  });

  it("exits 2 for a path outside the root", () => {
    const result = tool("list", "../..");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/\.\.\/\.\. is .*, outside the root /);
  });
});

/** The modules of dist/ (and of packages) a CLI process loads, recorded by an ESM loader hook. */
function modulesLoadedBy(args: readonly string[]): string[] {
  const dir = makeTempDir();
  const record = path.join(dir, "loaded.txt");
  fs.writeFileSync(
    path.join(dir, "hooks.mjs"),
    `import fs from "node:fs";\nexport async function load(url, context, next) {\n  fs.appendFileSync(${JSON.stringify(record)}, url + "\\n");\n  return next(url, context);\n}\n`,
  );
  fs.writeFileSync(
    path.join(dir, "register.mjs"),
    `import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n`,
  );
  const result = spawnSync(
    process.execPath,
    ["--import", pathToFileURL(path.join(dir, "register.mjs")).href, CLI, ...args],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  expect(result.status, result.stderr).toBe(0);
  return fs.readFileSync(record, "utf8").split("\n").filter(Boolean);
}

describe("a tool command's start", () => {
  it("loads its own slice and no other tool, command or the MCP server", () => {
    const loaded = modulesLoadedBy(["find", "formatPrice", "--root", root]);
    // A slice is a folder of tools/ with a handler.ts; the shared folders (answer/, inputs/, walk/ …) may load.
    const isSlice = (folder: string) => fs.existsSync(path.join(REPO_ROOT, "src", "tools", folder, "handler.ts"));
    const slices = new Set(loaded.flatMap((url) => /\/dist\/tools\/([^/]+)\//.exec(url)?.[1] ?? []).filter(isSlice));
    expect([...slices]).toEqual(["find"]);
    expect(
      loaded.filter((url) =>
        /\/dist\/(mcp|diff|setup|view)\/|\/dist\/cli\/(index|snapshot|diff|merge|serve|setup|daemon|view)-command\.js|modelcontextprotocol/.test(
          url,
        ),
      ),
    ).toEqual([]);
  });

  it("loads zod and commander as the build's bundles, not the packages' own modules", () => {
    const loaded = modulesLoadedBy(["find", "formatPrice", "--root", root]);
    expect(loaded.filter((url) => /\/node_modules\/(zod|commander|@modelcontextprotocol)\//.test(url))).toEqual([]);
    const vendor = loaded.flatMap((url) => /\/dist\/vendor\/(.+)$/.exec(url)?.[1] ?? []);
    expect(vendor.filter((name) => !name.startsWith("chunk-")).sort()).toEqual(["commander.js", "zod.js"]);
    // zod's code sits in a chunk it shares with the MCP SDK's bundle; the chunks are few, whatever their names.
    expect(vendor.length).toBeLessThanOrEqual(5);
  });

  it("serves MCP with the SDK and zod from the build's bundles, zod's code once (the SDK's bundle shares its chunk)", () => {
    // The server stops when its input ends, which spawnSync's empty input does at once.
    const loaded = modulesLoadedBy(["serve", "-r", root]);
    expect(loaded.filter((url) => /\/node_modules\/(zod|commander|@modelcontextprotocol)\//.test(url))).toEqual([]);
    const vendor = loaded.flatMap((url) => /\/dist\/vendor\/(.+)$/.exec(url)?.[1] ?? []);
    expect(vendor.filter((name) => !name.startsWith("chunk-")).sort()).toEqual([
      "commander.js",
      "mcp-sdk.js",
      "zod.js",
    ]);
    // zod's own bundle is only a re-export of the chunk its code is in, and the SDK's bundle imports that chunk.
    const chunksOf = (bundle: string): string[] =>
      [
        ...fs
          .readFileSync(path.join(path.dirname(CLI), "vendor", bundle), "utf8")
          .matchAll(/from\s*"\.\/(chunk-[\w-]+\.js)"/g),
      ].map((m) => m[1] ?? "");
    const zodChunks = chunksOf("zod.js");
    expect(zodChunks.length).toBeGreaterThan(0);
    expect(chunksOf("mcp-sdk.js")).toEqual(expect.arrayContaining(zodChunks));
    expect(fs.statSync(path.join(path.dirname(CLI), "vendor", "zod.js")).size).toBeLessThan(2_000);
    // The SDK's default JSON Schema validator (ajv) is left out: the server gives its own and never elicits.
    expect(fs.readFileSync(path.join(path.dirname(CLI), "vendor", "mcp-sdk.js"), "utf8")).not.toMatch(
      /ajv\/dist\/runtime/,
    );
  });

  it("still lists every tool in the full help, and refuses a tool's name with underscores", () => {
    const help = runCli(["--help"]);
    for (const name of ["find", "callers", "hierarchy", "replace-symbol", "rename-symbol"])
      expect(help.stdout).toMatch(new RegExp(`\\n  ${name} `));
    expect(runCli(["replace_symbol", "x", "--root", root]).status).toBe(2);
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, readerSnapshot, removeTempDirs, runCli, writeChainProject } from "../test-support/fixtures.js";
import { handlerSchemaRepository } from "../test-support/git-history.js";
import { ALL_TOOLS } from "../tools/all-tools.js";
import { cliInputsOf } from "./tool-inputs.js";

/**
 * Issue 17: one rule for paths. Every command here runs from the project's parent folder: paths on the
 * command line are relative to the working directory, paths in ts-graph.config.json to the config's folder.
 */
let base: string;
let project: string;

beforeAll(() => {
  base = makeTempDir();
  project = path.join(base, "proj");
  writeChainProject(project, 3);
});

afterAll(removeTempDirs);

function fromBase(args: readonly string[]) {
  return runCli(args, { cwd: base });
}

describe("paths on the command line, run from another folder", () => {
  it("a --tsconfig that is not there (relative to the working directory) fails before writing: no database anywhere", () => {
    const run = fromBase(["index", "proj", "--tsconfig", "tsconfig.json", "--quiet"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`tsconfig ${path.join(base, "tsconfig.json")} does not exist`);
    const snapshot = fromBase(["snapshot", "proj", "--tsconfig", "tsconfig.json"]);
    expect(snapshot.status).toBe(2);
    expect(fs.existsSync(path.join(project, ".ts-graph"))).toBe(false);
    expect(fs.readdirSync(base)).toEqual(["proj"]);
  });

  it("index, status, a tool and snapshot all read --tsconfig, --db and --out against the working directory", () => {
    expect(
      fromBase(["index", "proj", "--tsconfig", "proj/tsconfig.json", "--db", "graphs/p.db", "--quiet"]).status,
    ).toBe(0);
    expect(fs.existsSync(path.join(base, "graphs", "p.db"))).toBe(true);
    expect(fs.existsSync(path.join(project, ".ts-graph"))).toBe(false);

    const status = fromBase(["status", "--root", "proj", "--db", "graphs/p.db", "--json"]);
    expect(status.status).toBe(0);
    expect(status.stdout).toContain(path.join(base, "graphs", "p.db"));
    const find = fromBase(["find", "step1", "--root", "proj", "--db", "graphs/p.db"]);
    expect(find.status).toBe(0);
    expect(find.stdout).toContain("src/m1.ts");

    expect(
      fromBase(["snapshot", "proj", "--tsconfig", "proj/tsconfig.json", "--db", "graphs/p.db", "--out", "out/snap.txt"])
        .status,
    ).toBe(0);
    expect(fs.readFileSync(path.join(base, "out", "snap.txt"), "utf8")).toContain("src/m1.ts");
    expect(fs.existsSync(path.join(project, ".ts-graph"))).toBe(false);
  });

  it("diff reads its sides against the working directory, and its head defaults to --root", () => {
    expect(fromBase(["snapshot", "proj", "--db", "graphs/d.db", "--out", "out/d.jsonl"]).status).toBe(0);
    const sameSnapshots = fromBase(["diff", "out/d.jsonl", "out/d.jsonl", "--root", "proj", "--format", "json"]);
    expect(sameSnapshots.status).toBe(0);
    expect(JSON.parse(sameSnapshots.stdout)).toMatchObject({
      base: "out/d.jsonl",
      head: "out/d.jsonl",
      summary: { changed: 0, added: 0, removed: 0 },
    });
    const againstRoot = fromBase(["diff", "graphs/d.db", "--root", "proj", "--format", "json"]);
    expect(againstRoot.status).toBe(0);
    expect(JSON.parse(againstRoot.stdout)).toMatchObject({
      base: path.join(base, "graphs", "d.db"),
      head: "proj",
      summary: { changed: 0, added: 0, removed: 0 },
    });
    const missing = fromBase(["diff", "d.jsonl", "--root", "proj"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`d.jsonl is not a file or folder (from ${base}), nor a git ref of ${project}`);
  });

  it("a run that fails before writing leaves the previous graph as it was (only its last error is recorded)", () => {
    expect(fromBase(["index", "proj", "--db", "graphs/q.db", "--quiet"]).status).toBe(0);
    const db = path.join(base, "graphs", "q.db");
    const before = readerSnapshot(db);
    const run = fromBase(["index", "proj", "--tsconfig", "missing.json", "--db", "graphs/q.db"]);
    expect(run.status).toBe(2);
    expect(readerSnapshot(db)).toBe(before);
    expect(fromBase(["find", "step1", "--root", "proj", "--db", "graphs/q.db"]).stdout).toContain("src/m1.ts");
  });

  it("a path in ts-graph.config.json is relative to the config's folder, wherever the command runs", () => {
    const own = path.join(base, "configured");
    writeChainProject(own, 2);
    fs.writeFileSync(
      path.join(own, "ts-graph.config.json"),
      JSON.stringify({ db: "cfg/graph.db", tsconfig: "tsconfig.json" }),
    );
    expect(fromBase(["index", "configured", "--quiet"]).status).toBe(0);
    expect(fs.existsSync(path.join(own, "cfg", "graph.db"))).toBe(true);
    expect(fs.existsSync(path.join(base, "cfg"))).toBe(false);
    expect(fromBase(["find", "step1", "--root", "configured"]).status).toBe(0);
  });
});

/**
 * A tool's path inputs on the command line follow the same rule: relative to the working directory (here
 * the root's src/ folder), made relative to the root before the tool runs; absolute inside the root works;
 * outside the root is an input error. Over MCP they stay relative to the root (mcp/outside-root.test.ts).
 */
describe("a tool's path inputs on the command line, run from a folder inside the root", () => {
  let repo: string;
  let root: string;
  let src: string;

  beforeAll(() => {
    ({ repo, root } = handlerSchemaRepository());
    src = path.join(root, "src");
    // A type and its implementation, for hierarchy's file input (not committed: no history needs it).
    fs.writeFileSync(
      path.join(src, "shapes.ts"),
      "export interface Shape {\n  area(): number;\n}\nexport class Circle implements Shape {\n  area(): number {\n    return 3;\n  }\n}\n",
    );
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
  });

  const parse = "export function parse(input: string): number {\n  return 0;\n}";
  /** Every (tool, input) that takes a path, with a command giving it from src/ and what the answer shows. */
  const cases: readonly {
    readonly input: string;
    readonly args: readonly string[];
    readonly value: string;
    readonly shows: string;
  }[] = [
    {
      input: "impact file",
      args: ["impact", "parse", "--file", "parser.ts"],
      value: "parser.ts",
      shows: "src/handler.ts",
    },
    {
      input: "callers file",
      args: ["callers", "parse", "--file", "parser.ts"],
      value: "parser.ts",
      shows: "src/handler.ts",
    },
    {
      input: "callees file",
      args: ["callees", "handle", "--file", "handler.ts"],
      value: "handler.ts",
      shows: "src/parser.ts",
    },
    {
      input: "impact in",
      args: ["impact", "parse", "--in", "handler.ts"],
      value: "handler.ts",
      shows: "in src/handler.ts",
    },
    {
      input: "callers in",
      args: ["callers", "parse", "--in", "handler.ts"],
      value: "handler.ts",
      shows: "in src/handler.ts",
    },
    {
      input: "callees in",
      args: ["callees", "handle", "--in", "parser.ts"],
      value: "parser.ts",
      shows: "in src/parser.ts",
    },
    {
      input: "paths fromFile",
      args: ["paths", "handle", "parse", "--from-file", "handler.ts"],
      value: "handler.ts",
      shows: "parse",
    },
    {
      input: "paths toFile",
      args: ["paths", "handle", "parse", "--to-file", "parser.ts"],
      value: "parser.ts",
      shows: "parse",
    },
    { input: "deps target", args: ["deps", "parser.ts"], value: "parser.ts", shows: "src/handler.ts" },
    {
      input: "hierarchy file",
      args: ["hierarchy", "Shape", "--file", "shapes.ts"],
      value: "shapes.ts",
      shows: "src/shapes.ts",
    },
    { input: "cochange target", args: ["cochange", "handler.ts"], value: "handler.ts", shows: "src/schema.ts" },
    {
      input: "cochange file",
      args: ["cochange", "handle", "--file", "handler.ts"],
      value: "handler.ts",
      shows: "src/schema.ts",
    },
    { input: "zoom path", args: ["zoom", "parser.ts", "--level", "1"], value: "parser.ts", shows: "src/parser.ts" },
    { input: "find path", args: ["find", "pars", "--path", "parser.ts"], value: "parser.ts", shows: "src/parser.ts" },
    {
      input: "search paths",
      args: ["search", "input", "--paths", "parser.ts"],
      value: "parser.ts",
      shows: "src/parser.ts",
    },
    { input: "list path", args: ["list", "."], value: ".", shows: "parser.ts" },
    {
      input: "replace_symbol file",
      args: ["replace-symbol", "parse", "--file", "parser.ts", "--content", parse, "--dry-run"],
      value: "parser.ts",
      shows: "+++ b/src/parser.ts",
    },
    {
      input: "insert_before_symbol file",
      args: ["insert-before-symbol", "parse", "--file", "parser.ts", "--content", "export const x = 1;", "--dry-run"],
      value: "parser.ts",
      shows: "+++ b/src/parser.ts",
    },
    {
      input: "insert_after_symbol file",
      args: ["insert-after-symbol", "parse", "--file", "parser.ts", "--content", "export const x = 1;", "--dry-run"],
      value: "parser.ts",
      shows: "+++ b/src/parser.ts",
    },
    {
      input: "delete_symbol file",
      args: ["delete-symbol", "schema", "--file", "schema.ts", "--dry-run"],
      value: "schema.ts",
      shows: "+++ b/src/schema.ts",
    },
    {
      input: "rename_symbol file",
      args: ["rename-symbol", "parse", "parseInput", "--file", "parser.ts", "--dry-run"],
      value: "parser.ts",
      shows: "+++ b/src/parser.ts",
    },
  ];

  it("covers every tool input that takes a path", () => {
    const pathInputs = ALL_TOOLS.flatMap((tool) =>
      [...cliInputsOf(tool).values()].flatMap((input) =>
        input.pathKind === undefined ? [] : [`${tool.name} ${input.name}`],
      ),
    );
    expect(cases.map((entry) => entry.input).sort()).toEqual(pathInputs.sort());
  });

  it.each(cases)(
    "$input: relative to the working directory answers, outside the root is an input error",
    ({ args, value, shows }) => {
      const answered = runCli([...args, "--root", ".."], { cwd: src });
      expect(answered.stderr).toBe("");
      expect(answered.status).toBe(0);
      expect(answered.stdout).toContain(shows);

      const at = args.indexOf(value);
      const outside = runCli([...args.slice(0, at), "../../README.md", ...args.slice(at + 1), "--root", ".."], {
        cwd: src,
      });
      expect(outside.status).toBe(2);
      expect(outside.stderr).toContain(`../../README.md is ${path.join(repo, "README.md")}, outside the root ${root}`);
    },
  );

  it("an absolute path inside the root works from anywhere; a root-relative path from another folder is not read against the root", () => {
    expect(runCli(["zoom", path.join(src, "parser.ts"), "--level", "1", "--root", root], { cwd: repo }).stdout).toMatch(
      /^src\/parser\.ts /,
    );
    const fromParent = runCli(["zoom", "src/parser.ts", "--root", root], { cwd: repo });
    expect(fromParent.status).toBe(2);
    expect(fromParent.stderr).toContain(
      `src/parser.ts is ${path.join(repo, "src", "parser.ts")}, outside the root ${root}`,
    );
    // A target that may be a name: a path under the root that is none under the working directory is refused with the path to give.
    const target = runCli(["deps", "src/parser.ts", "--root", "app"], { cwd: repo });
    expect(target.status).toBe(2);
    expect(target.stderr).toContain("Give app/src/parser.ts, or run from the root.");
    expect(runCli(["cochange", "handle", "--root", "app"], { cwd: repo }).stdout).toContain("src/schema.ts");
  });
});

import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openIndexer } from "../../src/ingestion/run/indexer.js";
import { makeTempDir, removeTempDirs } from "../../src/test-support/fixtures.js";
import { writeProject } from "../../src/test-support/incremental.js";
import { runReferenceOracle, type OracleResult, type ReferenceSite } from "./reference-oracle.js";

const FILES = {
  "src/a.ts": [
    "export function f(): number { return 1; }", // 1
    "export function g(): number { return g.length > 9 ? g() : 2; }", // 2: uses inside g itself
    "export const decode = f;", // 3
    "export interface O { h?: () => number }", // 4
    "export function pick(o: O) {", // 5
    "  return o.h ?? f;", // 6
    "}", // 7
    "/** Calls {@link g}. */", // 8
    "export function run(): number { return g(); }", // 9
  ].join("\n"),
  "src/b.ts": [
    'import { f as renamed, g } from "./a";', // 1
    'export { g } from "./a";', // 2
    "export const total = renamed() + g();", // 3
  ].join("\n"),
};

const TSCONFIG = {
  compilerOptions: { strict: true, types: [], target: "ES2022", module: "ESNext", moduleResolution: "Bundler" },
  include: ["src"],
};

async function indexProject(): Promise<{ root: string; dbPath: string }> {
  const root = writeProject(FILES, TSCONFIG);
  const dbPath = path.join(makeTempDir("ts-graph-oracle-"), "graph.db");
  const indexer = openIndexer({ root, dbPath });
  try {
    await indexer.run();
  } finally {
    indexer.close();
  }
  return { root, dbPath };
}

type Engine = OracleResult["engine"];

function oracle(root: string, dbPath: string, engine: Engine): OracleResult {
  const options = { root, tsconfigPath: path.join(root, "tsconfig.json"), dbPath };
  return runReferenceOracle(engine === "symbols" ? options : { ...options, findReferences: new Map() });
}

const sitesOf = (
  result: OracleResult,
  target: string,
): Pick<ReferenceSite, "file" | "line" | "form" | "enclosing" | "verdict">[] =>
  result.sites
    .filter((site) => site.target.key === target)
    .map(({ file, line, form, enclosing, verdict }) => ({ file, line, form, enclosing, verdict }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);

describe("runReferenceOracle", () => {
  let root = "";
  let dbPath = "";
  beforeAll(async () => {
    ({ root, dbPath } = await indexProject());
  });
  afterAll(removeTempDirs);

  it.each<Engine>(["symbols", "find-references"])(
    "lists every use outside imports, exports, comments and the node's own declaration, with the edge that records it (%s)",
    (engine) => {
      const result = oracle(root, dbPath, engine);
      expect(result.engine).toBe(engine);
      expect(sitesOf(result, "src/a.ts:g")).toEqual([
        { file: "src/a.ts", line: 9, form: "call", enclosing: "src/a.ts:run", verdict: "edge" },
        { file: "src/b.ts", line: 3, form: "call", enclosing: "src/b.ts:total", verdict: "edge" },
      ]);
      // Through a renamed import; the variable initialiser and the `??` operand are REFERENCES edges (ADR 0009).
      expect(sitesOf(result, "src/a.ts:f")).toEqual([
        { file: "src/a.ts", line: 3, form: "variable initialiser", enclosing: "src/a.ts:decode", verdict: "edge" },
        { file: "src/a.ts", line: 6, form: "??/||/&& operand", enclosing: "src/a.ts:pick", verdict: "edge" },
        { file: "src/b.ts", line: 3, form: "call", enclosing: "src/b.ts:total", verdict: "edge" },
      ]);
      expect(sitesOf(result, "src/a.ts:O.h")).toEqual([
        { file: "src/a.ts", line: 6, form: "??/||/&& operand (x.f)", enclosing: "src/a.ts:pick", verdict: "edge" },
      ]);
      expect(sitesOf(result, "src/a.ts:O")).toEqual([
        { file: "src/a.ts", line: 5, form: "type reference", enclosing: "src/a.ts:pick", verdict: "edge" },
      ]);
      expect(result.unplaced).toEqual([]);
      expect(result.referenceEdges.length).toBeGreaterThan(0);
      expect(result.referenceEdges.every((check) => check.listed)).toBe(true);
    },
  );

  it("reports a use as missing once its edge is gone, and a REFERENCES edge at a line with no use as unlisted", () => {
    const db = new Database(dbPath);
    try {
      db.prepare("DELETE FROM edges WHERE kind = 'CALLS' AND source = 'src/a.ts:run' AND target = 'src/a.ts:g'").run();
      db.prepare(
        "UPDATE edges SET lines = '[2]' WHERE kind = 'REFERENCES' AND source = 'src/a.ts:decode' AND target = 'src/a.ts:f'",
      ).run();
    } finally {
      db.close();
    }
    const result = oracle(root, dbPath, "symbols");
    expect(sitesOf(result, "src/a.ts:g")[0]).toEqual({
      file: "src/a.ts",
      line: 9,
      form: "call",
      enclosing: "src/a.ts:run",
      verdict: "missing",
    });
    expect(sitesOf(result, "src/a.ts:f")[0]).toMatchObject({ line: 3, verdict: "edge, other line" });
    expect(result.referenceEdges.filter((check) => !check.listed)).toEqual([
      { source: "src/a.ts:decode", target: "src/a.ts:f", file: "src/a.ts", line: 2, listed: false },
    ]);
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs, runCli } from "../../test-support/fixtures.js";
import { handlerSchemaRepository } from "../../test-support/git-history.js";
import { startInProcessServer, textOf } from "../../test-support/mcp.js";
import { ALL_TOOLS } from "../all-tools.js";

afterAll(removeTempDirs);

interface AlsoChangesJson {
  level: string;
  commits: number;
  total: number;
  entries: { file: string; name?: string; support: number; confidence: number }[];
  note?: string;
}

function impactJson(root: string, symbol: string): { dependants: { key: string }[]; alsoChanges?: AlsoChangesJson } {
  const result = runCli(["impact", symbol, "--root", root, "--format", "json"]);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as { dependants: { key: string }[]; alsoChanges?: AlsoChangesJson };
}

describe("impact: also changes with it (git history)", () => {
  it("lists what the history changes with the symbol outside its dependants: by file until declarations are read, then by declaration", () => {
    const { root } = handlerSchemaRepository();
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);

    // handle has no dependant; its file changed in 4 commits: with schema.ts in 3, with parser.ts in 2
    const byFile = impactJson(root, "handle");
    expect(byFile.dependants).toEqual([]);
    expect(byFile.alsoChanges).toMatchObject({
      level: "file",
      commits: 4,
      total: 2,
      note: expect.stringContaining("`cochange handle` reads it once"),
    });
    expect(byFile.alsoChanges?.entries).toEqual([
      { file: "src/schema.ts", support: 3, confidence: 0.75, lastShared: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) },
      { file: "src/parser.ts", support: 2, confidence: 0.5, lastShared: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) },
    ]);

    expect(runCli(["cochange", "handle", "--root", root]).status).toBe(0);
    const text = runCli(["impact", "handle", "--root", root]).stdout;
    expect(text).toContain(
      "also changes with it (git history, symbol level, not among the dependants above): 2; shared commits of its 4",
    );
    expect(text).toMatch(/^ {2}src\/schema\.ts:schema {2}3 \(75%\) {2}last \d{4}-\d\d-\d\d$/m);
    expect(text).toMatch(/^ {2}src\/parser\.ts:parse {2}2 \(50%\) {2}last \d{4}-\d\d-\d\d$/m);
  });

  it("leaves out the dependants, and what shared a single commit only", () => {
    const { root } = handlerSchemaRepository();
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    expect(runCli(["cochange", "parse", "--root", root]).status).toBe(0);
    // parse changed in c1 and c3, with handle both times (a dependant), with schema once (c1)
    const answer = impactJson(root, "parse");
    expect(answer.dependants.map((node) => node.key)).toEqual(["src/handler.ts:handle"]);
    expect(answer.alsoChanges).toMatchObject({ level: "symbol", commits: 2, total: 0, entries: [] });
    expect(runCli(["impact", "parse", "--root", root]).stdout).toContain(
      "also changes with it (git history, symbol level): nothing outside the dependants changed with it in 2 or more of its 2 commits",
    );
  });

  it("follows the commit-size limit of ts-graph.config.json", () => {
    const { root } = handlerSchemaRepository();
    // c1 (4 files) and c3 (3 files) are left out: handler.ts counts c2 and c4, both with schema.ts
    fs.writeFileSync(path.join(root, "ts-graph.config.json"), JSON.stringify({ history: { maxFilesPerCommit: 2 } }));
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    expect(impactJson(root, "handle").alsoChanges).toMatchObject({
      level: "file",
      commits: 2,
      maxFilesPerCommit: 2,
      entries: [{ file: "src/schema.ts", support: 2, confidence: 1 }],
    });
    const cochange = JSON.parse(
      runCli(["cochange", "src/handler.ts", "--root", root, "--json"], { cwd: root }).stdout,
    ) as {
      commits: number;
      largeCommits: number;
      maxFilesPerCommit: number;
    };
    expect(cochange).toMatchObject({ commits: 2, largeCommits: 2, maxFilesPerCommit: 2 });
  });

  it("answers over MCP (toon), and says nothing outside a git repository or when told to skip the history", async () => {
    const { root } = handlerSchemaRepository();
    const plain = makeTempDir("ts-graph-no-history-");
    fs.writeFileSync(
      path.join(plain, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, types: [] }, include: ["*.ts"] }),
    );
    fs.writeFileSync(path.join(plain, "a.ts"), "export function a(): number {\n  return 1;\n}\n");
    const server = await startInProcessServer({ roots: [root, plain], tools: ALL_TOOLS });
    try {
      const toon = textOf(await server.call("impact", { symbol: "handle", root, format: "toon" }));
      expect(toon).toContain("alsoChanges:");
      expect(toon).toMatch(/entries\[2\]\{file,support,confidence,lastShared\}:\n\s+src\/schema\.ts,3,0\.75,/);

      const none = await server.call("impact", { symbol: "a", root: plain });
      expect(none.isError).toBeFalsy();
      expect(textOf(none)).not.toContain("also changes");
      expect(none.structuredContent).not.toHaveProperty("alsoChanges");
      const skipped = await server.call("impact", { symbol: "handle", root, alsoChanges: 0 });
      expect(skipped.structuredContent).not.toHaveProperty("alsoChanges");
    } finally {
      await server.close();
    }
  });
});

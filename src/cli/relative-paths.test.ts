import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, readerSnapshot, removeTempDirs, runCli, writeChainProject } from "../test-support/fixtures.js";

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
    expect(fromBase(["index", "proj", "--tsconfig", "proj/tsconfig.json", "--db", "graphs/p.db", "--quiet"]).status).toBe(0);
    expect(fs.existsSync(path.join(base, "graphs", "p.db"))).toBe(true);
    expect(fs.existsSync(path.join(project, ".ts-graph"))).toBe(false);

    const status = fromBase(["status", "--root", "proj", "--db", "graphs/p.db", "--json"]);
    expect(status.status).toBe(0);
    expect(status.stdout).toContain(path.join(base, "graphs", "p.db"));
    const find = fromBase(["find", "step1", "--root", "proj", "--db", "graphs/p.db"]);
    expect(find.status).toBe(0);
    expect(find.stdout).toContain("src/m1.ts");

    expect(fromBase(["snapshot", "proj", "--tsconfig", "proj/tsconfig.json", "--db", "graphs/p.db", "--out", "out/snap.txt"]).status).toBe(0);
    expect(fs.readFileSync(path.join(base, "out", "snap.txt"), "utf8")).toContain("src/m1.ts");
    expect(fs.existsSync(path.join(project, ".ts-graph"))).toBe(false);
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
    fs.writeFileSync(path.join(own, "ts-graph.config.json"), JSON.stringify({ db: "cfg/graph.db", tsconfig: "tsconfig.json" }));
    expect(fromBase(["index", "configured", "--quiet"]).status).toBe(0);
    expect(fs.existsSync(path.join(own, "cfg", "graph.db"))).toBe(true);
    expect(fs.existsSync(path.join(base, "cfg"))).toBe(false);
    expect(fromBase(["find", "step1", "--root", "configured"]).status).toBe(0);
  });
});

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { runMarkerOfThisProcess } from "../ingestion/run/graph-freshness.js";
import { CLI, REPO_ROOT, freshSnapshot, makeTempDir, readerSnapshot, removeTempDirs, runCli, writeChainProject } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

function graphFiles(root: string): string[] {
  const dir = path.join(root, ".ts-graph");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

describe("a damaged database", () => {
  it("with 64 KB of garbage in its middle: queries say how to repair it, index moves it aside and rebuilds", async () => {
    const root = makeTempDir();
    writeChainProject(root, 150);
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const dbPath = path.join(root, ".ts-graph", "graph.db");
    const size = fs.statSync(dbPath).size;
    expect(size).toBeGreaterThan(256 * 1024);
    const fd = fs.openSync(dbPath, "r+");
    fs.writeSync(fd, Buffer.alloc(64 * 1024, 0xa5), 0, 64 * 1024, Math.floor(size / 2 / 4096) * 4096);
    fs.closeSync(fd);

    const status = runCli(["status", "--root", root]);
    expect(status.status).toBe(1);
    expect(status.stderr).toMatch(/is damaged \(.*\).*run `ts-graph index .*`: it moves the damaged file aside/);

    const repaired = runCli(["index", root]);
    expect(repaired.status).toBe(0);
    expect(repaired.stderr).toMatch(
      /rebuilding the graph: the database was damaged \(.*\); it was moved to graph\.db\.corrupt-[0-9T-]+Z and the graph is rebuilt/,
    );
    expect(graphFiles(root).filter((name) => name.startsWith("graph.db.corrupt-"))).toHaveLength(1);
    expect(readerSnapshot(dbPath)).toBe(await freshSnapshot(root));
    expect(runCli(["status", "--root", root]).status).toBe(0);
  });
});

describe("a first index that fails", () => {
  it("leaves no .ts-graph folder behind, and a query still says there is no graph", () => {
    const root = makeTempDir();
    fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ include: ["src"] }));
    const failed = runCli(["index", root]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/found no TypeScript files to index/);
    expect(fs.existsSync(path.join(root, ".ts-graph"))).toBe(false);
    expect(runCli(["status", "--root", root]).stderr).toMatch(/No graph at .*; run `ts-graph index/);
  });
});

/** Lets other users reach `dir` and everything above it (the search bit only; a clone may sit in a private folder). */
function letOthersTraverse(dir: string, bits: number): void {
  for (let current = dir; current !== path.dirname(current); current = path.dirname(current)) {
    const mode = fs.statSync(current).mode;
    if ((mode & bits) !== bits) fs.chmodSync(current, mode | bits);
  }
}

/** Runs the CLI as the unprivileged user `nobody` (tests run as root, whom permission bits do not stop). */
function runCliAsNobody(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const asRoot = process.getuid?.() === 0;
  // nobody must be able to reach dist/cli.js and node_modules, wherever this checkout lies.
  if (asRoot) letOthersTraverse(REPO_ROOT, 0o001);
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("a graph this user cannot write", () => {
  it("answers status and queries from it, read-only, saying it cannot be brought up to date", () => {
    const root = makeTempDir();
    writeChainProject(root, 5);
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const dbDir = path.join(root, ".ts-graph");
    // Closed cleanly: no -wal or -shm file (only the stamp of the last check), and the folder cannot be
    // written, so SQLite cannot create them.
    expect(graphFiles(root)).toEqual(["graph.db", "graph.db-checked"]);
    fs.chmodSync(path.join(dbDir, "graph.db"), 0o444);
    fs.chmodSync(dbDir, 0o555);
    letOthersTraverse(root, 0o005);
    fs.utimesSync(path.join(root, "src", "m1.ts"), new Date(), new Date(Date.now() + 10_000));

    const status = runCliAsNobody(["status", "--root", root]);
    expect(status.stderr).toBe("");
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/files {4}5\n/);
    expect(status.stdout).toMatch(/note: the database cannot be written here \(read-only\), so this graph cannot be brought up to date/);

    const impact = runCliAsNobody(["impact", "step1", "--root", root]);
    expect(impact.status).toBe(0);
    expect(impact.stdout).toMatch(/src\/m2\.ts/);
    expect(impact.stderr).toMatch(/note: the database cannot be written here \(read-only\)/);
    expect(graphFiles(root)).toEqual(["graph.db", "graph.db-checked"]);
  });
});

describe("two index runs at once", () => {
  it("the second waits for the first with a sentence that says who, then succeeds", async () => {
    const root = makeTempDir();
    writeChainProject(root, 5);
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    writeChainProject(root, 5, 1);
    // The first run: this process, holding the write lock with its run marker committed, as a run does.
    const first = new Database(path.join(root, ".ts-graph", "graph.db"));
    first.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('run', ?)").run(JSON.stringify(runMarkerOfThisProcess()));
    first.exec("BEGIN IMMEDIATE");
    const second = spawn(process.execPath, [CLI, "index", root], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    const secondDone = new Promise<number | null>((resolve) => second.on("exit", (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      second.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("waiting")) resolve();
      });
    });
    const dbPath = path.join(root, ".ts-graph", "graph.db").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(stderr).toMatch(
      new RegExp(`^ts-graph: another ts-graph run \\(pid ${process.pid}, started [0-9T:.-]+Z\\) is writing ${dbPath}; waiting for it to finish\n$`),
    );
    first.exec("COMMIT");
    first.close();
    expect(await secondDone).toBe(0);
    expect(stderr).not.toMatch(/database is locked/);
  });
});

describe("space", () => {
  it("is given back after a large file is deleted", () => {
    const root = makeTempDir();
    writeChainProject(root, 3);
    const big = Array.from(
      { length: 4000 },
      (_, i) => `/** Generated ${i}. */\nexport function generated${i}(n: number): number {\n  return n + ${i};\n}\n`,
    ).join("");
    fs.writeFileSync(path.join(root, "src", "generated.ts"), big);
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const dbPath = path.join(root, ".ts-graph", "graph.db");
    const withBig = fs.statSync(dbPath).size;
    fs.rmSync(path.join(root, "src", "generated.ts"));
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const after = fs.statSync(dbPath).size;
    const fresh = makeTempDir();
    writeChainProject(fresh, 3);
    expect(runCli(["index", fresh, "--quiet"]).status).toBe(0);
    expect(after).toBeLessThan(withBig / 4);
    expect(after).toBeLessThan(fs.statSync(path.join(fresh, ".ts-graph", "graph.db")).size * 4);
  });
});

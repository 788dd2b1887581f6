import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { runMarkerOfThisProcess } from "../ingestion/run/graph-freshness.js";
import {
  CLI,
  REPO_ROOT,
  freshSnapshot,
  makeTempDir,
  readerSnapshot,
  removeTempDirs,
  runCli,
  writeChainProject,
} from "../test-support/fixtures.js";

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
    expect(status.stdout).toMatch(
      /note: the database cannot be written here \(read-only\), so this graph cannot be brought up to date/,
    );

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
    first
      .prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('run', ?)")
      .run(JSON.stringify(runMarkerOfThisProcess()));
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
      new RegExp(
        `^ts-graph: another ts-graph run \\(pid ${process.pid}, started [0-9T:.-]+Z\\) is writing ${dbPath}; waiting for it to finish\n$`,
      ),
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

describe("a graph this user cannot write, to index or snapshot", () => {
  it("exits 2 saying the database or its folder is read-only and what to do (not SQLite's raw error)", () => {
    const root = makeTempDir();
    writeChainProject(root, 3);
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const dbDir = path.join(root, ".ts-graph");
    const dbPath = path.join(dbDir, "graph.db");
    letOthersTraverse(root, 0o005);
    writeChainProject(root, 4);
    fs.chmodSync(path.join(root, "src"), 0o755);
    // The folder writable by all, the database by none: the database is what blocks.
    fs.chmodSync(dbDir, 0o777);
    fs.chmodSync(dbPath, 0o444);
    for (const command of ["index", "snapshot"]) {
      const result = runCliAsNobody([command, root]);
      expect(result.stderr).not.toMatch(/readonly database/);
      expect(result.stderr).toMatch(
        /the database .*graph\.db is read-only for this process, so the graph cannot be updated; make it writable/,
      );
      expect(result.status).toBe(2);
    }
    // The database writable by all, its folder by none: SQLite cannot make the -wal file.
    fs.chmodSync(dbPath, 0o666);
    fs.chmodSync(dbDir, 0o555);
    const index = runCliAsNobody(["index", root]);
    expect(index.stderr).toMatch(
      /the folder .*\.ts-graph is read-only for this process, and SQLite writes the database's -wal and -shm files beside it/,
    );
    expect(index.status).toBe(2);
    expect(graphFiles(root)).toEqual(["graph.db", "graph.db-checked"]);
  });
});

describe("a --db that holds no ts-graph graph", () => {
  it("a 0-byte file: status says it is empty and how to build the graph in it, which index then does", () => {
    const root = makeTempDir();
    writeChainProject(root, 2);
    const dbPath = path.join(root, "empty.db");
    fs.writeFileSync(dbPath, "");
    const status = runCli(["status", "--root", root, "--db", dbPath]);
    expect(status.stderr).not.toMatch(/another ts-graph version/);
    expect(status.stderr).toMatch(
      /The database .*empty\.db is empty \(a first index that did not finish, or a file created empty\); run `ts-graph index .* --db .*empty\.db` to build the graph in it/,
    );
    expect(status.status).toBe(2);
    expect(runCli(["index", root, "--db", dbPath, "--quiet"]).status).toBe(0);
    expect(runCli(["status", "--root", root, "--db", dbPath]).status).toBe(0);
  });

  it("a SQLite file of another program: not a ts-graph database, left as it was", () => {
    const root = makeTempDir();
    writeChainProject(root, 2);
    const dbPath = path.join(root, "other.db");
    const other = new Database(dbPath);
    other.exec("CREATE TABLE accounts (id INTEGER)");
    other.close();
    const bytes = fs.readFileSync(dbPath);
    const status = runCli(["status", "--root", root, "--db", dbPath]);
    expect(status.stderr).not.toMatch(/another ts-graph version/);
    expect(status.stderr).toMatch(
      /other\.db is not a ts-graph database \(it has tables ts-graph did not create\); ts-graph does not touch it: give --db/,
    );
    expect(status.status).toBe(2);
    expect(runCli(["index", root, "--db", dbPath]).status).toBe(2);
    expect(fs.readFileSync(dbPath)).toEqual(bytes);
  });

  it("a zeroed header: says which file, that it is not a ts-graph database or is damaged, and what to do", () => {
    const root = makeTempDir();
    writeChainProject(root, 2);
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const own = path.join(root, ".ts-graph", "graph.db");
    const elsewhere = path.join(root, "copy.db");
    fs.copyFileSync(own, elsewhere);
    for (const file of [own, elsewhere]) {
      const fd = fs.openSync(file, "r+");
      fs.writeSync(fd, Buffer.alloc(100), 0, 100, 0);
      fs.closeSync(fd);
    }
    const ownStatus = runCli(["status", "--root", root]);
    expect(ownStatus.stderr).toMatch(
      /graph\.db is not a ts-graph database \(not a SQLite file, or its header is damaged\); run `ts-graph index .*` to replace it/,
    );
    expect(ownStatus.status).toBe(2);
    const otherStatus = runCli(["status", "--root", root, "--db", elsewhere]);
    expect(otherStatus.stderr).toMatch(
      /copy\.db is not a ts-graph database \(not a SQLite file, or its header is damaged\); ts-graph does not touch it: give --db .*, or delete the file yourself/,
    );
    expect(otherStatus.status).toBe(2);
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
  });
});

describe("a first index on a full disk", () => {
  it("leaves no .ts-graph folder, whichever write fails (ENOSPC injected at each write point in turn)", () => {
    const root = makeTempDir();
    writeChainProject(root, 2);
    const graphDir = path.join(root, ".ts-graph");
    let failures = 0;
    for (let at = 1; at <= 40; at += 1) {
      const result = spawnSync(process.execPath, [CLI, "index", root, "--quiet"], {
        encoding: "utf8",
        env: { ...process.env, TS_GRAPH_FAIL_AT: String(at) },
      });
      if (result.status === 0) break;
      failures += 1;
      expect(result.stderr).toMatch(
        /ENOSPC: no space left on device.*: the disk is full; free some space and run again/,
      );
      // Either nothing at all, or (a failure after the publish) a complete graph.
      if (fs.existsSync(graphDir)) expect(runCli(["status", "--root", root]).status).toBe(0);
      fs.rmSync(graphDir, { recursive: true, force: true });
    }
    expect(failures).toBeGreaterThan(2);
  });
});

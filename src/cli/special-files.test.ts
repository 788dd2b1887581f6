import { type SpawnSyncReturns, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, makeTempDir, removeTempDirs, runCli, writeChainProject } from "../test-support/fixtures.js";
import { HANG_MS } from "../test-support/patience.js";

afterAll(removeTempDirs);

const asRoot = process.getuid?.() === 0;

function project(): string {
  const root = makeTempDir();
  writeChainProject(root, 2);
  return root;
}

/** What lstat says a path is, to show it was left as it was. */
function kindOf(file: string): string {
  const stat = fs.lstatSync(file);
  if (stat.isSymbolicLink()) return `link to ${fs.readlinkSync(file)}`;
  if (stat.isFIFO()) return "fifo";
  if (stat.isCharacterDevice()) return "character device";
  if (stat.isDirectory()) return "folder";
  return stat.isFile() ? `file of ${stat.size} bytes` : "other";
}

/** The CLI, with stdout read from a pipe, within a time limit (a FIFO opened for reading would block for ever). */
function runWithin(args: readonly string[], env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, ...args], {
    encoding: "utf8",
    timeout: HANG_MS,
    env: { ...process.env, ...env },
  });
}

describe("--db that cannot hold a database", () => {
  it("refuses a FIFO with exit 2 and leaves it a FIFO (before, the open hung)", () => {
    const root = project();
    const fifo = path.join(root, "graph.fifo");
    spawnSync("mkfifo", [fifo]);
    for (const args of [
      ["index", root, "--db", fifo],
      ["snapshot", root, "--db", fifo],
      ["status", "--root", root, "--db", fifo],
    ]) {
      const result = runWithin(args);
      expect(result.error).toBeUndefined();
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(
        /graph\.fifo is a FIFO \(named pipe\), not a database; ts-graph leaves it alone: give --db the path of a database file/,
      );
    }
    expect(kindOf(fifo)).toBe("fifo");
  });

  it("refuses a folder with exit 2 and says it is a folder (before: exit 1, disk I/O error)", () => {
    const root = project();
    const folder = path.join(root, "graphs");
    fs.mkdirSync(folder);
    const result = runCli(["index", root, "--db", folder]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /graphs is a folder, not a database; give --db the path of a database file in it, e\.g\. .*graphs\/graph\.db/,
    );
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it("refuses /dev/null and a file of /proc with exit 2 and touches neither", () => {
    const root = project();
    const devNull = runCli(["index", root, "--db", "/dev/null"]);
    expect(devNull.status).toBe(2);
    expect(devNull.stderr).toMatch(/\/dev\/null is a character device, not a database/);
    expect(fs.statSync("/dev/null").isCharacterDevice()).toBe(true);
    const proc = runCli(["index", root, "--db", "/proc/version"]);
    expect(proc.status).toBe(2);
    expect(proc.stderr).toMatch(/\/proc\/version is in a kernel file system \(\/proc or \/sys\), not a database/);
  });

  it.runIf(asRoot)("refuses a character device made with mknod, and leaves it a device (root only)", () => {
    const root = project();
    const device = path.join(root, "null-device");
    expect(spawnSync("mknod", [device, "c", "1", "3"]).status).toBe(0);
    const result = runCli(["index", root, "--db", device]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/null-device is a character device, not a database/);
    expect(kindOf(device)).toBe("character device");
  });
  if (!asRoot)
    it.skip("refuses a character device made with mknod: skipped, as mknod needs root and this test does not run as root", () => {});

  it("refuses a FIFO in the place of the database's -wal file, instead of hanging on it", () => {
    const root = project();
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const wal = path.join(root, ".ts-graph", "graph.db-wal");
    spawnSync("mkfifo", [wal]);
    const result = runWithin(["index", root]);
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /graph\.db-wal is a FIFO \(named pipe\), not a file ts-graph made; remove it yourself/,
    );
    expect(kindOf(wal)).toBe("fifo");
  });

  it("refuses a query on a database whose -wal, -shm or -journal is a FIFO with exit 2 (before: read as empty, disk I/O error, hung)", () => {
    const root = project();
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    // Before, a reader opened the -wal FIFO read-write and took it for an empty WAL (exit 0), failed on the
    // -shm one with "disk I/O error" (exit 1), and blocked for ever opening the -journal one to read it.
    for (const suffix of ["-wal", "-shm", "-journal"]) {
      const side = path.join(root, ".ts-graph", `graph.db${suffix}`);
      fs.rmSync(side, { force: true });
      spawnSync("mkfifo", [side]);
      const result = runWithin(["find", "chain", "--root", root]);
      expect(result.error).toBeUndefined();
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(
        `graph.db${suffix} is a FIFO (named pipe), not a file ts-graph made; remove it yourself`,
      );
      expect(kindOf(side)).toBe("fifo");
      fs.rmSync(side);
    }
  });

  it("writes through a symbolic link to the database: the link stays a link", () => {
    const root = project();
    const link = path.join(root, "graph-link.db");
    fs.symlinkSync("real.db", link);
    expect(runCli(["index", root, "--db", link, "--quiet"]).status).toBe(0);
    expect(kindOf(link)).toBe("link to real.db");
    writeChainProject(root, 3);
    expect(runCli(["index", root, "--db", link, "--quiet"]).status).toBe(0);
    expect(kindOf(link)).toBe("link to real.db");
    const db = new Database(path.join(root, "real.db"), { readonly: true });
    expect((db.prepare("SELECT count(*) AS n FROM files").get() as { n: number }).n).toBe(3);
    db.close();
  });
});

describe("--out of snapshot, diff and merge", () => {
  it("writes to a symbolic link to /dev/null as a stream, and the link stays (before, it was replaced by a file)", () => {
    const root = project();
    const link = path.join(root, "null-link");
    fs.symlinkSync("/dev/null", link);
    expect(runCli(["snapshot", root, "--out", link]).status).toBe(0);
    expect(kindOf(link)).toBe("link to /dev/null");
    const snapshot = path.join(root, "graph.snapshot");
    expect(runCli(["snapshot", root, "--out", snapshot]).status).toBe(0);
    expect(runCli(["merge", snapshot, "--out", link]).status).toBe(0);
    expect(runCli(["diff", snapshot, snapshot, "--out", link]).status).toBe(0);
    expect(kindOf(link)).toBe("link to /dev/null");
    expect(fs.statSync("/dev/null").isCharacterDevice()).toBe(true);
  });

  it("writes through a symbolic link to a regular file: the file gets the snapshot, the link stays", () => {
    const root = project();
    fs.writeFileSync(path.join(root, "target.txt"), "old");
    const link = path.join(root, "out-link");
    fs.symlinkSync("target.txt", link);
    expect(runCli(["snapshot", root, "--out", link]).status).toBe(0);
    expect(kindOf(link)).toBe("link to target.txt");
    expect(fs.readFileSync(path.join(root, "target.txt"), "utf8")).toMatch(/^\{"format":"ts-graph-snapshot"/);
  });

  it("writes /dev/stdout and - to stdout, and /dev/stdout stays what it was", () => {
    const root = project();
    const before = kindOf("/dev/stdout");
    const viaDevice = runCli(["snapshot", root, "--out", "/dev/stdout"]);
    expect(viaDevice.status).toBe(0);
    expect(viaDevice.stdout).toMatch(/^\{"format":"ts-graph-snapshot"/);
    expect(runCli(["snapshot", root, "--out", "-"]).stdout).toBe(viaDevice.stdout);
    expect(kindOf("/dev/stdout")).toBe(before);
  });

  it("writes to a FIFO as a stream, read at its other end, and leaves it a FIFO", async () => {
    const root = project();
    const fifo = path.join(root, "out.fifo");
    spawnSync("mkfifo", [fifo]);
    const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "ignore"] });
    let read = "";
    reader.stdout.on("data", (chunk: Buffer) => {
      read += chunk.toString();
    });
    const readerDone = new Promise<void>((resolve) => reader.on("exit", () => resolve()));
    const result = runWithin(["snapshot", root, "--out", fifo]);
    await readerDone;
    expect(result.status).toBe(0);
    expect(read).toMatch(/^\{"format":"ts-graph-snapshot"/);
    expect(kindOf(fifo)).toBe("fifo");
  });

  it("refuses a folder before any work: no graph is made (before, the graph was indexed first)", () => {
    const root = project();
    const folder = path.join(root, "reports");
    fs.mkdirSync(folder);
    const result = runCli(["snapshot", root, "--out", folder]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--out .*reports is a folder; give the path of a file, or - for stdout/);
    expect(fs.existsSync(path.join(root, ".ts-graph"))).toBe(false);
  });
});

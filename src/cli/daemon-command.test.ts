import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { daemonPaths } from "../daemon/daemon-paths.js";
import {
  CLI,
  freshSnapshot,
  makeTempDir,
  indexedSampleProject,
  readerSnapshot,
  removeTempDirs,
  runCli,
} from "../test-support/fixtures.js";
import { until } from "../test-support/until.js";
import { pidIsAlive } from "../db/graph-db-owner.js";

/** Started daemons are stopped after each test, whatever happened in it. */
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) runCli(["daemon", "stop", root]);
});
afterAll(removeTempDirs);

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The CLI in a child process, without blocking this one (a fake daemon in this process must answer it). */
function runCliAsync(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; nodeArgs?: readonly string[] } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
      env: { ...process.env, ...options.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** A preload that reports, when the process exits, how many modules of TypeScript (or ts-morph) it loaded. */
function typescriptTrace(): string {
  const file = path.join(makeTempDir(), "trace.cjs");
  fs.writeFileSync(
    file,
    `process.on("exit", () => {
  const loaded = Object.keys(require.cache).filter((name) => /node_modules[\\\\/](typescript|ts-morph|@ts-morph)[\\\\/]/.test(name));
  process.stderr.write("typescript modules loaded: " + loaded.length + "\\n");
});\n`,
  );
  return file;
}

function typescriptModulesLoaded(stderr: string): number {
  const match = /typescript modules loaded: (\d+)/.exec(stderr);
  if (match === null) throw new Error(`no trace in: ${stderr}`);
  return Number(match[1]);
}

interface Status {
  readonly state: "none" | "stale" | "foreign" | "live";
  readonly pid?: number;
  readonly version?: string;
  readonly kind?: string;
  readonly reason?: string;
}

function daemonStatus(root: string): Status {
  return JSON.parse(runCli(["daemon", "status", root, "--json"]).stdout) as Status;
}

function startDaemon(root: string, env: NodeJS.ProcessEnv = {}): number {
  roots.push(root);
  const started = spawnSyncCli(["daemon", "start", root], env);
  expect(started.status, started.stderr).toBe(0);
  const status = daemonStatus(root);
  expect(status.state).toBe("live");
  return status.pid ?? 0;
}

function spawnSyncCli(args: readonly string[], env: NodeJS.ProcessEnv): Run {
  const { spawnSync } = require("node:child_process") as typeof import("node:child_process");
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", env: { ...process.env, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A function appended to a file that another file calls, so that both are re-extracted. */
function editProject(root: string, marker: string): void {
  fs.appendFileSync(path.join(root, "shared", "money.ts"), `\nexport function ${marker}(): number {\n  return 1;\n}\n`);
}

/**
 * A process in this test that listens on a graph's daemon socket and answers hello as another ts-graph would:
 * it records the requests it gets, and stops (closing its socket) when asked to, as a real daemon does.
 */
async function fakeDaemon(
  dbPath: string,
  hello: Record<string, unknown>,
): Promise<{ requests: string[]; server: net.Server }> {
  const paths = daemonPaths(dbPath);
  fs.mkdirSync(paths.folder, { mode: 0o700, recursive: true });
  const requests: string[] = [];
  const server = net.createServer((socket) => {
    readline.createInterface({ input: socket }).on("line", (line) => {
      const op = (JSON.parse(line) as { op: string }).op;
      requests.push(op);
      if (op === "hello")
        socket.write(
          `${JSON.stringify({ ok: true, hello: { protocol: 1, pid: process.pid, startedAt: Date.now(), ...hello } })}\n`,
        );
      else if (op === "stop" && hello.kind === "daemon") {
        socket.end(`${JSON.stringify({ ok: true, stopping: true })}\n`);
        server.close();
      } else socket.write(`${JSON.stringify({ ok: false, error: { name: "Error", message: "refused" } })}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(paths.socket, resolve));
  return { requests, server };
}

describe("ts-graph daemon (subprocess)", () => {
  it("answers index and --index queries for the CLI, which then loads no TypeScript, and stops on request", async () => {
    const { root, dbPath } = indexedSampleProject();
    const pid = startDaemon(root);
    const trace = typescriptTrace();
    editProject(root, "daemonAnswered");

    const index = await runCliAsync(["index", root, "--json"], { nodeArgs: ["--require", trace] });
    expect(index.status, index.stderr).toBe(0);
    expect((JSON.parse(index.stdout) as { files: { total: number } }).files.total).toBe(25);
    expect(typescriptModulesLoaded(index.stderr)).toBe(0);
    expect(readerSnapshot(dbPath)).toBe(await freshSnapshot(root));

    editProject(root, "queriedFresh");
    const find = await runCliAsync(["find", "queriedFresh", "--root", root, "--index"], {
      nodeArgs: ["--require", trace],
    });
    expect(find.status, find.stderr).toBe(0);
    expect(find.stdout).toMatch(/shared\/money\.ts:\d+ Function queriedFresh/);
    expect(typescriptModulesLoaded(find.stderr)).toBe(0);

    // The same change without a daemon loads TypeScript: the trace sees it when it happens.
    expect(runCli(["daemon", "stop", root]).stdout).toMatch(new RegExp(`stopped the daemon \\(pid ${pid}\\)`));
    await until(() => !pidIsAlive(pid), `daemon pid ${pid} to exit`);
    expect(fs.existsSync(daemonPaths(dbPath).socket)).toBe(false);
    editProject(root, "withoutDaemon");
    const alone = await runCliAsync(["index", root, "--quiet"], { nodeArgs: ["--require", trace] });
    expect(alone.status).toBe(0);
    expect(typescriptModulesLoaded(alone.stderr)).toBeGreaterThan(0);
    expect(daemonStatus(root).state).toBe("none");
  });

  it("serves two CLI processes at once, and two starts at once make one daemon", async () => {
    const { root, dbPath } = indexedSampleProject();
    roots.push(root);
    const starts = await Promise.all([runCliAsync(["daemon", "start", root]), runCliAsync(["daemon", "start", root])]);
    expect(starts.map((run) => run.status)).toEqual([0, 0]);
    const pids = starts.map((run) => /pid (\d+)/.exec(run.stdout)?.[1]);
    expect(pids[0]).toBeDefined();
    expect(pids[1]).toBe(pids[0]);

    editProject(root, "firstOfTwo");
    editProject(root, "secondOfTwo");
    const runs = await Promise.all([
      runCliAsync(["index", root, "--json"]),
      runCliAsync(["find", "secondOfTwo", "--root", root, "--index"]),
    ]);
    expect(runs.map((run) => run.status)).toEqual([0, 0]);
    expect(runs[1]?.stdout).toMatch(/Function secondOfTwo/);
    expect(readerSnapshot(dbPath)).toBe(await freshSnapshot(root));
  });

  it("updates the graph itself when the daemon is killed in the middle of the update it waits for", async () => {
    const { root, dbPath } = indexedSampleProject();
    // The daemon's first run (a no-op here) passes 3 write points; the 2nd point of the next run is inside it.
    const pid = startDaemon(root, { TS_GRAPH_CRASH_AT: "5" });
    const forced = await runCliAsync(["index", root, "--force", "--json"]);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stderr).toMatch(
      new RegExp(`the daemon \\(pid ${pid}\\) stopped before it finished the update; updating in this process`),
    );
    expect((JSON.parse(forced.stdout) as { mode: string }).mode).toBe("full");
    // The crashed daemon's socket closes as it exits; the process itself may take a moment longer to be gone.
    await until(() => !pidIsAlive(pid), `daemon pid ${pid} to exit`);
    expect(readerSnapshot(dbPath)).toBe(await freshSnapshot(root));
  });

  it("removes the stale socket a killed daemon left, and a new daemon starts", async () => {
    const { root, dbPath } = indexedSampleProject();
    const pid = startDaemon(root);
    process.kill(pid, "SIGKILL");
    await until(() => !pidIsAlive(pid), `daemon pid ${pid} to exit`);
    const socket = daemonPaths(dbPath).socket;
    expect(fs.lstatSync(socket).isSocket()).toBe(true);

    editProject(root, "afterKill");
    const index = await runCliAsync(["index", root, "--json"]);
    expect(index.status, index.stderr).toBe(0);
    expect((JSON.parse(index.stdout) as { mode: string }).mode).toBe("incremental");
    expect(fs.existsSync(socket)).toBe(false);
    expect(readerSnapshot(dbPath)).toBe(await freshSnapshot(root));
    const again = startDaemon(root);
    expect(again).not.toBe(pid);
  });

  it("stops a daemon of another ts-graph version and works without it; leaves another version's serve running", async () => {
    const { root, dbPath } = indexedSampleProject();
    const other = await fakeDaemon(dbPath, { version: "0.0.0-other", kind: "daemon", root, dbPath });
    editProject(root, "otherVersion");
    const index = await runCliAsync(["index", root, "--json"]);
    expect(index.status, index.stderr).toBe(0);
    expect(index.stderr).toMatch(/stopped the daemon of ts-graph 0\.0\.0-other \(pid \d+\): this is /);
    expect(other.requests).toEqual(["hello", "stop"]);
    expect((JSON.parse(index.stdout) as { mode: string }).mode).toBe("incremental");

    const serving = await fakeDaemon(dbPath, { version: "0.0.0-other", kind: "serve", root, dbPath });
    editProject(root, "otherServe");
    const alone = await runCliAsync(["find", "otherServe", "--root", root, "--index"]);
    expect(alone.status, alone.stderr).toBe(0);
    expect(alone.stdout).toMatch(/Function otherServe/);
    expect(alone.stderr).toMatch(
      /a ts-graph serve \(pid \d+\) keeps this graph, but it is ts-graph 0\.0\.0-other and this is .*: working without it/,
    );
    expect(serving.requests).toEqual(["hello"]);
    serving.server.close();
    expect(readerSnapshot(dbPath)).toBe(await freshSnapshot(root));
  });

  it("never uses nor removes a socket path that is not ours", async () => {
    const { root, dbPath } = indexedSampleProject();
    const paths = daemonPaths(dbPath);
    fs.mkdirSync(paths.folder, { mode: 0o700 });
    fs.writeFileSync(paths.socket, "not a socket\n");
    const start = runCli(["daemon", "start", root]);
    expect(start.status).toBe(2);
    expect(start.stderr).toMatch(/socket is not a socket; it is not ts-graph's: move it away/);
    editProject(root, "besideAFile");
    const index = await runCliAsync(["index", root, "--json"]);
    expect(index.status, index.stderr).toBe(0);
    expect(index.stderr).toMatch(
      /is not a socket; it is not a ts-graph daemon of yours and is left as it is: working without a daemon/,
    );
    expect(fs.readFileSync(paths.socket, "utf8")).toBe("not a socket\n");

    // A listener that speaks something else.
    fs.rmSync(paths.socket);
    const stranger = net.createServer((socket) => socket.end("HTTP/1.1 400 Bad Request\r\n\r\n"));
    await new Promise<void>((resolve) => stranger.listen(paths.socket, resolve));
    editProject(root, "besideAStranger");
    const find = await runCliAsync(["find", "besideAStranger", "--root", root, "--index"]);
    expect(find.status, find.stderr).toBe(0);
    expect(find.stdout).toMatch(/Function besideAStranger/);
    expect(find.stderr).toMatch(/answers, but not as a ts-graph daemon/);
    expect(runCli(["daemon", "stop", root]).status).toBe(2);
    expect(fs.lstatSync(paths.socket).isSocket()).toBe(true);
    stranger.close();

    // A daemon folder other users may enter.
    fs.chmodSync(paths.folder, 0o755);
    const open = runCli(["daemon", "start", root]);
    expect(open.status).toBe(2);
    expect(open.stderr).toMatch(/can be used by other users \(mode 755/);
  });

  it("exits after the idle time without a request", async () => {
    const { root } = indexedSampleProject();
    roots.push(root);
    const started = runCli(["daemon", "start", root, "--idle-minutes", "0.03"]);
    expect(started.status, started.stderr).toBe(0);
    const pid = Number(/pid (\d+)/.exec(started.stdout)?.[1]);
    expect(pidIsAlive(pid)).toBe(true);
    await until(() => !pidIsAlive(pid), `daemon pid ${pid} to exit`);
    expect(daemonStatus(root).state).toBe("none");
  });

  it('starts a daemon on the first command when the config says "daemon": "auto", never when CI is set', async () => {
    const { root } = indexedSampleProject();
    roots.push(root);
    fs.writeFileSync(path.join(root, "ts-graph.config.json"), JSON.stringify({ daemon: "auto" }));
    const inCi = await runCliAsync(["index", root, "--quiet"], { env: { CI: "true" } });
    expect(inCi.status, inCi.stderr).toBe(0);
    expect(daemonStatus(root).state).toBe("none");
    const first = await runCliAsync(["index", root, "--json"], { env: { CI: "" } });
    expect(first.status, first.stderr).toBe(0);
    const status = daemonStatus(root);
    expect(status).toMatchObject({ state: "live", kind: "daemon" });
  });

  it("index --watch answers the root's CLI commands, and cannot be stopped through the socket", async () => {
    const { root, dbPath } = indexedSampleProject();
    const watch = spawn(process.execPath, [CLI, "index", root, "--watch", "--json"]);
    try {
      const lines = readline.createInterface({ input: watch.stdout });
      await new Promise<void>((resolve) =>
        lines.on("line", (line) => (line.includes('"event":"ready"') ? resolve() : undefined)),
      );
      expect(daemonStatus(root)).toMatchObject({ state: "live", kind: "watch", pid: watch.pid });
      const stop = runCli(["daemon", "stop", root]);
      expect(stop.status).toBe(1);
      expect(stop.stderr).toMatch(/kept by `ts-graph index --watch`/);
      editProject(root, "watched");
      const index = await runCliAsync(["index", root, "--json"]);
      expect(index.status, index.stderr).toBe(0);
      expect(readerSnapshot(dbPath)).toBe(await freshSnapshot(root));
    } finally {
      watch.kill("SIGTERM");
      await new Promise((resolve) => watch.once("close", resolve));
    }
    expect(fs.existsSync(daemonPaths(dbPath).socket)).toBe(false);
  });
});

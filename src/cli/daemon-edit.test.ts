import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { daemonPaths } from "../daemon/daemon-paths.js";
import {
  CLI,
  freshSnapshot,
  indexedSampleProject,
  readerSnapshot,
  removeTempDirs,
  runCli,
} from "../test-support/fixtures.js";
import { until } from "../test-support/until.js";
import { pidIsAlive } from "../db/graph-db-owner.js";

/**
 * The edit commands with the root's daemon running (`ts-graph daemon start`): the daemon runs them on its warm
 * language session, and the CLI prints exactly what it prints without a daemon; a daemon that is gone leaves
 * the CLI to do the rename itself, and one that dies in the middle of the rename leaves it whole (finished
 * from its journal) or untouched with the outcome said unknown: all files or none, never twice.
 */

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

/** The CLI in a child process, without blocking this one. */
function runCliAsync(args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args]);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** Starts the root's daemon (with `env` added to its environment); its pid. */
function startDaemon(root: string, env: NodeJS.ProcessEnv = {}): number {
  roots.push(root);
  const started = spawnSync(process.execPath, [CLI, "daemon", "start", root], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  expect(started.status, started.stderr).toBe(0);
  // Through the daemon, after its first run: a command that follows does not find that run under way.
  expect(runCli(["index", root, "--quiet"]).status).toBe(0);
  return Number(/pid (\d+)/.exec(started.stdout)?.[1]);
}

/** The lines of the daemon's log that say it ran a tool for a CLI command. */
function toolRunsLogged(dbPath: string): string[] {
  const log = fs.readFileSync(daemonPaths(dbPath).log, "utf8");
  return log.split("\n").filter((line) => / run for a CLI command: /.test(line));
}

const SOURCES = ["shared/money.ts", "backend/services/order-service.ts", "frontend/store/cart.ts"];

function sources(root: string): string[] {
  return SOURCES.map((file) => fs.readFileSync(path.join(root, file), "utf8"));
}

const RENAME = ["rename-symbol", "sumLines", "totalOf"];

describe("the edit commands with a daemon running (subprocess)", () => {
  it("renames (and replaces) through the daemon and prints what the CLI prints without one, dry run and rename alike", async () => {
    const alone = indexedSampleProject();
    const served = indexedSampleProject();
    startDaemon(served.root);

    const replace = [
      "replace-symbol",
      "formatPrice",
      "--content",
      "export function formatPrice(cents: number): string {\n  return String(cents);\n}",
    ];
    for (const args of [
      [...RENAME, "--dry-run"],
      RENAME,
      ["rename-symbol", "totalOf", "sumLines", "--json"],
      replace,
    ]) {
      const without = await runCliAsync([...args, "--root", alone.root]);
      const through = await runCliAsync([...args, "--root", served.root]);
      expect(without.status, without.stderr).toBe(0);
      expect(through.status, through.stderr).toBe(0);
      if (args.includes("--json")) {
        // Timings and the freshness' time differ from run to run; the root is each copy's.
        const comparable = (stdout: string, root: string): unknown => {
          const {
            timingsMs: _timings,
            freshness: _freshness,
            ...answer
          } = JSON.parse(stdout.replaceAll(root, "<root>")) as Record<string, unknown>;
          return answer;
        };
        expect(comparable(through.stdout, served.root)).toEqual(comparable(without.stdout, alone.root));
      } else expect(through.stdout).toBe(without.stdout);
      expect(through.stderr).toBe(without.stderr);
    }
    expect(toolRunsLogged(served.dbPath)).toEqual([
      expect.stringMatching(/rename_symbol run for a CLI command: answered in \d+ ms$/),
      expect.stringMatching(/rename_symbol run for a CLI command: answered in \d+ ms$/),
      expect.stringMatching(/rename_symbol run for a CLI command: answered in \d+ ms$/),
      expect.stringMatching(/replace_symbol run for a CLI command: answered in \d+ ms$/),
    ]);
    expect(sources(served.root)).toEqual(sources(alone.root));
    // The daemon brought its graph up to date with the renames (patched, as its log may say, or re-extracted).
    expect(readerSnapshot(served.dbPath)).toBe(await freshSnapshot(served.root));
  });

  it("renames on `ts-graph serve` when it keeps the root, and prints what the CLI prints without it", async () => {
    const alone = indexedSampleProject();
    const served = indexedSampleProject();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "serve", "--root", served.root],
      stderr: "pipe",
    });
    let log = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
    });
    const client = new Client({ name: "ts-graph-daemon-edit-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      // A call starts the root: its first run, then its daemon socket.
      await client.callTool({ name: "status", arguments: {} });
      await until(
        () => /"kind":"serve"/.test(runCli(["daemon", "status", served.root, "--json"]).stdout),
        "the server to answer the CLI",
      );
      await until(() => /up to date|re-extracted|extracted/.test(log), "the server's first run to end");
      const without = await runCliAsync([...RENAME, "--root", alone.root]);
      const through = await runCliAsync([...RENAME, "--root", served.root]);
      expect(through.status, through.stderr).toBe(0);
      expect(through.stdout).toBe(without.stdout);
      expect(through.stderr).toBe(without.stderr);
      expect(log).toMatch(/rename_symbol run for a CLI command: answered in \d+ ms/);
      expect(sources(served.root)).toEqual(sources(alone.root));
    } finally {
      await client.close();
    }
  });

  it("refuses a rename onto a name in scope through the daemon with the CLI's own error and exit code, and writes nothing", async () => {
    const alone = indexedSampleProject();
    const served = indexedSampleProject();
    startDaemon(served.root);
    const before = sources(served.root);
    const collision = ["rename-symbol", "sumLines", "formatPrice"];
    const without = await runCliAsync([...collision, "--root", alone.root]);
    const through = await runCliAsync([...collision, "--root", served.root]);
    expect(without.status).toBe(2);
    expect(through.status).toBe(2);
    expect(through.stderr).toMatch(
      /Cannot rename shared\/money\.ts:sumLines to formatPrice: formatPrice already names .*Nothing was written\./,
    );
    expect(through.stderr.replaceAll(served.root, "<root>")).toBe(without.stderr.replaceAll(alone.root, "<root>"));
    expect(through.stdout).toBe("");
    expect(sources(served.root)).toEqual(before);
    expect(toolRunsLogged(served.dbPath)).toEqual([
      expect.stringMatching(/rename_symbol run for a CLI command: failed \(ToolInputError\) in \d+ ms$/),
    ]);
  });

  it("renames in its own process when the daemon was stopped or killed", async () => {
    const alone = indexedSampleProject();
    const served = indexedSampleProject();
    const reference = await runCliAsync([...RENAME, "--root", alone.root]);
    expect(reference.status, reference.stderr).toBe(0);

    startDaemon(served.root);
    expect(runCli(["daemon", "stop", served.root]).status).toBe(0);
    const stopped = await runCliAsync([...RENAME, "--root", served.root]);
    expect(stopped.status, stopped.stderr).toBe(0);
    expect(stopped.stdout).toBe(reference.stdout);

    const pid = startDaemon(served.root);
    process.kill(pid, "SIGKILL");
    await until(() => !pidIsAlive(pid), `daemon pid ${pid} to exit`);
    const killed = await runCliAsync(["rename-symbol", "totalOf", "sumLines", "--root", served.root]);
    expect(killed.status, killed.stderr).toBe(0);
    expect(killed.stdout).toMatch(/^rename shared\/money\.ts:totalOf → sumLines: written \(3 files\)/);
    expect(fs.existsSync(daemonPaths(served.dbPath).socket)).toBe(false);
    expect(readerSnapshot(served.dbPath)).toBe(await freshSnapshot(served.root));
  });

  it("with the daemon killed in its rename: before its write the CLI says the outcome is unknown and renames nothing; during it the CLI finishes the daemon's edit and says so; all files or none, no journal left", async () => {
    const alone = indexedSampleProject();
    await runCliAsync([...RENAME, "--root", alone.root]);
    const renamed = sources(alone.root);
    // Killed at the first step of its write (the journal half written): no file was touched, and the command does
    // not rename again (it cannot tell this from a daemon that died after its whole write).
    const early = indexedSampleProject();
    const original = sources(early.root);
    const earlyPid = startDaemon(early.root, { TS_GRAPH_CRASH_AT: "edit:1" });
    const afterEarly = await runCliAsync([...RENAME, "--root", early.root]);
    expect(afterEarly.status).toBe(1);
    expect(afterEarly.stderr).toMatch(
      new RegExp(
        `the daemon \\(pid ${earlyPid}\\) stopped while it ran rename-symbol, and left no edit half written: whether the edit was written is not known`,
      ),
    );
    expect(afterEarly.stdout).toBe("");
    expect(sources(early.root)).toEqual(original);

    // Killed after its first rename of a file (the journal, 3 temporary files, 1 rename): the command finishes
    // the daemon's edit, every file, and says so instead of renaming again.
    const late = indexedSampleProject();
    const latePid = startDaemon(late.root, { TS_GRAPH_CRASH_AT: "edit:6" });
    const afterLate = await runCliAsync([...RENAME, "--root", late.root]);
    expect(afterLate.status).toBe(1);
    expect(afterLate.stderr).toMatch(
      new RegExp(
        `the daemon \\(pid ${latePid}\\) stopped while it wrote the edit of rename-symbol, which is now whole: an edit interrupted on \\S+ \\(rename shared/money\\.ts:sumLines → totalOf; process ${latePid}\\) was finished: 3 files hold the edit \\(2 files written now\\)`,
      ),
    );
    expect(afterLate.stdout).toBe("");
    expect(sources(late.root)).toEqual(renamed);
    expect(fs.readdirSync(path.join(late.root, ".ts-graph", "edits"))).toEqual([]);
  });
});

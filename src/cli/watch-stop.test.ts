import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, makeTempDir, removeTempDirs, runCli, writeChainProject } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

const FILES = 400;

function runMarkerIn(dbPath: string): string | undefined {
  const db = new Database(dbPath, { readonly: true });
  try {
    return (db.prepare("SELECT value FROM meta WHERE key = 'run'").get() as { value: string } | undefined)?.value;
  } finally {
    db.close();
  }
}

/** `index --watch` caught in the middle of a run (its marker committed), then stopped with `signal`. */
async function stopWatchDuringRun(
  signal: NodeJS.Signals,
): Promise<{ root: string; dbPath: string; code: number | null }> {
  const root = makeTempDir();
  writeChainProject(root, FILES);
  expect(runCli(["index", root, "--quiet"]).status).toBe(0);
  const dbPath = path.join(root, ".ts-graph", "graph.db");
  const watch = spawn(process.execPath, [CLI, "index", root, "--watch", "--json"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  const exited = new Promise<number | null>((resolve) => watch.on("exit", (code) => resolve(code)));
  let stdout = "";
  await new Promise<void>((resolve) =>
    watch.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('"event":"ready"')) resolve();
    }),
  );
  writeChainProject(root, FILES, 1);
  const deadline = Date.now() + 60_000;
  while (!(runMarkerIn(dbPath) ?? "").includes(`"pid":${watch.pid}`)) {
    if (Date.now() > deadline) throw new Error("no run started");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  watch.kill(signal);
  return { root, dbPath, code: await exited };
}

describe("index --watch stopped during a run", () => {
  it("by SIGINT or SIGTERM (a clean stop): leaves no run marker, and status does not say a run was interrupted", async () => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      const { root, dbPath, code } = await stopWatchDuringRun(signal);
      expect(code).toBe(0);
      expect(runMarkerIn(dbPath)).toBeUndefined();
      const status = runCli(["status", "--root", root]);
      expect(status.status).toBe(0);
      expect(status.stdout).not.toMatch(/interrupted/);
      expect(fs.existsSync(dbPath)).toBe(true);
    }
  });

  it("by SIGKILL (a crash): the marker stays, and status says the run was interrupted", async () => {
    const { root, dbPath } = await stopWatchDuringRun("SIGKILL");
    expect(runMarkerIn(dbPath)).toBeDefined();
    expect(runCli(["status", "--root", root]).stdout).toMatch(/an index run was interrupted \(pid \d+/);
  });
});

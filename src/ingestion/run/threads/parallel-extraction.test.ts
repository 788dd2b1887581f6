import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dumpGraph, type GraphDump } from "../../../test-support/graph-dump.js";
import { CLI, copySampleProject, makeTempDir, removeTempDirs } from "../../../test-support/fixtures.js";
import { editProjectFile } from "../../../test-support/incremental.js";

afterAll(removeTempDirs);

interface Indexed {
  readonly status: number | null;
  readonly stderr: string;
  readonly summary:
    | { readonly mode: string; readonly jobs: number; readonly files: { readonly extracted: number } }
    | undefined;
}

type Engine = "ts6" | "ts7";

/**
 * `ts-graph index` in a process of its own (the built CLI: its extraction workers are compiled files), on
 * TypeScript 6's engine unless told (on TypeScript 7 each worker opens a session of its own).
 */
function index(
  root: string,
  dbPath: string,
  args: readonly string[],
  env: Record<string, string> = {},
  engine: Engine = "ts6",
): Indexed {
  const result = spawnSync(
    process.execPath,
    [CLI, "index", root, "--db", dbPath, "--json", "--engine", engine, ...args],
    {
      encoding: "utf8",
      env: { ...process.env, ...env },
    },
  );
  return {
    status: result.status,
    stderr: result.stderr,
    summary: result.status === 0 ? JSON.parse(result.stdout) : undefined,
  };
}

function dumpInWriteOrder(dbPath: string): GraphDump {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return dumpGraph(db, { inWriteOrder: true });
  } finally {
    db.close();
  }
}

describe("index --jobs N writes the database a run on one thread writes", () => {
  it.each(["web-app", "resolution", "monorepo", "no-tsconfig", "broken"])(
    "%s, every table in row order, row ids included",
    (sample) => {
      const root = copySampleProject(sample);
      const dbs = makeTempDir("ts-graph-jobs-");
      const one = index(root, path.join(dbs, "one.db"), ["--jobs", "1"]);
      const two = index(root, path.join(dbs, "two.db"), ["--jobs", "2"]);
      expect(one.summary?.jobs).toBe(1);
      // Two threads really extracted (a run never falls back to one thread quietly with the built CLI).
      expect(two.summary?.jobs).toBe(2);
      expect(dumpInWriteOrder(path.join(dbs, "two.db"))).toEqual(dumpInWriteOrder(path.join(dbs, "one.db")));
    },
  );

  it("with three threads over several projects (monorepo)", () => {
    const root = copySampleProject("monorepo");
    const dbs = makeTempDir("ts-graph-jobs-");
    expect(index(root, path.join(dbs, "one.db"), ["--jobs", "1"]).summary?.jobs).toBe(1);
    expect(index(root, path.join(dbs, "three.db"), ["--jobs", "3"]).summary?.jobs).toBe(3);
    expect(dumpInWriteOrder(path.join(dbs, "three.db"))).toEqual(dumpInWriteOrder(path.join(dbs, "one.db")));
  });

  it("in an incremental run that re-extracts dependents", () => {
    const dbs = makeTempDir("ts-graph-jobs-");
    const web = copySampleProject("web-app");
    expect(index(web, path.join(dbs, "web-one.db"), ["--jobs", "1"]).status).toBe(0);
    expect(index(web, path.join(dbs, "web-two.db"), ["--jobs", "2"]).status).toBe(0);
    // A changed signature of a shared function: its callers are re-extracted with it.
    editProjectFile(web, "shared/validation.ts", (text) =>
      text.replace(
        "export function validateToken(token: string",
        "export function validateToken(token: string, _unused?: number, ",
      ),
    );
    const incrementalOne = index(web, path.join(dbs, "web-one.db"), ["--jobs", "1"]);
    const incrementalTwo = index(web, path.join(dbs, "web-two.db"), ["--jobs", "2"]);
    expect(incrementalTwo.summary?.mode).toBe("incremental");
    expect(incrementalTwo.summary?.files.extracted).toBeGreaterThan(1);
    expect(incrementalTwo.summary?.jobs).toBe(2);
    expect(incrementalTwo.summary?.files.extracted).toBe(incrementalOne.summary?.files.extracted);
    expect(dumpInWriteOrder(path.join(dbs, "web-two.db"))).toEqual(dumpInWriteOrder(path.join(dbs, "web-one.db")));
  });
});

describe("index --jobs N on TypeScript 7 writes the database a run on one thread writes", () => {
  const ts7 = (root: string, dbPath: string, args: readonly string[], env: Record<string, string> = {}): Indexed =>
    index(root, dbPath, args, env, "ts7");

  it.each(["web-app", "resolution", "broken"])("%s, every table in row order, row ids included", (sample) => {
    const root = copySampleProject(sample);
    const dbs = makeTempDir("ts-graph-jobs-");
    expect(ts7(root, path.join(dbs, "one.db"), ["--jobs", "1"]).summary?.jobs).toBe(1);
    expect(ts7(root, path.join(dbs, "two.db"), ["--jobs", "2"]).summary?.jobs).toBe(2);
    expect(dumpInWriteOrder(path.join(dbs, "two.db"))).toEqual(dumpInWriteOrder(path.join(dbs, "one.db")));
  });

  it("with three threads over several projects (monorepo), each project's member names shared by all threads", () => {
    const root = copySampleProject("monorepo");
    const dbs = makeTempDir("ts-graph-jobs-");
    expect(ts7(root, path.join(dbs, "one.db"), ["--jobs", "1"]).summary?.jobs).toBe(1);
    expect(ts7(root, path.join(dbs, "three.db"), ["--jobs", "3"]).summary?.jobs).toBe(3);
    expect(dumpInWriteOrder(path.join(dbs, "three.db"))).toEqual(dumpInWriteOrder(path.join(dbs, "one.db")));
  });

  it("fails whole when a worker fails before the member names are shared: nothing written, no hang", () => {
    const root = copySampleProject("web-app");
    const dbPath = path.join(makeTempDir("ts-graph-jobs-"), "graph.db");
    expect(ts7(root, dbPath, ["--jobs", "1"]).status).toBe(0);
    const before = dumpInWriteOrder(dbPath);
    const failed = ts7(root, dbPath, ["--jobs", "2", "--force"], { TS_GRAPH_WORKER_HEAP_MB: "8" });
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toMatch(/an extraction thread failed \(.*\); nothing was written\. Run again with --jobs 1/);
    expect({ ...dumpInWriteOrder(dbPath), meta: [] }).toEqual({ ...before, meta: [] });
  });
});

describe("index --jobs N when a thread fails", () => {
  it("writes nothing: the last graph stays as it was, and the error says to run with --jobs 1", () => {
    const root = copySampleProject("web-app");
    const dbPath = path.join(makeTempDir("ts-graph-jobs-"), "graph.db");
    expect(index(root, dbPath, ["--jobs", "1"]).status).toBe(0);
    const before = dumpInWriteOrder(dbPath);
    // Each worker gets an 8 MB heap (a test hook, parallel-extraction.ts): it runs out of memory loading TypeScript.
    const failed = index(root, dbPath, ["--jobs", "2", "--force"], { TS_GRAPH_WORKER_HEAP_MB: "8" });
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toMatch(
      /an extraction thread failed \(.*out of memory\); nothing was written\. Run again with --jobs 1/,
    );
    const after = dumpInWriteOrder(dbPath);
    // Only the run's record of its failure (meta last_error) differs.
    expect({ ...after, meta: [] }).toEqual({ ...before, meta: [] });
    expect(after.meta?.some((row) => row.includes("an extraction thread failed"))).toBe(true);

    const fresh = path.join(makeTempDir("ts-graph-jobs-"), "graph.db");
    const none = index(root, fresh, ["--jobs", "2"], { TS_GRAPH_WORKER_HEAP_MB: "8" });
    expect(none.status).not.toBe(0);
    expect(fs.existsSync(fresh)).toBe(false);
  });
});

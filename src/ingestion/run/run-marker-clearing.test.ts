import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readMeta } from "../../db/open-graph-db.js";
import { META } from "../../db/schema.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { runMarkerOfThisProcess } from "./graph-freshness.js";
import { clearOwnRunMarker } from "./threads/worker-indexer.js";

afterAll(removeTempDirs);

/** A WAL database whose meta holds a run marker of this process, as an abandoned run leaves it. */
function markedDb(): string {
  const dbPath = path.join(makeTempDir("ts-graph-run-marker-"), "graph.db");
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)");
  db.prepare("INSERT INTO meta VALUES (?, ?)").run(META.run, JSON.stringify(runMarkerOfThisProcess()));
  db.close();
  return dbPath;
}

function markerOf(dbPath: string): string | undefined {
  const db = new Database(dbPath, { readonly: true });
  try {
    return readMeta(db, META.run);
  } finally {
    db.close();
  }
}

describe(clearOwnRunMarker.name, () => {
  it("deletes the marker of this process's abandoned run", () => {
    const dbPath = markedDb();
    clearOwnRunMarker(dbPath);
    expect(markerOf(dbPath)).toBeUndefined();
  });

  it("waits only briefly for another process's lock at shutdown, and leaves the marker (before: 2 s)", () => {
    const dbPath = markedDb();
    const other = new Database(dbPath);
    other.exec("BEGIN IMMEDIATE");
    const startedAt = performance.now();
    clearOwnRunMarker(dbPath);
    // The wait is 200 ms: far below the 2 s it was, which alone outlasted the shutdown grace after a thread's stop.
    expect(performance.now() - startedAt).toBeLessThan(1500);
    other.exec("ROLLBACK");
    other.close();
    expect(markerOf(dbPath)).toBeDefined();
  });

  it("opens nothing when a file SQLite opens beside the database is a FIFO (before: the shutdown hung on a -journal one)", () => {
    const dbPath = markedDb();
    for (const suffix of ["-journal", "-wal"]) {
      const side = `${dbPath}${suffix}`;
      fs.rmSync(side, { force: true });
      spawnSync("mkfifo", [side]);
      clearOwnRunMarker(dbPath);
      expect(fs.lstatSync(side).isFIFO()).toBe(true);
      fs.rmSync(side);
    }
    expect(markerOf(dbPath)).toBeDefined();
  });
});

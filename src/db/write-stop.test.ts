import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { beginWrite } from "./open-graph-db.js";
import { createStopFlags, requestStop, WriteStoppedError, writeStopOf, type WriteStop } from "./write-stop.js";

afterAll(removeTempDirs);

function lockedDb(): { db: Database.Database; other: Database.Database } {
  const dbPath = path.join(makeTempDir("ts-graph-write-stop-"), "graph.db");
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec("CREATE TABLE meta (key TEXT)");
  const other = new Database(dbPath);
  other.exec("BEGIN IMMEDIATE");
  return { db, other };
}

describe(beginWrite.name, () => {
  it("waits for another writer's lock in slices, checking between them whether a stop was asked", () => {
    const { db, other } = lockedDb();
    const flags = createStopFlags();
    const inner = writeStopOf(flags);
    let attempts = 0;
    const stop: WriteStop = {
      ...inner,
      enter() {
        attempts += 1;
        // The owner asks for the stop while the thread waits, after a few slices.
        if (attempts === 4) requestStop(flags);
        return inner.enter();
      },
    };
    let waits = 0;
    const startedAt = performance.now();
    expect(() => beginWrite(db, () => (waits += 1), stop)).toThrow(WriteStoppedError);
    expect(waits).toBe(1);
    expect(attempts).toBe(4);
    // Three attempts, the first without waiting: far from the 5 s busy timeout of the connection.
    expect(performance.now() - startedAt).toBeLessThan(2000);
    expect(db.inTransaction).toBe(false);
    expect(db.pragma("busy_timeout", { simple: true })).toBe(5000);
    other.exec("ROLLBACK");
    beginWrite(db, () => undefined, writeStopOf(createStopFlags()));
    expect(db.inTransaction).toBe(true);
  });

  it("tells the owner the thread is inside SQLite's wait only while it is", () => {
    const flags = createStopFlags();
    const stop = writeStopOf(flags);
    expect(stop.enter()).toBe(true);
    expect(requestStop(flags)).toBe(true);
    stop.leave();
    expect(requestStop(flags)).toBe(false);
    expect(stop.enter()).toBe(false);
    expect(requestStop(flags)).toBe(false);
  });
});

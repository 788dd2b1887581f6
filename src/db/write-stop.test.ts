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

/** The connection, with each exec and pragma logged to `events` (the calls beginWrite makes). */
function recording(db: Database.Database): { recorded: Database.Database; events: string[] } {
  const events: string[] = [];
  const recorded = new Proxy(db, {
    get(target, key) {
      if (key === "exec")
        return (sql: string) => {
          events.push(`exec ${sql}`);
          return target.exec(sql);
        };
      if (key === "pragma")
        return (...args: Parameters<Database.Database["pragma"]>) => {
          events.push(`pragma ${args[0]}`);
          return target.pragma(...args);
        };
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { recorded, events };
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
    other.exec("ROLLBACK");
    beginWrite(db, () => undefined, writeStopOf(createStopFlags()));
    expect(db.inTransaction).toBe(true);
  });

  it("makes no SQLite call after leaving the wait when the lock comes as a stop is asked", () => {
    const { db, other } = lockedDb();
    other.exec("ROLLBACK");
    const { recorded, events } = recording(db);
    const flags = createStopFlags();
    const inner = writeStopOf(flags);
    const stop: WriteStop = {
      ...inner,
      enter() {
        events.push("enter");
        const entered = inner.enter();
        // The owner asks for the stop while the thread is inside: BEGIN IMMEDIATE gets the lock all the same.
        requestStop(flags);
        return entered;
      },
      leave() {
        events.push("leave");
        inner.leave();
      },
    };
    expect(() => beginWrite(recorded, () => undefined, stop)).toThrow(WriteStoppedError);
    expect(db.inTransaction).toBe(false);
    expect(events.slice(events.indexOf("leave"))).toEqual(["leave"]);
    expect(events).toContain("exec ROLLBACK");
  });

  it("makes no SQLite call once a stop keeps the thread out of the wait", () => {
    const { db, other } = lockedDb();
    const { recorded, events } = recording(db);
    const flags = createStopFlags();
    const inner = writeStopOf(flags);
    let attempts = 0;
    const stop: WriteStop = {
      ...inner,
      enter() {
        attempts += 1;
        // Asked while the thread is between slices: the owner sees it outside and may terminate it at once.
        if (attempts === 2) requestStop(flags);
        const entered = inner.enter();
        events.push(entered ? "enter" : "refused");
        return entered;
      },
      leave() {
        events.push("leave");
        inner.leave();
      },
    };
    expect(() => beginWrite(recorded, () => undefined, stop)).toThrow(WriteStoppedError);
    expect(events.at(-1)).toBe("refused");
    other.exec("ROLLBACK");
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

import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SCHEMA_SQL } from "../../db/schema.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { createStaleFileCheck, filesChangedOnDisk } from "./graph-freshness.js";

afterAll(removeTempDirs);

/** A root of four files indexed long ago (not racy), then one resized, one with a new mtime, one deleted. */
function indexedRoot(): { root: string; db: Database.Database } {
  const root = makeTempDir("ts-graph-freshness-");
  const db = new Database(":memory:");
  db.exec(SCHEMA_SQL);
  const insert = db.prepare("INSERT INTO files VALUES (?, 'h', ?, ?, 'p', 0, 0, ?, NULL)");
  const past = new Date("2020-01-01T00:00:00Z");
  for (const name of ["a.ts", "b.ts", "c.ts", "d.ts"]) {
    const file = path.join(root, name);
    fs.writeFileSync(file, "x");
    fs.utimesSync(file, past, past);
    insert.run(name, 1, Math.trunc(fs.statSync(file).mtimeMs), Date.now());
  }
  fs.writeFileSync(path.join(root, "b.ts"), "longer");
  fs.utimesSync(path.join(root, "b.ts"), past, past);
  fs.utimesSync(path.join(root, "c.ts"), new Date(), new Date());
  fs.rmSync(path.join(root, "d.ts"));
  fs.writeFileSync(path.join(root, "new.ts"), "y");
  return { root, db };
}

describe(filesChangedOnDisk.name, () => {
  it("finds the files resized, touched or deleted since they were indexed, as the watched stale check does", () => {
    const { root, db } = indexedRoot();
    expect(filesChangedOnDisk(db, root)).toEqual(["b.ts", "c.ts", "d.ts"]);
    expect(filesChangedOnDisk(db, root, ["d.ts", "a.ts", "new.ts", "c.ts", "c.ts"])).toEqual(["c.ts", "d.ts"]);
    const watched = createStaleFileCheck(db, root, { watched: true });
    const stale = ["a.ts", "b.ts", "c.ts", "d.ts", "new.ts"].filter((file) => watched(path.join(root, file)));
    expect(stale).toEqual(["b.ts", "c.ts", "d.ts"]);
    // Unwatched, a file the graph lacks counts as changed when it exists.
    expect(createStaleFileCheck(db, root)(path.join(root, "new.ts"))).toBe(true);
  });
});

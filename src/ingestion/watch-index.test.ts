import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs, writeChainProject } from "../test-support/fixtures.js";
import { openIndexer } from "./indexer.js";
import { watchIndex, type WatchUpdate } from "./watch-index.js";

afterAll(removeTempDirs);

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(watchIndex.name, () => {
  it("keeps a changed file pending until its update commits, and keeps a failed update's files pending until one succeeds", async () => {
    const root = path.join(makeTempDir(), "watched");
    writeChainProject(root, 3);
    const indexer = openIndexer({ root, keepPrograms: true });
    await indexer.run();
    const updates: WatchUpdate[] = [];
    const errors: unknown[] = [];
    const watcher = await watchIndex(indexer, (update) => updates.push(update), (error) => errors.push(error));
    try {
      expect(watcher.pending()).toEqual([]);
      fs.appendFileSync(path.join(root, "src", "m1.ts"), "export const added = 1;\n");
      await until(() => watcher.pending().includes("src/m1.ts") || updates.length > 0);
      await watcher.flush();
      expect(updates.flatMap((update) => update.changed)).toContain("src/m1.ts");
      expect(watcher.pending()).toEqual([]);

      const tsconfig = path.join(root, "tsconfig.json");
      const good = fs.readFileSync(tsconfig, "utf8");
      fs.writeFileSync(tsconfig, "{ broken");
      await until(() => errors.length > 0);
      expect(watcher.pending()).toEqual(["tsconfig.json"]);

      fs.writeFileSync(tsconfig, good);
      await until(() => updates.length > 1);
      await watcher.flush();
      expect(watcher.pending()).toEqual([]);
    } finally {
      await watcher.close();
      indexer.close();
    }
  });

  it("applies the last of two saves made within chokidar's change throttle", async () => {
    const root = path.join(makeTempDir(), "burst");
    writeChainProject(root, 2);
    const indexer = openIndexer({ root, keepPrograms: true });
    await indexer.run();
    const updates: WatchUpdate[] = [];
    const watcher = await watchIndex(indexer, (update) => updates.push(update), () => undefined);
    const file = path.join(root, "src", "m1.ts");
    try {
      fs.writeFileSync(file, "export function firstSave(): void {}\n");
      await new Promise((resolve) => setTimeout(resolve, 45));
      fs.writeFileSync(file, "export function secondSave(): void {}\n");
      await until(() => updates.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await watcher.flush();
      const db = new Database(indexer.dbPath, { readonly: true });
      const names = db.prepare("SELECT name FROM nodes WHERE file = 'src/m1.ts' AND kind = 'Function'").pluck().all();
      db.close();
      expect(names).toEqual(["secondSave"]);
    } finally {
      await watcher.close();
      indexer.close();
    }
  });
});

import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs, writeChainProject } from "../../test-support/fixtures.js";
import { openIndexer, type Indexer, type RunOptions } from "../run/indexer.js";
import { watchIndex, type IndexWatcher, type WatchUpdate } from "./watch-index.js";

afterAll(removeTempDirs);

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Watched {
  readonly root: string;
  readonly indexer: Indexer;
  readonly watcher: IndexWatcher;
  readonly updates: WatchUpdate[];
  readonly errors: unknown[];
  readonly watchErrors: unknown[];
  /** The options of each run the watcher started, in order. */
  readonly given: (RunOptions | undefined)[];
}

/** Indexes a chain project of `files` modules and watches it; `test` runs, then everything is closed. */
async function withWatchedProject(
  files: number,
  test: (watched: Watched) => Promise<void>,
  prepare?: (root: string) => void,
): Promise<void> {
  const root = path.join(makeTempDir(), "watched");
  writeChainProject(root, files);
  prepare?.(root);
  const indexer = openIndexer({ root, keepPrograms: true });
  await indexer.run();
  const updates: WatchUpdate[] = [];
  const errors: unknown[] = [];
  const watchErrors: unknown[] = [];
  const given: (RunOptions | undefined)[] = [];
  const watcher = await watchIndex(
    {
      root: indexer.root,
      dbPath: indexer.dbPath,
      run: (options) => {
        given.push(options);
        return indexer.run(options);
      },
    },
    (update) => updates.push(update),
    (error) => errors.push(error),
    (error) => watchErrors.push(error),
  );
  try {
    await test({ root, indexer, watcher, updates, errors, watchErrors, given });
  } finally {
    await watcher.close();
    indexer.close();
  }
}

describe(watchIndex.name, () => {
  it("keeps a changed file pending until its update commits, and keeps a failed update's files pending until one succeeds", async () => {
    await withWatchedProject(3, async ({ root, watcher, updates, errors }) => {
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
    });
  });

  it("gives refreshNow's run options to its update alone: the timed update of the same write is given none", async () => {
    await withWatchedProject(2, async ({ root, watcher, updates, given }) => {
      // The caller's own write (an edit's), applied at once with options of its own (a forced run here).
      fs.appendFileSync(path.join(root, "src", "m1.ts"), "export const edited = 1;\n");
      const refreshing = watcher.refreshNow(["src/m1.ts"], { force: true });
      expect(watcher.pending()).toContain("src/m1.ts");
      await refreshing;
      expect(updates.map((update) => [update.changed, update.summary.mode])).toEqual([[["src/m1.ts"], "full"]]);
      // The file system reports the write after: its timed update reads it again, with no options, and finds it applied.
      await until(() => updates.length > 1);
      await watcher.flush();
      expect(given[0]).toEqual({ force: true });
      expect(new Set(given.slice(1))).toEqual(new Set([undefined]));
      expect(updates[1]?.summary.mode).toBe("noop");
      expect(watcher.pending()).toEqual([]);
    });
  });

  it("applies the last of two saves made within chokidar's change throttle", async () => {
    await withWatchedProject(2, async ({ root, indexer, watcher, updates }) => {
      const file = path.join(root, "src", "m1.ts");
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
    });
  });

  it("walks no symbolic link: a loop costs no error, and a file outside the root reached through a link is never watched", async () => {
    const outside = path.join(makeTempDir(), "outside");
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, "secret.ts"), "export const SECRET = 1;\n");
    await withWatchedProject(
      2,
      async ({ root, watcher, updates, errors, watchErrors }) => {
        fs.appendFileSync(path.join(outside, "secret.ts"), "export const MORE = 2;\n");
        fs.appendFileSync(path.join(root, "src", "m1.ts"), "export const inside = 1;\n");
        await until(() => updates.length > 0);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await watcher.flush();
        expect(updates.flatMap((update) => update.changed)).toEqual(["src/m1.ts"]);
        expect(errors).toEqual([]);
        expect(watchErrors).toEqual([]);
      },
      (root) => {
        fs.symlinkSync(outside, path.join(root, "src", "outside-link"));
        fs.symlinkSync("..", path.join(root, "src", "loop"));
        fs.symlinkSync("self", path.join(root, "src", "self"));
      },
    );
  });
});

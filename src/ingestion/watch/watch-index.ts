import chokidar from "chokidar";
import path from "node:path";
import { relativeTo } from "../../config/project-paths.js";
import type { Indexer, IndexSummary, RunOptions } from "../run/indexer.js";

/** What the watcher needs of an indexer (in this thread, or a worker's). */
export type WatchedIndexer = Pick<Indexer, "root" | "dbPath" | "run">;

export interface WatchUpdate {
  /** Files reported changed by the file system since the last update, relative to the root. */
  readonly changed: readonly string[];
  readonly summary: IndexSummary;
  /** When the update was committed to the database (epoch ms). */
  readonly committedAt: number;
}

export interface IndexWatcher {
  /**
   * Files the file system reported changed (relative to the root, sorted) whose update is not committed
   * yet: waiting for the debounce, being applied, or left over by an update that failed.
   */
  pending(): readonly string[];
  /**
   * Starts the update for the changes seen so far without waiting for the debounce. Resolves when every
   * update started so far is over (committed or failed; failures go to onError).
   */
  flush(): Promise<void>;
  /**
   * Applies files the caller wrote itself (an edit's, relative to the root) in an update started now, with its
   * own run options (the rename the edit wrote): this update alone is given them, never a timed one. The files
   * are pending until it commits; what the file system reported stays for the timed update after it, which
   * reads every file again. Resolves like flush, when every update started so far is over.
   */
  refreshNow(files: readonly string[], options: RunOptions): Promise<void>;
  /** Stops watching; resolves when the update under way, if any, is over. */
  close(): Promise<void>;
}

/**
 * chokidar drops a second "change" event for the same file within 50 ms of the first. An update that
 * starts after that window has passed since the last event reads every write of the burst (each run
 * compares every file with the graph, so a dropped event loses nothing once the run starts late enough).
 */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50;
const DEBOUNCE_MS = CHOKIDAR_CHANGE_THROTTLE_MS + 10;
const IGNORED_SEGMENTS = new Set(["node_modules", ".git"]);
const RELEVANT_FILE = /\.(?:[cm]?tsx?|[cm]?jsx?|json)$/;

/**
 * Watches the indexer's root and applies every batch of file changes incrementally (debounced),
 * reporting each committed update. Errors in one update go to onError and watching goes on. The watcher
 * does not follow symbolic links: a link leading out of the root is never watched, a loop never walked,
 * and a file reached through a link inside the root is watched at its real path. What the watcher itself
 * cannot do (an unreadable folder) goes to onWatchError, once per message; it is no failed update.
 */
export function watchIndex(
  indexer: WatchedIndexer,
  onUpdate: (update: WatchUpdate) => void,
  onError: (error: unknown) => void,
  onWatchError: (error: unknown) => void,
): Promise<IndexWatcher> {
  const dbDir = path.dirname(indexer.dbPath);
  /** Seen and not handed to an update yet. */
  const seen = new Set<string>();
  /** In an update under way: path -> number of updates under way that include it. */
  const applying = new Map<string, number>();
  /** Part of an update that failed, and of no successful update since. */
  const failed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let lastUpdate: Promise<void> = Promise.resolve();
  let lastEventAt = 0;

  const ignored = (fileName: string): boolean => {
    if (fileName === dbDir || fileName.startsWith(dbDir + path.sep)) return true;
    const relative = path.relative(indexer.root, fileName);
    return relative.split(path.sep).some((segment) => IGNORED_SEGMENTS.has(segment));
  };

  const release = (changed: readonly string[]): void => {
    for (const file of changed) {
      const left = (applying.get(file) ?? 1) - 1;
      if (left === 0) applying.delete(file);
      else applying.set(file, left);
    }
  };

  /** An update of `changed` (marked applying until it is over), given `options` and no others. */
  const startUpdate = (changed: readonly string[], options?: RunOptions): Promise<void> => {
    for (const file of changed) applying.set(file, (applying.get(file) ?? 0) + 1);
    lastUpdate = indexer.run(options).then(
      (summary) => {
        release(changed);
        // Runs are serialized and each one scans every file, so this one also applied what a failed one left.
        failed.clear();
        onUpdate({ changed, summary, committedAt: Date.now() });
      },
      (error: unknown) => {
        release(changed);
        for (const file of changed) failed.add(file);
        onError(error);
      },
    );
    return lastUpdate;
  };

  /** The timed update (or flush's): the changes the file system reported, with no run options. */
  const update = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (seen.size === 0) return lastUpdate;
    const changed = [...seen].sort();
    seen.clear();
    return startUpdate(changed);
  };

  const flush = async (): Promise<void> => {
    if (seen.size === 0) return lastUpdate;
    // Skip the debounce, not chokidar's throttle window: a write dropped in it would be missed.
    for (
      let quietIn = lastEventAt + DEBOUNCE_MS - performance.now();
      quietIn > 0;
      quietIn = lastEventAt + DEBOUNCE_MS - performance.now()
    ) {
      await new Promise((resolve) => setTimeout(resolve, quietIn));
    }
    return update();
  };

  const watcher = chokidar.watch(indexer.root, {
    ignored,
    ignoreInitial: true,
    persistent: true,
    followSymlinks: false,
  });
  const watchErrorsSeen = new Set<string>();
  const onWatcherError = (error: unknown): void => {
    const message = error instanceof Error ? error.message : String(error);
    if (watchErrorsSeen.has(message)) return;
    watchErrorsSeen.add(message);
    onWatchError(error);
  };
  const onChange = (fileName: string): void => {
    if (!RELEVANT_FILE.test(fileName)) return;
    seen.add(relativeTo(indexer.root, fileName));
    lastEventAt = performance.now();
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void update(), DEBOUNCE_MS);
  };
  watcher.on("add", onChange).on("change", onChange).on("unlink", onChange).on("error", onWatcherError);

  return new Promise((resolve) => {
    watcher.on("ready", () =>
      resolve({
        pending: () => [...new Set([...seen, ...applying.keys(), ...failed])].sort(),
        flush,
        refreshNow: (files, options) => startUpdate([...new Set(files)].sort(), options),
        async close() {
          if (timer !== undefined) clearTimeout(timer);
          timer = undefined;
          await watcher.close();
          await lastUpdate;
        },
      }),
    );
  });
}

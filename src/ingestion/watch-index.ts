import chokidar from "chokidar";
import path from "node:path";
import { relativeTo } from "../config/project-paths.js";
import type { Indexer, IndexSummary } from "./indexer.js";

export interface WatchUpdate {
  /** Files reported changed by the file system since the last update, relative to the root. */
  readonly changed: readonly string[];
  readonly summary: IndexSummary;
  /** When the update was committed to the database (epoch ms). */
  readonly committedAt: number;
}

export interface IndexWatcher {
  close(): Promise<void>;
}

const DEBOUNCE_MS = 25;
const IGNORED_SEGMENTS = new Set(["node_modules", ".git"]);
const RELEVANT_FILE = /\.(?:[cm]?tsx?|[cm]?jsx?|json)$/;

/**
 * Watches the indexer's root and applies every batch of file changes incrementally (debounced),
 * reporting each committed update. Errors in one update are reported and watching goes on.
 */
export function watchIndex(
  indexer: Indexer,
  onUpdate: (update: WatchUpdate) => void,
  onError: (error: unknown) => void,
): Promise<IndexWatcher> {
  const dbDir = path.dirname(indexer.dbPath);
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const ignored = (fileName: string): boolean => {
    if (fileName === dbDir || fileName.startsWith(dbDir + path.sep)) return true;
    const relative = path.relative(indexer.root, fileName);
    return relative.split(path.sep).some((segment) => IGNORED_SEGMENTS.has(segment));
  };

  const flush = (): void => {
    timer = undefined;
    const changed = [...pending].sort();
    pending.clear();
    indexer.run().then(
      (summary) => onUpdate({ changed, summary, committedAt: Date.now() }),
      (error: unknown) => onError(error),
    );
  };

  const watcher = chokidar.watch(indexer.root, { ignored, ignoreInitial: true, persistent: true });
  const onChange = (fileName: string): void => {
    if (!RELEVANT_FILE.test(fileName)) return;
    pending.add(relativeTo(indexer.root, fileName));
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, DEBOUNCE_MS);
  };
  watcher.on("add", onChange).on("change", onChange).on("unlink", onChange).on("error", onError);

  return new Promise((resolve) => {
    watcher.on("ready", () =>
      resolve({
        async close() {
          if (timer !== undefined) clearTimeout(timer);
          await watcher.close();
        },
      }),
    );
  });
}

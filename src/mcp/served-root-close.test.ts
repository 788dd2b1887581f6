import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { IndexSummary } from "../ingestion/run/indexer.js";
import type { IndexRunner } from "../ingestion/run/threads/worker-indexer.js";
import type { IndexWatcher } from "../ingestion/watch/watch-index.js";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { createPathValidator } from "../tools/inputs/path-validator.js";

/** A root closed while its first run is under way: the indexer abandons the run (it rejects), and the watcher stops. */

const watchers: { closed: number }[] = [];

vi.mock("../ingestion/watch/watch-index.js", () => ({
  watchIndex: async (): Promise<IndexWatcher> => {
    const watcher = { closed: 0 };
    watchers.push(watcher);
    return {
      pending: () => [],
      flush: async () => undefined,
      refreshNow: async () => undefined,
      close: async () => {
        watcher.closed += 1;
      },
    };
  },
}));

vi.mock("../ingestion/run/threads/worker-indexer.js", () => ({
  openWorkerIndexer: (options: { root: string; dbPath: string }): IndexRunner => {
    let abandon: ((error: Error) => void) | undefined;
    return {
      root: options.root,
      dbPath: options.dbPath,
      // A first run that lasts until the indexer is closed, which abandons it as the indexing thread does.
      run: () =>
        new Promise<IndexSummary>((_, reject) => {
          abandon = reject;
        }),
      warm: async () => undefined,
      release: async () => false,
      heapUsed: () => undefined,
      close: async () => abandon?.(new Error("the indexing thread stopped")),
    };
  },
}));

afterAll(removeTempDirs);

describe("a served root closed during its first run", () => {
  it("closes the watcher the first run started, though the abandoned run rejects", async () => {
    const { openServedRoot } = await import("./served-root.js");
    const root = makeTempDir();
    const dbPath = path.join(root, ".ts-graph", "graph.db");
    const served = openServedRoot(
      { root, dbPath },
      createPathValidator([root], [dbPath]),
      { log: () => undefined },
      { states: () => [], memory: () => ({ rssBytes: 0, budgetBytes: 0, roots: [] }) as never },
    );
    const ready = served.start();
    await new Promise((resolve) => setImmediate(resolve));
    expect(watchers).toHaveLength(1);
    await served.close();
    await ready;
    expect(watchers[0]?.closed).toBe(1);
  });
});

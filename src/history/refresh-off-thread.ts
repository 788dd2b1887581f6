import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  refreshWithoutReading,
  rememberRefresh,
  type HistoryRefreshResult,
  type RefreshOptions,
} from "./refresh-cache.js";

const WORKER_FILE = fileURLToPath(new URL("./history-worker.js", import.meta.url));

/**
 * refreshHistory in a worker thread of its own, for the MCP server: the first read of a long history takes
 * seconds (minutes at symbol level), and other calls are answered meanwhile. SQLite serialises its writes with
 * the indexer's. A recent refresh is reused, and a history already read up to git's HEAD answered, without a
 * thread and without loading TypeScript (refresh-cache.ts). Where the compiled
 * worker is not there (tests run the TypeScript sources), the refresh runs in this thread.
 */
export async function refreshHistoryOffThread(
  dbPath: string,
  root: string,
  options: RefreshOptions,
): Promise<HistoryRefreshResult> {
  if (!fs.existsSync(WORKER_FILE)) return (await import("./refresh-history.js")).refreshHistory(dbPath, root, options);
  // Nothing new to read (the usual case): answered here, without a thread or TypeScript.
  const current = refreshWithoutReading(dbPath, root, options);
  if (current !== undefined) return current;
  const started = performance.now();
  const result = await new Promise<HistoryRefreshResult>((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: { dbPath, root, options } });
    // A server that shuts down does not wait for it: each commit batch is a transaction of its own.
    worker.unref();
    worker.once(
      "message",
      (reply: { ok: true; result: HistoryRefreshResult } | { ok: false; message: string; name: string }) => {
        if (reply.ok) resolve(reply.result);
        else reject(Object.assign(new Error(reply.message), { name: reply.name }));
      },
    );
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the history thread stopped (exit code ${code})`)));
  });
  rememberRefresh(dbPath, root, options, result, started);
  return result;
}

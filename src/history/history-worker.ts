/**
 * The worker thread of `refresh-off-thread.ts`: one history refresh, its answer posted back, then the thread
 * ends. Reading a long history (and, at symbol level, parsing past versions) never blocks the MCP server's
 * answering thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { refreshHistory, type RefreshOptions } from "./refresh-history.js";

const port = parentPort;
if (port === null) throw new Error("history-worker.js runs as a worker thread only");
const { dbPath, root, options } = workerData as { dbPath: string; root: string; options: RefreshOptions };
try {
  port.postMessage({ ok: true, result: refreshHistory(dbPath, root, options) });
} catch (error) {
  port.postMessage({
    ok: false,
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : "Error",
  });
}

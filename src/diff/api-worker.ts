/**
 * The worker thread of api-off-thread.ts: loads TypeScript as soon as it starts (while the calling thread
 * reads the graphs), then classifies the one request it is sent and posts the answer back.
 */
import { parentPort } from "node:worker_threads";
import { type ApiClassificationRequest, classifyApi } from "./api-classification.js";

const port = parentPort;
if (port === null) throw new Error("api-worker.js runs as a worker thread only");
port.once("message", (request: ApiClassificationRequest) => {
  try {
    port.postMessage({ ok: true, changes: classifyApi(request) });
  } catch (error) {
    port.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      name: error instanceof Error ? error.name : "Error",
    });
  }
});

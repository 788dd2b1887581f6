/**
 * The worker thread of `worker-indexer.ts`: one Indexer (keeping programs), driven by messages, so that
 * building TypeScript programs and extracting never block the thread that answers the MCP client.
 */
import v8 from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { writeStopOf } from "../../../db/write-stop.js";
import { openIndexer, type IndexerOptions, type RunOptions } from "../indexer.js";
import type { WorkerReply, WorkerRequest } from "./worker-indexer.js";

const port = parentPort;
if (port === null) throw new Error("index-worker.js runs as a worker thread only");
const { stopFlags, ...options } = workerData as Omit<IndexerOptions, "onProgress" | "onWarning" | "writeStop"> & {
  readonly stopFlags: Int32Array;
};
const post = (reply: WorkerReply): void => port.postMessage(reply);

let indexer: ReturnType<typeof openIndexer> | undefined;
let openError: unknown;
try {
  indexer = openIndexer({
    ...options,
    writeStop: writeStopOf(stopFlags),
    onProgress: (progress) => post({ kind: "progress", progress }),
    onWarning: (message) => post({ kind: "warning", message }),
  });
} catch (error) {
  openError = error;
}

function failure(id: number, error: unknown): WorkerReply {
  return {
    kind: "failed",
    id,
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : "Error",
  };
}

port.on("message", (request: WorkerRequest) => {
  if (request.op === "close") {
    // Asked after a stop (write-stop.ts): the run that waited for the write lock has given up; close and end the thread.
    try {
      indexer?.close();
    } finally {
      indexer = undefined;
      process.exit(0);
    }
    return;
  }
  if (indexer === undefined) {
    post(failure(request.id, openError ?? new Error("the indexer is closed")));
    return;
  }
  const task = request.op === "run" ? indexer.run(request.options as RunOptions) : indexer.warm().then(() => undefined);
  // The heap this thread holds once the task is over (its programs, mostly), for the server's status.
  const heap = (): void => post({ kind: "memory", heapUsed: v8.getHeapStatistics().used_heap_size });
  task.then(
    (summary) => {
      heap();
      post({ kind: "done", id: request.id, summary });
    },
    (error: unknown) => {
      heap();
      post(failure(request.id, error));
    },
  );
});

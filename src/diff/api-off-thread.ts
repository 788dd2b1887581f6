/**
 * The API classification of `ts-graph diff` (api-classification.ts) in a worker thread, started before the
 * graphs are read: loading TypeScript (about 0.4 s of CPU) and the checker's program (about 0.45 s when a
 * rule asks about library types) then run beside reading and comparing the graphs and walking the impact,
 * on another core. Where the compiled worker is not there (tests run the TypeScript sources), or a side is
 * indexed (the index loads TypeScript in the calling thread: a second copy would only add CPU), it runs in
 * the calling thread.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ApiClassificationRequest } from "./api-classification.js";
import type { ApiChange } from "./api-rules.js";

const WORKER_FILE = fileURLToPath(new URL("./api-worker.js", import.meta.url));

export interface ApiClassifier {
  /** Classifies one request (a classifier answers one). */
  classify(request: ApiClassificationRequest): Promise<ApiChange[]>;
  /** Ends the thread, whether or not it answered. */
  stop(): void;
}

type Reply = { ok: true; changes: ApiChange[] } | { ok: false; message: string; name: string };

/**
 * Starts the classifier's thread now, so that it loads TypeScript while the caller reads the graphs; or, with
 * `inThread` (the caller indexes a side, which loads TypeScript in its own thread anyway), a classifier that
 * runs in the calling thread.
 */
export function startApiClassifier(inThread: boolean): ApiClassifier {
  if (inThread || !fs.existsSync(WORKER_FILE)) {
    return {
      classify: async (request) => (await import("./api-classification.js")).classifyApi(request),
      stop: () => undefined,
    };
  }
  const worker = new Worker(WORKER_FILE);
  const answer = new Promise<ApiChange[]>((resolve, reject) => {
    worker.once("message", (reply: Reply) => {
      if (reply.ok) resolve(reply.changes);
      else reject(Object.assign(new Error(reply.message), { name: reply.name }));
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the API classification thread stopped (exit code ${code})`)));
  });
  // Not awaited when the diff fails before it asks: no unhandled rejection then.
  answer.catch(() => undefined);
  return {
    classify(request) {
      worker.postMessage(request);
      return answer;
    },
    stop: () => void worker.terminate(),
  };
}

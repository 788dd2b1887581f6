import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { locateGraph, openIndexer, type IndexerOptions, type IndexProgress, type IndexSummary, type RunOptions } from "./indexer.js";

/** What a front end needs of an indexer that may run in another thread. */
export interface IndexRunner {
  readonly root: string;
  readonly dbPath: string;
  run(options?: RunOptions): Promise<IndexSummary>;
  warm(): Promise<void>;
  /** Stops at once: a run under way is abandoned, which leaves the last complete graph (each run is one transaction). */
  close(): Promise<void>;
}

export type WorkerRequest =
  | { readonly op: "run"; readonly id: number; readonly options: RunOptions }
  | { readonly op: "warm"; readonly id: number }
  | { readonly op: "close" };

export type WorkerReply =
  | { readonly kind: "progress"; readonly progress: IndexProgress }
  | { readonly kind: "warning"; readonly message: string }
  | { readonly kind: "done"; readonly id: number; readonly summary: IndexSummary | undefined }
  | { readonly kind: "failed"; readonly id: number; readonly message: string; readonly name: string }
  | { readonly kind: "closed" };

const WORKER_FILE = fileURLToPath(new URL("./index-worker.js", import.meta.url));

/**
 * An indexer in a worker thread, so that the calling thread stays free to answer while TypeScript programs
 * are built and files extracted. Where the compiled worker is not there (tests run the TypeScript sources),
 * the indexer runs in this thread instead, with the same interface.
 */
export function openWorkerIndexer(options: IndexerOptions): IndexRunner {
  const { root, dbPath } = locateGraph(options.root, options.dbPath);
  if (!fs.existsSync(WORKER_FILE)) {
    const indexer = openIndexer(options);
    return {
      root: indexer.root,
      dbPath: indexer.dbPath,
      run: (runOptions) => indexer.run(runOptions),
      warm: () => indexer.warm(),
      close: async () => indexer.close(),
    };
  }
  const { onProgress, onWarning, ...plain } = options;
  const waiting = new Map<number, { resolve: (summary: IndexSummary | undefined) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited = false;
  let started: Worker | undefined;
  const failAll = (error: Error): void => {
    exited = true;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };

  /** The thread, started at the first request: loading TypeScript there must not compete with the server's first answers. */
  function worker(): Worker {
    if (started !== undefined) return started;
    started = new Worker(WORKER_FILE, { workerData: { ...plain, root, dbPath } });
    started.unref();
    started.on("message", (reply: WorkerReply) => {
      if (reply.kind === "progress") onProgress?.(reply.progress);
      else if (reply.kind === "warning") onWarning?.(reply.message);
      else if (reply.kind === "done" || reply.kind === "failed") {
        const pending = waiting.get(reply.id);
        waiting.delete(reply.id);
        if (reply.kind === "done") pending?.resolve(reply.summary);
        else pending?.reject(Object.assign(new Error(reply.message), { name: reply.name }));
      }
    });
    started.on("error", (error) => failAll(error));
    started.on("exit", () => failAll(new Error("the indexing thread stopped")));
    return started;
  }

  function ask(request: { op: "run"; options: RunOptions } | { op: "warm" }): Promise<IndexSummary | undefined> {
    if (exited) return Promise.reject(new Error("the indexing thread stopped"));
    const id = nextId;
    nextId += 1;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker().postMessage({ ...request, id });
    });
  }

  return {
    root,
    dbPath,
    run: async (runOptions = {}) => {
      const summary = await ask({ op: "run", options: runOptions });
      if (summary === undefined) throw new Error("the indexing thread answered a run without a summary");
      return summary;
    },
    warm: async () => {
      await ask({ op: "warm" });
    },
    close: async () => {
      exited = true;
      await started?.terminate();
    },
  };
}

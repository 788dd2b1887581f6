import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { createStopFlags, requestStop } from "../../../db/write-stop.js";
import { checkGraphDbPath, checkOwnFile, SQLITE_SIDE_SUFFIXES } from "../../../db/graph-db-path.js";
import { readMeta } from "../../../db/open-graph-db.js";
import { META } from "../../../db/schema.js";
import { parseRunMarker } from "../graph-freshness.js";
import {
  locateGraph,
  openIndexer,
  type Indexer,
  type IndexerOptions,
  type IndexProgress,
  type IndexSummary,
  type RunOptions,
} from "../indexer.js";

/** What a front end needs of an indexer that may run in another thread. */
export interface IndexRunner {
  readonly root: string;
  readonly dbPath: string;
  run(options?: RunOptions): Promise<IndexSummary>;
  warm(): Promise<void>;
  /**
   * Drops the programs (and, in a thread of its own, the thread with everything it holds) when no run or
   * warm-up is under way. The next runs build and keep only the narrow programs of their changes (they grow
   * as changes need them), until a warm-up. False when busy: nothing was released.
   */
  release(): Promise<boolean>;
  /** Bytes of the JavaScript heap the indexing thread used after its last run or warm-up; undefined in this thread or before. */
  heapUsed(): number | undefined;
  /** Stops at once: a run under way is abandoned, which leaves the last complete graph (each run is one transaction). */
  close(): Promise<void>;
}

export type WorkerRequest =
  | { readonly op: "run"; readonly id: number; readonly options: RunOptions }
  | { readonly op: "warm"; readonly id: number }
  /** After a stop asked while the thread waits for the write lock: close the database and end the thread. */
  | { readonly op: "close" };

export type WorkerReply =
  | { readonly kind: "progress"; readonly progress: IndexProgress }
  | { readonly kind: "warning"; readonly message: string }
  | { readonly kind: "done"; readonly id: number; readonly summary: IndexSummary | undefined }
  | { readonly kind: "failed"; readonly id: number; readonly message: string; readonly name: string }
  | { readonly kind: "memory"; readonly heapUsed: number };

const WORKER_FILE = fileURLToPath(new URL("./index-worker.js", import.meta.url));

/**
 * How long stopping waits for a thread that waits for the write lock to end by itself, before it is
 * terminated anyway. A process that stops must wait at least this long for its indexers to close.
 */
const THREAD_STOP_WAIT_MS = 1500;

/** How long clearing the run marker of an abandoned run waits for another process's lock (best effort, at shutdown). */
const RUN_MARKER_WAIT_MS = 200;

/**
 * How long closing an indexer may take at most when it stops a run: the thread's stop, then the run marker's
 * clearing. A process that stops must wait at least this long for its indexers to close.
 */
export const INDEXER_CLOSE_WAIT_MS = THREAD_STOP_WAIT_MS + RUN_MARKER_WAIT_MS;

/** Resolves true when the thread exited within `ms`. */
function exitWithin(thread: Worker, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    thread.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Stops a thread. One inside SQLite's wait for the write lock is asked to leave it and end by itself:
 * terminating it there aborts the process (better-sqlite3 cannot throw into a terminating thread).
 * Any other is terminated at once (a run under way is abandoned: it is one transaction).
 */
async function stopIndexThread(thread: Worker, stopFlags: Int32Array): Promise<void> {
  // Asked to close, an idle thread closes its indexer (and TypeScript 7's child process with it) and exits at
  // once; a thread waiting for the write lock gives up the wait first. One still busy after the wait is ended.
  requestStop(stopFlags);
  const exited = exitWithin(thread, THREAD_STOP_WAIT_MS);
  thread.postMessage({ op: "close" } satisfies WorkerRequest);
  if (await exited) return;
  await thread.terminate();
}

/**
 * An indexer in a worker thread, so that the calling thread stays free to answer while TypeScript programs
 * are built and files extracted. Where the compiled worker is not there (tests run the TypeScript sources),
 * the indexer runs in this thread instead, with the same interface.
 */
export function openWorkerIndexer(options: IndexerOptions): IndexRunner {
  const { root, dbPath } = locateGraph(options.root, options.dbPath);
  if (!fs.existsSync(WORKER_FILE)) return inThreadIndexer(options, root, dbPath);
  const { onProgress, onWarning, ...plain } = options;
  const waiting = new Map<
    number,
    { resolve: (summary: IndexSummary | undefined) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let exited = false;
  let started: { readonly thread: Worker; readonly stopFlags: Int32Array } | undefined;
  let heapUsed: number | undefined;
  /** Since a release, runs keep only the narrow programs they build (those of `ts-graph index`), until a warm-up. */
  let lean = false;
  const failAll = (error: Error): void => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  const queue = createTaskQueue();

  /** The thread, started at the first request: loading TypeScript there must not compete with the server's first answers. */
  function worker(): Worker {
    if (started !== undefined) return started.thread;
    const stopFlags = createStopFlags();
    const thread = new Worker(WORKER_FILE, { workerData: { ...plain, root, dbPath, narrowPrograms: lean, stopFlags } });
    started = { thread, stopFlags };
    thread.unref();
    thread.on("message", (reply: WorkerReply) => {
      if (reply.kind === "progress") onProgress?.(reply.progress);
      else if (reply.kind === "warning") onWarning?.(reply.message);
      else if (reply.kind === "memory") heapUsed = reply.heapUsed;
      else if (reply.kind === "done" || reply.kind === "failed") {
        const pending = waiting.get(reply.id);
        waiting.delete(reply.id);
        if (reply.kind === "done") pending?.resolve(reply.summary);
        else pending?.reject(Object.assign(new Error(reply.message), { name: reply.name }));
      }
    });
    // A thread stopped on purpose (a release) ends quietly; one that stops by itself fails what waits on it.
    thread.on("error", (error) => {
      if (started?.thread === thread) failAll(error);
    });
    thread.on("exit", () => {
      if (started?.thread !== thread) return;
      exited = true;
      failAll(new Error("the indexing thread stopped"));
    });
    return thread;
  }

  /** Stops the thread, with everything it holds; the next request starts another. */
  async function stopThread(): Promise<void> {
    const stopping = started;
    started = undefined;
    heapUsed = undefined;
    if (stopping !== undefined) await stopIndexThread(stopping.thread, stopping.stopFlags);
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
    run: (runOptions = {}) =>
      queue.add(async () => {
        const summary = await ask({ op: "run", options: runOptions });
        if (summary === undefined) throw new Error("the indexing thread answered a run without a summary");
        return summary;
      }),
    warm: () =>
      queue.add(async () => {
        if (lean) {
          // The lean thread keeps only narrow programs: a thread that builds the whole ones replaces it.
          lean = false;
          await stopThread();
        }
        await ask({ op: "warm" });
      }),
    release: async () => {
      if (exited || queue.busy()) return false;
      lean = true;
      await stopThread();
      return true;
    },
    heapUsed: () => heapUsed,
    close: async () => {
      exited = true;
      const abandoning = queue.busy();
      await stopThread();
      failAll(new Error("the indexing thread stopped"));
      if (abandoning) clearOwnRunMarker(dbPath);
    },
  };
}

/**
 * Deletes the run marker a run of this process committed, once the run has been abandoned on purpose (a
 * clean stop: its transaction rolled back with the thread): readers must not report it as interrupted. A
 * marker of another process, or one that cannot be deleted now, is left (best effort): this runs on the main
 * thread during shutdown, so it waits briefly for a lock (RUN_MARKER_WAIT_MS), and opens nothing SQLite
 * would block on (a database path or a -wal, -shm, -journal file that is not a regular file).
 */
export function clearOwnRunMarker(dbPath: string): void {
  let db: Database.Database | undefined;
  try {
    const real = checkGraphDbPath(dbPath);
    for (const suffix of SQLITE_SIDE_SUFFIXES) checkOwnFile(real + suffix);
    db = new Database(real, { fileMustExist: true });
    db.pragma(`busy_timeout = ${RUN_MARKER_WAIT_MS}`);
    const marker = parseRunMarker(readMeta(db, META.run));
    if (marker?.pid === process.pid && marker.host === os.hostname())
      db.prepare("DELETE FROM meta WHERE key = ?").run(META.run);
  } catch {
    // Left as it is: readers say a run was interrupted, and the next run clears it.
  } finally {
    db?.close();
  }
}

/** Tasks one at a time, in the order added; `busy` while one runs or waits. */
function createTaskQueue(): { add<T>(task: () => Promise<T>): Promise<T>; busy(): boolean } {
  let tail: Promise<unknown> = Promise.resolve();
  let count = 0;
  return {
    add(task) {
      count += 1;
      const next = tail.then(task);
      // The queue goes on whatever a task did; its failure is the caller's, who has `next`.
      const settled = (): void => {
        count -= 1;
      };
      tail = next.then(settled, settled);
      return next;
    },
    busy: () => count > 0,
  };
}

/** The indexer in the calling thread (where the compiled worker is missing), reopened after a release. */
function inThreadIndexer(options: IndexerOptions, root: string, dbPath: string): IndexRunner {
  // Opened at once, as before the first release: a graph that cannot be opened is said when the root opens.
  let indexer: Indexer | undefined = openIndexer(options);
  let lean = false;
  const queue = createTaskQueue();
  const current = (): Indexer => (indexer ??= openIndexer({ ...options, narrowPrograms: lean }));
  const drop = (): void => {
    indexer?.close();
    indexer = undefined;
  };
  return {
    root,
    dbPath,
    run: (runOptions) => queue.add(() => current().run(runOptions)),
    warm: () =>
      queue.add(() => {
        if (lean) {
          lean = false;
          drop();
        }
        return current().warm();
      }),
    release: async () => {
      if (queue.busy()) return false;
      lean = true;
      drop();
      return true;
    },
    heapUsed: () => undefined,
    close: async () => drop(),
  };
}

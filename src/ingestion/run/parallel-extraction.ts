import fs from "node:fs";
import type { ComputedMemberNames } from "../../model/extracted.js";
import { fileURLToPath } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { ProjectSpec } from "../../config/discover-projects.js";
import { partitionByWeight } from "./extraction-jobs.js";
import type { OutcomeWriter } from "./outcome-writer.js";
import type { FileOutcome, FileStamp, RunFiles, RunItem } from "./program-extraction.js";
import { abortClaims, createClaimBoard, workThroughClaims, type ClaimBoard } from "./work-claims.js";

/**
 * `--jobs N`: the files of a run extracted by N threads, this one (the writer) and N-1 workers
 * (extraction-worker.ts). Each thread builds the same program as a run on one thread would (same roots, same
 * texts) and extracts the files it claims (work-claims.ts); the writer writes every file's outcome in the
 * order of the run's list, so that the database is the same as with one thread, rows and row ids included.
 * A worker that fails (an error, the memory) aborts the run: nothing more is claimed, the error reaches the
 * indexer, and the run's transaction rolls back.
 */

export interface ParallelRun {
  readonly projects: readonly ProjectSpec[];
  readonly items: readonly RunItem[];
  /** Root names of each project's program, as a run on one thread builds it. */
  readonly roots: readonly (readonly string[])[];
  /** Texts the scan read, by absolute path: every thread's program parses these, not what is on disk later. */
  readonly texts: ReadonlyMap<string, string>;
  readonly files: RunFiles;
  readonly jobs: number;
  /** This thread's extractor for a project's files (its program built as a run on one thread builds it). */
  readonly extractorFor: (project: number) => (absolute: string) => FileOutcome;
  readonly writer: OutcomeWriter;
}

/** What an extraction worker is started with (structured-cloned; the board's memory is shared). */
export interface ExtractionWorkerData {
  readonly root: string;
  readonly projects: readonly ProjectSpec[];
  readonly items: readonly RunItem[];
  readonly roots: readonly (readonly string[])[];
  readonly texts: readonly (readonly [string, string])[];
  readonly pathByAbsolute: readonly (readonly [string, string])[];
  readonly wanted: readonly string[];
  readonly storedAccessorNames: readonly (readonly [string, readonly string[]])[];
  readonly storedMemberNames: readonly (readonly [string, readonly string[]])[];
  readonly storedComputedNames: readonly (readonly [string, ComputedMemberNames])[];
  readonly stamps: readonly (readonly [string, FileStamp])[];
  readonly board: SharedArrayBuffer;
  readonly own: number;
  readonly port: MessagePort;
}

/** A worker's messages on its port: each claimed file's outcome, then `done`. */
export type ExtractionWorkerMessage = { readonly index: number; readonly outcome: FileOutcome } | { readonly done: true };

const WORKER_FILE = fileURLToPath(new URL("./extraction-worker.js", import.meta.url));

/**
 * A test hook, as db/crash-points.ts: with `TS_GRAPH_WORKER_HEAP_MB=N` in the environment, each extraction
 * worker's heap is limited to N MB, so that a test can make a worker run out of memory.
 */
const workerHeapMb = Number.parseInt(process.env.TS_GRAPH_WORKER_HEAP_MB ?? "", 10);
const WORKER_LIMITS = Number.isInteger(workerHeapMb) && workerHeapMb > 0 ? { resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } } : {};

/** Whether workers can be started: the compiled worker is there (tests that run the TypeScript sources have none). */
export function canExtractInParallel(): boolean {
  return fs.existsSync(WORKER_FILE);
}

/** A worker's failure, said so that the user knows what to do. */
class ExtractionWorkerError extends Error {
  constructor(cause: string) {
    super(
      `an extraction thread failed (${cause}); nothing was written. Run again with --jobs 1, which needs one program's memory instead of one per thread`,
    );
    this.name = "ExtractionWorkerError";
  }
}

interface StartedWorker {
  readonly worker: Worker;
  readonly port: MessagePort;
  done: boolean;
}

function workerData(run: ParallelRun, board: ClaimBoard, own: number, port: MessagePort): ExtractionWorkerData {
  const { files } = run;
  return {
    root: files.root,
    projects: run.projects,
    items: run.items,
    roots: run.roots,
    texts: [...run.texts],
    pathByAbsolute: [...files.pathByAbsolute],
    wanted: [...files.wanted],
    storedAccessorNames: [...files.storedAccessorNames],
    storedMemberNames: [...files.storedMemberNames],
    storedComputedNames: [...files.storedComputedNames],
    stamps: [...files.wanted].flatMap((relative) => {
      const stamp = files.scannedFile(relative);
      return stamp === undefined ? [] : [[relative, stamp] as const];
    }),
    board: board.buffer as SharedArrayBuffer,
    own,
    port,
  };
}

export async function extractInParallel(run: ParallelRun): Promise<void> {
  const ranges = partitionByWeight(
    run.items.map((item) => item.bytes),
    run.jobs,
  );
  const board = createClaimBoard(ranges);
  const results: (FileOutcome | undefined)[] = new Array(run.items.length).fill(undefined);
  let written = 0;
  const writeReady = (): void => {
    for (let outcome = results[written]; outcome !== undefined; outcome = results[written]) {
      run.writer.write(outcome);
      results[written] = undefined;
      written += 1;
    }
  };
  const started: StartedWorker[] = [];
  let failure: Error | undefined;
  const fail = (error: Error): void => {
    failure ??= error;
    abortClaims(board);
  };
  const receive = (from: StartedWorker, message: ExtractionWorkerMessage): void => {
    if ("done" in message) from.done = true;
    else results[message.index] = message.outcome;
  };
  const drain = (from: StartedWorker): void => {
    for (let received = receiveMessageOnPort(from.port); received !== undefined; received = receiveMessageOnPort(from.port)) {
      receive(from, received.message as ExtractionWorkerMessage);
    }
  };
  try {
    for (let own = 1; own < ranges.length; own++) {
      const channel = new MessageChannel();
      const worker = new Worker(WORKER_FILE, {
        workerData: workerData(run, board, own, channel.port2),
        transferList: [channel.port2],
        ...WORKER_LIMITS,
      });
      started.push({ worker, port: channel.port1, done: false });
    }
    const finished = Promise.all(started.map((entry) => workerFinished(entry, receive, drain, fail)));
    try {
      let extract: ((absolute: string) => FileOutcome) | undefined;
      workThroughClaims(
        board,
        0,
        (item) => run.items[item]?.project ?? -1,
        (project) => {
          extract = run.extractorFor(project);
        },
        (item) => {
          const absolute = run.items[item]?.absolute;
          if (extract === undefined || absolute === undefined) return;
          results[item] = extract(absolute);
          for (const entry of started) drain(entry);
          writeReady();
        },
      );
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
    await finished;
    if (failure !== undefined) throw failure;
    for (const entry of started) drain(entry);
    writeReady();
    if (written !== run.items.length) throw new ExtractionWorkerError(`${run.items.length - written} files were not extracted`);
  } finally {
    await Promise.all(started.map((entry) => entry.worker.terminate()));
    for (const entry of started) entry.port.close();
  }
}

/** Resolves when the worker has said `done` and stopped, or failed (its failure given to `fail`). */
function workerFinished(
  entry: StartedWorker,
  receive: (from: StartedWorker, message: ExtractionWorkerMessage) => void,
  drain: (from: StartedWorker) => void,
  fail: (error: Error) => void,
): Promise<void> {
  return new Promise((resolve) => {
    entry.port.on("message", (message: ExtractionWorkerMessage) => receive(entry, message));
    entry.worker.on("error", (error) => {
      fail(new ExtractionWorkerError(error.message));
      resolve();
    });
    entry.worker.on("exit", (code) => {
      drain(entry);
      if (!entry.done) fail(new ExtractionWorkerError(`it stopped with code ${code} before its last file`));
      resolve();
    });
  });
}

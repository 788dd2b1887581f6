import fs from "node:fs";
import type { ComputedMemberNames } from "../../../model/extracted.js";
import { fileURLToPath } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { ProjectSpec } from "../../../config/discover-projects.js";
import { partitionByWeight } from "./extraction-jobs.js";
import type { OutcomeWriter } from "../outcome-writer.js";
import type { FileOutcome, FileStamp, MemberNames, RunFiles, RunItem } from "../program-extraction.js";
import { NamesExchange, postedNames, shareOf, type PostedNames } from "./shared-member-names.js";
import { abortClaims, createClaimBoard, workThroughClaims, type ClaimBoard, type WorkRange } from "./work-claims.js";

/**
 * `--jobs N`: the files of a run extracted by N threads, this one (the writer) and N-1 workers
 * (extraction-worker.ts). Each thread builds the same program as a run on one thread would (same roots, same
 * texts), on TypeScript 7 a session of its own opened as the run's (same configs, same texts), and extracts
 * the files it claims (work-claims.ts); the writer writes every file's outcome in the
 * order of the run's list, so that the database is the same as with one thread, rows and row ids included.
 * A worker that fails (an error, the memory) aborts the run: nothing more is claimed, the error reaches the
 * indexer, and the run's transaction rolls back.
 */

export interface ParallelRun {
  /** The checker each thread asks: TypeScript 7's (each worker opens a session of its own) or TypeScript 6's (a program each). */
  readonly engine: "ts6" | "ts7";
  readonly projects: readonly ProjectSpec[];
  readonly items: readonly RunItem[];
  /** Root names of each project's program, as a run on one thread builds it. */
  readonly roots: readonly (readonly string[])[];
  /** Texts the scan read, by absolute path: every thread's program parses these, not what is on disk later. */
  readonly texts: ReadonlyMap<string, string>;
  readonly files: RunFiles;
  readonly jobs: number;
  /**
   * This thread's extractor for a project's files (its program built as a run on one thread builds it), with
   * the project's member names when the run shares them (`sharedNames`).
   */
  readonly extractorFor: (project: number, names?: MemberNames) => (absolute: string) => FileOutcome;
  readonly writer: OutcomeWriter;
  /**
   * TypeScript 7: the threads compute the member names of these projects in shares (shared-member-names.ts);
   * `share` gives this thread's names of a project's files that `include` keeps.
   */
  readonly sharedNames?: {
    readonly projects: readonly number[];
    share(project: number, include: (fileName: string) => boolean): MemberNames;
  };
}

/** What an extraction worker is started with (structured-cloned; the board's memory is shared). */
export interface ExtractionWorkerData {
  readonly engine: "ts6" | "ts7";
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
  /** The ranges the run's files were split into, the worker's is `own`: its share of the member names. */
  readonly ranges: readonly WorkRange[];
  readonly own: number;
  readonly port: MessagePort;
  /** The projects whose member names the threads compute in shares (ParallelRun `sharedNames`); none on TypeScript 6. */
  readonly namesProjects: readonly number[];
}

/** A worker's messages on its port: its shares of the member names, each claimed file's outcome, then `done`. */
export type ExtractionWorkerMessage =
  | { readonly names: PostedNames }
  | { readonly index: number; readonly outcome: FileOutcome }
  | { readonly done: true };

/** The writer's message to each worker once every thread posted its shares: each shared project's names. */
export interface WriterNamesMessage {
  readonly unions: readonly PostedNames[];
}

const WORKER_FILE = fileURLToPath(new URL("./extraction-worker.js", import.meta.url));

/**
 * A test hook, as db/crash-points.ts: with `TS_GRAPH_WORKER_HEAP_MB=N` in the environment, each extraction
 * worker's heap is limited to N MB, so that a test can make a worker run out of memory.
 */
const workerHeapMb = Number.parseInt(process.env.TS_GRAPH_WORKER_HEAP_MB ?? "", 10);
const WORKER_LIMITS =
  Number.isInteger(workerHeapMb) && workerHeapMb > 0
    ? { resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } }
    : {};

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

function workerData(
  run: ParallelRun,
  board: ClaimBoard,
  ranges: readonly WorkRange[],
  own: number,
  port: MessagePort,
): ExtractionWorkerData {
  const { files } = run;
  return {
    engine: run.engine,
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
    ranges,
    own,
    port,
    namesProjects: run.sharedNames?.projects ?? [],
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
  /** Wakes the writer waiting for the workers' names (shareNames): on a failure, and once every share came. */
  let wake: () => void = () => undefined;
  const fail = (error: Error): void => {
    failure ??= error;
    abortClaims(board);
    wake();
  };
  const exchange =
    run.sharedNames === undefined ? undefined : new NamesExchange(run.sharedNames.projects, ranges.length);
  const receive = (from: StartedWorker, message: ExtractionWorkerMessage): void => {
    if ("done" in message) from.done = true;
    else if ("names" in message) {
      try {
        exchange?.add(message.names);
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
      }
      if (exchange?.complete() === true) wake();
    } else results[message.index] = message.outcome;
  };
  const drain = (from: StartedWorker): void => {
    for (
      let received = receiveMessageOnPort(from.port);
      received !== undefined;
      received = receiveMessageOnPort(from.port)
    ) {
      receive(from, received.message as ExtractionWorkerMessage);
    }
  };
  try {
    for (let own = 1; own < ranges.length; own++) {
      const channel = new MessageChannel();
      const worker = new Worker(WORKER_FILE, {
        workerData: workerData(run, board, ranges, own, channel.port2),
        transferList: [channel.port2],
        ...WORKER_LIMITS,
      });
      started.push({ worker, port: channel.port1, done: false });
    }
    const finished = Promise.all(started.map((entry) => workerFinished(entry, receive, drain, fail)));
    try {
      const names =
        exchange === undefined
          ? undefined
          : await shareNames(run, ranges, exchange, started, (settle) => {
              wake = settle;
            });
      if (failure !== undefined) throw failure;
      let extract: ((absolute: string) => FileOutcome) | undefined;
      workThroughClaims(
        board,
        0,
        (item) => run.items[item]?.project ?? -1,
        (project) => {
          extract = run.extractorFor(project, names?.get(project));
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
    if (written !== run.items.length)
      throw new ExtractionWorkerError(`${run.items.length - written} files were not extracted`);
  } finally {
    await Promise.all(started.map((entry) => entry.worker.terminate()));
    for (const entry of started) entry.port.close();
  }
}

/**
 * The writer's part of sharing the member names (shared-member-names.ts): computes its shares, waits until
 * every worker posted its own (or the run failed: `onSettle` is given what to call then), and posts the
 * unions to the workers.
 */
async function shareNames(
  run: ParallelRun,
  ranges: readonly WorkRange[],
  exchange: NamesExchange,
  started: readonly StartedWorker[],
  onSettle: (settle: () => void) => void,
): Promise<Map<number, MemberNames> | undefined> {
  const sharedNames = run.sharedNames;
  if (sharedNames === undefined) return undefined;
  const include = shareOf(run.items, ranges, 0);
  for (const project of exchange.projects) exchange.add(postedNames(project, sharedNames.share(project, include)));
  if (!exchange.complete()) await new Promise<void>((resolve) => onSettle(resolve));
  if (!exchange.complete()) return undefined;
  const unions = exchange.unions();
  const message: WriterNamesMessage = { unions: [...unions].map(([project, names]) => postedNames(project, names)) };
  for (const entry of started) entry.port.postMessage(message);
  return unions;
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

/**
 * An extraction thread of a parallel run (parallel-extraction.ts): builds each project's program as the run
 * on one thread would (on TypeScript 7, opens a session of its own with the run's configs and texts), extracts
 * the files it claims and posts their outcomes; the thread that started it writes them. A failure raises the
 * board's abort word, so that no thread claims another file, and ends the thread with the error.
 */
import { receiveMessageOnPort, workerData } from "node:worker_threads";
import type { ExtractionWorkerData, ExtractionWorkerMessage, WriterNamesMessage } from "./parallel-extraction.js";
import {
  buildRunProgram,
  programExtractor,
  type FileOutcome,
  type MemberNames,
  type RunFiles,
} from "../program-extraction.js";
import { createProgramLoader } from "../../extract/program-loader.js";
import { namesOfPosted, postedNames, shareOf } from "./shared-member-names.js";
import { abortClaims, claimBoardOf, claimsAborted, workThroughClaims } from "./work-claims.js";
import { openTs7Run, type Ts7Run } from "../ts7-run.js";
import { ts7Extractor, ts7MemberNames } from "../ts7-extraction.js";

const data = workerData as ExtractionWorkerData;
const board = claimBoardOf(data.board);
const stamps = new Map(data.stamps);
const files: RunFiles = {
  root: data.root,
  pathByAbsolute: new Map(data.pathByAbsolute),
  wanted: new Set(data.wanted),
  storedAccessorNames: new Map(data.storedAccessorNames),
  storedMemberNames: new Map(data.storedMemberNames),
  storedComputedNames: new Map(data.storedComputedNames),
  scannedFile: (relative) => stamps.get(relative),
};
const texts = new Map(data.texts);
const post = (message: ExtractionWorkerMessage): void => data.port.postMessage(message);

/** TypeScript 7's session of this thread (engine ts7), opened first when the run shares member names, else at the first file claimed. */
let ts7: Ts7Run | undefined;

/** How long a wait for the writer's names sleeps between looks at the port and the abort word. */
const NAMES_POLL_MS = 2;

/**
 * This thread's shares of the shared projects' member names, posted to the writer; then the unions the writer
 * posts back once every thread posted (shared-member-names.ts). Stops if another thread aborted the run.
 */
function sharedNames(run: Ts7Run): Map<number, MemberNames> {
  const include = shareOf(data.items, data.ranges, data.own);
  for (const index of data.namesProjects) {
    const project = data.projects[index];
    const view = project === undefined ? undefined : run.view(project);
    if (view === undefined)
      throw new Error(`TypeScript 7 loaded project ${index} on the writer's thread but not on this one`);
    post({ names: postedNames(index, ts7MemberNames(view, files, include)) });
  }
  const sleep = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  for (;;) {
    const received = receiveMessageOnPort(data.port);
    if (received !== undefined) return namesOfPosted((received.message as WriterNamesMessage).unions);
    if (claimsAborted(board)) throw new Error("another extraction thread failed before the member names were shared");
    Atomics.wait(sleep, 0, 0, NAMES_POLL_MS);
  }
}

let names: Map<number, MemberNames> | undefined;

let extract: ((absolute: string) => FileOutcome) | undefined;
function enter(projectIndex: number): void {
  const project = data.projects[projectIndex];
  if (project === undefined) throw new Error(`no project ${projectIndex} in the run`);
  extract = undefined;
  if (data.engine === "ts7") {
    ts7 ??= openTs7Run(data.root, data.projects, texts);
    const view = ts7.view(project);
    // A project TypeScript 7 cannot load is extracted with TypeScript 6, as on the writer's thread (which warns).
    if (view !== undefined) {
      extract = ts7Extractor(view, project, files, names?.get(projectIndex));
      return;
    }
  }
  const program = buildRunProgram(
    createProgramLoader(project),
    projectIndex,
    data.items,
    texts,
    data.roots[projectIndex] ?? [],
  );
  extract = programExtractor(program, project, files);
}

try {
  if (data.namesProjects.length > 0) {
    ts7 = openTs7Run(data.root, data.projects, texts);
    names = sharedNames(ts7);
  }
  workThroughClaims(
    board,
    data.own,
    (item) => data.items[item]?.project ?? -1,
    enter,
    (item) => {
      const absolute = data.items[item]?.absolute;
      if (extract === undefined || absolute === undefined) return;
      post({ index: item, outcome: extract(absolute) });
    },
  );
  post({ done: true });
} catch (error) {
  abortClaims(board);
  throw error;
} finally {
  ts7?.close();
}

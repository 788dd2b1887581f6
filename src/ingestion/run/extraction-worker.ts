/**
 * An extraction thread of a parallel run (parallel-extraction.ts): builds each project's program as the run
 * on one thread would, extracts the files it claims and posts their outcomes; the thread that started it
 * writes them. A failure raises the board's abort word, so that no thread claims another file, and ends
 * the thread with the error.
 */
import { workerData } from "node:worker_threads";
import type { ExtractionWorkerData, ExtractionWorkerMessage } from "./parallel-extraction.js";
import { buildRunProgram, programExtractor, type FileOutcome, type RunFiles } from "./program-extraction.js";
import { createProgramLoader } from "../extract/program-loader.js";
import { abortClaims, claimBoardOf, workThroughClaims } from "./work-claims.js";

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

let extract: ((absolute: string) => FileOutcome) | undefined;
function enter(projectIndex: number): void {
  const project = data.projects[projectIndex];
  if (project === undefined) throw new Error(`no project ${projectIndex} in the run`);
  extract = undefined;
  const program = buildRunProgram(createProgramLoader(project), projectIndex, data.items, texts, data.roots[projectIndex] ?? []);
  extract = programExtractor(program, project, files);
}

try {
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
}

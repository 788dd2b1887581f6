import type { FileWrite, GraphStore } from "../../db/graph-store.js";
import type { FileDiagnostic } from "../../model/extracted.js";
import type { FileOutcome } from "./program-extraction.js";

export interface ExtractionProgress {
  readonly done: number;
  readonly total: number;
  readonly file: string;
}

export interface ExtractionOutcome {
  readonly syntaxErrors: (FileDiagnostic & { readonly file: string })[];
  readonly unreadable: { readonly path: string; readonly reason: string }[];
}

/** Files written per transaction (each file is still replaced whole; a killed run leaves the batch pending). */
const WRITE_BATCH_FILES = 32;

export interface OutcomeWriter {
  /** Writes the next file's outcome: the run's files, in the order they are given here, whichever thread extracted them. */
  write(outcome: FileOutcome): void;
  /** Writes what is batched; the run's syntax errors and unreadable files. */
  finish(): ExtractionOutcome;
}

/**
 * The one writer of a run: files in the order of the run's list (so that rows, and their ids, come out the
 * same with any number of threads), 32 to a batch, a progress step each.
 */
export function createOutcomeWriter(
  store: GraphStore,
  total: number,
  onProgress: ((progress: ExtractionProgress) => void) | undefined,
): OutcomeWriter {
  const result: ExtractionOutcome = { syntaxErrors: [], unreadable: [] };
  const writes: FileWrite[] = [];
  let done = 0;
  const flush = (): void => {
    if (writes.length > 0) store.writeFiles(writes.splice(0));
  };
  return {
    write(outcome) {
      done += 1;
      if (outcome.kind === "unreadable") {
        onProgress?.({ done, total, file: outcome.path });
        result.unreadable.push({ path: outcome.path, reason: outcome.reason });
        flush();
        store.removeFile(outcome.path);
        return;
      }
      const { write } = outcome;
      onProgress?.({ done, total, file: write.file.path });
      for (const error of outcome.syntaxErrors) result.syntaxErrors.push({ file: write.file.path, ...error });
      writes.push(write);
      if (writes.length >= WRITE_BATCH_FILES) flush();
    },
    finish() {
      flush();
      return result;
    },
  };
}

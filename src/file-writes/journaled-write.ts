import fs from "node:fs";
import path from "node:path";
import { crashPoint } from "../db/crash-points.js";
import { journalOf } from "./edit-journal.js";
import {
  removeAbandonedTemporaries,
  removeQuietly,
  replaceFile,
  syncFolder,
  temporaryPathFor,
  writeFlushed,
} from "./durable-files.js";
import { markRollingBack, removeJournal, writeJournal, type OpenJournal } from "./journal-files.js";

/**
 * Writes of source files that never leave a file half-written nor a set of files half-edited. The journal
 * (edit-journal.ts) goes first, flushed; then each new text goes to a temporary file beside its target,
 * flushed, with the old file's mode; every file is checked to still hold the bytes the edit was computed
 * from; each temporary file is renamed over its target; the folders are flushed; the journal is removed.
 * A process killed at any of these steps leaves the journal, and the next ts-graph command on the root
 * finishes the write (edit-recovery.ts). A step that fails here puts the old bytes back before it throws.
 */

export interface FileWrite {
  /** Canonical absolute path (validated for writing), inside the root. */
  readonly absolute: string;
  /** The bytes the edit was computed from: the file must still hold them when it is replaced. */
  readonly before: Buffer;
  readonly after: Buffer;
}

/** The file system steps that can fail; tests replace `rename` to simulate a failure mid-write. */
export interface WriteSteps {
  rename(from: string, to: string): void;
}

const REAL_STEPS: WriteSteps = { rename: (from, to) => fs.renameSync(from, to) };

/** A file no longer holds the bytes the edit was computed from: nothing was written. */
export class FileChangedError extends Error {
  constructor(readonly file: string) {
    super(
      `${file} changed while the edit was being prepared; nothing was written. Ask again: the edit is computed from the file as it is then.`,
    );
    this.name = "FileChangedError";
  }
}

/**
 * Replaces every file with its new bytes, or none. A file that no longer holds the bytes the edit was
 * computed from is refused before anything is replaced (FileChangedError).
 */
export function writeAllOrNothing(
  root: string,
  writes: readonly FileWrite[],
  options: { readonly action: string; readonly steps?: WriteSteps },
): void {
  const steps = options.steps ?? REAL_STEPS;
  for (const write of writes) {
    const relative = path.relative(root, write.absolute);
    const inside =
      relative !== "" && relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
    if (!inside) throw new Error(`${write.absolute} is outside the root ${root}`);
  }
  const folders = new Set(writes.map((write) => path.dirname(write.absolute)));
  removeAbandonedTemporaries(folders);
  const staged = writes.map((write) => ({
    write,
    mode: fs.statSync(write.absolute).mode & 0o7777,
    temporary: temporaryPathFor(write.absolute),
  }));
  const journal = writeJournal(
    root,
    journalOf(
      root,
      options.action,
      staged.map(({ write, temporary }) => ({ ...write, temporary })),
    ),
  );
  crashPoint("edit");
  const replaced: FileWrite[] = [];
  try {
    for (const { write, mode, temporary } of staged) {
      writeFlushed(temporary, write.after, mode);
      crashPoint("edit");
    }
    for (const { write } of staged) {
      if (!fs.readFileSync(write.absolute).equals(write.before)) throw new FileChangedError(write.absolute);
    }
    for (const { write, temporary } of staged) {
      steps.rename(temporary, write.absolute);
      replaced.push(write);
      crashPoint("edit");
    }
    for (const folder of folders) syncFolder(folder);
    crashPoint("edit");
  } catch (error) {
    for (const { temporary } of staged) removeQuietly(temporary);
    undo(journal, replaced, error);
    throw error;
  }
  removeJournal(journal);
  crashPoint("edit");
}

/**
 * Puts the old bytes back into the files already replaced, under the journal's rollback mark; removes the
 * journal when every one is back. When one cannot be, the journal stays: the next ts-graph command on the root
 * once this process has exited finishes the recovery (back when the mark was written, else forward), and the
 * error says so.
 */
function undo(journal: OpenJournal, replaced: readonly FileWrite[], error: unknown): void {
  let marked = replaced.length === 0;
  try {
    if (!marked) markRollingBack(journal);
    marked = true;
  } catch {
    // Without the mark the journal is rolled forward: still one consistent state.
  }
  const failed: string[] = [];
  for (const write of replaced) {
    try {
      replaceFile(write.absolute, write.before);
    } catch {
      failed.push(write.absolute);
    }
  }
  if (failed.length === 0) {
    removeJournal(journal);
    return;
  }
  if (error instanceof Error) {
    const then = marked ? "puts back every file's bytes before the edit" : "gives every file its bytes after the edit";
    error.message += `; and ${failed.join(", ")} could not be put back: the journal ${journal.file} holds every file's bytes, and the next ts-graph command on this root (once this process has exited) ${then}`;
  }
}

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ToolInputError } from "../tool-errors.js";

/**
 * Writes that never leave a file half-written: each new text goes to a temporary file in the same folder
 * (same file system), is flushed to disk, gets the old file's mode, and is renamed over the old file. Several
 * files are written all or none: if any step fails, every file already replaced gets its old bytes back.
 */

export interface FileWrite {
  /** Canonical absolute path (validated for writing). */
  readonly absolute: string;
  /** The bytes the edit was computed from: the file must still hold them when it is replaced. */
  readonly before: Buffer;
  readonly after: Buffer;
}

/** The file system steps that can fail; tests replace `rename` to simulate a crash mid-write. */
export interface WriteSteps {
  rename(from: string, to: string): void;
}

const REAL_STEPS: WriteSteps = { rename: (from, to) => fs.renameSync(from, to) };

function temporaryPathFor(absolute: string): string {
  return path.join(path.dirname(absolute), `.${path.basename(absolute)}.ts-graph-edit-${process.pid}-${crypto.randomBytes(4).toString("hex")}`);
}

/** Writes bytes to a new temporary file beside `absolute`, flushed, with `mode`; returns its path. */
function writeTemporary(absolute: string, bytes: Buffer, mode: number): string {
  const temporary = temporaryPathFor(absolute);
  const fd = fs.openSync(temporary, "wx", mode);
  try {
    fs.writeSync(fd, bytes);
    fs.fchmodSync(fd, mode);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return temporary;
}

/** Flushes a folder's entries (the rename) where the platform allows it. */
function syncFolder(folder: string): void {
  try {
    const fd = fs.openSync(folder, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform can open a folder for fsync (Windows); the rename itself is still atomic.
  }
}

function removeQuietly(file: string): void {
  fs.rmSync(file, { force: true });
}

/**
 * Replaces every file with its new bytes, or none. A file that no longer holds the bytes the edit was
 * computed from is refused before anything is replaced (a ToolInputError that says to retry).
 */
export function writeAllOrNothing(writes: readonly FileWrite[], steps: WriteSteps = REAL_STEPS): void {
  const temporaries: string[] = [];
  const replaced: { readonly write: FileWrite; readonly mode: number }[] = [];
  try {
    const staged = writes.map((write) => {
      const mode = fs.statSync(write.absolute).mode & 0o7777;
      const temporary = writeTemporary(write.absolute, write.after, mode);
      temporaries.push(temporary);
      return { write, mode, temporary };
    });
    for (const { write } of staged) {
      if (!fs.readFileSync(write.absolute).equals(write.before)) {
        throw new ToolInputError(
          `${write.absolute} changed while the edit was being prepared; nothing was written. Ask again: the edit is computed from the file as it is then.`,
        );
      }
    }
    for (const { write, mode, temporary } of staged) {
      steps.rename(temporary, write.absolute);
      replaced.push({ write, mode });
    }
    for (const folder of new Set(writes.map((write) => path.dirname(write.absolute)))) syncFolder(folder);
  } catch (error) {
    for (const temporary of temporaries) removeQuietly(temporary);
    restore(replaced, steps);
    throw error;
  }
}

/** Puts the old bytes back into files already replaced (best effort per file: one failure does not stop the others). */
function restore(replaced: readonly { readonly write: FileWrite; readonly mode: number }[], steps: WriteSteps): void {
  for (const { write, mode } of replaced) {
    let temporary: string | undefined;
    try {
      temporary = writeTemporary(write.absolute, write.before, mode);
      steps.rename(temporary, write.absolute);
    } catch {
      if (temporary !== undefined) removeQuietly(temporary);
      try {
        fs.writeFileSync(write.absolute, write.before);
      } catch {
        // Nothing more can be done here; the caller's error says the write failed.
      }
    }
  }
}

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The file system steps of ts-graph's writes of source files: temporary files beside their target, flushed
 * to disk, renamed over it; folders flushed; and the rule that tells an abandoned temporary file (its process
 * is gone) from one a live process is about to rename.
 */

/** A temporary file or journal older than this is abandoned even when a process of its pid is alive (the pid was reused). */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

const TEMPORARY_MARK = ".ts-graph-edit-";
const TEMPORARY_NAME = /^\..+\.ts-graph-edit-(\d+)-[0-9a-f]{8}$/;

/** `.<name>.ts-graph-edit-<pid>-<hex>` beside `absolute`: hidden, on the same file system, named for its process. */
export function temporaryPathFor(absolute: string): string {
  return path.join(
    path.dirname(absolute),
    `.${path.basename(absolute)}${TEMPORARY_MARK}${process.pid}-${crypto.randomBytes(4).toString("hex")}`,
  );
}

/** Whether a file's name is that of an edit's temporary file (temporaryPathFor). */
export function isTemporaryName(name: string): boolean {
  return TEMPORARY_NAME.test(name);
}

/** Writes bytes to a new file (refused if it exists), flushed to disk, with `mode`. */
export function writeFlushed(file: string, bytes: Buffer | string, mode: number): void {
  const fd = fs.openSync(file, "wx", mode);
  try {
    fs.writeFileSync(fd, bytes);
    fs.fchmodSync(fd, mode);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Flushes a folder's entries (a rename, a new file) where the platform allows it. */
export function syncFolder(folder: string): void {
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

export function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // A file that cannot be removed stays; the next sweep tries again.
  }
}

/** Replaces `absolute` with `bytes` through a temporary file (the file's mode kept), and flushes its folder. */
export function replaceFile(absolute: string, bytes: Buffer): void {
  writeThroughTemporary(absolute, bytes, fs.statSync(absolute).mode & 0o7777);
}

/**
 * Writes `absolute` whole through a temporary file renamed over it: an existing file is replaced (its mode kept),
 * a missing one created with `newFileMode`. The temporary file has a name no other process can guess and is
 * created exclusively, so a link planted there is never followed; a reader never sees half the bytes.
 */
export function writeFileWhole(absolute: string, bytes: Buffer | string, newFileMode = 0o644): void {
  const existing = fs.statSync(absolute, { throwIfNoEntry: false });
  writeThroughTemporary(absolute, bytes, existing === undefined ? newFileMode : existing.mode & 0o7777);
}

function writeThroughTemporary(absolute: string, bytes: Buffer | string, mode: number): void {
  const temporary = temporaryPathFor(absolute);
  try {
    writeFlushed(temporary, bytes, mode);
    fs.renameSync(temporary, absolute);
  } catch (error) {
    removeQuietly(temporary);
    throw error;
  }
  syncFolder(path.dirname(absolute));
}

/** Whether a process of this pid runs on this machine (one of another user counts). */
function isProcessAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A file of process `pid`, last changed at `mtimeMs`: abandoned when its process is gone, or when it is older than ABANDONED_AFTER_MS. */
export function isAbandoned(pid: number, mtimeMs: number, now = Date.now()): boolean {
  return now - mtimeMs > ABANDONED_AFTER_MS || !isProcessAlive(pid);
}

/**
 * Removes the abandoned temporary files of edits in these folders (isAbandoned: their process is gone, or
 * they are older than ABANDONED_AFTER_MS); a live process's are kept. Returns how many were removed.
 */
export function removeAbandonedTemporaries(folders: Iterable<string>): number {
  let removed = 0;
  for (const folder of new Set(folders)) {
    let names: string[];
    try {
      names = fs.readdirSync(folder).filter((name) => name.includes(TEMPORARY_MARK));
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = TEMPORARY_NAME.exec(name)?.[1];
      if (pid === undefined) continue;
      const file = path.join(folder, name);
      try {
        if (!isAbandoned(Number(pid), fs.lstatSync(file).mtimeMs)) continue;
        fs.rmSync(file, { force: true });
        removed += 1;
      } catch {
        // Gone already, or not ours to remove: left alone.
      }
    }
  }
  return removed;
}

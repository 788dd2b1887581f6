import fs from "node:fs";
import { isInside } from "../inputs/path-validator.js";
import { ToolInputError } from "../tool-errors.js";

/**
 * Opening a validated path without a window for a symbolic link to slip in. The validator resolves a path and
 * checks it lies inside a root; a file swapped for a link out of the root before the tool opens it by name would
 * be read anyway. So a tool opens first and then checks what it opened (docs/decisions, read-safety ADR):
 *
 * - the last component is opened with O_NOFOLLOW: a link there fails to open (ELOOP) instead of being followed;
 *   and with O_NONBLOCK, so that a FIFO put there does not block the server (it is refused: not a regular file);
 * - the open file's own path is then read back from the descriptor (Linux: /proc/self/fd/N, which the kernel keeps
 *   for the open file) and must be the validated path itself, not merely some path inside the root: a folder above
 *   it swapped for a link to `.git` or to the database's folder leads inside the root too. Where there is no
 *   /proc, the validated path must still resolve to itself and name the descriptor's device and inode.
 *
 * Every read of a file's bytes goes through the descriptor returned.
 */

const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = fs.constants.O_NONBLOCK ?? 0;

function changedUnderneath(shownAs: string): ToolInputError {
  return new ToolInputError(
    `${shownAs} changed while it was being opened: it now leads outside the workspace through a symbolic link, so nothing was read. Give the real path inside the root.`,
  );
}

/** The path the kernel holds for an open descriptor, or undefined where there is no /proc. */
function pathOfDescriptor(fd: number): string | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`).replace(/ \(deleted\)$/, "");
  } catch {
    return undefined;
  }
}

/** Whether the open descriptor is the file at `absolute` (canonical, inside `root`), checked after the open. */
function isTheValidatedFile(fd: number, absolute: string, root: string): boolean {
  if (!isInside(root, absolute)) return false;
  const held = pathOfDescriptor(fd);
  if (held !== undefined) return held === absolute;
  try {
    const real = fs.realpathSync.native(absolute);
    const now = fs.statSync(real);
    const opened = fs.fstatSync(fd);
    return real === absolute && now.dev === opened.dev && now.ino === opened.ino;
  } catch {
    return false;
  }
}

/** Opens a validated file (canonical absolute path inside `root`) for reading; the caller closes the descriptor. */
export function openInside(absolute: string, root: string, shownAs: string): number {
  let fd: number;
  try {
    fd = fs.openSync(absolute, fs.constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") throw changedUnderneath(shownAs);
    throw error;
  }
  if (!fs.fstatSync(fd).isFile()) {
    fs.closeSync(fd);
    throw new ToolInputError(
      `${shownAs} is not a regular file (it changed while it was being opened, or is a FIFO or a device); nothing was read.`,
    );
  }
  if (!isTheValidatedFile(fd, absolute, root)) {
    fs.closeSync(fd);
    throw changedUnderneath(shownAs);
  }
  return fd;
}

/** Whether a validated path (canonical, so free of links) still resolves to itself: no component became a link. */
export function stillResolvesToItself(absolute: string): boolean {
  try {
    return fs.realpathSync.native(absolute) === absolute;
  } catch {
    return false;
  }
}

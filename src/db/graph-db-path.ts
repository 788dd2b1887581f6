import fs from "node:fs";
import path from "node:path";

/*
 * What a database path may be, checked before SQLite opens it (no SQLite here: the CLI's exit codes import
 * this module). A database is a regular file or nothing yet: anything else (a folder, a device, a FIFO, a
 * socket, a file of /proc or /sys) is refused, never opened, unlinked or renamed over. ts-graph runs as root
 * in CI containers, where replacing `/dev/null` would damage the machine.
 */

/** A --db path that cannot hold a database, or that this process cannot write: exit 2, with what to give instead. */
export class GraphDbPathError extends Error {
  /** "EACCES" when the path is fine but cannot be written here (readers then serve the graph read-only). */
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = "GraphDbPathError";
    this.code = code;
  }
}

/** The most symbolic links followed before a path is taken for a loop (Linux's own limit). */
const MAX_LINKS = 40;

/**
 * The path a write to `target` lands on: symbolic links followed (the last component's too), the folders
 * made real where they exist. A link is written through, never replaced. The path need not exist.
 */
export function resolveWritePath(target: string): string {
  let current = path.resolve(target);
  for (let hops = 0; hops <= MAX_LINKS; hops += 1) {
    const stat = fs.lstatSync(current, { throwIfNoEntry: false });
    if (stat === undefined) {
      const dir = realFolderOf(path.dirname(current));
      return path.join(dir, path.basename(current));
    }
    if (!stat.isSymbolicLink()) return fs.realpathSync.native(current);
    current = path.resolve(path.dirname(current), fs.readlinkSync(current));
  }
  throw new GraphDbPathError(`${target} is a loop of symbolic links; give the path of a file`);
}

/** The real path of a folder, or of its nearest existing ancestor with the rest appended. */
function realFolderOf(dir: string): string {
  try {
    return fs.realpathSync.native(dir);
  } catch {
    const parent = path.dirname(dir);
    return parent === dir ? dir : path.join(realFolderOf(parent), path.basename(dir));
  }
}

/** Whether a real path lies in a kernel's virtual file system, where no file is data. */
export function isKernelPath(realPath: string): boolean {
  return ["/proc", "/sys"].some((dir) => realPath === dir || realPath.startsWith(`${dir}/`));
}

/** What a file that is not a regular file is, in words ("a folder", "a FIFO (named pipe)"…). */
export function describeSpecialFile(stat: fs.Stats): string {
  if (stat.isDirectory()) return "a folder";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isFIFO()) return "a FIFO (named pipe)";
  if (stat.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * Whether a path holds a regular file or nothing. A symbolic link is not followed (it is not a regular file):
 * anything but a regular file is never opened, written, unlinked or renamed over by ts-graph.
 */
export function isRegularOrAbsent(file: string): boolean {
  return fs.lstatSync(file, { throwIfNoEntry: false })?.isFile() !== false;
}

/** Deletes a file if it is a regular file; anything else is left alone. False when something else is there. */
export function removeIfRegular(file: string): boolean {
  if (!isRegularOrAbsent(file)) return false;
  fs.rmSync(file, { force: true });
  return true;
}

/** The files SQLite opens beside a database by itself, without being asked: a reader must check them too. */
export const SQLITE_SIDE_SUFFIXES = ["-wal", "-shm", "-journal"] as const;

/**
 * Refuses a file of a database's own (`-wal`, `-shm`, `-journal`…) that is anything but a regular file or
 * nothing: SQLite would block on a FIFO there, and ts-graph never unlinks or writes a device (GraphDbPathError).
 */
export function checkOwnFile(file: string): void {
  if (isRegularOrAbsent(file)) return;
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (stat === undefined) return;
  throw new GraphDbPathError(
    `${file} is ${describeSpecialFile(stat)}, not a file ts-graph made; remove it yourself, or give another --db`,
  );
}

const GIVE_INSTEAD = "give --db the path of a database file (or of one to create), e.g. .ts-graph/graph.db";

/**
 * Checks that dbPath can hold a graph database and returns the real path to open and write (symbolic links
 * followed: a link to a database is written through and stays a link). Throws GraphDbPathError otherwise.
 */
export function checkGraphDbPath(dbPath: string): string {
  const real = resolveWritePath(dbPath);
  const shown = real === path.resolve(dbPath) ? dbPath : `${dbPath} (${real})`;
  if (isKernelPath(real))
    throw new GraphDbPathError(`${shown} is in a kernel file system (/proc or /sys), not a database; ${GIVE_INSTEAD}`);
  // `real` has no symbolic link left in it: lstat sees what a write would land on.
  const stat = isRegularOrAbsent(real) ? undefined : fs.lstatSync(real, { throwIfNoEntry: false });
  if (stat !== undefined) {
    const what = describeSpecialFile(stat);
    const folderHint = stat.isDirectory()
      ? `; give --db the path of a database file in it, e.g. ${path.join(dbPath, "graph.db")}`
      : `; ts-graph leaves it alone: ${GIVE_INSTEAD}`;
    throw new GraphDbPathError(`${shown} is ${what}, not a database${folderHint}`);
  }
  return real;
}

/**
 * Checks that this process may write the database at its real path and the folder around it (where SQLite
 * writes the -wal and -shm files, and a new database is built). Throws GraphDbPathError saying which.
 */
export function checkGraphDbWritable(realDbPath: string): void {
  let dir = path.dirname(realDbPath);
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const exists = fs.existsSync(realDbPath);
  if (exists && !writable(realDbPath)) {
    throw new GraphDbPathError(
      `the database ${realDbPath} is read-only for this process, so the graph cannot be updated; make it writable (chmod u+w), ` +
        "or copy it to a writable place and give that with --db",
      "EACCES",
    );
  }
  if (!writable(dir)) {
    throw new GraphDbPathError(
      `the folder ${dir} is read-only for this process, and SQLite writes the database's -wal and -shm files beside it; ` +
        "make the folder writable, or give --db a path in a writable folder",
      "EACCES",
    );
  }
}

function writable(target: string): boolean {
  try {
    fs.accessSync(target, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

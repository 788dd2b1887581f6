import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pidIsAlive } from "../db/graph-db-owner.js";
import { wrapConnection, type DaemonConnection } from "./daemon-connection.js";
import type { DaemonPaths } from "./daemon-paths.js";
import { parseHello, type DaemonHello } from "./daemon-protocol.js";

/** What is at a graph's daemon socket. */
export type DaemonProbe =
  | { readonly state: "none" }
  /** A socket of ours that nobody listens on any more: its daemon was killed or crashed. */
  | { readonly state: "stale" }
  /** Something that is not a daemon of ours: never used, never removed. */
  | { readonly state: "foreign"; readonly reason: string }
  | { readonly state: "live"; readonly hello: DaemonHello; readonly connection: DaemonConnection };

/** How long a listening socket has to say hello. Daemons answer from a thread that never indexes. */
const HELLO_TIMEOUT_MS = 5000;

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

const isWindows = (): boolean => process.platform === "win32";

function ownUid(): number | undefined {
  return typeof process.getuid === "function" ? process.getuid() : undefined;
}

/** Why the folder at this path is not ours (undefined when it is ours, or absent). Owner-only: no access for group or others. */
function folderProblem(folder: string): string | undefined {
  const stat = fs.lstatSync(folder, { throwIfNoEntry: false });
  if (stat === undefined) return undefined;
  if (!stat.isDirectory()) return `${folder} is not a folder`;
  if (isWindows()) return undefined;
  if (stat.uid !== ownUid()) return `${folder} belongs to another user`;
  if ((stat.mode & 0o077) !== 0)
    return `${folder} can be used by other users (mode ${(stat.mode & 0o777).toString(8)}; ts-graph makes it 700)`;
  return undefined;
}

/** Why the file at the socket path is not a socket of ours (undefined when it is, or absent). */
function socketProblem(socket: string): string | undefined {
  if (isWindows()) return undefined;
  const stat = fs.lstatSync(socket, { throwIfNoEntry: false });
  if (stat === undefined) return undefined;
  if (!stat.isSocket()) return `${socket} is not a socket`;
  if (stat.uid !== ownUid()) return `${socket} belongs to another user`;
  return undefined;
}

/** Creates the daemon's folders owner-only (the database's folder too, when missing); throws when one exists and is not ours. */
export function ensureDaemonFolders(paths: DaemonPaths): void {
  for (const folder of [paths.folder, paths.socketFolder]) {
    if (folder === undefined) continue;
    fs.mkdirSync(path.dirname(folder), { recursive: true });
    try {
      fs.mkdirSync(folder, { mode: 0o700 });
    } catch (error) {
      if (codeOf(error) !== "EEXIST") throw error;
    }
    const problem = folderProblem(folder);
    if (problem !== undefined) throw new Error(problem);
  }
}

function connect(
  socketPath: string,
): Promise<net.Socket | { readonly code: string | undefined; readonly message: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once("connect", () => {
      socket.removeAllListeners("error");
      resolve(socket);
    });
    socket.once("error", (error) => resolve({ code: codeOf(error), message: error.message }));
  });
}

/**
 * Looks at the socket of a graph's daemon without changing anything: nothing there, a stale socket of ours,
 * something not ours, or a live daemon (connected, and its hello read).
 */
export async function probeDaemon(paths: DaemonPaths, helloTimeoutMs = HELLO_TIMEOUT_MS): Promise<DaemonProbe> {
  for (const folder of [paths.folder, paths.socketFolder]) {
    const problem = folder === undefined ? undefined : folderProblem(folder);
    if (problem !== undefined) return { state: "foreign", reason: problem };
  }
  const problem = socketProblem(paths.socket);
  if (problem !== undefined) return { state: "foreign", reason: problem };
  if (!isWindows() && !fs.existsSync(paths.socket)) return { state: "none" };
  const socket = await connect(paths.socket);
  if (!(socket instanceof net.Socket)) {
    if (socket.code === "ENOENT") return { state: "none" };
    // Nobody listens on a socket file of ours: the process that made it is gone.
    if (socket.code === "ECONNREFUSED") return { state: "stale" };
    return { state: "foreign", reason: `${paths.socket} cannot be connected to (${socket.message})` };
  }
  const connection = wrapConnection(socket);
  try {
    const reply = await connection.request({ op: "hello" }, helloTimeoutMs);
    const hello = parseHello(reply?.hello);
    if (hello !== undefined) return { state: "live", hello, connection };
    connection.close();
    return { state: "foreign", reason: `${paths.socket} answers, but not as a ts-graph daemon` };
  } catch (error) {
    connection.close();
    return {
      state: "foreign",
      reason: `${paths.socket} does not answer as a ts-graph daemon (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

const LOCK_WAIT_MS = 3000;

function takeLock(lock: string): boolean {
  try {
    const fd = fs.openSync(lock, "wx", 0o600);
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
    return true;
  } catch (error) {
    if (codeOf(error) !== "EEXIST") throw error;
  }
  const holder = Number.parseInt(fs.readFileSync(lock, { encoding: "utf8", flag: "r" }) || "0", 10);
  // A lock whose process is gone (or that has no pid yet and is old) is left over: remove it, and try again.
  const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
  if ((holder > 0 && !pidIsAlive(holder)) || (holder === 0 && age > LOCK_WAIT_MS)) fs.rmSync(lock, { force: true });
  return false;
}

/**
 * Runs work while holding the daemon folder's lock, so that no two processes check, remove or claim the
 * socket at once. Resolves to "busy" when another live process holds it for longer than a few seconds.
 */
export async function withDaemonLock<T>(paths: DaemonPaths, work: () => Promise<T>): Promise<T | "busy"> {
  ensureDaemonFolders(paths);
  const deadline = Date.now() + LOCK_WAIT_MS;
  while (!takeLock(paths.lock)) {
    if (Date.now() > deadline) return "busy";
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  try {
    return await work();
  } finally {
    fs.rmSync(paths.lock, { force: true });
  }
}

/** Removes a stale socket and its info file, once proven stale under the lock (a socket of ours nobody listens on). */
export async function removeStaleSocket(paths: DaemonPaths): Promise<boolean> {
  const removed = await withDaemonLock(paths, async () => {
    const again = await probeDaemon(paths);
    if (again.state === "live") again.connection.close();
    if (again.state !== "stale") return false;
    fs.rmSync(paths.socket, { force: true });
    fs.rmSync(paths.info, { force: true });
    return true;
  });
  return removed === true;
}

/** The info file a daemon wrote beside its socket, if it is readable and ours. */
export function readDaemonInfo(paths: DaemonPaths): DaemonHello | undefined {
  try {
    return parseHello(JSON.parse(fs.readFileSync(paths.info, "utf8")));
  } catch {
    return undefined;
  }
}

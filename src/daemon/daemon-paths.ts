import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";

/** Where the daemon of one graph keeps its files: a folder beside the database, owner-only. */
export interface DaemonPaths {
  /** `<db>.daemon/`, created with mode 0700: nobody else may list, connect or read in it. */
  readonly folder: string;
  /** The Unix socket (in the folder, or under the temporary folder when its path would be too long); a named pipe on Windows. */
  readonly socket: string;
  /** The folder that holds the socket, when it is not `folder` (a too-long path); it is created 0700 and checked the same way. */
  readonly socketFolder: string | undefined;
  /** `{pid, version, …}` of the daemon that listens (DaemonHello), written after it listens. */
  readonly info: string;
  /** Held (created exclusively) while a process checks, removes or claims the socket. */
  readonly lock: string;
  /** What a daemon started in the background writes (its stderr). */
  readonly log: string;
  /** `{pid, startedAt, version}` of a daemon of another version that did not stop when asked: not asked again. */
  readonly stopRefused: string;
}

/**
 * Unix socket paths are limited to about 104 bytes (macOS; 108 on Linux). A longer one goes to a folder of
 * this user's under the temporary folder, named by a hash of the database path.
 */
const MAX_SOCKET_PATH_BYTES = 100;

function hashOf(dbPath: string): string {
  return createHash("sha256").update(dbPath).digest("hex").slice(0, 24);
}

/** The daemon's paths for the graph at dbPath (absolute). Pure: nothing is created. */
export function daemonPaths(
  dbPath: string,
  platform: NodeJS.Platform = process.platform,
  temporaryFolder: string = os.tmpdir(),
): DaemonPaths {
  const folder = `${dbPath}.daemon`;
  const files = {
    folder,
    info: path.join(folder, "info.json"),
    lock: path.join(folder, "lock"),
    log: path.join(folder, "daemon.log"),
    stopRefused: path.join(folder, "stop-refused.json"),
  };
  if (platform === "win32")
    return { ...files, socket: `\\\\.\\pipe\\ts-graph-${hashOf(dbPath)}`, socketFolder: undefined };
  const beside = path.join(folder, "socket");
  if (Buffer.byteLength(beside) <= MAX_SOCKET_PATH_BYTES) return { ...files, socket: beside, socketFolder: undefined };
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  const socketFolder = path.join(temporaryFolder, `ts-graph-${uid}`);
  return { ...files, socket: path.join(socketFolder, `${hashOf(dbPath)}.sock`), socketFolder };
}

import { spawn } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type { DaemonPaths } from "./daemon-paths.js";
import type { DaemonHello } from "./daemon-protocol.js";
import { ensureDaemonFolders, probeDaemon, type DaemonProbe } from "./daemon-socket.js";

/** The CLI entry a background daemon runs (`dist/cli.js`). */
const CLI_ENTRY = fileURLToPath(new URL("../cli.js", import.meta.url));
/** How long a starting daemon may take to listen: it listens before its first run, so this is process start. */
const START_TIMEOUT_MS = 30_000;

export interface DaemonTarget {
  readonly root: string;
  readonly dbPath: string;
  readonly tsconfigs?: readonly string[] | undefined;
}

export type LaunchResult = { readonly live: Extract<DaemonProbe, { state: "live" }> } | { readonly failed: string };

function lastLines(file: string, count: number): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-count).join("\n");
  } catch {
    return "";
  }
}

/**
 * Starts `ts-graph daemon start --foreground` for the target in the background (detached, its stderr in the
 * daemon folder's log) and waits until it answers on its socket. Another process starting one at the same
 * time is fine: one of them claims the socket, the other exits, and both callers reach the one that listens.
 */
export async function launchDaemon(
  target: DaemonTarget,
  paths: DaemonPaths,
  idleMinutes: number | undefined,
): Promise<LaunchResult> {
  ensureDaemonFolders(paths);
  const log = fs.openSync(paths.log, "a", 0o600);
  const args = [CLI_ENTRY, "daemon", "start", "--foreground", target.root, "--db", target.dbPath];
  for (const tsconfig of target.tsconfigs ?? []) args.push("--tsconfig", tsconfig);
  if (idleMinutes !== undefined) args.push("--idle-minutes", String(idleMinutes));
  const child = spawn(process.execPath, args, { detached: true, stdio: ["ignore", log, log], windowsHide: true });
  fs.closeSync(log);
  let exited: number | null | undefined;
  child.once("exit", (code) => {
    exited = code;
  });
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const found = await probeDaemon(paths);
    if (found.state === "live") return { live: found };
    // One that lost a race to another starting daemon exits once that one listens, which this probe then finds.
    if (exited !== undefined) return { failed: `the daemon exited with code ${exited}: ${lastLines(paths.log, 5)}` };
    if (found.state === "foreign") return { failed: found.reason };
    if (Date.now() > deadline)
      return { failed: `the daemon did not answer within ${START_TIMEOUT_MS / 1000} s (its log: ${paths.log})` };
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

const STOP_TIMEOUT_MS = 10_000;

/**
 * Asks a live daemon to stop and waits until its socket is gone (at most `timeoutMs` for its answer, then as
 * long again for the socket). Resolves to undefined once it stopped, or to what it answered instead (serve
 * and index --watch stop with their own client).
 */
export async function stopDaemon(
  live: Extract<DaemonProbe, { state: "live" }>,
  paths: DaemonPaths,
  timeoutMs = STOP_TIMEOUT_MS,
): Promise<string | undefined> {
  let reply: Record<string, unknown> | undefined;
  try {
    reply = await live.connection.request({ op: "stop" }, timeoutMs);
  } catch {
    // It went away while answering: stopped all the same.
  } finally {
    live.connection.close();
  }
  if (reply !== undefined && reply.ok !== true) {
    const error = reply.error as { message?: unknown } | undefined;
    return typeof error?.message === "string" ? error.message : "the daemon refused to stop";
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probeDaemon(paths);
    if (found.state === "live") found.connection.close();
    if (found.state === "none" || found.state === "stale") return undefined;
    if (Date.now() > deadline) return `the daemon (pid ${live.hello.pid}) did not stop within ${timeoutMs / 1000} s`;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

type RefusedStop = Pick<DaemonHello, "pid" | "startedAt" | "version">;

/** Notes that this daemon did not stop when asked (an older ts-graph that ignores `stop`), so that no later command waits for it again. */
export function rememberRefusedStop(paths: DaemonPaths, hello: DaemonHello): void {
  const record: RefusedStop = { pid: hello.pid, startedAt: hello.startedAt, version: hello.version };
  try {
    fs.writeFileSync(paths.stopRefused, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  } catch {
    // Only a cost: the next command asks it again.
  }
}

/** Whether this very daemon (same pid, same start) did not stop when asked before. */
export function refusedStopBefore(paths: DaemonPaths, hello: DaemonHello): boolean {
  try {
    const record = JSON.parse(fs.readFileSync(paths.stopRefused, "utf8")) as Partial<RefusedStop>;
    return record.pid === hello.pid && record.startedAt === hello.startedAt;
  } catch {
    return false;
  }
}

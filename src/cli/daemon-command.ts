import type { Command } from "../vendor/commander.js";
import { INDEXER_CLOSE_WAIT_MS } from "../ingestion/run/threads/worker-indexer.js";
import os from "node:os";
import { ConfigError, loadConfig } from "../config/config-file.js";
import { canWriteGraph } from "../db/open-graph-reader.js";
import { launchDaemon, stopDaemon, type DaemonTarget } from "../daemon/daemon-control.js";
import { daemonPaths, type DaemonPaths } from "../daemon/daemon-paths.js";
import type { DaemonHello } from "../daemon/daemon-protocol.js";
import { startDaemonServer } from "../daemon/daemon-server.js";
import { probeDaemon, removeStaleSocket } from "../daemon/daemon-socket.js";
import { OWN_VERSION } from "../daemon/own-version.js";
import { locateGraph } from "../ingestion/run/indexer.js";
import { defaultBudgetBytes } from "../mcp/memory-budget.js";
import { openServedRoot } from "../mcp/served-root.js";
import { createPathValidator } from "../tools/inputs/path-validator.js";
import { EXIT, exitCodeFor, messageOf } from "./exit-codes.js";
import { indexerOptionsFor, withProjectOptions, type ProjectCommandOptions } from "./project-options.js";

export interface DaemonCommandOptions extends ProjectCommandOptions {
  readonly idleMinutes?: string;
  readonly foreground?: boolean;
  readonly json?: boolean;
}

/** An idle daemon exits after this long without a request, unless the config or --idle-minutes says otherwise. */
export const DEFAULT_IDLE_MINUTES = 30;
/**
 * How long shutdown waits for the roots to close before it exits anyway. A run under way is abandoned (each
 * run is one transaction, so the graph stays the last complete one); a run waiting for another process's
 * write lock is let leave SQLite first: exiting with a thread inside it aborts the process. The grace covers
 * that wait and the clearing of the abandoned run's marker after it (INDEXER_CLOSE_WAIT_MS).
 */
const SHUTDOWN_GRACE_MS = INDEXER_CLOSE_WAIT_MS + 500;

function say(text: string): void {
  process.stdout.write(`${text}\n`);
}

function warn(text: string): void {
  process.stderr.write(`ts-graph daemon: ${text}\n`);
}

function targetOf(root: string | undefined, options: DaemonCommandOptions): DaemonTarget {
  const { root: rootOption, dbPath, tsconfigs } = indexerOptionsFor(root, options);
  return { ...locateGraph(rootOption, dbPath), tsconfigs };
}

function idleMinutesOf(target: DaemonTarget, options: DaemonCommandOptions): number {
  if (options.idleMinutes !== undefined) {
    const minutes = Number(options.idleMinutes);
    if (!Number.isFinite(minutes) || minutes <= 0)
      throw new ConfigError(`--idle-minutes ${options.idleMinutes}: give a number of minutes greater than 0`);
    return minutes;
  }
  return loadConfig(target.root).config.daemonIdleMinutes ?? DEFAULT_IDLE_MINUTES;
}

function describe(hello: DaemonHello, paths: DaemonPaths): string {
  const lines = [
    `ts-graph ${hello.kind === "daemon" ? "daemon" : hello.kind === "serve" ? "serve" : "index --watch"} (pid ${hello.pid}, ts-graph ${hello.version}) keeps the graph of ${hello.root}`,
    `  since     ${new Date(hello.startedAt).toISOString()}`,
    `  database  ${hello.dbPath}`,
    `  socket    ${paths.socket}`,
  ];
  if (hello.idleExitAt !== undefined)
    lines.push(`  exits     ${new Date(hello.idleExitAt).toISOString()} unless a command comes before`);
  return lines.join("\n");
}

/** `daemon start --foreground`: this process is the daemon, until stopped, idle, or interrupted. */
async function runDaemon(target: DaemonTarget, idleMinutes: number): Promise<number> {
  const log = (message: string): void => warn(`${new Date().toISOString()} ${message}`);
  if (!canWriteGraph(target.dbPath))
    throw new ConfigError(
      `the graph at ${target.dbPath} cannot be written here; a daemon could not keep it up to date`,
    );
  // A daemon answers the CLI's update requests and its edit commands (daemon-tools.ts): it has no other roots, and
  // no memory rules (it exits when idle).
  const workspace = {
    states: () => [],
    memory: () => ({
      rssBytes: process.memoryUsage.rss(),
      budgetBytes: defaultBudgetBytes(os.totalmem(), undefined),
      idleReleaseMinutes: 0,
    }),
  };
  const served = openServedRoot(target, createPathValidator([target.root], [target.dbPath]), { log }, workspace);
  let stop: (reason: string) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => {
    stop = resolve;
  });
  const [{ ALL_TOOLS }, { daemonBackendOf }] = await Promise.all([
    import("../tools/all-tools.js"),
    import("./daemon-tools.js"),
  ]);
  const claim = await startDaemonServer(daemonBackendOf(served, ALL_TOOLS), {
    kind: "daemon",
    version: OWN_VERSION,
    idleMs: idleMinutes * 60_000,
    onIdle: () => stop(`no request for ${idleMinutes} min`),
    onStop: () => stop("asked to stop"),
    log,
  });
  if (!("claimed" in claim)) {
    await served.close();
    if ("busy" in claim) {
      log(`a ts-graph ${claim.busy.kind} (pid ${claim.busy.pid}) already keeps this graph`);
      return EXIT.ok;
    }
    log(claim.refused);
    return EXIT.usage;
  }
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  log(
    `pid ${process.pid} keeps the graph of ${target.root} (socket ${claim.claimed.paths.socket}; exits after ${idleMinutes} min without a request)`,
  );
  void served.start();
  log(`stopping: ${await stopped}`);
  await claim.claimed.close();
  const grace = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
  await Promise.race([served.close(), grace]);
  return EXIT.ok;
}

async function start(target: DaemonTarget, options: DaemonCommandOptions): Promise<number> {
  const idleMinutes = idleMinutesOf(target, options);
  if (options.foreground) return runDaemon(target, idleMinutes);
  const paths = daemonPaths(target.dbPath);
  const found = await probeDaemon(paths);
  if (found.state === "foreign") {
    warn(`${found.reason}; it is not ts-graph's: move it away (ts-graph never deletes what is not its own)`);
    return EXIT.usage;
  }
  if (found.state === "stale") await removeStaleSocket(paths);
  if (found.state === "live") {
    if (found.hello.version === OWN_VERSION || found.hello.kind !== "daemon") {
      found.connection.close();
      say(describe(found.hello, paths));
      return found.hello.version === OWN_VERSION ? EXIT.ok : EXIT.failure;
    }
    const refused = await stopDaemon(found, paths);
    if (refused !== undefined) {
      warn(refused);
      return EXIT.failure;
    }
    warn(`stopped the daemon of ts-graph ${found.hello.version} (pid ${found.hello.pid})`);
  }
  const launched = await launchDaemon(target, paths, options.idleMinutes === undefined ? undefined : idleMinutes);
  if ("failed" in launched) {
    warn(launched.failed);
    return EXIT.failure;
  }
  launched.live.connection.close();
  say(describe(launched.live.hello, paths));
  return EXIT.ok;
}

async function stopCommand(target: DaemonTarget): Promise<number> {
  const paths = daemonPaths(target.dbPath);
  const found = await probeDaemon(paths);
  if (found.state === "foreign") {
    warn(`${found.reason}; it is not ts-graph's and is left as it is`);
    return EXIT.usage;
  }
  if (found.state !== "live") {
    if (found.state === "stale") await removeStaleSocket(paths);
    say(
      `no daemon keeps the graph of ${target.root}${found.state === "stale" ? " (removed the socket a killed one left)" : ""}`,
    );
    return EXIT.ok;
  }
  const refused = await stopDaemon(found, paths);
  if (refused !== undefined) {
    warn(refused);
    return EXIT.failure;
  }
  say(`stopped the daemon (pid ${found.hello.pid}) of ${found.hello.root}`);
  return EXIT.ok;
}

async function status(target: DaemonTarget, options: DaemonCommandOptions): Promise<number> {
  const paths = daemonPaths(target.dbPath);
  const found = await probeDaemon(paths);
  if (found.state === "stale") await removeStaleSocket(paths);
  if (found.state === "live") found.connection.close();
  if (options.json) {
    const detail =
      found.state === "live"
        ? { ...found.hello, socket: paths.socket }
        : found.state === "foreign"
          ? { reason: found.reason }
          : {};
    say(JSON.stringify({ state: found.state, root: target.root, ...detail }));
  } else if (found.state === "live") say(describe(found.hello, paths));
  else if (found.state === "foreign") say(`no daemon: ${found.reason} (not ts-graph's; left as it is)`);
  else
    say(
      `no daemon keeps the graph of ${target.root}${found.state === "stale" ? " (removed the socket a killed one left)" : ""}`,
    );
  return EXIT.ok;
}

async function runDaemonCommand(
  action: "start" | "stop" | "status",
  root: string | undefined,
  options: DaemonCommandOptions,
): Promise<number> {
  try {
    const target = targetOf(root, options);
    if (action === "start") return await start(target, options);
    if (action === "stop") return await stopCommand(target);
    return await status(target, options);
  } catch (error) {
    warn(messageOf(error));
    return exitCodeFor(error);
  }
}

export function registerDaemonCommand(program: Command, exit: (code: number) => void): void {
  const daemon = program
    .command("daemon")
    .description("a background process that keeps a root's graph warm for the CLI (start, stop, status)");
  withProjectOptions(
    daemon
      .command("start")
      .description("start the root's daemon in the background (it exits after --idle-minutes without a request)"),
  )
    .option(
      "--idle-minutes <n>",
      `exit after this many minutes without a request (default: the config's daemonIdleMinutes, else ${DEFAULT_IDLE_MINUTES})`,
    )
    .option("--foreground", "be the daemon in this process (logs to stderr) instead of starting one in the background")
    .action(async (root: string, options: DaemonCommandOptions) => {
      const code = await runDaemonCommand("start", root, options);
      exit(code);
      // A daemon that stopped exits now: nothing it started (the watcher, the indexing thread) may keep it alive.
      if (options.foreground) setTimeout(() => process.exit(code), 20).unref();
    });
  withProjectOptions(daemon.command("stop").description("stop the root's daemon")).action(
    async (root: string, options: DaemonCommandOptions) => exit(await runDaemonCommand("stop", root, options)),
  );
  withProjectOptions(daemon.command("status").description("whether a daemon keeps the root's graph, and which"))
    .option("--json", "print the state as JSON")
    .action(async (root: string, options: DaemonCommandOptions) =>
      exit(await runDaemonCommand("status", root, options)),
    );
}

import { ConfigError } from "../config/config-error.js";
import { DaemonGoneError, DaemonSilentError } from "../daemon/daemon-connection.js";
import {
  launchDaemon,
  refusedStopBefore,
  rememberRefusedStop,
  stopDaemon,
  type DaemonTarget,
} from "../daemon/daemon-control.js";
import { daemonPaths } from "../daemon/daemon-paths.js";
import {
  DAEMON_SILENCE_LIMIT_MS,
  TOOL_SILENCE_LIMIT_MS,
  type DaemonFailure,
  type DaemonHello,
  type DaemonToolAnswer,
} from "../daemon/daemon-protocol.js";
import { probeDaemon, removeStaleSocket, type DaemonProbe } from "../daemon/daemon-socket.js";
import { OWN_VERSION } from "../daemon/own-version.js";
import { pidIsAlive } from "../db/graph-db-owner.js";
import { recoverInterruptedEdits } from "../file-writes/edit-recovery.js";
import type { IndexSummary } from "../ingestion/run/indexer.js";
import type { RenameHint } from "../model/rename-hint.js";
import { ToolInputError, ToolUnavailableError } from "../tools/tool-errors.js";
import { USAGE_ERROR_NAMES } from "./exit-codes.js";

type LiveDaemon = Extract<DaemonProbe, { state: "live" }>;

export interface DaemonRouteOptions {
  /** `index --force`: re-extract every file. */
  readonly force?: boolean;
  /** The rename an edit command just wrote: the daemon's run is told it, to patch it into the graph (RunOptions.rename). */
  readonly rename?: RenameHint;
  readonly warn: (message: string) => void;
  /** How long to wait for a daemon (tests make them short); each has its default. */
  readonly waits?: DaemonWaits;
}

export interface DaemonWaits {
  /** For the hello of whatever listens on the socket (default 5 s). */
  readonly helloMs?: number;
  /** Without any line (answer or keep-alive) during an update, before the daemon is taken for hung (DAEMON_SILENCE_LIMIT_MS). */
  readonly silenceMs?: number;
  /** For a daemon of another version to answer `stop`, then as long again for it to go (default 10 s). */
  readonly stopMs?: number;
  /** For a daemon to take a tool request up (its `ready`), before the command runs the tool itself (DAEMON_SILENCE_LIMIT_MS). */
  readonly readyMs?: number;
  /** Without any line while the daemon runs the tool (TOOL_SILENCE_LIMIT_MS). */
  readonly toolSilenceMs?: number;
  /** For a daemon whose connection closed during a tool run to be gone, before the command runs it itself (default 5 s). */
  readonly goneMs?: number;
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const left = [...(a ?? [])].sort();
  const right = [...(b ?? [])].sort();
  return left.length === right.length && left.every((item, index) => item === right[index]);
}

/** Why this CLI cannot use a live daemon for the target (undefined: it can). */
function mismatch(hello: DaemonHello, target: DaemonTarget): string | undefined {
  if (hello.version !== OWN_VERSION) return `it is ts-graph ${hello.version} and this is ${OWN_VERSION}`;
  if (hello.root !== target.root) return `it keeps the graph of ${hello.root}`;
  if (!sameList(hello.tsconfigs, target.tsconfigs)) return "it was started with other --tsconfig files";
  return undefined;
}

/** Whether the environment says this runs in CI (`CI` set to anything but empty, "0" or "false"). */
function runsInCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.CI;
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

/** Whether the root's config asks for a daemon to be started when there is none (never in CI). */
async function autoStartWanted(
  root: string,
): Promise<{ readonly wanted: boolean; readonly idleMinutes: number | undefined }> {
  try {
    // Validated here only: a CLI process that finds a daemon does not load the config's schema.
    const { config } = (await import("../config/config-file.js")).loadConfig(root);
    return { wanted: config.daemon === "auto" && !runsInCi(), idleMinutes: config.daemonIdleMinutes };
  } catch {
    // A bad config is reported by the command itself, as without a daemon.
    return { wanted: false, idleMinutes: undefined };
  }
}

/**
 * The root's daemon this CLI may use: the live one, or one started now when the config says "auto". A stale
 * socket is removed; something not ours is left alone; a `daemon start` daemon of another ts-graph version is
 * stopped (serve and watch of another version are left running, and not used). undefined: work without one.
 */
async function reachDaemon(
  target: DaemonTarget,
  warn: (message: string) => void,
  waits: DaemonWaits,
): Promise<LiveDaemon | undefined> {
  const paths = daemonPaths(target.dbPath);
  let found = await probeDaemon(paths, waits.helloMs);
  if (found.state === "stale") {
    await removeStaleSocket(paths);
    found = { state: "none" };
  }
  if (found.state === "foreign") {
    warn(`${found.reason}; it is not a ts-graph daemon of yours and is left as it is: working without a daemon`);
    return undefined;
  }
  if (found.state === "live") {
    const problem = mismatch(found.hello, target);
    if (problem === undefined) return found;
    if (found.hello.kind !== "daemon" || found.hello.version === OWN_VERSION) {
      found.connection.close();
      warn(
        `a ts-graph ${found.hello.kind} (pid ${found.hello.pid}) keeps this graph, but ${problem}: working without it`,
      );
      return undefined;
    }
    const { version, pid } = found.hello;
    // Asked once: one that did not stop then (an older ts-graph may ignore `stop`) is not waited for again.
    if (refusedStopBefore(paths, found.hello)) {
      found.connection.close();
      warn(
        `the daemon of ts-graph ${version} (pid ${pid}) did not stop when asked before: working without it (\`kill ${pid}\` stops it)`,
      );
      return undefined;
    }
    const refused = await stopDaemon(found, paths, waits.stopMs);
    if (refused !== undefined) {
      rememberRefusedStop(paths, found.hello);
      warn(
        `the daemon of ts-graph ${version} (pid ${pid}) did not stop (${refused}): working without it (\`kill ${pid}\` stops it)`,
      );
      return undefined;
    }
    warn(`stopped the daemon of ts-graph ${found.hello.version} (pid ${found.hello.pid}): this is ${OWN_VERSION}`);
  }
  const auto = await autoStartWanted(target.root);
  if (!auto.wanted) return undefined;
  const launched = await launchDaemon(target, paths, auto.idleMinutes);
  if ("failed" in launched) {
    warn(`could not start a daemon (${launched.failed}); working without one`);
    return undefined;
  }
  if (mismatch(launched.live.hello, target) !== undefined) {
    launched.live.connection.close();
    return undefined;
  }
  return launched.live;
}

function isSummary(value: unknown): value is IndexSummary {
  return typeof value === "object" && value !== null && typeof (value as { mode?: unknown }).mode === "string";
}

/** A failure the daemon reported in the protocol's form, as this process would have thrown it (a configuration error keeps its exit code 2). */
function errorFromDaemon(reply: Record<string, unknown> | undefined): Error | undefined {
  if (reply?.ok !== false) return undefined;
  const failure = reply.error as { name?: unknown; message?: unknown } | undefined;
  if (typeof failure?.message !== "string") return undefined;
  const name = typeof failure.name === "string" ? failure.name : "Error";
  if (USAGE_ERROR_NAMES.has(name)) return new ConfigError(failure.message);
  return Object.assign(new Error(failure.message), { name });
}

/** The start of an answer this ts-graph does not understand, for the note that says so. */
function preview(reply: Record<string, unknown> | undefined): string {
  if (reply === undefined) return "not a JSON object";
  const text = JSON.stringify(reply);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * Asks the root's daemon (if there is one this CLI may use) to bring the graph up to date, and waits for its
 * summary. undefined when there is none, or when it cannot give one: it stopped before it answered (killed,
 * crashed), it went silent (no answer and no keep-alive for `waits.silenceMs`: it hangs), or it answered
 * something this ts-graph does not understand. The caller then updates the graph in its own process, as it
 * does without a daemon; each case but the first is said with `warn`. A failure the daemon reports (its run
 * failed) is thrown, as the caller's own run would have. Loads no TypeScript.
 */
export async function updateThroughDaemon(
  target: DaemonTarget,
  options: DaemonRouteOptions,
): Promise<IndexSummary | undefined> {
  const waits = options.waits ?? {};
  const daemon = await reachDaemon(target, options.warn, waits);
  if (daemon === undefined) return undefined;
  const { pid } = daemon.hello;
  let reply: Record<string, unknown> | undefined;
  try {
    reply = await daemon.connection.request(
      {
        op: "update",
        force: options.force === true,
        ...(options.rename === undefined ? {} : { rename: options.rename }),
      },
      waits.silenceMs ?? DAEMON_SILENCE_LIMIT_MS,
    );
  } catch (error) {
    if (error instanceof DaemonGoneError)
      options.warn(`the daemon (pid ${pid}) stopped before it finished the update; updating in this process`);
    else if (error instanceof DaemonSilentError)
      options.warn(`the daemon (pid ${pid}) went silent (${error.message}); updating in this process`);
    else throw error;
    return undefined;
  } finally {
    daemon.connection.close();
  }
  if (reply?.ok === true && isSummary(reply.summary)) return reply.summary;
  const failure = errorFromDaemon(reply);
  if (failure !== undefined) throw failure;
  options.warn(
    `the daemon (pid ${pid}) gave an answer this ts-graph does not understand (${preview(reply)}); updating in this process`,
  );
  return undefined;
}

/** A tool's failure the daemon reported, as this process would have thrown it (the CLI then says and exits the same). */
function toolErrorFromDaemon(reply: Record<string, unknown> | undefined): Error | undefined {
  if (reply?.ok !== false) return undefined;
  const failure = reply.error as Partial<Record<keyof DaemonFailure, unknown>> | undefined;
  if (typeof failure?.message !== "string") return undefined;
  const name = typeof failure.name === "string" ? failure.name : "Error";
  const details =
    typeof failure.details === "object" && failure.details !== null ? (failure.details as Record<string, unknown>) : {};
  if (name === "ToolInputError") return new ToolInputError(failure.message, details);
  if (name === "ToolUnavailableError" && typeof failure.why === "string" && typeof failure.fix === "string")
    return new ToolUnavailableError(failure.why, failure.fix);
  if (USAGE_ERROR_NAMES.has(name)) return new ConfigError(failure.message);
  const { code, path } = failure;
  return Object.assign(
    new Error(failure.message),
    { name },
    typeof code === "string" ? { code } : {},
    typeof path === "string" ? { path } : {},
  );
}

function isToolAnswer(value: unknown): value is DaemonToolAnswer {
  const answer = value as { text?: unknown; structured?: unknown } | undefined;
  return typeof answer?.text === "string" && typeof answer.structured === "object" && answer.structured !== null;
}

/** Waits (at most `ms`) for a process whose connection closed to be gone: a journal it left is recovered only then. */
async function processGone(pid: number, ms: number): Promise<void> {
  for (const deadline = Date.now() + ms; pidIsAlive(pid) && Date.now() < deadline; )
    await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * After a daemon died while it ran an edit: finishes the edit it was writing, if any (its journal, rolled
 * forward: every file gets the edit), and then throws, saying so: the edit is written, and running it again
 * would find nothing to edit. Nothing to finish (the daemon died before or after its write): returns.
 */
function finishedByRecovery(root: string, pid: number, command: string): void {
  const finished = recoverInterruptedEdits(root).finished.filter((line) =>
    line.includes(`; process ${pid}) was finished: `),
  );
  if (finished.length === 0) return;
  throw new Error(
    `the daemon (pid ${pid}) stopped while it wrote the edit of ${command}, which is now whole: ${finished.join("; ")}. ` +
      "Its answer (diff, diagnostics) is lost; `ts-graph index` brings the graph up to date with it",
  );
}

/** A daemon took an edit up and this process cannot tell whether it wrote it: running it again could apply it twice. */
class EditOutcomeUnknownError extends Error {
  constructor(what: string) {
    super(
      `${what}: whether the edit was written is not known. Look at the files (\`git diff\`), then run the command again if it was not`,
    );
    this.name = "EditOutcomeUnknownError";
  }
}

export interface DaemonToolRequest {
  /** The tool's name (a name in the daemon's `hello.tools`) and what the command calls it, for the notes. */
  readonly tool: string;
  readonly command: string;
  /** The input as this process validated it (paths relative to the root). */
  readonly input: Readonly<Record<string, unknown>>;
}

/**
 * Runs a tool that edits files on the root's daemon (if there is one this CLI may use, of the same database,
 * that runs it: `daemon start` and `serve` do), on its graph and warm language session; its answer, or
 * undefined when the caller runs the tool itself, as without a daemon. That is the case when there is none,
 * when it declines (another root), or when it does not take the request up within `waits.readyMs` (busy: the
 * command leaves, and a daemon never starts a tool whose client left); each case but the first is said with
 * `warn`. Once the daemon was told to go, the tool is never run here: if the daemon stops before it answers,
 * an edit it was writing, whose journal it left, is finished here and that is thrown (the edit is whole, all
 * its files; only its answer is lost), and otherwise EditOutcomeUnknownError is thrown, as when it goes
 * silent or answers what this ts-graph does not understand. A failure of the tool (a refused rename) is
 * thrown as the tool threw it.
 */
export async function runToolThroughDaemon(
  target: DaemonTarget,
  request: DaemonToolRequest,
  options: DaemonRouteOptions,
): Promise<DaemonToolAnswer | undefined> {
  const waits = options.waits ?? {};
  const daemon = await reachDaemon(target, options.warn, waits);
  if (daemon === undefined) return undefined;
  const { pid } = daemon.hello;
  const here = `running ${request.command} in this process`;
  try {
    if (!daemon.hello.tools.includes(request.tool) || daemon.hello.dbPath !== target.dbPath) return undefined;
    let reply: Record<string, unknown> | undefined;
    try {
      const asked = {
        op: "tool",
        root: target.root,
        dbPath: target.dbPath,
        tool: request.tool,
        input: request.input,
      } as const;
      reply = await daemon.connection.request(asked, waits.readyMs ?? DAEMON_SILENCE_LIMIT_MS);
    } catch (error) {
      if (error instanceof DaemonGoneError)
        options.warn(`the daemon (pid ${pid}) stopped before it took ${request.command} up; ${here}`);
      else if (error instanceof DaemonSilentError)
        options.warn(`the daemon (pid ${pid}) is busy (${error.message}); ${here}`);
      else throw error;
      return undefined;
    }
    if (reply?.ok === false && typeof reply.declined === "string") {
      options.warn(`the daemon (pid ${pid}) does not run it (${reply.declined}); ${here}`);
      return undefined;
    }
    if (reply?.ok !== true || reply.ready !== true) {
      options.warn(
        `the daemon (pid ${pid}) gave an answer this ts-graph does not understand (${preview(reply)}); ${here}`,
      );
      return undefined;
    }
    // From `go` on, the daemon may write the edit at any moment: this process never runs it again (it could apply
    // it twice), it finishes an edit the daemon left half written, or says that the outcome is not known.
    let answer: Record<string, unknown> | undefined;
    try {
      answer = await daemon.connection.request({ op: "go" }, waits.toolSilenceMs ?? TOOL_SILENCE_LIMIT_MS);
    } catch (error) {
      if (error instanceof DaemonGoneError) {
        await processGone(pid, waits.goneMs ?? 5000);
        finishedByRecovery(target.root, pid, request.command);
        throw new EditOutcomeUnknownError(
          `the daemon (pid ${pid}) stopped while it ran ${request.command}, and left no edit half written`,
        );
      }
      if (error instanceof DaemonSilentError) {
        throw new EditOutcomeUnknownError(
          `the daemon (pid ${pid}) went silent while it ran ${request.command} (${error.message}), and may still write its edit`,
        );
      }
      throw error;
    }
    if (answer?.ok === true && isToolAnswer(answer.answer)) return answer.answer;
    const failure = toolErrorFromDaemon(answer);
    if (failure !== undefined) throw failure;
    throw new EditOutcomeUnknownError(
      `the daemon (pid ${pid}) gave an answer this ts-graph does not understand (${preview(answer)})`,
    );
  } finally {
    daemon.connection.close();
  }
}

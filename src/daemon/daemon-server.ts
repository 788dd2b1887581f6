import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { IndexSummary, RunOptions } from "../ingestion/run/indexer.js";
import { onLines } from "./daemon-connection.js";
import { daemonPaths, type DaemonPaths } from "./daemon-paths.js";
import {
  DAEMON_PROTOCOL,
  encodeMessage,
  KEEP_ALIVE_MS,
  parseRequest,
  type DaemonHello,
  type DaemonKind,
  type DaemonReply,
  type DaemonRequest,
  type DaemonToolAnswer,
} from "./daemon-protocol.js";
import { probeDaemon, readDaemonInfo, withDaemonLock } from "./daemon-socket.js";

/** What keeps the graph warm behind the socket: a served root (serve, daemon start) or a watching indexer (index --watch). */
export interface DaemonBackend {
  readonly root: string;
  readonly dbPath: string;
  readonly tsconfigs: readonly string[] | undefined;
  /** Brings the graph up to date with the files on disk; runs go one at a time. */
  update(options: RunOptions): Promise<IndexSummary>;
  /** The tools it runs for the CLI (`tool` requests, with runTool); none when absent. */
  readonly tools?: readonly string[];
  /** Runs one of `tools` on the kept graph and language session; throws what the tool throws. */
  runTool?(tool: string, input: Readonly<Record<string, unknown>>): Promise<DaemonToolAnswer>;
}

export interface DaemonServerOptions {
  readonly kind: DaemonKind;
  readonly version: string;
  /** Exit after this long without a request (`daemon start` only). */
  readonly idleMs?: number | undefined;
  /** The daemon was idle for idleMs. */
  onIdle?(): void;
  /** How often a keep-alive line goes out while an update runs (default KEEP_ALIVE_MS). */
  readonly keepAliveMs?: number;
  /** A client asked it to stop (`ts-graph daemon stop`; kind "daemon" only). */
  onStop?(): void;
  log(message: string): void;
}

export interface DaemonServer {
  readonly paths: DaemonPaths;
  hello(): DaemonHello;
  /** Stops listening and removes the socket and the info file (when they are still this process's). */
  close(): Promise<void>;
}

export type DaemonClaim =
  | { readonly claimed: DaemonServer }
  /** Another live daemon keeps this graph. */
  | { readonly busy: DaemonHello }
  /** The socket path holds something that is not ours: left as it is. */
  | { readonly refused: string };

/** A failure as the protocol carries it: a tool's error keeps what its front end shows (details, why and fix, an OS error's code and path). */
function failureOf(error: unknown): DaemonReply {
  if (!(error instanceof Error)) return { ok: false, error: { name: "Error", message: String(error) } };
  const {
    details,
    why,
    fix,
    code,
    path: errorPath,
  } = error as Error & Record<"details" | "why" | "fix" | "code" | "path", unknown>;
  const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
  const failure = {
    name: error.name,
    message: error.message,
    details:
      typeof details === "object" && details !== null && !Array.isArray(details)
        ? (details as Record<string, unknown>)
        : undefined,
    why: text(why),
    fix: text(fix),
    code: text(code),
    path: text(errorPath),
  };
  // Through JSON once: what cannot be sent (undefined fields) is left out here, not on the wire.
  return { ok: false, error: JSON.parse(JSON.stringify(failure)) as typeof failure };
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    // Owner-only from the start: the socket file is created by listen() under this mask.
    const mask = process.platform === "win32" ? undefined : process.umask(0o077);
    try {
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    } finally {
      if (mask !== undefined) process.umask(mask);
    }
  });
}

function writeInfo(paths: DaemonPaths, hello: DaemonHello): void {
  const temporary = `${paths.info}.${process.pid}`;
  fs.writeFileSync(temporary, `${JSON.stringify(hello)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, paths.info);
}

/** What a daemon server keeps while it runs: its clients, its activity (for the idle exit), and its socket file. */
interface ServerState {
  readonly startedAt: number;
  lastActivity: number;
  /** Requests being answered. */
  active: number;
  idleTimer: NodeJS.Timeout | undefined;
  closed: boolean;
  readonly sockets: Set<net.Socket>;
  /** The inode of the socket file this process created (not on Windows). */
  socketInode: number | undefined;
  /** The tool run under way and those waiting for it: one at a time, whichever client asked. */
  tools: Promise<void>;
}

function helloOf(backend: DaemonBackend, options: DaemonServerOptions, state: ServerState): DaemonHello {
  return {
    protocol: DAEMON_PROTOCOL,
    version: options.version,
    pid: process.pid,
    kind: options.kind,
    root: backend.root,
    dbPath: backend.dbPath,
    tsconfigs: backend.tsconfigs,
    startedAt: state.startedAt,
    idleExitAt: options.idleMs === undefined ? undefined : state.lastActivity + options.idleMs,
    tools: backend.runTool === undefined ? [] : [...(backend.tools ?? [])],
  };
}

function scheduleIdle(state: ServerState, options: DaemonServerOptions): void {
  if (options.idleMs === undefined || state.closed) return;
  clearTimeout(state.idleTimer);
  state.idleTimer = setTimeout(
    () => {
      if (state.active > 0 || Date.now() - state.lastActivity < (options.idleMs ?? 0)) scheduleIdle(state, options);
      else options.onIdle?.();
    },
    Math.max(10, state.lastActivity + options.idleMs - Date.now()),
  );
}

async function answer(
  backend: DaemonBackend,
  options: DaemonServerOptions,
  hello: () => DaemonHello,
  request: DaemonRequest,
): Promise<DaemonReply> {
  if (request.op === "hello") return { ok: true, hello: hello() };
  if (request.op === "tool" || request.op === "go")
    return failureOf(new Error(`${request.op} is answered by its connection, not here`));
  if (request.op === "stop") {
    if (options.kind !== "daemon") {
      return failureOf(
        new Error(
          `this graph is kept by \`ts-graph ${options.kind === "serve" ? "serve" : "index --watch"}\` (pid ${process.pid}); it stops with it`,
        ),
      );
    }
    return { ok: true, stopping: true };
  }
  try {
    const { force, rename } = request;
    return { ok: true, summary: await backend.update(rename === undefined ? { force } : { force, rename }) };
  } catch (error) {
    return failureOf(error);
  }
}

function realPath(file: string): string | undefined {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return undefined;
  }
}

type ToolRequest = Extract<DaemonRequest, { op: "tool" }>;

/** Why this daemon does not run a tool request (undefined: it does); the client then runs the tool itself. */
function declined(backend: DaemonBackend, request: ToolRequest): string | undefined {
  if (backend.runTool === undefined || !(backend.tools ?? []).includes(request.tool))
    return `this daemon does not run ${request.tool}`;
  const root = realPath(request.root);
  if (root === undefined || root !== realPath(backend.root))
    return `it keeps the graph of ${backend.root}, not of ${request.root}`;
  if (path.resolve(request.dbPath) !== path.resolve(backend.dbPath))
    return `its database is ${backend.dbPath}, not ${request.dbPath}`;
  return undefined;
}

/**
 * A client's tool request: declined, or `ready` at its turn (one tool at a time, whichever client asked), then
 * run on the client's `go`, with keep-alive lines while it runs. A client that left before its `go` (it stopped
 * waiting, and runs the tool itself) gets nothing run.
 */
async function answerTool(
  backend: DaemonBackend,
  options: DaemonServerOptions,
  state: ServerState,
  socket: net.Socket,
  request: ToolRequest,
  awaitGo: () => Promise<boolean>,
): Promise<void> {
  const send = (reply: DaemonReply): void => {
    if (!socket.destroyed) socket.write(encodeMessage(reply));
  };
  const reason = declined(backend, request);
  const runTool = backend.runTool?.bind(backend);
  if (reason !== undefined || runTool === undefined) {
    send({ ok: false, declined: reason ?? `this daemon does not run ${request.tool}` });
    return;
  }
  const turn = state.tools.then(async () => {
    if (socket.destroyed) return;
    const go = awaitGo();
    send({ ok: true, ready: true });
    if (!(await go)) return;
    const startedAt = performance.now();
    const keepAlive = setInterval(
      () => socket.destroyed || socket.write(encodeMessage({ working: true })),
      options.keepAliveMs ?? KEEP_ALIVE_MS,
    );
    let reply: DaemonReply;
    try {
      reply = { ok: true, answer: await runTool(request.tool, request.input) };
    } catch (error) {
      reply = failureOf(error);
    } finally {
      clearInterval(keepAlive);
    }
    const outcome = "error" in reply ? `failed (${reply.error.name})` : "answered";
    options.log(`${request.tool} run for a CLI command: ${outcome} in ${Math.round(performance.now() - startedAt)} ms`);
    send(reply);
  });
  state.tools = turn.catch(() => undefined);
  await turn;
}

/** The socket server: each client's requests are answered in the order they came, one line each. */
function createSocketServer(
  state: ServerState,
  options: DaemonServerOptions,
  backend: DaemonBackend,
  answerRequest: (request: DaemonRequest) => Promise<DaemonReply>,
): net.Server {
  return net.createServer((socket) => {
    state.sockets.add(socket);
    /** Set while a tool request waits for its client's `go`: resolves true on it, false when the client leaves. */
    let started: ((go: boolean) => void) | undefined;
    const awaitGo = (): Promise<boolean> =>
      new Promise((resolve) => {
        started = resolve;
        if (socket.destroyed) resolve(false);
      });
    socket.on("close", () => {
      state.sockets.delete(socket);
      started?.(false);
    });
    socket.on("error", () => socket.destroy());
    let queue: Promise<void> = Promise.resolve();
    onLines(socket, (line) => {
      const request = parseRequest(line);
      state.lastActivity = Date.now();
      if (request?.op === "go") {
        // Not queued: the tool request it starts holds this connection's queue until it is answered.
        started?.(true);
        started = undefined;
        return;
      }
      queue = queue.then(async () => {
        if (request === undefined) {
          socket.end(encodeMessage(failureOf(new Error("not a ts-graph daemon request"))));
          return;
        }
        state.active += 1;
        // While an update runs, a line every second or so tells the client the daemon is alive (not hung).
        const keepAlive =
          request.op === "update"
            ? setInterval(
                () => socket.destroyed || socket.write(encodeMessage({ working: true })),
                options.keepAliveMs ?? KEEP_ALIVE_MS,
              )
            : undefined;
        try {
          if (request.op === "tool") {
            await answerTool(backend, options, state, socket, request, awaitGo);
            return;
          }
          const reply = await answerRequest(request);
          clearInterval(keepAlive);
          if (!socket.destroyed) socket.write(encodeMessage(reply));
          if (request.op === "stop" && reply.ok) setImmediate(() => options.onStop?.());
        } finally {
          clearInterval(keepAlive);
          state.active -= 1;
          state.lastActivity = Date.now();
          scheduleIdle(state, options);
        }
      });
    });
  });
}

/** Stops listening and removes the socket and the info file when they are still this process's. */
async function closeServer(state: ServerState, server: net.Server, paths: DaemonPaths): Promise<void> {
  if (state.closed) return;
  state.closed = true;
  clearTimeout(state.idleTimer);
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const socket of state.sockets) socket.destroy();
  await stopped;
  // Remove only what is still this process's: another daemon may have claimed the path since.
  if (
    state.socketInode !== undefined &&
    fs.statSync(paths.socket, { throwIfNoEntry: false })?.ino === state.socketInode
  )
    fs.rmSync(paths.socket, { force: true });
  if (readDaemonInfo(paths)?.pid === process.pid) fs.rmSync(paths.info, { force: true });
  fs.rmSync(paths.log, { force: true });
  try {
    fs.rmdirSync(paths.folder);
  } catch {
    // Not empty (a log kept by the process that started it) or already gone.
  }
}

/** Under the daemon lock: listens on the socket unless a live daemon or something not ours holds it (a stale one is removed). */
async function claimSocket(
  state: ServerState,
  server: net.Server,
  paths: DaemonPaths,
  options: DaemonServerOptions,
  hello: () => DaemonHello,
): Promise<DaemonClaim> {
  const found = await probeDaemon(paths);
  if (found.state === "live") {
    found.connection.close();
    return { busy: found.hello };
  }
  if (found.state === "foreign") return { refused: found.reason };
  if (found.state === "stale") {
    options.log(`removed the stale daemon socket ${paths.socket} (its process is gone)`);
    fs.rmSync(paths.socket, { force: true });
    fs.rmSync(paths.info, { force: true });
  }
  try {
    await listen(server, paths.socket);
  } catch (error) {
    return { refused: `cannot listen on ${paths.socket}: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (process.platform !== "win32") {
    fs.chmodSync(paths.socket, 0o600);
    state.socketInode = fs.statSync(paths.socket).ino;
  }
  writeInfo(paths, hello());
  // A note about another daemon that would not stop is about a process that no longer listens here.
  fs.rmSync(paths.stopRefused, { force: true });
  return { claimed: { paths, hello, close: () => closeServer(state, server, paths) } };
}

/**
 * Claims the graph's daemon socket and answers on it: `hello`, `update` (a run of the backend, answered with
 * its summary) and `stop`. A stale socket of ours is removed first; a live daemon or something not ours is
 * left alone (busy, refused).
 */
export async function startDaemonServer(backend: DaemonBackend, options: DaemonServerOptions): Promise<DaemonClaim> {
  const paths = daemonPaths(backend.dbPath);
  const startedAt = Date.now();
  const state: ServerState = {
    startedAt,
    lastActivity: startedAt,
    active: 0,
    idleTimer: undefined,
    closed: false,
    sockets: new Set(),
    socketInode: undefined,
    tools: Promise.resolve(),
  };
  const hello = (): DaemonHello => helloOf(backend, options, state);
  const server = createSocketServer(state, options, backend, (request) => answer(backend, options, hello, request));
  const claim = await withDaemonLock(paths, () => claimSocket(state, server, paths, options, hello));
  if (claim === "busy") return { refused: `another process holds ${paths.lock} for too long` };
  if ("claimed" in claim) scheduleIdle(state, options);
  return claim;
}

/**
 * For a process that keeps the graph warm anyway (serve, index --watch): answers the root's CLI commands over
 * its daemon socket, unless another process already does or the path is not ours (said in the log; the
 * process goes on without it).
 */
export async function answerCliCommands(
  backend: DaemonBackend,
  options: DaemonServerOptions,
): Promise<DaemonServer | undefined> {
  let claim: DaemonClaim;
  try {
    claim = await startDaemonServer(backend, options);
  } catch (error) {
    claim = { refused: error instanceof Error ? error.message : String(error) };
  }
  if ("claimed" in claim) return claim.claimed;
  if ("busy" in claim)
    options.log(
      `a ts-graph ${claim.busy.kind} (pid ${claim.busy.pid}) already answers the CLI commands of ${backend.root}; this process does not`,
    );
  else options.log(`not answering the CLI commands of ${backend.root} over a daemon socket: ${claim.refused}`);
  return undefined;
}

import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from "node:worker_threads";
import { changedDeclarations, createVersionParser } from "./changed-declarations.js";
import { readFileVersions, runGit } from "./git.js";
import type { LineRange } from "./patch-log.js";

/**
 * The declarations each changed file version touched (symbol-level co-change), read and parsed in two threads
 * when there are many: every path's versions stay in one thread, in order, so that each version is still parsed
 * from the one before it (createVersionParser). The caller waits for both, synchronously: ingestion stays one
 * synchronous call (in the MCP server it already runs in a thread of its own).
 */
export interface VersionToMap {
  readonly commit: string;
  readonly path: string;
  /** Changed lines of this version. */
  readonly ranges: readonly LineRange[];
}

/** File versions read per `git cat-file --batch`: bounds the memory one batch holds. */
const VERSIONS_PER_BATCH = 1000;

/**
 * Fewer versions than this are mapped in the calling thread: a second thread costs a TypeScript load (about
 * 0.3 s of CPU) that only a long read pays back. An incremental read of a few commits stays in one thread.
 */
const VERSIONS_FOR_A_SECOND_THREAD = 400;

/** How long the caller waits for the second thread without it reporting progress before doing its share itself. */
const STALL_MS = 60_000;

/**
 * The second thread's script: the compiled one; else, when this runs from the TypeScript sources under tsx (the
 * benches), the source, which the worker runs through the tsx loader it inherits. Undefined elsewhere (the
 * tests run the sources without tsx): one thread.
 */
function workerFile(): string | undefined {
  const compiled = fileURLToPath(new URL("./map-versions-worker.js", import.meta.url));
  if (fs.existsSync(compiled)) return compiled;
  const source = fileURLToPath(new URL("./map-versions-worker.ts", import.meta.url));
  return process.execArgv.some((argument) => argument.includes("tsx")) && fs.existsSync(source) ? source : undefined;
}

/**
 * The declarations each version changed, in the order given (oldest first per path), or undefined for a
 * version git could not read. Each version is parsed from the previous version of its path.
 */
export function mapVersionsInOrder(toplevel: string, versions: readonly VersionToMap[], progress?: Int32Array): (string[] | undefined)[] {
  const parse = createVersionParser();
  // The last version of each path: its tree need not be kept for a next one.
  const lastOfPath = new Map(versions.map((version, index) => [version.path, index]));
  const names: (string[] | undefined)[] = [];
  for (let first = 0; first < versions.length; first += VERSIONS_PER_BATCH) {
    const batch = versions.slice(first, first + VERSIONS_PER_BATCH);
    const texts = readFileVersions(
      toplevel,
      batch.map((version) => `${version.commit}:${version.path}`),
    );
    batch.forEach((version, index) => {
      const text = texts[index];
      const tree = text === undefined ? undefined : parse(version.path, text, lastOfPath.get(version.path) === first + index);
      names.push(tree === undefined ? undefined : changedDeclarations(version.path, tree, version.ranges));
      if (progress !== undefined) Atomics.add(progress, 1, 1);
    });
  }
  return names;
}

/** The message the worker posts: the names of its versions, in its order, or why it failed. */
export type MapReply = { readonly ok: true; readonly names: (string[] | undefined)[] } | { readonly ok: false; readonly message: string };

/**
 * mapVersionsInOrder over two threads when there are enough versions and the compiled worker is there (tests
 * run the TypeScript sources: one thread). Same answer, in the same order, as mapVersionsInOrder.
 */
export function mapVersions(
  toplevel: string,
  versions: readonly VersionToMap[],
  minVersionsForThread = VERSIONS_FOR_A_SECOND_THREAD,
  /** Filled in with the threads that mapped versions (2 when the worker's answer was used). */
  report?: { threads: number },
): (string[] | undefined)[] {
  if (report !== undefined) report.threads = 1;
  const script = versions.length < minVersionsForThread ? undefined : workerFile();
  if (script === undefined) return mapVersionsInOrder(toplevel, versions);
  const [mine, theirs] = splitByPath(toplevel, versions);
  if (theirs.length === 0) return mapVersionsInOrder(toplevel, versions);
  // [0]: 1 once the worker has posted its reply; [1]: versions it has mapped (progress, to tell a stall).
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(script, {
    workerData: { toplevel, versions: theirs.map((index) => versions[index]), port: port2, signal },
    transferList: [port2],
  });
  // Failures arrive as a reply or as a stall; an 'error' event must not go unhandled once this thread is free.
  worker.on("error", () => {});
  const names: (string[] | undefined)[] = new Array(versions.length);
  const own = mapVersionsInOrder(
    toplevel,
    mine.map((index) => versions[index] as VersionToMap),
  );
  mine.forEach((index, at) => {
    names[index] = own[at];
  });
  const reply = awaitReply(signal, port1);
  port1.close();
  const theirNames = reply?.ok === true ? reply.names : undefined;
  if (theirNames === undefined) void worker.terminate();
  else if (report !== undefined) report.threads = 2;
  // The worker failed or stalled: its share is mapped here.
  const fallback =
    theirNames ??
    mapVersionsInOrder(
      toplevel,
      theirs.map((index) => versions[index] as VersionToMap),
    );
  theirs.forEach((index, at) => {
    names[index] = fallback[at];
  });
  return names;
}

/** Blocks until the worker replies, or until it makes no progress for STALL_MS; undefined then. */
function awaitReply(signal: Int32Array, port: MessagePort): MapReply | undefined {
  let seen = Atomics.load(signal, 1);
  let quietSince = performance.now();
  while (Atomics.load(signal, 0) === 0) {
    Atomics.wait(signal, 0, 0, 1000);
    const done = Atomics.load(signal, 1);
    if (done !== seen) {
      seen = done;
      quietSince = performance.now();
    } else if (performance.now() - quietSince > STALL_MS) return undefined;
  }
  // The reply was posted before the flag was raised; give the port a moment should it not show yet.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const received = receiveMessageOnPort(port);
    if (received !== undefined) return received.message as MapReply;
    Atomics.wait(signal, 1, Atomics.load(signal, 1), 20);
  }
  return undefined;
}

/**
 * The versions' indexes in two groups, each path whole in one of them, of about equal bytes to parse (sizes from
 * one `git cat-file --batch-check`): the paths heaviest first, each to the lighter group.
 */
function splitByPath(toplevel: string, versions: readonly VersionToMap[]): [number[], number[]] {
  const sizes = versionSizes(
    toplevel,
    versions.map((version) => `${version.commit}:${version.path}`),
  );
  const byPath = new Map<string, { indexes: number[]; bytes: number }>();
  versions.forEach((version, index) => {
    const entry = byPath.get(version.path) ?? { indexes: [], bytes: 0 };
    entry.indexes.push(index);
    entry.bytes += sizes[index] ?? 0;
    byPath.set(version.path, entry);
  });
  const groups: [{ indexes: number[]; bytes: number }, { indexes: number[]; bytes: number }] = [
    { indexes: [], bytes: 0 },
    { indexes: [], bytes: 0 },
  ];
  for (const entry of [...byPath.values()].sort((a, b) => b.bytes - a.bytes)) {
    const lighter = groups[0].bytes <= groups[1].bytes ? groups[0] : groups[1];
    lighter.indexes.push(...entry.indexes);
    lighter.bytes += entry.bytes;
  }
  // Each group in the original order: a path's versions oldest first.
  return [groups[0].indexes.sort((a, b) => a - b), groups[1].indexes.sort((a, b) => a - b)];
}

/** The size in bytes of each `<commit>:<path>` (0 for one git cannot find). */
function versionSizes(toplevel: string, requests: readonly string[]): number[] {
  const result = runGit(toplevel, ["cat-file", "--batch-check"], Buffer.from(`${requests.join("\n")}\n`, "utf8"));
  if (!result.ok) return requests.map(() => 0);
  const lines = result.stdout.toString("utf8").split("\n");
  return requests.map((_, index) => {
    const match = /^[0-9a-f]+ \w+ (\d+)$/.exec(lines[index] ?? "");
    return match === null ? 0 : Number(match[1]);
  });
}

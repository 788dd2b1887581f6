import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "../config/config-error.js";
import { daemonPaths } from "../daemon/daemon-paths.js";
import { startDaemonServer } from "../daemon/daemon-server.js";
import { OWN_VERSION } from "../daemon/own-version.js";
import type { IndexSummary, RunOptions } from "../ingestion/run/indexer.js";
import type { RenameHint } from "../model/rename-hint.js";
import { parseRequest } from "../daemon/daemon-protocol.js";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { until } from "../test-support/until.js";
import { probeDaemon } from "../daemon/daemon-socket.js";
import type { DaemonBackend } from "../daemon/daemon-server.js";
import { ToolInputError, ToolUnavailableError } from "../tools/tool-errors.js";
import { runToolThroughDaemon, updateThroughDaemon, type DaemonWaits } from "./daemon-route.js";
import { EXIT, exitCodeFor, USAGE_ERROR_NAMES } from "./exit-codes.js";

afterAll(removeTempDirs);

const servers: { close(): unknown }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** Short waits, so that a daemon that hangs costs the test a fraction of a second. */
const WAITS: DaemonWaits = { helloMs: 500, silenceMs: 300, stopMs: 200 };

const SUMMARY = { mode: "noop", files: { total: 1 } } as unknown as IndexSummary;

function target(): { root: string; dbPath: string } {
  const root = fs.realpathSync(makeTempDir());
  return { root, dbPath: path.join(root, ".ts-graph", "graph.db") };
}

/** What a fake daemon does with a request other than hello: write these lines (none: say nothing, ever). */
type Behaviour = (op: string, socket: net.Socket) => void;

/** A daemon of this test's making on the target's socket: answers hello as `hello` says, the rest as `behaviour` does. */
async function fakeDaemon(
  at: { root: string; dbPath: string },
  hello: { version: string; startedAt?: number; tools?: readonly string[] },
  behaviour: Behaviour,
): Promise<string[]> {
  const paths = daemonPaths(at.dbPath);
  fs.mkdirSync(paths.folder, { mode: 0o700, recursive: true });
  const requests: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk.toString();
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const op = (JSON.parse(buffer.slice(0, end)) as { op: string }).op;
        buffer = buffer.slice(end + 1);
        requests.push(op);
        const fullHello = {
          protocol: 2,
          pid: process.pid,
          kind: "daemon",
          root: at.root,
          dbPath: at.dbPath,
          startedAt: 1,
          ...hello,
        };
        if (op === "hello") socket.write(`${JSON.stringify({ ok: true, hello: fullHello })}\n`);
        else behaviour(op, socket);
      }
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(paths.socket, resolve));
  servers.push({ close: () => new Promise((resolve) => server.close(resolve)) });
  return requests;
}

async function update(at: {
  root: string;
  dbPath: string;
}): Promise<{ summary: IndexSummary | undefined; notes: string[]; ms: number }> {
  const notes: string[] = [];
  const startedAt = performance.now();
  const summary = await updateThroughDaemon(at, { warn: (message) => notes.push(message), waits: WAITS });
  return { summary, notes, ms: performance.now() - startedAt };
}

describe(updateThroughDaemon.name, () => {
  it("gives up a daemon that accepts the update and never answers, and says so: the command updates by itself", async () => {
    const at = target();
    await fakeDaemon(at, { version: OWN_VERSION }, () => undefined);
    const { summary, notes, ms } = await update(at);
    expect(summary).toBeUndefined();
    expect(notes).toEqual([
      expect.stringMatching(/the daemon \(pid \d+\) went silent \(no answer within 300 ms\); updating in this process/),
    ]);
    expect(ms).toBeLessThan(5000);
  });

  it("waits as long as a daemon's keep-alive lines say the update goes on", async () => {
    const at = target();
    await fakeDaemon(at, { version: OWN_VERSION }, (_op, socket) => {
      const keepAlive = setInterval(() => socket.write(`${JSON.stringify({ working: true })}\n`), 100);
      setTimeout(() => {
        clearInterval(keepAlive);
        socket.write(`${JSON.stringify({ ok: true, summary: SUMMARY })}\n`);
      }, 1000);
    });
    const { summary, notes } = await update(at);
    expect(notes).toEqual([]);
    expect(summary).toEqual(SUMMARY);
  });

  it("a real daemon server sends keep-alive lines while a long update runs, so the client waits for its summary", async () => {
    const at = target();
    const claim = await startDaemonServer(
      {
        ...at,
        tsconfigs: undefined,
        update: () => new Promise((resolve) => setTimeout(() => resolve(SUMMARY), 1000)),
      },
      { kind: "daemon", version: OWN_VERSION, keepAliveMs: 100, log: () => undefined },
    );
    if (!("claimed" in claim)) throw new Error("the daemon socket was not claimed");
    servers.push(claim.claimed);
    const { summary, notes } = await update(at);
    expect(notes).toEqual([]);
    expect(summary).toEqual(SUMMARY);
  });

  it("carries the rename an edit command wrote to the daemon's run, for that run alone", async () => {
    const at = target();
    const given: RunOptions[] = [];
    const claim = await startDaemonServer(
      {
        ...at,
        tsconfigs: undefined,
        update: async (options) => {
          given.push(options);
          return SUMMARY;
        },
      },
      { kind: "watch", version: OWN_VERSION, log: () => undefined },
    );
    if (!("claimed" in claim)) throw new Error("the daemon socket was not claimed");
    servers.push(claim.claimed);
    const rename: RenameHint = {
      oldName: "unit",
      newName: "one",
      files: [
        {
          path: "src/cart.ts",
          hashBefore: "a".repeat(40),
          hashAfter: "b".repeat(40),
          edits: [{ start: 3, length: 4, text: "one" }],
        },
      ],
    };
    const notes: string[] = [];
    expect(await updateThroughDaemon(at, { rename, warn: (note) => notes.push(note), waits: WAITS })).toEqual(SUMMARY);
    expect(await updateThroughDaemon(at, { warn: (note) => notes.push(note), waits: WAITS })).toEqual(SUMMARY);
    expect(notes).toEqual([]);
    expect(given).toEqual([{ force: false, rename }, { force: false }]);
  });

  it("reads an update's rename only when it is well formed: a malformed one makes the line no request", () => {
    const update = { op: "update", force: false };
    const rename = { oldName: "a", newName: "b", files: [] };
    expect(parseRequest(JSON.stringify({ ...update, rename }))).toEqual({ ...update, rename });
    for (const malformed of [
      {
        ...rename,
        files: [{ path: "src/a.ts", hashBefore: "x", hashAfter: "y", edits: [{ start: 1.5, length: 1, text: "b" }] }],
      },
      { ...rename, newName: 2 },
      { ...rename, files: [{ path: "src/a.ts" }] },
      "rename",
    ]) {
      expect(parseRequest(JSON.stringify({ ...update, rename: malformed }))).toBeUndefined();
    }
  });

  it.each([
    ["a line that is not JSON", "<html>"],
    ["a success without a summary", JSON.stringify({ ok: true })],
    ["a failure without a message", JSON.stringify({ ok: false, error: 42 })],
    ["a JSON array", "[1, 2]"],
  ])("falls back to its own run, with a note, when the daemon answers %s", async (_what, line) => {
    const at = target();
    await fakeDaemon(at, { version: OWN_VERSION }, (_op, socket) => socket.write(`${line}\n`));
    const { summary, notes } = await update(at);
    expect(summary).toBeUndefined();
    expect(notes).toEqual([
      expect.stringMatching(/gave an answer this ts-graph does not understand \(.+\); updating in this process/),
    ]);
  });

  it("reports a failure the daemon's run gave, as its own run would (a configuration error stays one)", async () => {
    const at = target();
    await fakeDaemon(at, { version: OWN_VERSION }, (_op, socket) =>
      socket.write(`${JSON.stringify({ ok: false, error: { name: "ConfigError", message: "bad config" } })}\n`),
    );
    await expect(update(at)).rejects.toThrow(ConfigError);
  });

  it("keeps exit 2 for every error name the CLI takes for a usage error, when a daemon reports it", async () => {
    expect([...USAGE_ERROR_NAMES]).toEqual(
      expect.arrayContaining(["ConfigError", "NotAGraphDbError", "GraphDbPathError"]),
    );
    for (const name of USAGE_ERROR_NAMES) {
      const at = target();
      await fakeDaemon(at, { version: OWN_VERSION }, (_op, socket) =>
        socket.write(`${JSON.stringify({ ok: false, error: { name, message: `a ${name}` } })}\n`),
      );
      const failure = await update(at).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(exitCodeFor(failure)).toBe(EXIT.usage);
    }
  });

  it("asks a daemon of another version that ignores stop once: the next commands do not wait for it", async () => {
    const at = target();
    const requests = await fakeDaemon(at, { version: "0.0.0-old", startedAt: 7 }, () => undefined);
    const first = await update(at);
    expect(first.summary).toBeUndefined();
    expect(first.notes).toEqual([
      expect.stringMatching(/the daemon of ts-graph 0\.0\.0-old \(pid \d+\) did not stop \(.*\): working without it/),
    ]);
    const second = await update(at);
    expect(second.summary).toBeUndefined();
    expect(second.notes).toEqual([
      expect.stringMatching(
        /the daemon of ts-graph 0\.0\.0-old \(pid \d+\) did not stop when asked before: working without it \(`kill \d+` stops it\)/,
      ),
    ]);
    expect(second.ms).toBeLessThan(WAITS.stopMs ?? 0);
    expect(requests.filter((op) => op === "stop")).toEqual(["stop"]);
  });

  it("asks again a daemon of another version that started since (another process at the same pid is not the one that refused)", async () => {
    const at = target();
    await fakeDaemon(at, { version: "0.0.0-old", startedAt: 7 }, () => undefined);
    await update(at);
    for (const server of servers.splice(0)) await server.close();
    const requests = await fakeDaemon(at, { version: "0.0.0-old", startedAt: 8 }, () => undefined);
    await update(at);
    expect(requests.filter((op) => op === "stop")).toEqual(["stop"]);
  });
});

const RENAME = {
  tool: "rename_symbol",
  command: "rename-symbol",
  input: { symbol: "total", newName: "sum", dryRun: false },
};
const ANSWER = {
  text: "rename src/a.ts:total → sum: written (1 file)\n",
  structured: { action: "rename src/a.ts:total → sum" },
};

/** A real daemon server on the target's socket whose backend runs `runTool` for rename_symbol. */
async function toolDaemon(at: { root: string; dbPath: string }, runTool: DaemonBackend["runTool"]): Promise<string[]> {
  const log: string[] = [];
  const claim = await startDaemonServer(
    { ...at, tsconfigs: undefined, update: async () => SUMMARY, tools: ["rename_symbol"], runTool },
    { kind: "daemon", version: OWN_VERSION, keepAliveMs: 100, log: (line) => log.push(line) },
  );
  if (!("claimed" in claim)) throw new Error("the daemon socket was not claimed");
  servers.push(claim.claimed);
  return log;
}

async function runTool(at: { root: string; dbPath: string }, waits: DaemonWaits = WAITS) {
  const notes: string[] = [];
  const answer = await runToolThroughDaemon(at, RENAME, { warn: (message) => notes.push(message), waits });
  return { answer, notes };
}

describe(runToolThroughDaemon.name, () => {
  it("runs the tool on the daemon with the command's input and gives back its answer", async () => {
    const at = target();
    const inputs: unknown[] = [];
    const log = await toolDaemon(at, async (tool, input) => {
      inputs.push({ tool, input });
      return ANSWER;
    });
    expect(await runTool(at)).toEqual({ answer: ANSWER, notes: [] });
    expect(inputs).toEqual([{ tool: "rename_symbol", input: RENAME.input }]);
    expect(log).toEqual([expect.stringMatching(/^rename_symbol run for a CLI command: answered in \d+ ms$/)]);
  });

  it("throws a failure of the tool as the tool threw it: an input error with its details, an unavailable one with why and fix, an OS error with its code and path", async () => {
    const failures: Error[] = [
      new ToolInputError("Cannot rename total to sum: sum already names another declaration. Nothing was written.", {
        reason: "refused",
      }),
      new ToolUnavailableError("the graph of /x is being indexed for the first time", "wait for it"),
      Object.assign(new Error("ENAMETOOLONG: name too long, open '/x/aaaa'"), {
        code: "ENAMETOOLONG",
        path: "/x/aaaa",
      }),
    ];
    for (const failure of failures) {
      const at = target();
      await toolDaemon(at, async () => {
        throw failure;
      });
      const thrown = await runTool(at).then(
        () => undefined,
        (error: unknown) => error as Error & Record<string, unknown>,
      );
      expect(thrown?.constructor).toBe(failure.constructor);
      expect({ ...thrown, name: thrown?.name, message: thrown?.message }).toEqual({
        ...failure,
        name: failure.name,
        message: failure.message,
      });
    }
  });

  it("leaves a daemon busy with another command's tool after readyMs and runs the tool itself; the daemon never runs the request its client left", async () => {
    const at = target();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    await toolDaemon(at, async () => {
      runs += 1;
      await gate;
      return ANSWER;
    });
    const first = runTool(at, { ...WAITS, toolSilenceMs: 5000 });
    await until(() => runs === 1, "the first tool run to start");
    const second = await runTool(at, { ...WAITS, readyMs: 300 });
    expect(second).toEqual({
      answer: undefined,
      notes: [
        expect.stringMatching(
          /the daemon \(pid \d+\) is busy \(no answer within 300 ms\); running rename-symbol in this process/,
        ),
      ],
    });
    release();
    expect((await first).answer).toEqual(ANSWER);
    // The second request comes to its turn now, with its client gone: it is dropped, not run.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(1);
  });

  it("declines, without running it, a tool request for another root, another database or a tool it does not run; a link to its root is its root", async () => {
    const at = target();
    let runs = 0;
    await toolDaemon(at, async () => {
      runs += 1;
      return ANSWER;
    });
    const other = target();
    const link = path.join(makeTempDir(), "link");
    fs.symlinkSync(at.root, link);
    const ask = async (request: Record<string, unknown>): Promise<Record<string, unknown> | undefined> => {
      const found = await probeDaemon(daemonPaths(at.dbPath));
      if (found.state !== "live") throw new Error(`no daemon: ${found.state}`);
      try {
        const reply = await found.connection.request(
          { op: "tool", root: at.root, dbPath: at.dbPath, tool: "rename_symbol", input: {}, ...request } as never,
          2000,
        );
        if (reply?.ready === true) return await found.connection.request({ op: "go" }, 2000);
        return reply;
      } finally {
        found.connection.close();
      }
    };
    expect(await ask({ root: other.root })).toEqual({
      ok: false,
      declined: `it keeps the graph of ${at.root}, not of ${other.root}`,
    });
    expect(await ask({ dbPath: other.dbPath })).toEqual({
      ok: false,
      declined: `its database is ${at.dbPath}, not ${other.dbPath}`,
    });
    expect(await ask({ tool: "delete_symbol" })).toEqual({
      ok: false,
      declined: "this daemon does not run delete_symbol",
    });
    expect(runs).toBe(0);
    expect(await ask({ root: link })).toEqual({ ok: true, answer: ANSWER });
    expect(runs).toBe(1);
  });

  it("asks nothing of a daemon that runs no tools (index --watch, an older ts-graph)", async () => {
    const at = target();
    const claim = await startDaemonServer(
      { ...at, tsconfigs: undefined, update: async () => SUMMARY },
      { kind: "watch", version: OWN_VERSION, log: () => undefined },
    );
    if (!("claimed" in claim)) throw new Error("the daemon socket was not claimed");
    servers.push(claim.claimed);
    expect(claim.claimed.hello().tools).toEqual([]);
    expect(await runTool(at)).toEqual({ answer: undefined, notes: [] });
  });

  it("never runs the tool itself once the daemon was told to go: a daemon that stops, goes silent or answers nonsense leaves the outcome unknown", async () => {
    const stops = target();
    await fakeDaemon(stops, { version: OWN_VERSION, tools: ["rename_symbol"] }, (op, socket) => {
      if (op === "tool") socket.write(`${JSON.stringify({ ok: true, ready: true })}\n`);
      else socket.destroy();
    });
    await expect(runTool(stops, { ...WAITS, goneMs: 50 })).rejects.toThrow(
      /the daemon \(pid \d+\) stopped while it ran rename-symbol, and left no edit half written: whether the edit was written is not known\. Look at the files/,
    );
    const silent = target();
    await fakeDaemon(silent, { version: OWN_VERSION, tools: ["rename_symbol"] }, (op, socket) => {
      if (op === "tool") socket.write(`${JSON.stringify({ ok: true, ready: true })}\n`);
    });
    await expect(runTool(silent, { ...WAITS, toolSilenceMs: 200 })).rejects.toThrow(
      /went silent while it ran rename-symbol .*may still write its edit/,
    );
    const nonsense = target();
    await fakeDaemon(nonsense, { version: OWN_VERSION, tools: ["rename_symbol"] }, (op, socket) => {
      socket.write(`${JSON.stringify(op === "tool" ? { ok: true, ready: true } : { what: 1 })}\n`);
    });
    await expect(runTool(nonsense)).rejects.toThrow(
      /gave an answer this ts-graph does not understand .*whether the edit was written is not known/,
    );
  });
});

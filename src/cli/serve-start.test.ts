import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, makeTempDir, removeTempDirs, runCli, writeChainProject } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

/**
 * Preloaded into the served process (`node --import`): appends the URL or path of every module it loads, ES
 * modules through a loader hook (in the main thread and in the threads it starts) and CommonJS ones through
 * require, to the file named by TS_GRAPH_TEST_MODULES.
 */
const MODULE_LOG_HOOK = `
import fs from "node:fs";
import Module, { register } from "node:module";
register("data:text/javascript," + encodeURIComponent(\`
import fs from "node:fs";
export async function load(url, context, next) {
  fs.appendFileSync(process.env.TS_GRAPH_TEST_MODULES, url + "\\\\n");
  return next(url, context);
}\`));
const load = Module._load;
Module._load = function (request, parent, isMain) {
  fs.appendFileSync(process.env.TS_GRAPH_TEST_MODULES, "require " + request + "\\n");
  return load.call(this, request, parent, isMain);
};
`;

interface Started {
  /** Sends a request and resolves with its answer. */
  ask(
    id: number,
    method: string,
    params: Record<string, unknown>,
  ): Promise<{ result?: { tools?: unknown[]; isError?: boolean } }>;
  /** The modules the server has loaded so far. */
  modules(): string[];
  stop(): Promise<void>;
}

function startServer(root: string, dir: string): Started {
  const hook = path.join(dir, "module-log.mjs");
  fs.writeFileSync(hook, MODULE_LOG_HOOK);
  const log = path.join(dir, "modules.txt");
  fs.writeFileSync(log, "");
  const child = spawn(process.execPath, ["--import", hook, CLI, "serve", "-r", root], {
    env: { ...process.env, TS_GRAPH_TEST_MODULES: log },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const waiting = new Map<number, (answer: { result?: { tools?: unknown[] } }) => void>();
  let buffered = "";
  child.stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
      const answer = JSON.parse(buffered.slice(0, end)) as { id?: number; result?: { tools?: unknown[] } };
      buffered = buffered.slice(end + 1);
      if (answer.id !== undefined) waiting.get(answer.id)?.(answer);
    }
  });
  child.stderr.resume();
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return {
    ask: (id, method, params) =>
      new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      }),
    modules: () => fs.readFileSync(log, "utf8").split("\n").filter(Boolean),
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

/** The modules among `loaded` that match `pattern`, shortened to their path under node_modules or dist. */
function matching(loaded: readonly string[], pattern: RegExp): string[] {
  return [
    ...new Set(
      loaded
        .filter((module) => pattern.test(module))
        .map((module) => module.replace(/^.*\/(node_modules|dist)\//, "$1/")),
    ),
  ];
}

const TYPESCRIPT = /node_modules\/(typescript|ts-morph|@ts-morph)\/|require (typescript|ts-morph)\b/;
/** What answering a call needs and listing the tools does not: the slices' answers, SQLite, the indexer, the watcher. */
const NOT_FOR_LISTING =
  /dist\/tools\/[a-z]+\/run\.js|better-sqlite3|chokidar|dist\/ingestion\/run\/indexer\.js|dist\/mcp\/served-root\.js/;

describe("serve's first answers (subprocess)", () => {
  it("lists its tools before loading any slice's answer, SQLite, the indexer or the watcher, and answers a first impact without TypeScript", async () => {
    const dir = makeTempDir();
    const root = path.join(dir, "served");
    writeChainProject(root, 3);
    expect(runCli(["index", root]).status).toBe(0);
    const server = startServer(root, dir);
    try {
      await server.ask(1, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "test", version: "1" },
      });
      const list = await server.ask(2, "tools/list", {});
      expect(list.result?.tools?.length).toBeGreaterThan(10);
      const atList = server.modules();
      expect(matching(atList, /dist\/mcp\/server\.js/)).toHaveLength(1);
      expect(matching(atList, NOT_FOR_LISTING)).toEqual([]);
      expect(matching(atList, TYPESCRIPT)).toEqual([]);

      const impact = await server.ask(3, "tools/call", { name: "impact", arguments: { symbol: "step0" } });
      expect(impact.result?.isError).toBeFalsy();
      const atAnswer = server.modules();
      expect(matching(atAnswer, /dist\/tools\/[a-z]+\/run\.js/)).toEqual(["dist/tools/impact/run.js"]);
      expect(matching(atAnswer, TYPESCRIPT)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

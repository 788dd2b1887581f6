import fc from "fast-check";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crashPointsPassed } from "../../db/crash-points.js";
import {
  CLI,
  freshSnapshot,
  makeTempDir,
  readerSnapshot,
  removeTempDirs,
  writeChainProject,
} from "../../test-support/fixtures.js";
import { openIndexer, type RunOptions } from "./indexer.js";

afterAll(removeTempDirs);

const FILES = 20;
const KILLS_PER_KIND = 20;
const NO_GRAPH = "(no graph)";

type RunKind = "full" | "forced" | "incremental";

/** What a reader finds at dbPath (root/.ts-graph/graph.db): no graph, or the snapshot of the graph it reads (read-only). */
function readGraph(dbPath: string): string {
  return fs.existsSync(dbPath) ? readerSnapshot(dbPath) : NO_GRAPH;
}

async function runInProcess(root: string, options: RunOptions): Promise<void> {
  const indexer = openIndexer({ root });
  try {
    await indexer.run(options);
  } finally {
    indexer.close();
  }
}

/** Changes the graph: every module gains a function, and a class that calls it. */
function rewriteAll(root: string): void {
  for (let i = 0; i < FILES; i += 1) {
    const file = path.join(root, "src", `m${i}.ts`);
    fs.appendFileSync(
      file,
      `export function extra${i}(): number {\n  return step${i}(${i});\n}\nexport class Later${i} extends Holder${i} {\n  more(): number { return extra${i}(); }\n}\n`,
    );
  }
}

/**
 * One root per run kind, and the database bytes it starts from: none for a first (full) index, the graph of
 * variant 0 for the others, with every file then rewritten as variant 1 (so that the run changes the graph).
 */
async function prepare(
  kind: RunKind,
): Promise<{ root: string; dbPath: string; start: Buffer | undefined; after: string }> {
  const root = makeTempDir(`ts-graph-kill-${kind}-`);
  const dbPath = path.join(root, ".ts-graph", "graph.db");
  writeChainProject(root, FILES, 0);
  // No lib files: a child process then costs little more than loading TypeScript, and there are 60 of them.
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        noLib: true,
        types: [],
      },
      include: ["src"],
    }),
  );
  let start: Buffer | undefined;
  if (kind !== "full") {
    await runInProcess(root, {});
    start = fs.readFileSync(dbPath);
    expect(fs.existsSync(`${dbPath}-wal`)).toBe(false);
  }
  rewriteAll(root);
  return { root, dbPath, start, after: await freshSnapshot(root) };
}

function restore(dbPath: string, start: Buffer | undefined): void {
  fs.rmSync(path.dirname(dbPath), { recursive: true, force: true });
  if (start === undefined) return;
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  fs.writeFileSync(dbPath, start);
}

/** How many crash points a run of this kind passes (counted in this process, where they do not kill). */
async function crashPointsOf(kind: RunKind, root: string, dbPath: string, start: Buffer | undefined): Promise<number> {
  restore(dbPath, start);
  const before = crashPointsPassed();
  await runInProcess(root, { force: kind === "forced" });
  return crashPointsPassed() - before;
}

/** Runs `ts-graph index` in a child that kills itself at crash point `at`, reading the graph in a loop meanwhile. */
async function killedRun(
  kind: RunKind,
  root: string,
  dbPath: string,
  at: number,
): Promise<{ seen: Set<string>; signal: string | null }> {
  const args = [CLI, "index", root, "--quiet", ...(kind === "forced" ? ["--force"] : [])];
  const child = spawn(process.execPath, args, {
    stdio: "ignore",
    env: { ...process.env, TS_GRAPH_CRASH_AT: String(at) },
  });
  let exited = false;
  let signal: string | null = null;
  const done = new Promise<void>((resolve) =>
    child.on("exit", (_code, killedBy) => {
      exited = true;
      signal = killedBy;
      resolve();
    }),
  );
  const seen = new Set<string>();
  while (!exited) {
    seen.add(readGraph(dbPath));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await done;
  seen.add(readGraph(dbPath));
  return { seen, signal };
}

const KINDS = ["full", "forced", "incremental"] as const;

describe("atomic publish: index runs killed at any write", () => {
  const prepared = new Map<RunKind, Awaited<ReturnType<typeof prepare>> & { points: number }>();
  beforeAll(async () => {
    // One kind at a time: the crash-point counter is the process's.
    for (const kind of KINDS) {
      const setup = await prepare(kind);
      prepared.set(kind, { ...setup, points: await crashPointsOf(kind, setup.root, setup.dbPath, setup.start) });
    }
  });

  for (const kind of KINDS) {
    it.concurrent(`${kind}: every read sees the graph before or after the run, and the next run converges`, async () => {
      const setup = prepared.get(kind);
      if (setup === undefined) throw new Error(`${kind} was not prepared`);
      const { root, dbPath, start, after, points } = setup;
      restore(dbPath, start);
      const before = readGraph(dbPath);
      expect(before).not.toBe(after);
      expect(points).toBeGreaterThanOrEqual(KILLS_PER_KIND);
      let kills = 0;
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: points }), async (at) => {
          restore(dbPath, start);
          const { seen, signal } = await killedRun(kind, root, dbPath, at);
          if (signal === "SIGKILL") kills += 1;
          for (const graph of seen) expect([before, after]).toContain(graph);
          await runInProcess(root, {});
          expect(readGraph(dbPath)).toBe(after);
        }),
        { seed: 19, numRuns: KILLS_PER_KIND },
      );
      expect(kills).toBe(KILLS_PER_KIND);
    });
  }
});

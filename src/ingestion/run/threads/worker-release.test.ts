import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../../../test-support/fixtures.js";
import { writeProject } from "../../../test-support/incremental.js";
import { until } from "../../../test-support/until.js";
import type { openWorkerIndexer as OpenWorkerIndexer } from "./worker-indexer.js";

afterAll(removeTempDirs);

const REPO = path.resolve(import.meta.dirname, "../../../..");

/** TypeScript 7's API processes this process started (`tsc --api`), by pid. */
function apiChildren(): string[] {
  const out = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(process.pid)], { encoding: "utf8" });
  return out
    .split("\n")
    .filter((line) => line.includes(" --api"))
    .map((line) => line.trim().split(/\s+/)[0] ?? "");
}

describe("the indexing thread of a server or daemon, on TypeScript 7", () => {
  it("ends TypeScript 7's child process with it when it is released", async () => {
    // The built module: its indexing thread is the compiled index-worker.js beside it (the sources run in this thread).
    const { openWorkerIndexer } = (await import(path.join(REPO, "dist/ingestion/run/threads/worker-indexer.js"))) as {
      openWorkerIndexer: typeof OpenWorkerIndexer;
    };
    const root = writeProject({ "src/a.ts": "export function a(): number {\n  return 1;\n}\n" });
    const before = apiChildren();
    const runner = openWorkerIndexer({
      root,
      dbPath: path.join(makeTempDir("ts-graph-release-"), "graph.db"),
      keepPrograms: true,
      engine: "ts7",
    });
    try {
      await runner.run();
      await runner.warm();
      const started = apiChildren().filter((pid) => !before.includes(pid));
      expect(started).toHaveLength(1);
      expect(await runner.release()).toBe(true);
      await until(
        () => apiChildren().filter((pid) => started.includes(pid)).length === 0,
        "TypeScript 7's child to end after the release",
      );
    } finally {
      await runner.close();
    }
  });
});

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, copySampleProject, removeTempDirs } from "../../test-support/fixtures.js";
import { openIndexer, type IndexSummary } from "./indexer.js";

afterAll(removeTempDirs);

/** Runs `ts-graph index root --json` in a fresh process and tells whether it loaded the TypeScript compiler. */
function runInFreshProcess(root: string): { mode: string; loadedTypeScript: boolean } {
  const cli = path.join(REPO_ROOT, "dist", "cli.js");
  const script = `
    import { createRequire } from "node:module";
    const require = createRequire(import.meta.url);
    let printed = "";
    process.stdout.write = (chunk) => ((printed += chunk), true);
    process.argv = [process.execPath, ${JSON.stringify(cli)}, "index", ${JSON.stringify(root)}, "--json"];
    await import(${JSON.stringify(cli)});
    const loadedTypeScript = Object.keys(require.cache).some((file) => file.includes("ts-morph"));
    console.error(JSON.stringify({ mode: JSON.parse(printed).mode, loadedTypeScript }));
  `;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  expect(result.status).toBe(0);
  return JSON.parse(result.stderr) as { mode: string; loadedTypeScript: boolean };
}

describe("a run with nothing to do", () => {
  it("answers from the database without loading the TypeScript compiler", () => {
    const root = copySampleProject("web-app");
    expect(runInFreshProcess(root)).toEqual({ mode: "full", loadedTypeScript: true });
    expect(runInFreshProcess(root)).toEqual({ mode: "noop", loadedTypeScript: false });
  });
});

describe("a run with nothing to do, in a process that keeps its indexer (a daemon)", () => {
  it("reports the graph's counts as another process left them", async () => {
    const root = copySampleProject("web-app");
    const kept = openIndexer({ root });
    try {
      const first = await kept.run();
      expect((await kept.run()).mode).toBe("noop");
      fs.appendFileSync(
        path.join(root, "shared", "money.ts"),
        "\nexport function extraForCounts(): number {\n  return 1;\n}\n",
      );
      const other = openIndexer({ root });
      let changed: IndexSummary;
      try {
        changed = await other.run();
      } finally {
        other.close();
      }
      expect(changed.nodes.total).toBe(first.nodes.total + 1);
      const after = await kept.run();
      expect(after.mode).toBe("noop");
      expect({ nodes: after.nodes, edges: after.edges }).toEqual({ nodes: changed.nodes, edges: changed.edges });
    } finally {
      kept.close();
    }
  });
});

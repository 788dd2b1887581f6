import path from "node:path";
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import { integrationReason, testProjects } from "./test-projects.js";

const REPO_ROOT = path.join(import.meta.dirname, "..", "..");

describe("integrationReason", () => {
  it("names what a test starts: a process, a thread, an index run, the server, or a test-support module that does", () => {
    expect(integrationReason('import { execFileSync } from "node:child_process";')).toBe("imports node:child_process");
    expect(integrationReason('import { Worker } from "node:worker_threads";')).toBe("imports node:worker_threads");
    expect(integrationReason('import { indexProject } from "../run/indexer.js";')).toBeUndefined();
    expect(integrationReason('import { runIndex } from "../ingestion/run/indexer.js";')).toBe(
      "imports ../ingestion/run/indexer.js",
    );
    expect(integrationReason('import { makeTempDir } from "../test-support/fixtures.js";')).toBe(
      "imports test-support/fixtures",
    );
    expect(integrationReason('import { startServer } from "./daemon/daemon-server.js";')).toBe(
      "imports ./daemon/daemon-server.js",
    );
    // Written in two parts, so that this file does not name the CLI's build itself.
    expect(integrationReason(`const cli = path.join(root, "${["dist", "cli.js"].join("/")}");`)).toMatch(
      /^runs dist\/cli\.js$/,
    );
  });

  it("leaves pure tests, in-memory graphs and type-only imports to the unit project", () => {
    expect(
      integrationReason(
        'import { buildMemoryGraph } from "../test-support/memory-graph.js";\nimport { plural } from "./text.js";',
      ),
    ).toBeUndefined();
    expect(integrationReason('import type { Worker } from "node:worker_threads";')).toBeUndefined();
  });
});

describe("testProjects", () => {
  const projects = testProjects(REPO_ROOT);

  it("puts every test file of src/ and bench/ in exactly one project", () => {
    const all = [...projects.unit, ...projects.integration];
    expect(new Set(all).size).toBe(all.length);
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return walk(full);
        return entry.name.endsWith(".test.ts") ? [path.relative(REPO_ROOT, full).split(path.sep).join("/")] : [];
      });
    const testFiles = [...walk(path.join(REPO_ROOT, "src")), ...walk(path.join(REPO_ROOT, "bench"))].sort();
    expect([...all].sort()).toEqual(testFiles);
  });

  it("keeps this file in the unit project and an index-running test in the integration one", () => {
    expect(projects.unit).toContain("src/test-support/test-projects.test.ts");
    expect(projects.integration).toContain("src/ingestion/run/threads/parallel-extraction.test.ts");
  });
});

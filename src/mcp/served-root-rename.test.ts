import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { writeEditProject } from "../test-support/edit-project.js";
import { freshIndex, makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { diffGraphDumps, dumpGraph } from "../test-support/graph-dump.js";
import { writeRename } from "../test-support/rename-run.js";
import { until } from "../test-support/until.js";
import { createPathValidator } from "../tools/inputs/path-validator.js";
import type { RootState } from "../tools/tool-contract.js";
import { openServedRoot, type ServedRoot } from "./served-root.js";

/** A served root's edit update carries the rename the edit wrote: no other run is told it (issue 31). */

afterAll(removeTempDirs);

const opened: ServedRoot[] = [];
afterEach(async () => {
  for (const root of opened.splice(0)) await root.close();
});

/** A served root of the edit project, indexed and watching, its programs built; its log lines in `logs`. */
async function servedEditProject(): Promise<{ served: ServedRoot; root: string; logs: string[] }> {
  const root = fs.realpathSync(makeTempDir());
  writeEditProject(root);
  const logs: string[] = [];
  const states = (): readonly RootState[] => [];
  const served = openServedRoot(
    { root },
    createPathValidator([root]),
    { log: (line) => logs.push(line) },
    {
      states,
      memory: () => ({ rssBytes: 0, budgetBytes: Number.MAX_SAFE_INTEGER, idleReleaseMinutes: 0 }),
    },
  );
  opened.push(served);
  await served.start();
  await until(() => served.state().memory?.programs === "kept", "the root's programs");
  return { served, root, logs };
}

async function expectEqualsFullIndex(root: string, dbPath: string): Promise<void> {
  const db = new Database(dbPath, { readonly: true });
  try {
    expect(diffGraphDumps(dumpGraph(db), (await freshIndex(root)).dump)).toEqual({});
  } finally {
    db.close();
  }
}

describe("a served root's rename update", () => {
  it("tells the edit's own run the rename, not a run another caller starts right after it: the edit's run patches the graph", async () => {
    const { served, root, logs } = await servedEditProject();
    const support = await served.context.editSupport?.();
    if (support === undefined) throw new Error("a served root has edit support");
    const rename = writeRename(root, support, { file: "src/cart.ts", line: 14, name: "unit" }, "one");
    if (rename === undefined) throw new Error("TypeScript refused the rename");
    const edit = served.context.ensureFresh(
      rename.files.map((file) => path.join(root, file.path)),
      rename,
    );
    // A CLI command's update through the daemon socket, asked before the edit's own run was started.
    const other = await served.update({});
    await edit;
    expect(other.renamePatch).toBeUndefined();
    expect(logs).toContainEqual(
      expect.stringMatching(/: src\/cart\.ts, src\/main\.ts changed: the rename patched in \d+ ms$/),
    );
    expect(logs.filter((line) => line.includes("not patched"))).toEqual([]);
    await expectEqualsFullIndex(root, served.dbPath);
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copySampleProject, indexAndSnapshot, makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { dumpGraph } from "../../test-support/graph-dump.js";
import { openIndexer } from "./indexer.js";

afterAll(removeTempDirs);

/** Copies a checkout, its database included, to a new folder, as a CI cache restored elsewhere does. */
function moveCheckout(root: string, keepTimes: boolean): string {
  const target = path.join(makeTempDir("ts-graph-moved-"), path.basename(root));
  fs.cpSync(root, target, { recursive: true, preserveTimestamps: keepTimes });
  return target;
}

describe("a graph database moved with its root", () => {
  it("is a no-op in another checkout of the same sources (fresh file times)", async () => {
    const root = copySampleProject("monorepo");
    const first = await indexAndSnapshot(root);
    expect(first.summary.mode).toBe("full");
    const moved = moveCheckout(root, false);
    const again = await indexAndSnapshot(moved);
    expect(again.summary.mode).toBe("noop");
    expect(again.snapshot).toBe(first.snapshot);
  });

  it("is a no-op when the copy keeps the file times", async () => {
    const root = copySampleProject("web-app");
    await indexAndSnapshot(root);
    const moved = moveCheckout(root, true);
    expect((await indexAndSnapshot(moved)).summary.mode).toBe("noop");
  });

  it("updates incrementally in a checkout where one file changed, to what a fresh index writes", async () => {
    const root = copySampleProject("web-app");
    await indexAndSnapshot(root);
    const moved = moveCheckout(root, true);
    const file = path.join(moved, "shared", "validation.ts");
    fs.writeFileSync(
      file,
      `${fs.readFileSync(file, "utf8")}\nexport function addedInTheMove(): number {\n  return 1;\n}\n`,
    );
    const updated = await indexAndSnapshot(moved);
    expect(updated.summary.mode).toBe("incremental");
    expect(updated.summary.extractedPaths).toContain("shared/validation.ts");
    const fresh = await indexAndSnapshot(moved, { dbPath: path.join(makeTempDir(), "fresh.db") });
    expect(updated.snapshot).toBe(fresh.snapshot);
  });

  it("notices a file added in the new checkout even while the old checkout is unchanged", async () => {
    const root = copySampleProject("web-app");
    await indexAndSnapshot(root);
    const moved = moveCheckout(root, true);
    fs.writeFileSync(path.join(moved, "shared", "added.ts"), "export const added = 1;\n");
    const updated = await indexAndSnapshot(moved);
    expect(updated.summary.mode).toBe("incremental");
    expect(updated.summary.extractedPaths).toContain("shared/added.ts");
  });

  it.each(["monorepo", "no-tsconfig"])(
    "stores no absolute path of the root anywhere in the database (%s)",
    async (sample) => {
      const root = copySampleProject(sample);
      const indexer = openIndexer({ root });
      try {
        await indexer.run();
        expect(JSON.stringify(dumpGraph(indexer.db))).not.toContain(root);
        const meta = indexer.db.prepare("SELECT key, value FROM meta").all() as { key: string; value: string }[];
        expect(meta.map((row) => row.key)).toContain("discovery");
        expect(JSON.stringify(meta)).not.toContain(root);
      } finally {
        indexer.close();
      }
      const bytes = Buffer.concat([
        fs.readFileSync(indexer.dbPath),
        ...(fs.existsSync(`${indexer.dbPath}-wal`) ? [fs.readFileSync(`${indexer.dbPath}-wal`)] : []),
      ]);
      expect(bytes.includes(Buffer.from(root))).toBe(false);
    },
  );
});

import { afterAll, describe, expect, it } from "vitest";
import { freshIndex, removeTempDirs } from "../../test-support/fixtures.js";
import { diffGraphDumps, dumpGraph } from "../../test-support/graph-dump.js";
import { editProjectFile as edit, writeProject as project } from "../../test-support/incremental.js";
import { openIndexer, type Indexer } from "./indexer.js";

afterAll(removeTempDirs);

/** Runs the long-lived indexer (as a watcher, a daemon or the server keeps one) and checks its graph equals a fresh full index. */
async function expectRunEqualsFull(indexer: Indexer, root: string): Promise<readonly string[]> {
  const summary = await indexer.run();
  const full = await freshIndex(root);
  expect(diffGraphDumps(dumpGraph(indexer.db), full.dump)).toEqual({});
  return summary.extractedPaths;
}

describe("an indexer that keeps its programs between runs", () => {
  it("equals a full index when what a computed accessor key stands for changes in another file", async () => {
    const root = project({
      "src/base.ts": 'export const Prefix = "al";\n',
      "src/keys.ts":
        'import { Prefix } from "./base";\nexport const Key = `${Prefix}pha` as const;\nexport const Plain = "plain";\n',
      "src/box.ts":
        'import { Key } from "./keys";\nexport class Box {\n  get [Key](): number {\n    return 1;\n  }\n  get other(): number {\n    return 2;\n  }\n}\n',
      "src/use.ts":
        'import { Box } from "./box";\nexport function use(box: Box): number {\n  return box.alpha + box.other;\n}\n',
      "src/later.ts":
        'import { Box } from "./box";\nexport function later(box: Box): number {\n  return box.other;\n}\n',
    });
    // Every use of the member by name is edited in the run that changes the key: a file that only names the
    // member by its old value is not re-extracted (ISSUES.md, Incremental updates).
    const indexer = openIndexer({ root, keepPrograms: true });
    try {
      await indexer.run();
      // The key's value changes in the file that declares it: the member is now `beta` (a use changes with it).
      edit(root, "src/keys.ts", (text) => text.replace("`${Prefix}pha` as const", '"beta"'));
      edit(root, "src/use.ts", (text) => text.replace("box.alpha", "box.beta"));
      expect(await expectRunEqualsFull(indexer, root)).toContain("src/box.ts");
      // A later run that does not re-extract box.ts: a new use of the member by its new name is an edge.
      edit(root, "src/later.ts", (text) => text.replace("box.other", "box.beta"));
      expect(await expectRunEqualsFull(indexer, root)).toEqual(["src/later.ts"]);
      // Two files away: the key is built from another module's constant again, and that constant changes.
      edit(root, "src/keys.ts", (text) => text.replace('"beta"', "`${Prefix}pha` as const"));
      edit(root, "src/use.ts", (text) => text.replace("box.beta", "box.alpha"));
      edit(root, "src/later.ts", (text) => text.replace("box.beta", "box.other"));
      await expectRunEqualsFull(indexer, root);
      edit(root, "src/base.ts", (text) => text.replace('"al"', '"be"'));
      edit(root, "src/use.ts", (text) => text.replace("box.alpha", "box.bepha"));
      await expectRunEqualsFull(indexer, root);
      edit(root, "src/later.ts", (text) => text.replace("box.other", "box.bepha"));
      expect(await expectRunEqualsFull(indexer, root)).toEqual(["src/later.ts"]);
    } finally {
      indexer.close();
    }
  });
});

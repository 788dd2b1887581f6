import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copySampleProject, removeTempDirs } from "../../test-support/fixtures.js";
import { dumpGraph } from "../../test-support/graph-dump.js";
import { writeProject } from "../../test-support/incremental.js";
import {
  expectEqualsFull,
  randomRenamesEqualFull,
  renameAndRun,
  withKeptIndexer,
} from "../../test-support/rename-run.js";
import type { EditSupport } from "../../model/edit-ports.js";
import { openEditSupport } from "../edit/edit-support.js";
import { openIndexer, type Indexer } from "./indexer.js";

afterAll(removeTempDirs);

const RENAMES = `
export function consoleWith<A>(f: (c: Console) => A): A {
  return f(console);
}
export const curried = (n: number) => (m: number) => n + m;
export class Box {
  value = 1;
  open(): number {
    return this.value;
  }
}
export interface Shape {
  size: number;
}
`;

const USES = `
import { Box, consoleWith, curried, type Shape } from "./renames";
import * as all from "./renames";

export const shorthand = { consoleWith };
export function use(shape: Shape): number {
  const made = new Box();
  consoleWith((c) => c.log(shape.size));
  all.consoleWith(() => 1);
  return curried(1)(2) + made.open() + all.curried(3)(4);
}
`;

const RE_EXPORTS = `export { consoleWith, Box } from "./renames";\nexport type { Shape } from "./renames";\n`;

/** Indexes a copy of `sample` (or the renames project), runs `body` with its indexer (keeping programs) and edit support. */
async function withIndexedProject(
  sample: string | undefined,
  body: (indexer: Indexer, support: EditSupport) => Promise<void>,
): Promise<void> {
  const root =
    sample === undefined
      ? writeProject({
          "src/renames.ts": RENAMES,
          "src/uses.ts": USES,
          "src/index.ts": RE_EXPORTS,
          "src/other.ts": "export const other = 1;\n",
        })
      : copySampleProject(sample);
  await withKeptIndexer(root, body);
}

describe("a rename patched into the graph equals a full index", () => {
  it("for a function, a curried arrow (dynamic calls), a class and an interface, imported, re-exported and used in shorthand", async () => {
    await withIndexedProject(undefined, async (indexer, support) => {
      const steps = [
        { at: { file: "src/renames.ts", line: 2, name: "consoleWith" }, newName: "withConsole" },
        { at: { file: "src/renames.ts", line: 5, name: "curried" }, newName: "adder" },
        { at: { file: "src/renames.ts", line: 6, name: "Box" }, newName: "Crate" },
        { at: { file: "src/renames.ts", line: 12, name: "Shape" }, newName: "Form" },
      ];
      for (const step of steps) {
        const summary = await renameAndRun(indexer, support, step.at, step.newName);
        expect(summary?.renamePatch).toEqual({ applied: true });
        expect(summary?.extractedPaths.length).toBeGreaterThan(0);
        await expectEqualsFull(indexer);
      }
      const dump = dumpGraph(indexer.db);
      expect(dump.dynamic_calls?.some((row) => row.includes('"adder(1)"'))).toBe(true);
      expect(dump.edges?.some((row) => row.includes('"src/index.ts","IMPORTS"') && row.includes("withConsole"))).toBe(
        true,
      );
      // The kept programs read the renamed files again: an ordinary edit after the patch is extracted from the new text.
      fs.appendFileSync(
        path.join(indexer.root, "src/uses.ts"),
        "export const again = withConsole(() => adder(5)(6));\n",
      );
      const after = await indexer.run();
      expect(after.renamePatch).toBeUndefined();
      await expectEqualsFull(indexer);
    });
  });

  it("is refused for a member whose name the library has, and the files are then re-extracted", async () => {
    await withIndexedProject(undefined, async (indexer, support) => {
      const summary = await renameAndRun(indexer, support, { file: "src/renames.ts", line: 8, name: "open" }, "unlock");
      expect(summary?.renamePatch).toEqual({
        applied: false,
        why: "a member is renamed: TypeScript's library declares open or unlock",
      });
      expect(summary?.extractedPaths).toContain("src/uses.ts");
      await expectEqualsFull(indexer);
    });
  });

  it("renames the targets of export names, and is refused when a local export starts naming its declaration otherwise", async () => {
    const root = writeProject({
      "src/impl.ts": "class Impl {}\nclass Plain {}\nexport { Impl as Public, Plain };\nexport default Impl;\n",
      "src/index.ts": 'export { Public as Api } from "./impl";\n',
    });
    const indexer = openIndexer({ root, keepPrograms: true });
    try {
      await indexer.run();
      const support = openEditSupport(root);
      const renamed = await renameAndRun(indexer, support, { file: "src/impl.ts", line: 1, name: "Impl" }, "Core");
      expect(renamed?.renamePatch).toEqual({ applied: true });
      await expectEqualsFull(indexer);
      expect(dumpGraph(indexer.db).export_names).toContain(JSON.stringify(["src/index.ts", "Api", "src/impl.ts:Core"]));
      const plain = await renameAndRun(indexer, support, { file: "src/impl.ts", line: 2, name: "Plain" }, "Simple");
      expect(plain?.renamePatch).toEqual({ applied: false, why: "a name src/impl.ts exports changed" });
      await expectEqualsFull(indexer);
    } finally {
      indexer.close();
    }
  });

  it("renames a class in the receivers of the calls made through it", async () => {
    const root = writeProject({
      "src/base.ts": "export abstract class Base {\n  abstract query(): string;\n}\n",
      "src/mid.ts":
        'import { Base } from "./base";\nexport abstract class Mid extends Base {\n  load(): string {\n    return this.query();\n  }\n}\n',
      "src/use.ts":
        'import type { Mid } from "./mid";\nexport function viaMid(mid: Mid): string {\n  return mid.query();\n}\n',
    });
    const indexer = openIndexer({ root, keepPrograms: true });
    try {
      await indexer.run();
      const renamed = await renameAndRun(
        indexer,
        openEditSupport(root),
        { file: "src/mid.ts", line: 2, name: "Mid" },
        "Middle",
      );
      expect(renamed?.renamePatch).toEqual({ applied: true });
      await expectEqualsFull(indexer);
      const receivers = indexer.db
        .prepare("SELECT DISTINCT receivers FROM edges WHERE receivers IS NOT NULL")
        .pluck()
        .all();
      expect(receivers).toEqual(['["src/mid.ts:Middle"]']);
    } finally {
      indexer.close();
    }
  });

  it("renames an interface in the receivers of the library calls made through it", async () => {
    const root = writeProject({
      "src/named.ts":
        'export interface Named {\n  readonly name: string;\n}\nexport class Person implements Named {\n  readonly name = "p";\n  toString(): string {\n    return this.name;\n  }\n}\n',
      "src/show.ts":
        'import type { Named } from "./named";\nexport function show(named: Named): string {\n  return named.toString();\n}\n',
    });
    const indexer = openIndexer({ root, keepPrograms: true });
    try {
      await indexer.run();
      const receivers = () =>
        indexer.db.prepare("SELECT DISTINCT receivers FROM external_edges WHERE receivers IS NOT NULL").pluck().all();
      expect(receivers()).toEqual(['["src/named.ts:Named"]']);
      const renamed = await renameAndRun(
        indexer,
        openEditSupport(root),
        { file: "src/named.ts", line: 1, name: "Named" },
        "Titled",
      );
      expect(renamed?.renamePatch).toEqual({ applied: true });
      await expectEqualsFull(indexer);
      expect(receivers()).toEqual(['["src/named.ts:Titled"]']);
    } finally {
      indexer.close();
    }
  });

  it("is refused when another file changed too", async () => {
    await withIndexedProject(undefined, async (indexer, support) => {
      fs.appendFileSync(path.join(indexer.root, "src/other.ts"), "export const extra = 1;\n");
      const summary = await renameAndRun(indexer, support, { file: "src/renames.ts", line: 12, name: "Shape" }, "Form");
      expect(summary?.renamePatch).toEqual({ applied: false, why: "other files changed too" });
      await expectEqualsFull(indexer);
    });
  });
});

/** Declarations of the sample projects a rename can patch (no members), by file and line. */
function renameable(indexer: Indexer): { file: string; line: number; name: string }[] {
  return indexer.db
    .prepare(
      `SELECT file, name_line AS line, name FROM nodes
       WHERE kind IN ('Function', 'Class', 'Interface', 'TypeAlias', 'Variable', 'Enum', 'Namespace') AND name GLOB '[A-Za-z_]*'
       ORDER BY key`,
    )
    .all() as { file: string; line: number; name: string }[];
}

describe("a rename patched into the graph equals a full index (property)", () => {
  it("for random renames of declarations of web-app and monorepo", async () => {
    const applied = await randomRenamesEqualFull({
      samples: ["web-app", "monorepo"],
      targetsOf: renameable,
      numRuns: Number(process.env.PROPERTY_RUNS ?? 6),
      seed: Number(process.env.PROPERTY_SEED ?? 20261124),
    });
    expect(applied.length).toBeGreaterThan(0);
  });
});

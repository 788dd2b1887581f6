import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect } from "vitest";
import { openEditSupport } from "../ingestion/edit/edit-support.js";
import { type Indexer, type IndexSummary, openIndexer } from "../ingestion/run/indexer.js";
import type { RenameHint } from "../model/rename-hint.js";
import type { EditSupport } from "../model/edit-ports.js";
import { copySampleProject, freshIndex } from "./fixtures.js";
import { diffGraphDumps, dumpGraph } from "./graph-dump.js";

const sha1 = (text: string): string => crypto.createHash("sha1").update(text).digest("hex");

/** A declaration's name where it is declared: the file, the line of its name, the name. */
export interface RenameTarget {
  readonly file: string;
  readonly line: number;
  readonly name: string;
}

/**
 * Renames the declaration named `name` on line `line` of `file` under `root` as the rename tool does
 * (TypeScript's rename locations, the files written), and answers what the tool tells the indexer: the
 * rename's edits. Undefined when TypeScript refuses the rename (nothing written).
 */
export function writeRename(
  root: string,
  support: EditSupport,
  at: RenameTarget,
  newName: string,
): RenameHint | undefined {
  const absolute = path.join(root, at.file);
  const text = fs.readFileSync(absolute, "utf8");
  const lineStart =
    text
      .split("\n")
      .slice(0, at.line - 1)
      .join("\n").length + (at.line > 1 ? 1 : 0);
  const column = new RegExp(`\\b${at.name.replace(/\$/g, "\\$")}\\b`).exec(text.slice(lineStart))?.index;
  if (column === undefined) throw new Error(`${at.name} is not on line ${at.line} of ${at.file}`);
  const plan = support
    .language()
    .planRename(absolute, lineStart + column, newName, { strings: false, comments: false });
  if (plan.status === "refused") return undefined;
  const byFile = new Map<string, typeof plan.locations>();
  for (const location of plan.locations) byFile.set(location.file, [...(byFile.get(location.file) ?? []), location]);
  const files: RenameHint["files"][number][] = [];
  for (const [file, locations] of byFile) {
    const before = fs.readFileSync(file, "utf8");
    let after = before;
    for (const location of [...locations].sort((a, b) => b.start - a.start)) {
      after =
        after.slice(0, location.start) +
        location.prefix +
        newName +
        location.suffix +
        after.slice(location.start + location.length);
    }
    fs.writeFileSync(file, after);
    const edits = locations.map((location) => ({
      start: location.start,
      length: location.length,
      text: location.prefix + newName + location.suffix,
    }));
    files.push({
      path: path.relative(root, file).split(path.sep).join("/"),
      hashBefore: sha1(before),
      hashAfter: sha1(after),
      edits,
    });
  }
  return { oldName: at.name, newName, files };
}

/** writeRename, then a run of the indexer told the rename's edits. Undefined when TypeScript refuses the rename. */
export async function renameAndRun(
  indexer: Indexer,
  support: EditSupport,
  at: RenameTarget,
  newName: string,
): Promise<IndexSummary | undefined> {
  const rename = writeRename(indexer.root, support, at, newName);
  return rename === undefined ? undefined : indexer.run({ rename });
}

/** The graph the indexer holds equals a full index of the same tree, table by table. */
export async function expectEqualsFull(indexer: Indexer): Promise<void> {
  const full = await freshIndex(indexer.root);
  expect(diffGraphDumps(dumpGraph(indexer.db), full.dump)).toEqual({});
}

/** Indexes `root` keeping its programs (as a daemon does) and runs `body` with its indexer and edit support. */
export async function withKeptIndexer(
  root: string,
  body: (indexer: Indexer, support: EditSupport) => Promise<void>,
): Promise<void> {
  const indexer = openIndexer({ root, keepPrograms: true });
  try {
    await indexer.run();
    await body(indexer, openEditSupport(root));
  } finally {
    indexer.close();
  }
}

/**
 * The property both rename patches answer to: in a copy of one of `samples`, one to three renames of targets
 * `targetsOf` lists, each followed by a run whose graph must equal a full index, patched or not. Returns the
 * targets whose rename was patched (a run that patches none tests nothing of the patch).
 */
export async function randomRenamesEqualFull(options: {
  readonly samples: readonly string[];
  readonly targetsOf: (indexer: Indexer) => readonly RenameTarget[];
  readonly numRuns: number;
  readonly seed: number;
}): Promise<string[]> {
  const applied: string[] = [];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...options.samples),
      fc.array(fc.tuple(fc.nat(), fc.stringMatching(/^[a-z][a-zA-Z]{2,8}$/)), { minLength: 1, maxLength: 3 }),
      async (sample, renames) => {
        await withKeptIndexer(copySampleProject(sample), async (indexer, support) => {
          for (const [pick, stem] of renames) {
            const targets = options.targetsOf(indexer);
            const target = targets[pick % targets.length];
            if (target === undefined) continue;
            const summary = await renameAndRun(indexer, support, target, `${stem}Renamed`);
            if (summary === undefined) continue;
            if (summary.renamePatch?.applied === true) applied.push(`${target.file}:${target.name}`);
            await expectEqualsFull(indexer);
          }
        });
      },
    ),
    { numRuns: options.numRuns, seed: options.seed },
  );
  return applied;
}

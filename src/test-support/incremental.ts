import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { freshIndex, indexAndSnapshot, makeTempDir, type IndexedSnapshot } from "./fixtures.js";
import { diffGraphDumps } from "./graph-dump.js";

const DEFAULT_TSCONFIG = { compilerOptions: { strict: true, types: [] }, include: ["src"] };

/** A temporary project of the given files (paths relative to its root) and tsconfig. */
export function writeProject(files: Record<string, string>, tsconfig: object = DEFAULT_TSCONFIG): string {
  const root = makeTempDir();
  fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify(tsconfig));
  for (const [file, text] of Object.entries(files)) writeProjectFile(root, file, text);
  return root;
}

export function writeProjectFile(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

export function editProjectFile(root: string, file: string, change: (text: string) => string): void {
  const full = path.join(root, file);
  const before = fs.readFileSync(full, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${file} changed nothing`);
  fs.writeFileSync(full, after);
}

/**
 * Re-indexes root incrementally (its own database) and checks the result equals a fresh full index: every
 * table and column (graph-dump.ts), and the snapshot.
 */
export async function expectIncrementalEqualsFull(root: string): Promise<IndexedSnapshot> {
  const incremental = await indexAndSnapshot(root);
  const full = await freshIndex(root);
  expect(diffGraphDumps(incremental.dump, full.dump)).toEqual({});
  expect(incremental.snapshot).toBe(full.snapshot);
  return incremental;
}

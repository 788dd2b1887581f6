/**
 * The edits the timing steps of `npm run bench` and `npm run bench:mcp` make (issue 16: every edit timing
 * covers four kinds), each a set of whole-file texts so that one edit can span several files:
 *   append     a new exported const at the end of one file (the planner's best case)
 *   body       a statement added to the first function body of one file
 *   signature  an optional parameter added to the first exported function of one file
 *   rename     a widely used class or interface member renamed everywhere (bench/rename-edits.ts)
 * Files edited in a shared corpus folder are restored by the caller (tsgraph.ts keeps the originals).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { editedText, type EditKind } from "./edit-kinds.js";
import { renameEdits } from "./rename-edits.js";

export type TimedEditKind = Exclude<EditKind, "inferred"> | "rename";
export const TIMED_EDIT_KINDS: readonly TimedEditKind[] = ["append", "body", "signature", "rename"];

/** The kinds with a latency target of their own (watch ≤ 300 ms, with a daemon ≤ 400 ms); the others are reported as they are. */
export function hasLatencyTarget(kind: TimedEditKind): boolean {
  return kind === "append" || kind === "body";
}

export interface FileEdit {
  /** Relative to the corpus folder, `/`-separated. */
  readonly file: string;
  readonly original: string;
  readonly edited: string;
}

export interface BenchEdit {
  readonly kind: TimedEditKind;
  /** What the edit is, for logs: the file, or the renamed member and its places. */
  readonly label: string;
  readonly files: readonly FileEdit[];
}

/** The edits of one kind, and how many of the picked files offer none (no function with a block body, …). */
export interface EditSet {
  readonly kind: TimedEditKind;
  readonly edits: readonly BenchEdit[];
  readonly skippedFiles: number;
}

/** One single-file edit of `kind` per file, made on the file's text as it is in `dir` now. */
function singleFileEdits(dir: string, files: readonly string[], kind: Exclude<TimedEditKind, "rename">): EditSet {
  const edits: BenchEdit[] = [];
  let skippedFiles = 0;
  for (const file of files) {
    const absolute = path.join(dir, file);
    const original = fs.readFileSync(absolute, "utf8");
    const edited = editedText(original, kind, absolute);
    if (edited === undefined) skippedFiles += 1;
    else edits.push({ kind, label: file, files: [{ file, original, edited }] });
  }
  return { kind, edits, skippedFiles };
}

/** Writes the edit's texts into `dir` (one file after another, as an editor saving a rename does). */
export function writeEdited(dir: string, edit: BenchEdit): void {
  for (const { file, edited } of edit.files) fs.writeFileSync(path.join(dir, file), edited);
}

/** Writes the edit's original texts back into `dir`. */
export function writeOriginal(dir: string, edit: BenchEdit): void {
  for (const { file, original } of edit.files) fs.writeFileSync(path.join(dir, file), original);
}

/** The files a run re-extracted since `sinceMs`, from the database's per-file extraction time (files.indexed_at). */
export function filesExtractedSince(
  db: { prepare(sql: string): { get(...params: unknown[]): unknown } },
  sinceMs: number,
): number {
  const row = db.prepare("SELECT count(*) AS n FROM files WHERE indexed_at >= ?").get(sinceMs) as { n: number };
  return row.n;
}

/** Where the edits are made and indexed: the corpus (its folder, tsconfig and source list) and its graph. */
export interface EditTarget {
  readonly corpus: { readonly dir: string; readonly tsconfigPath: string; readonly sourceFiles: readonly string[] };
  readonly dbPath: string;
}

/** The edits of each kind asked for: single-file kinds on `files`, renames picked from the graph at `target.dbPath`. */
export function timedEditSets(
  target: EditTarget,
  files: readonly string[],
  kinds: readonly TimedEditKind[],
  renames: number,
): EditSet[] {
  const { dir, tsconfigPath, sourceFiles } = target.corpus;
  return kinds.map((kind) =>
    kind === "rename"
      ? renameEdits(dir, tsconfigPath, target.dbPath, sourceFiles, renames)
      : singleFileEdits(dir, files, kind),
  );
}

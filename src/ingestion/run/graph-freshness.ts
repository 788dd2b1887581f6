import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { relativeTo } from "../../config/project-paths.js";
import { pidIsAlive } from "../../db/graph-db-owner.js";
import { readMeta, type SqliteDb } from "../../db/open-graph-db.js";
import { META } from "../../db/schema.js";
import { statMatches, type StoredStamp } from "../scan/file-scan.js";

const SQL = {
  stampOf: "SELECT size, mtime_ms AS mtimeMs, indexed_at AS indexedAt FROM files WHERE path = ?",
  stamps: "SELECT path, size, mtime_ms AS mtimeMs FROM files ORDER BY path",
  fileCount: "SELECT count(*) FROM files",
  pending: "SELECT path FROM pending ORDER BY path",
} as const;

/** When the graph's last run committed (ISO 8601), or undefined before the first. */
export function indexedAtOf(db: SqliteDb): string | undefined {
  const indexedAt = readMeta(db, META.indexedAt);
  return indexedAt === undefined ? undefined : new Date(Number(indexedAt)).toISOString();
}

/** The note of a reader that cannot write the graph (a read-only folder or file, another user's checkout). */
export const READ_ONLY_NOTE =
  "the database cannot be written here (read-only), so this graph cannot be brought up to date: answers may miss recent changes";

/** Who runs an index run: committed in `meta.run` before the run's transaction, deleted by its commit. */
export interface RunMarker {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: number;
}

export function runMarkerOfThisProcess(): RunMarker {
  return { pid: process.pid, host: os.hostname(), startedAt: Date.now() };
}

export function parseRunMarker(text: string | undefined): RunMarker | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<RunMarker>;
    if (typeof value.pid !== "number" || typeof value.host !== "string" || typeof value.startedAt !== "number") return undefined;
    return { pid: value.pid, host: value.host, startedAt: value.startedAt };
  } catch {
    return undefined;
  }
}

export function describeRunMarker(marker: RunMarker): string {
  const where = marker.host === os.hostname() ? "" : ` on ${marker.host}`;
  return `pid ${marker.pid}${where}, started ${new Date(marker.startedAt).toISOString()}`;
}

/** What a reader can say about the runs of the graph it reads: one under way, one killed, one that failed. */
export interface UpdateState {
  /** One sentence for the freshness line, when a run is under way or was interrupted. */
  readonly note: string | undefined;
  /** Why the last run failed, when it did (the graph is the last complete one). */
  readonly lastError: string | undefined;
}

/**
 * The state of the graph's runs, from what the last commit holds (`meta.run`, `meta.last_error`). Only a
 * reader that can write the graph is told to run `ts-graph index` (elsewhere it would fail).
 */
export function updateStateOf(db: SqliteDb, root: string, writable: boolean): UpdateState {
  const lastError = readMeta(db, META.lastError);
  const marker = parseRunMarker(readMeta(db, META.run));
  if (marker === undefined) return { note: undefined, lastError };
  const alive = marker.host !== os.hostname() || pidIsAlive(marker.pid);
  const note = alive
    ? `an index run is under way (${describeRunMarker(marker)}); this answer is from the last complete graph`
    : `an index run was interrupted (${describeRunMarker(marker)}); this answer is from the last complete graph${writable ? `; run \`ts-graph index ${root}\` to update it` : ""}`;
  return { note, lastError };
}

/** Files an interrupted or failed run left to write (relative paths). */
export function unfinishedFilesOf(db: SqliteDb): string[] {
  return db.prepare(SQL.pending).pluck().all() as string[];
}

export interface StaleFileCheckOptions {
  /** Trust a stat that matches even when the file is racy, and never flag a file the graph lacks: a file watcher reports those. */
  readonly watched?: boolean;
}

/**
 * A check whether a file (absolute path under root) may differ from what the graph holds, by its stat alone.
 * Without `watched`, a file the graph lacks counts as changed when it exists, and so does a racy file.
 */
export function createStaleFileCheck(db: SqliteDb, root: string, options: StaleFileCheckOptions = {}): (absolute: string) => boolean {
  const stampOf = db.prepare(SQL.stampOf);
  return (absolute) => {
    const stored = stampOf.get(relativeTo(root, absolute)) as StoredStamp | undefined;
    const stat = fs.statSync(absolute, { throwIfNoEntry: false });
    if (stored === undefined) return options.watched !== true && stat?.isFile() === true;
    return stat === undefined || !statMatches(stored, stat, options.watched === true);
  };
}

/** Up to this many indexed files, a freshness check stats them all (a few ms); above, only those it is given. */
export const FULL_CHECK_MAX_FILES = 1000;

function changedSince(stat: fs.Stats | undefined, size: number, mtimeMs: number): boolean {
  return stat === undefined || stat.size !== size || Math.trunc(stat.mtimeMs) !== mtimeMs;
}

/**
 * The indexed files (relative paths, sorted) whose size or modification time on disk is not what the graph
 * recorded, or that are gone: a stat of each, no read (about 3 µs of CPU a file; docs/tools.md, Freshness on the command
 * line). `among`: check only these (relative paths; those the graph does not hold are skipped). A file changed
 * within the same millisecond at the same size is not seen (the indexer's racy check hashes those), nor a new
 * file the graph does not know.
 */
export function filesChangedOnDisk(db: SqliteDb, root: string, among?: Iterable<string>): string[] {
  const changed: string[] = [];
  if (among === undefined) {
    for (const [file, size, mtimeMs] of db.prepare(SQL.stamps).raw().all() as [string, number, number][]) {
      if (changedSince(fs.statSync(path.join(root, file), { throwIfNoEntry: false }), size, mtimeMs)) changed.push(file);
    }
    return changed;
  }
  const stampOf = db.prepare(SQL.stampOf);
  for (const file of new Set(among)) {
    const stored = stampOf.get(file) as StoredStamp | undefined;
    if (stored === undefined) continue;
    if (changedSince(fs.statSync(path.join(root, file), { throwIfNoEntry: false }), stored.size, stored.mtimeMs)) changed.push(file);
  }
  return changed.sort();
}

/** How many files the graph holds. */
export function indexedFileCount(db: SqliteDb): number {
  return db.prepare(SQL.fileCount).pluck().get() as number;
}

/** The note of an answer from a graph older than the files: how many changed, which (a few), and what to run. */
export function changedFilesNote(changed: readonly string[]): string {
  const examples = changed.slice(0, 3).join(", ");
  const more = changed.length > 3 ? ", …" : "";
  const files = changed.length === 1 ? "file" : "files";
  return `graph is older than ${changed.length} changed ${files} (e.g. ${examples}${more}); run with --index or \`ts-graph index\``;
}

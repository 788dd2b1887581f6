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
  stamps: "SELECT path, size, mtime_ms AS mtimeMs, indexed_at AS indexedAt FROM files ORDER BY path",
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
    if (typeof value.pid !== "number" || typeof value.host !== "string" || typeof value.startedAt !== "number")
      return undefined;
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

/** The stored stamp of a file of the graph (relative path), undefined for a file the graph does not hold. */
function storedStampLookup(db: SqliteDb): (file: string) => StoredStamp | undefined {
  const stampOf = db.prepare(SQL.stampOf);
  return (file) => stampOf.get(file) as StoredStamp | undefined;
}

/** Whether a file of the graph may differ on disk from its stored stamp: gone, or a stat that does not match (statMatches). */
function differsOnDisk(stored: StoredStamp, absolute: string, trustRacy: boolean): boolean {
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  return stat === undefined || !statMatches(stored, stat, trustRacy);
}

/**
 * A check whether a file (absolute path under root) may differ from what the graph holds, by its stat alone.
 * Without `watched`, a file the graph lacks counts as changed when it exists, and so does a racy file.
 */
export function createStaleFileCheck(
  db: SqliteDb,
  root: string,
  options: StaleFileCheckOptions = {},
): (absolute: string) => boolean {
  const stampOf = storedStampLookup(db);
  return (absolute) => {
    const stored = stampOf(relativeTo(root, absolute));
    if (stored === undefined)
      return options.watched !== true && fs.statSync(absolute, { throwIfNoEntry: false })?.isFile() === true;
    return differsOnDisk(stored, absolute, options.watched === true);
  };
}

/** Up to this many indexed files, a freshness check stats them all (a few ms); above, only those it is given. */
export const FULL_CHECK_MAX_FILES = 1000;

/**
 * The indexed files (relative paths, sorted) whose size or modification time on disk is not what the graph
 * recorded, or that are gone: a stat of each, no read (about 3 µs of CPU a file; docs/tools.md, Freshness on the command
 * line). `among`: check only these (relative paths; those the graph does not hold are skipped). A file changed
 * within the same millisecond at the same size is not seen (the indexer's racy check hashes those), nor a new
 * file the graph does not know.
 */
export function filesChangedOnDisk(db: SqliteDb, root: string, among?: Iterable<string>): string[] {
  const changed = (file: string, stored: StoredStamp): boolean => differsOnDisk(stored, path.join(root, file), true);
  if (among === undefined) {
    const all = db.prepare(SQL.stamps).all() as (StoredStamp & { path: string })[];
    return all.filter((stored) => changed(stored.path, stored)).map((stored) => stored.path);
  }
  const stampOf = storedStampLookup(db);
  return [...new Set(among)]
    .filter((file) => {
      const stored = stampOf(file);
      return stored !== undefined && changed(file, stored);
    })
    .sort();
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

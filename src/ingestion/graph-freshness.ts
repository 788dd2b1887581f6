import fs from "node:fs";
import { relativeTo } from "../config/project-paths.js";
import { readMeta, type SqliteDb } from "../db/open-graph-db.js";
import { META } from "../db/schema.js";
import { statMatches, type StoredStamp } from "./file-scan.js";

const SQL = {
  stampOf: "SELECT size, mtime_ms AS mtimeMs, indexed_at AS indexedAt FROM files WHERE path = ?",
  pending: "SELECT path FROM pending ORDER BY path",
} as const;

/** When the graph's last run committed (ISO 8601), or undefined before the first. */
export function indexedAtOf(db: SqliteDb): string | undefined {
  const indexedAt = readMeta(db, META.indexedAt);
  return indexedAt === undefined ? undefined : new Date(Number(indexedAt)).toISOString();
}

/** Files an interrupted or failed run left to write (relative paths). */
export function unfinishedFilesOf(db: SqliteDb): string[] {
  return (db.prepare(SQL.pending).pluck().all() as string[]);
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

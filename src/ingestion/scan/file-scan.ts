import crypto from "node:crypto";
import fs from "node:fs";
import type { FileRecord, StoredFile } from "../../db/graph-store.js";

/** A file the projects list, as found on disk now. */
export interface ScannedFile extends StoredFile {
  readonly absolute: string;
  /** The file's text, when it had to be read to decide whether it changed. */
  readonly text: string | undefined;
}

export interface PlannedFile {
  readonly path: string;
  /** The file's real path (discovery resolves symbolic links), inside the root. */
  readonly absolute: string;
  readonly project: string;
}

export interface FileChanges {
  readonly added: readonly ScannedFile[];
  readonly changed: readonly ScannedFile[];
  /** Same content, new size or mtime: only the files table is updated. */
  readonly touched: readonly ScannedFile[];
  readonly unchanged: readonly ScannedFile[];
  readonly deleted: readonly string[];
  readonly unreadable: readonly { readonly path: string; readonly reason: string }[];
}

/**
 * A file whose mtime is this close to when it was indexed may have changed again within the same
 * millisecond at the same size; such a file is hashed rather than trusted by its stat (like git's racy check).
 */
const RACY_WINDOW_MS = 2000;

/** What the files table keeps of a file's stat. */
export type StoredStamp = Pick<FileRecord, "size" | "mtimeMs" | "indexedAt">;

/**
 * Whether a file's stat still matches its stored record, so that it need not be read. A racy file (see
 * RACY_WINDOW_MS) never matches unless `trustRacy`: a caller that watches the file system can trust it.
 */
export function statMatches(stored: StoredStamp, stat: fs.Stats, trustRacy = false): boolean {
  return (
    stored.size === stat.size &&
    stored.mtimeMs === Math.trunc(stat.mtimeMs) &&
    (trustRacy || stored.mtimeMs + RACY_WINDOW_MS < stored.indexedAt)
  );
}

export function hashText(text: string): string {
  return crypto.createHash("sha1").update(text).digest("hex");
}

function readFile(file: PlannedFile, stat: fs.Stats): ScannedFile {
  // Planned paths are real paths inside the root: one that now goes through a symbolic link may lead out of it.
  if (fs.realpathSync.native(file.absolute) !== file.absolute)
    throw new Error("it is reached through a symbolic link now; not read");
  const text = fs.readFileSync(file.absolute, "utf8");
  return {
    path: file.path,
    absolute: file.absolute,
    project: file.project,
    size: stat.size,
    mtimeMs: Math.trunc(stat.mtimeMs),
    hash: hashText(text),
    text,
  };
}

/**
 * Compares the files on disk with what the database holds. A file whose size and mtime are unchanged
 * is not read; any other is read and hashed, and counts as changed only if its content differs.
 * With `readAll`, every file is read and counts as changed.
 */
export function scanFiles(
  planned: readonly PlannedFile[],
  stored: ReadonlyMap<string, FileRecord>,
  readAll: boolean,
): FileChanges {
  const added: ScannedFile[] = [];
  const changed: ScannedFile[] = [];
  const touched: ScannedFile[] = [];
  const unchanged: ScannedFile[] = [];
  const unreadable: { path: string; reason: string }[] = [];
  const seen = new Set<string>();
  for (const file of planned) {
    seen.add(file.path);
    const before = stored.get(file.path);
    try {
      const stat = fs.statSync(file.absolute);
      if (!stat.isFile()) throw new Error("not a regular file");
      const sameStat = before !== undefined && statMatches(before, stat);
      if (!readAll && sameStat && before.project === file.project) {
        unchanged.push({ ...before, absolute: file.absolute, text: undefined });
        continue;
      }
      const scanned = readFile(file, stat);
      if (before === undefined) added.push(scanned);
      else if (readAll || before.hash !== scanned.hash || before.project !== file.project) changed.push(scanned);
      else touched.push(scanned);
    } catch (error) {
      unreadable.push({ path: file.path, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  const deleted = [...stored.keys()].filter((path) => !seen.has(path)).sort();
  return { added, changed, touched, unchanged, deleted, unreadable };
}

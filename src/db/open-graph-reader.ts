import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { checkGraphDbPath, checkOwnFile, SQLITE_SIDE_SUFFIXES } from "./graph-db-path.js";
import { isReadOnlyError, type SqliteDb } from "./open-graph-db.js";

/** Whether this process may write the database and its folder (where SQLite puts the -wal and -shm files). */
export function canWriteGraph(dbPath: string): boolean {
  let dir = path.dirname(dbPath);
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    if (fs.existsSync(dbPath)) fs.accessSync(dbPath, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A private in-memory copy of the database, for a folder this process cannot write (SQLite must create the
 * -shm file to read a WAL database in place). The copy's header is marked as not WAL, which it is not.
 */
function readOnlyCopy(dbPath: string): SqliteDb {
  const bytes = fs.readFileSync(dbPath);
  if (bytes.length > 19) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  return new Database(bytes, { readonly: true });
}

export interface GraphReader {
  readonly db: SqliteDb;
  /** The database could not be read in place (a folder that cannot be written): db is a copy of it. */
  readonly copied: boolean;
}

/**
 * Opens the graph at dbPath read-only, for a reader that never writes it. A path that cannot hold a database,
 * or whose -wal, -shm or -journal file is not a regular file (graph-db-path.ts), is refused. `check` runs a first read (and
 * may throw to refuse the graph). Where SQLite cannot read in place because the folder cannot be written,
 * the reader gets an in-memory copy: safe, as it never changes under the reader.
 */
export function openGraphReader(dbPath: string, check: (db: SqliteDb) => void): GraphReader {
  // A FIFO would block the open, a device is no database: refused before SQLite sees them.
  const real = checkGraphDbPath(dbPath);
  // So would a FIFO in the place of the -wal (or -shm, -journal) file SQLite opens beside it.
  for (const suffix of SQLITE_SIDE_SUFFIXES) checkOwnFile(real + suffix);
  let db: SqliteDb | undefined;
  try {
    db = new Database(dbPath, { readonly: true, fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    check(db);
    return { db, copied: false };
  } catch (error) {
    db?.close();
    if (!isReadOnlyError(error) && (error as { code?: string }).code !== "SQLITE_CANTOPEN") throw error;
  }
  const copy = readOnlyCopy(dbPath);
  try {
    check(copy);
  } catch (error) {
    copy.close();
    throw error;
  }
  return { db: copy, copied: true };
}

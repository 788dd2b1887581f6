import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { META, SCHEMA_SQL, SCHEMA_VERSION } from "./schema.js";

export type SqliteDb = Database.Database;

export interface OpenedGraphDb {
  readonly db: SqliteDb;
  /** Why the database was created anew, if it was (first run, other schema version, unreadable file). */
  readonly rebuiltBecause: string | undefined;
}

export class NotAGraphDbError extends Error {
  constructor(dbPath: string, detail: string) {
    super(
      `${dbPath} exists but is not a ts-graph database (${detail}); refusing to overwrite it. ` +
        `Pass another path with --db, or delete the file yourself.`,
    );
    this.name = "NotAGraphDbError";
  }
}

const SIDE_FILE_SUFFIXES = ["", "-wal", "-shm", "-journal"];

function removeDbFiles(dbPath: string): void {
  for (const suffix of SIDE_FILE_SUFFIXES) fs.rmSync(dbPath + suffix, { force: true });
}

function applyPragmas(db: SqliteDb): void {
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("cache_size = -65536");
  db.pragma("temp_store = MEMORY");
}

function createSchema(db: SqliteDb): void {
  db.exec(SCHEMA_SQL);
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
}

function hasTable(db: SqliteDb, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** Whether the file at dbPath was written by ts-graph (any schema version). */
function inspectExisting(dbPath: string): { version: number } | { unreadable: string } | { foreign: string } {
  let db: SqliteDb | undefined;
  try {
    db = new Database(dbPath, { fileMustExist: true });
    const version = db.pragma("user_version", { simple: true }) as number;
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number };
    if (tables.n === 0) return { version: 0 };
    if (!hasTable(db, "meta") || !hasTable(db, "files")) return { foreign: "it has tables ts-graph did not create" };
    return { version };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "SQLITE_NOTADB") return { foreign: "not a SQLite file" };
    return { unreadable: error instanceof Error ? error.message : String(error) };
  } finally {
    db?.close();
  }
}

/**
 * Opens the graph database at dbPath, creating it (and its folder) if needed.
 * A database of another schema version is rebuilt from scratch, never read. A file that is not a
 * ts-graph database is rebuilt only where ts-graph owns the path (its default `.ts-graph/` folder);
 * anywhere else it is left alone and reported.
 */
export function openGraphDb(dbPath: string, options: { readonly ownedPath?: boolean } = {}): OpenedGraphDb {
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  let rebuiltBecause: string | undefined;
  if (!fs.existsSync(dbPath)) {
    rebuiltBecause = "no database yet";
  } else {
    const found = inspectExisting(dbPath);
    if ("foreign" in found && !options.ownedPath) throw new NotAGraphDbError(dbPath, found.foreign);
    if ("foreign" in found) {
      rebuiltBecause = `the database file was not a ts-graph database (${found.foreign})`;
      removeDbFiles(dbPath);
    } else if ("unreadable" in found) {
      rebuiltBecause = `the database could not be read (${found.unreadable})`;
      removeDbFiles(dbPath);
    } else if (found.version !== SCHEMA_VERSION) {
      rebuiltBecause =
        found.version === 0
          ? "the database is empty"
          : `the database has schema version ${found.version}, this ts-graph writes version ${SCHEMA_VERSION}`;
      removeDbFiles(dbPath);
    }
  }
  const db = new Database(dbPath);
  applyPragmas(db);
  if (rebuiltBecause !== undefined) createSchema(db);
  return { db, rebuiltBecause };
}

export function readMeta(db: SqliteDb, key: (typeof META)[keyof typeof META]): string | undefined {
  const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
  return row?.value;
}

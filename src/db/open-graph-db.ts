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

type ExistingDb =
  | { readonly kind: "empty" }
  | { readonly kind: "ours"; readonly version: number }
  | { readonly kind: "foreign"; readonly detail: string }
  | { readonly kind: "corrupt"; readonly detail: string };

const OUR_TABLES = ["meta", "files", "nodes", "edges"];

/** What the file at dbPath is. Transient errors (busy, I/O) are thrown, never taken for corruption. */
function inspectExisting(dbPath: string): ExistingDb {
  let db: SqliteDb | undefined;
  try {
    db = new Database(dbPath, { fileMustExist: true });
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number };
    if (tables.n === 0) return { kind: "empty" };
    const version = db.pragma("user_version", { simple: true }) as number;
    const ours = version > 0 && OUR_TABLES.every((table) => hasTable(db as SqliteDb, table));
    return ours ? { kind: "ours", version } : { kind: "foreign", detail: "it has tables ts-graph did not create" };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "SQLITE_NOTADB") return { kind: "foreign", detail: "not a SQLite file" };
    if (code === "SQLITE_CORRUPT") return { kind: "corrupt", detail: error instanceof Error ? error.message : String(error) };
    throw error;
  } finally {
    db?.close();
  }
}

/**
 * Opens the graph database at dbPath, creating it (and its folder) if needed.
 * A ts-graph database of another schema version is rebuilt from scratch, never read. A file that is not
 * certainly a ts-graph database (another application's, a corrupt one) is replaced only where ts-graph
 * owns the path (its default `.ts-graph/` folder); anywhere else it is left alone and reported.
 */
export function openGraphDb(dbPath: string, options: { readonly ownedPath?: boolean } = {}): OpenedGraphDb {
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  let rebuiltBecause: string | undefined;
  if (!fs.existsSync(dbPath)) {
    rebuiltBecause = "no database yet";
  } else {
    const found = inspectExisting(dbPath);
    if (found.kind === "empty") {
      rebuiltBecause = "the database is empty";
    } else if (found.kind === "ours" && found.version !== SCHEMA_VERSION) {
      rebuiltBecause = `the database has schema version ${found.version}, this ts-graph writes version ${SCHEMA_VERSION}`;
      removeDbFiles(dbPath);
    } else if (found.kind === "foreign" || found.kind === "corrupt") {
      if (!options.ownedPath) throw new NotAGraphDbError(dbPath, found.detail);
      rebuiltBecause = `the database file was unusable (${found.detail})`;
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

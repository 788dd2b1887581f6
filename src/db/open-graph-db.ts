import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { NotAGraphDbError, pidIsAlive } from "./graph-db-owner.js";
import {
  checkGraphDbPath,
  checkGraphDbWritable,
  checkOwnFile,
  isRegularOrAbsent,
  removeIfRegular,
  SQLITE_SIDE_SUFFIXES,
} from "./graph-db-path.js";
import { crashPoint } from "./crash-points.js";
import { type META, SCHEMA_SQL, SCHEMA_VERSION } from "./schema.js";
import { WriteStoppedError, type WriteStop } from "./write-stop.js";

export type SqliteDb = Database.Database;

const SIDE_FILE_SUFFIXES = ["", ...SQLITE_SIDE_SUFFIXES, "-checked"];

/**
 * `<db>-checked` holds the stat of the database file as ts-graph last left it: sound (checked, or written by
 * ts-graph itself) and closed with its WAL checkpointed. While the file still stats the same, nobody else
 * wrote it, and opening it skips `quick_check` (about 0.3 s on effect@3's 26 MB).
 */
function fileStamp(dbPath: string): string | undefined {
  const wal = fs.statSync(`${dbPath}-wal`, { throwIfNoEntry: false });
  if (wal !== undefined && wal.size > 0) return undefined;
  const stat = fs.statSync(dbPath, { throwIfNoEntry: false });
  return stat === undefined ? undefined : `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
}

function isStampedSound(dbPath: string): boolean {
  const stamp = fileStamp(dbPath);
  try {
    // A FIFO in the place of the stamp would block its read or write: only a regular file is read or written.
    return (
      stamp !== undefined &&
      isRegularOrAbsent(`${dbPath}-checked`) &&
      fs.readFileSync(`${dbPath}-checked`, "utf8") === stamp
    );
  } catch {
    return false;
  }
}

function stampSound(dbPath: string): void {
  const stamp = fileStamp(dbPath);
  try {
    if (stamp === undefined) removeIfRegular(`${dbPath}-checked`);
    else if (isRegularOrAbsent(`${dbPath}-checked`)) fs.writeFileSync(`${dbPath}-checked`, stamp);
  } catch {
    // Only a cost: the next open checks the database again.
  }
}

/** Deletes a file ts-graph made, if there; anything but a regular file is refused (GraphDbPathError), never unlinked. */
function removeOwnFile(file: string): void {
  checkOwnFile(file);
  removeIfRegular(file);
}

function removeDbFiles(dbPath: string): void {
  for (const suffix of SIDE_FILE_SUFFIXES) removeOwnFile(dbPath + suffix);
}

function codeOf(error: unknown): string {
  return (error as { code?: unknown }).code === undefined ? "" : String((error as { code?: unknown }).code);
}

/** Whether an error is SQLite saying the file is damaged (SQLITE_CORRUPT, "database disk image is malformed"). */
export function isCorruptionError(error: unknown): boolean {
  return codeOf(error).startsWith("SQLITE_CORRUPT") || /malformed/.test(error instanceof Error ? error.message : "");
}

/** Whether an error is SQLite waiting in vain for another connection's lock. */
function isBusyError(error: unknown): boolean {
  return codeOf(error).startsWith("SQLITE_BUSY");
}

/** Whether an error means the database (or its folder) cannot be written by this process. */
export function isReadOnlyError(error: unknown): boolean {
  const code = codeOf(error);
  return code.startsWith("SQLITE_READONLY") || code === "EACCES" || code === "EROFS" || code === "EPERM";
}

function applyPragmas(db: SqliteDb): void {
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("cache_size = -65536");
  db.pragma("temp_store = MEMORY");
}

function hasTable(db: SqliteDb, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** What an open SQLite file holds: nothing yet, a ts-graph database (of some schema version), or something else. */
export type GraphFileKind =
  | { readonly kind: "empty" }
  | { readonly kind: "ours"; readonly version: number }
  | { readonly kind: "foreign"; readonly detail: string };

type ExistingDb = GraphFileKind | { readonly kind: "corrupt"; readonly detail: string };

const OUR_TABLES = ["meta", "files", "nodes", "edges"];

/** Why a file SQLite does not take for a database is refused (a foreign file, or a damaged header). */
export const NOT_SQLITE_DETAIL = "not a SQLite file, or its header is damaged";

/** What the open database holds (a 0-byte file is empty: an unfinished first index, or a file created empty). */
export function graphFileKindOf(db: SqliteDb): GraphFileKind {
  const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number };
  if (tables.n === 0) return { kind: "empty" };
  const version = db.pragma("user_version", { simple: true }) as number;
  const ours = version > 0 && OUR_TABLES.every((table) => hasTable(db, table));
  return ours ? { kind: "ours", version } : { kind: "foreign", detail: "it has tables ts-graph did not create" };
}

/** Whether an error is SQLite saying the file is not a database at all (SQLITE_NOTADB). */
export function isNotADatabaseError(error: unknown): boolean {
  return codeOf(error) === "SQLITE_NOTADB";
}

/** What the file at dbPath is. Transient errors (busy, I/O) are thrown, never taken for corruption. */
function inspectExisting(dbPath: string): ExistingDb {
  let db: SqliteDb | undefined;
  try {
    db = new Database(dbPath, { fileMustExist: true, readonly: true });
    return graphFileKindOf(db);
  } catch (error) {
    if (isNotADatabaseError(error)) return { kind: "foreign", detail: NOT_SQLITE_DETAIL };
    if (isCorruptionError(error))
      return { kind: "corrupt", detail: error instanceof Error ? error.message : String(error) };
    throw error;
  } finally {
    db?.close();
  }
}

/** Tables and indexes, by their SQL, and the rows of each table. */
interface CarriedTables {
  readonly schema: readonly string[];
  readonly rows: ReadonlyMap<string, readonly unknown[][]>;
}

/**
 * The `history_*` tables of a database about to be rebuilt for a new schema version (co-change's git history,
 * src/history/history-store.ts, which the graph's schema does not cover): kept, so that a long history is not
 * read again. Undefined when there are none or they cannot be read: the history is read again then.
 */
function historyTablesOf(dbPath: string): CarriedTables | undefined {
  let db: SqliteDb | undefined;
  try {
    db = new Database(dbPath, { fileMustExist: true, readonly: true });
    const objects = db
      .prepare(
        "SELECT type, name, sql FROM sqlite_master WHERE name GLOB 'history_*' AND sql IS NOT NULL ORDER BY type = 'index', rowid",
      )
      .all() as { type: string; name: string; sql: string }[];
    if (objects.length === 0) return undefined;
    const rows = new Map<string, unknown[][]>();
    for (const { type, name } of objects)
      if (type === "table") rows.set(name, db.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[][]);
    return { schema: objects.map((object) => object.sql), rows };
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

function carryInto(db: SqliteDb, tables: CarriedTables): void {
  db.transaction(() => {
    for (const sql of tables.schema) db.exec(sql);
    for (const [name, rows] of tables.rows) {
      const first = rows[0];
      if (first === undefined) continue;
      const insert = db.prepare(`INSERT INTO "${name}" VALUES (${first.map(() => "?").join(", ")})`);
      for (const row of rows) insert.run(...row);
    }
  })();
}

/** `PRAGMA quick_check`: undefined when the database is sound, else the first problems SQLite names. */
export function damageOf(db: SqliteDb): string | undefined {
  try {
    const rows = db.pragma("quick_check(3)", { simple: false }) as { quick_check: string }[];
    const problems = rows
      .flatMap((row) => row.quick_check.split("\n"))
      .filter((line) => line !== "ok" && !line.startsWith("*** in database"));
    return problems.length === 0 ? undefined : problems.slice(0, 2).join("; ");
  } catch (error) {
    if (isCorruptionError(error)) return error instanceof Error ? error.message : String(error);
    throw error;
  }
}

function timestampForName(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

/**
 * Moves a damaged database (and its -wal/-shm files) aside as `<db>.corrupt-<time>`, for a bug report.
 * Readers that still hold it keep their open files; the next open of dbPath finds no database.
 */
function moveAside(dbPath: string): string {
  const aside = `${dbPath}.corrupt-${timestampForName(new Date())}`;
  removeOwnFile(`${dbPath}-checked`);
  for (const suffix of SIDE_FILE_SUFFIXES) {
    const file = dbPath + suffix;
    if (fs.existsSync(file) && isRegularOrAbsent(file)) fs.renameSync(file, aside + suffix);
  }
  return aside;
}

const BUILD_INFIX = ".building-";

/** Deletes the unfinished builds that dead processes left beside dbPath (a run killed during a first index). */
function removeAbandonedBuilds(dbPath: string): void {
  const dir = path.dirname(dbPath);
  const prefix = path.basename(dbPath) + BUILD_INFIX;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number.parseInt(name.slice(prefix.length), 10);
    if (Number.isInteger(pid) && pid !== process.pid && pidIsAlive(pid)) continue;
    removeIfRegular(path.join(dir, name));
  }
}

function fsyncPath(target: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(target, "r");
    fs.fsyncSync(fd);
  } catch {
    // Some file systems cannot fsync a folder; the rename is still atomic.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * The connection an indexer writes through. The graph at dbPath is only ever replaced whole:
 * - a database that is sound and of this schema is written in place, each run in one transaction;
 * - otherwise (no database yet, another schema version, a damaged file) a new database is built beside it
 *   (`<db>.building-<pid>`, no journal: nobody reads it) and moved into place by `publish()` once a run
 *   has completed, so that readers find either no graph or a complete one.
 */
export interface GraphDbHandle {
  readonly dbPath: string;
  /** The connection runs write to: the database at dbPath, or the one being built beside it. */
  readonly db: SqliteDb;
  /** Why a new database is being built (until it is published), or undefined when dbPath is written in place. */
  readonly rebuiltBecause: string | undefined;
  /** After a run committed: moves a database built anew into place (and reopens it there). No-op otherwise. */
  publish(): void;
  /** After a run failed: deletes a database built anew, and the folder when this handle created it. */
  discardBuild(): void;
  /** Moves the database at dbPath aside as damaged (`<db>.corrupt-<time>`) and starts building a new one; returns where it went. */
  quarantine(detail: string): string;
  close(): void;
}

export interface OpenGraphDbOptions {
  /** ts-graph owns the path (its `.ts-graph/` folder): a file that is not a ts-graph database may be replaced. */
  readonly ownedPath?: boolean;
}

/**
 * Opens the graph database at dbPath for writing, creating its folder if needed (see GraphDbHandle).
 * A sound database passes `PRAGMA quick_check` first; a damaged one is moved aside and rebuilt. A ts-graph
 * database of another schema version is rebuilt from scratch, never read. A file that is not certainly a
 * ts-graph database is replaced only where ts-graph owns the path; anywhere else it is left alone and reported.
 * A path that cannot hold a database (a folder, a device, a FIFO…) or that this process cannot write is
 * refused before anything is opened (GraphDbPathError, graph-db-path.ts).
 */
export function openGraphDb(givenPath: string, options: OpenGraphDbOptions = {}): GraphDbHandle {
  // Written through symbolic links, at the real path: a link to the database stays a link.
  const dbPath = checkGraphDbPath(givenPath);
  checkGraphDbWritable(dbPath);
  for (const suffix of SIDE_FILE_SUFFIXES) checkOwnFile(dbPath + suffix);
  const createdDir = fs.mkdirSync(path.dirname(dbPath), { recursive: true });
  removeAbandonedBuilds(dbPath);
  const handle = new GraphDbWriter(dbPath, createdDir);
  handle.openExisting(options.ownedPath === true);
  return handle;
}

/** The GraphDbHandle of openGraphDb: the connection of the moment, and whether (and why) a new database is built. */
class GraphDbWriter implements GraphDbHandle {
  private readonly buildPath: string;
  private connection: SqliteDb | undefined;
  private rebuilding: string | undefined;
  /** The git history of a database rebuilt for a new schema version, for the new one. */
  private carried: CarriedTables | undefined;

  constructor(
    readonly dbPath: string,
    /** The first folder openGraphDb created for the database, if it created any. */
    private readonly createdDir: string | undefined,
  ) {
    this.buildPath = `${dbPath}${BUILD_INFIX}${process.pid}`;
  }

  /** Decides how runs write: in place (a sound database of this schema), or to a new database built beside it, and why. */
  openExisting(ownedPath: boolean): void {
    const { dbPath } = this;
    if (!fs.existsSync(dbPath)) {
      this.rebuilding = "no database yet";
      return;
    }
    const found = inspectExisting(dbPath);
    if (found.kind === "empty") {
      this.rebuilding = "the database is empty";
      removeDbFiles(dbPath);
    } else if (found.kind === "ours" && found.version !== SCHEMA_VERSION) {
      this.rebuilding = `the database has schema version ${found.version}, this ts-graph writes version ${SCHEMA_VERSION}`;
      this.carried = historyTablesOf(dbPath);
      removeDbFiles(dbPath);
    } else if (found.kind === "foreign") {
      if (!ownedPath) throw new NotAGraphDbError(dbPath, found.detail);
      this.rebuilding = `the database file was unusable (${found.detail})`;
      removeDbFiles(dbPath);
    } else if (found.kind === "corrupt") {
      if (!ownedPath) throw new NotAGraphDbError(dbPath, found.detail);
      this.quarantine(found.detail);
    } else {
      this.connection = new Database(dbPath);
      applyPragmas(this.connection);
      const damage = isStampedSound(dbPath) ? undefined : damageOf(this.connection);
      if (damage !== undefined) this.quarantine(damage);
    }
  }

  get db(): SqliteDb {
    if (this.connection !== undefined) return this.connection;
    if (this.rebuilding === undefined) this.connection = this.openInPlace();
    else {
      try {
        this.connection = this.startBuild();
      } catch (error) {
        // A disk that is full (or fails) as the new database is made: nothing of it stays behind.
        this.discardBuild();
        throw error;
      }
    }
    return this.connection;
  }

  get rebuiltBecause(): string | undefined {
    return this.rebuilding;
  }

  private startBuild(): SqliteDb {
    fs.mkdirSync(path.dirname(this.dbPath), { recursive: true });
    removeDbFiles(this.buildPath);
    crashPoint();
    const build = new Database(this.buildPath);
    this.connection = build;
    // Nobody reads the file until it is published, and a crash leaves it to be deleted: no journal to sync.
    build.pragma("journal_mode = MEMORY");
    build.pragma("synchronous = OFF");
    build.pragma("auto_vacuum = INCREMENTAL");
    build.pragma("cache_size = -65536");
    build.pragma("temp_store = MEMORY");
    build.exec(SCHEMA_SQL);
    build.pragma(`user_version = ${SCHEMA_VERSION}`);
    if (this.carried !== undefined) carryInto(build, this.carried);
    return build;
  }

  private openInPlace(): SqliteDb {
    const opened = new Database(this.dbPath);
    applyPragmas(opened);
    return opened;
  }

  quarantine(detail: string): string {
    this.connection?.close();
    this.connection = undefined;
    const aside = moveAside(this.dbPath);
    this.rebuilding = `the database was damaged (${detail}); it was moved to ${path.basename(aside)} and the graph is rebuilt`;
    return aside;
  }

  publish(): void {
    const { dbPath, buildPath } = this;
    if (this.rebuilding === undefined || this.connection === undefined) return;
    this.connection.pragma("journal_mode = WAL");
    this.connection.close();
    this.connection = undefined;
    fsyncPath(buildPath);
    // The live path has no database (there was none, or it was removed or moved aside): link it there, so
    // that a concurrent first index that published first is not overwritten under its readers.
    let published = false;
    try {
      fs.linkSync(buildPath, dbPath);
      published = true;
    } catch (error) {
      if (codeOf(error) !== "EEXIST") {
        fs.renameSync(buildPath, dbPath);
        published = true;
      }
    }
    if (published) fs.rmSync(buildPath, { force: true });
    else removeDbFiles(buildPath);
    fsyncPath(path.dirname(dbPath));
    this.rebuilding = undefined;
    this.connection = this.openInPlace();
  }

  discardBuild(): void {
    if (this.rebuilding === undefined) return;
    this.connection?.close();
    this.connection = undefined;
    removeDbFiles(this.buildPath);
    const { createdDir, dbPath } = this;
    if (createdDir === undefined || fs.existsSync(dbPath)) return;
    // Leave nothing behind: the folders this handle created, innermost first, while they are empty.
    for (let dir = path.dirname(dbPath); dir.length >= createdDir.length; dir = path.dirname(dir)) {
      try {
        fs.rmdirSync(dir);
      } catch {
        return;
      }
    }
  }

  close(): void {
    const db = this.connection;
    if (db === undefined) return;
    if (this.rebuilding !== undefined) {
      this.discardBuild();
      return;
    }
    try {
      // A hint for the query planner; when another run holds the write lock, it waits for the next close.
      db.pragma("busy_timeout = 0");
      db.pragma("optimize");
    } catch (error) {
      if (!isBusyError(error)) throw error;
    } finally {
      db.close();
      this.connection = undefined;
      stampSound(this.dbPath);
    }
  }
}

/** How long one attempt on the write lock waits, when another process holds it; a stop is checked between attempts. */
const WRITE_WAIT_SLICE_MS = 50;

/**
 * One attempt at BEGIN IMMEDIATE; false when another process holds the write lock. Every SQLite call of the
 * attempt, the ROLLBACK of a lock that came as a stop was asked included, is made between `enter()` and
 * `leave()`: a thread seen outside may be terminated at once, and a SQLite call that throws in a terminating
 * thread aborts the process (write-stop.ts).
 */
function tryBeginWrite(db: SqliteDb, stop: WriteStop | undefined): boolean {
  if (stop !== undefined && !stop.enter()) throw new WriteStoppedError();
  try {
    try {
      db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      if (!isBusyError(error)) throw error;
      return false;
    }
    // The lock came as the stop was asked: the owner waits for this thread to end by itself, so end now.
    if (stop?.asked() === true) {
      db.exec("ROLLBACK");
      throw new WriteStoppedError();
    }
    return true;
  } finally {
    stop?.leave();
  }
}

/**
 * Begins a write transaction. When another process holds the write lock, `onWait` is told at once (it
 * says who), and the transaction waits for the lock as long as it takes, or until `stop` asks it to stop
 * (WriteStoppedError; see write-stop.ts). The connection's busy timeout is restored afterwards, except
 * after a stop: the thread then ends with its connection, and may already be outside the wait, where no
 * SQLite call is safe.
 */
export function beginWrite(db: SqliteDb, onWait: () => void, stop?: WriteStop): void {
  const timeout = db.pragma("busy_timeout", { simple: true }) as number;
  db.pragma("busy_timeout = 0");
  let stopped = false;
  try {
    if (tryBeginWrite(db, stop)) return;
    onWait();
    db.pragma(`busy_timeout = ${WRITE_WAIT_SLICE_MS}`);
    while (!tryBeginWrite(db, stop)) {
      // Another slice: SQLite sleeps inside each attempt.
    }
  } catch (error) {
    stopped = error instanceof WriteStoppedError;
    throw error;
  } finally {
    if (!stopped) db.pragma(`busy_timeout = ${timeout}`);
  }
}

export function readMeta(db: SqliteDb, key: (typeof META)[keyof typeof META]): string | undefined {
  const row = db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
  return row?.value;
}

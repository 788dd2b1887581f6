/**
 * The IO edge of `ts-graph diff`: turns each side's argument into a graph to read. A side is a snapshot
 * file, a graph database, a folder (indexed in place), or a git ref: the ref is checked out in a temporary
 * worktree and indexed there, starting from a cached database (`--base-db`/`--head-db`, updated in place)
 * or else from a copy of the checkout's own graph, so that only the files that differ are extracted. A
 * folder with no graph yet starts from a copy of the base's cached graph when there is one.
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError } from "../config/config-file.js";
import type { SqliteDb } from "../db/open-graph-db.js";
import { openGraphReader } from "../db/open-graph-reader.js";
import { SCHEMA_VERSION } from "../db/schema.js";
import { looksLikeSnapshot, type ParsedSnapshot, parseSnapshot, snapshotDatabase } from "../db/snapshot-load.js";
import { parseSnapshotPair } from "../db/snapshot-pair.js";
import { runGit } from "../history/git.js";
import { locateGraph, openIndexer } from "../ingestion/run/indexer.js";
import type { GraphSideData } from "./graph-diff.js";
import { readSide, snapshotSide } from "./read-side.js";

export interface ResolvedSide {
  /** How the report names the side: the argument, and for a git ref its commit. */
  readonly label: string;
  /** The declarations (with body hashes where known) and edges the diff compares. */
  readonly data: GraphSideData;
  /** The folder of the side's sources while it is open (a folder, a git ref's worktree); undefined for a snapshot file or a database. */
  readonly sourceRoot: string | undefined;
  /** The graph as a database, for the impact walk: a snapshot is loaded into one on the first call only. */
  database(): SqliteDb;
  close(): void;
}

export interface SideOptions {
  /** The project root the diff runs in: where git refs are resolved, and whose graph seeds a ref's index. */
  readonly root: string;
  /** What a side that is a path is relative to (the CLI's working directory). */
  readonly cwd: string;
  /** A database to index a git ref into (created when missing, updated in place: a CI cache). */
  readonly cacheDb?: string | undefined;
  /** A graph to start a folder's first index from (the base's cached graph, for the head): an incremental run instead of a full one. */
  readonly seedDb?: string | undefined;
  /** Warnings of the index runs, and one line per run: its mode and files extracted (stderr in the CLI). */
  readonly onNote: (message: string) => void;
}

const SQLITE_HEADER = "SQLite format 3\u0000";

function headOf(file: string): string {
  const handle = fs.openSync(file, "r");
  try {
    const buffer = Buffer.alloc(64);
    const read = fs.readSync(handle, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString("latin1");
  } finally {
    fs.closeSync(handle);
  }
}

function openDatabaseSide(file: string): ResolvedSide {
  const reader = openGraphReader(file, (db) => {
    const version = db.pragma("user_version", { simple: true }) as number;
    if (version !== SCHEMA_VERSION) {
      throw new ConfigError(
        `${file} is a graph of schema version ${version}; this ts-graph reads version ${SCHEMA_VERSION}: run \`ts-graph index\` with this version to update it`,
      );
    }
  });
  try {
    const data = readSide(reader.db);
    return { label: file, data, sourceRoot: undefined, database: () => reader.db, close: () => reader.db.close() };
  } catch (error) {
    reader.db.close();
    throw error;
  }
}

async function indexFolder(
  root: string,
  dbPath: string | undefined,
  label: string,
  options: SideOptions,
  cleanup: () => void,
): Promise<ResolvedSide> {
  const indexer = openIndexer({ root, dbPath, onWarning: options.onNote });
  try {
    const run = await indexer.run();
    options.onNote(
      `${label}: ${run.mode} index run, ${run.files.extracted} of ${run.files.total} files extracted${run.reason === undefined ? "" : ` (${run.reason})`}`,
    );
    return {
      label,
      data: readSide(indexer.db),
      sourceRoot: root,
      database: () => indexer.db,
      close: () => {
        indexer.close();
        cleanup();
      },
    };
  } catch (error) {
    indexer.close();
    cleanup();
    throw error;
  }
}

function git(cwd: string, args: readonly string[]): string | undefined {
  const result = runGit(cwd, args);
  return result.ok ? result.stdout.toString("utf8").trim() : undefined;
}

/** A consistent copy of a graph database (`VACUUM INTO`), so that the original is never written. */
function copyGraph(from: string, to: string): void {
  const db = new Database(from, { readonly: true, fileMustExist: true });
  try {
    db.prepare("VACUUM INTO ?").run(to);
  } finally {
    db.close();
  }
}

async function indexGitRef(ref: string, commit: string, options: SideOptions): Promise<ResolvedSide> {
  const toplevel = git(options.root, ["rev-parse", "--show-toplevel"]);
  if (toplevel === undefined)
    throw new ConfigError(
      `${options.root} is not in a git repository; give snapshot files or databases instead of ${ref}`,
    );
  const subfolder = path.relative(fs.realpathSync.native(toplevel), options.root);
  const scratch = fs.realpathSync.native(fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-diff-")));
  const worktree = path.join(scratch, "worktree");
  const added = runGit(toplevel, ["worktree", "add", "--detach", "--quiet", worktree, commit]);
  const cleanup = () => {
    runGit(toplevel, ["worktree", "remove", "--force", worktree]);
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  if (!added.ok) {
    cleanup();
    throw new Error(`git could not check out ${ref} in a temporary worktree: ${added.stderr}`);
  }
  const root = path.join(worktree, subfolder);
  // Packages are not in git: the ref's types resolve against the checkout's installed ones.
  const modules = path.join(options.root, "node_modules");
  if (fs.existsSync(modules) && !fs.existsSync(path.join(root, "node_modules")))
    fs.symlinkSync(modules, path.join(root, "node_modules"), "dir");
  // A cache database is updated in place; none yet (or none given) starts from a copy of the checkout's own graph.
  const dbPath = options.cacheDb ?? path.join(scratch, "graph.db");
  const own = locateGraph(options.root).dbPath;
  if (!fs.existsSync(dbPath) && fs.existsSync(own)) {
    fs.mkdirSync(path.dirname(dbPath), { recursive: true });
    copyGraph(own, dbPath);
  }
  return indexFolder(root, dbPath, `${ref} (${commit.slice(0, 12)})`, options, cleanup);
}

function snapshotFileSide(label: string, snapshot: ParsedSnapshot): ResolvedSide {
  let db: SqliteDb | undefined;
  return {
    label,
    data: snapshotSide(snapshot),
    sourceRoot: undefined,
    database: () => (db ??= snapshotDatabase(snapshot)),
    close: () => db?.close(),
  };
}

/** Resolves one side's argument: a snapshot file, a database, a folder, or a git ref (in that order). */
export async function resolveSide(spec: string, options: SideOptions): Promise<ResolvedSide> {
  const file = path.resolve(options.cwd, spec);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat?.isFile() === true) {
    const head = headOf(file);
    if (head.startsWith(SQLITE_HEADER)) return openDatabaseSide(file);
    if (looksLikeSnapshot(head)) return snapshotFileSide(spec, parseSnapshot(fs.readFileSync(file, "utf8"), spec));
    throw new ConfigError(
      `${spec} is neither a ts-graph snapshot nor a graph database; give a snapshot (ts-graph snapshot --out FILE), a database, a folder or a git ref`,
    );
  }
  if (stat?.isDirectory() === true) {
    const root = fs.realpathSync.native(file);
    const own = locateGraph(root).dbPath;
    if (options.seedDb !== undefined && !fs.existsSync(own) && fs.existsSync(options.seedDb)) {
      fs.mkdirSync(path.dirname(own), { recursive: true });
      copyGraph(options.seedDb, own);
    }
    return indexFolder(root, undefined, spec, options, () => undefined);
  }
  const commit = git(options.root, ["rev-parse", "--verify", "--quiet", `${spec}^{commit}`]);
  if (commit === undefined) {
    throw new ConfigError(
      `${spec} is not a file or folder (from ${options.cwd}), nor a git ref of ${options.root}; give a snapshot, a database, a folder or a commit`,
    );
  }
  return indexGitRef(spec, commit, options);
}

/** Whether a side names a file (a snapshot or a database: read, not indexed). */
export function isGraphFile(spec: string, cwd: string): boolean {
  return fs.statSync(path.resolve(cwd, spec), { throwIfNoEntry: false })?.isFile() === true;
}

/** The file a side names when it is a snapshot file, else undefined. */
function snapshotFile(spec: string, cwd: string): string | undefined {
  const file = path.resolve(cwd, spec);
  return isGraphFile(spec, cwd) && looksLikeSnapshot(headOf(file)) ? file : undefined;
}

/** Both sides when both are snapshot files, parsed together (db/snapshot-pair.ts: base's lines that head has are not parsed twice); else undefined. */
export function resolveSnapshotPair(base: string, head: string, cwd: string): [ResolvedSide, ResolvedSide] | undefined {
  const baseFile = snapshotFile(base, cwd);
  const headFile = snapshotFile(head, cwd);
  if (baseFile === undefined || headFile === undefined) return undefined;
  const pair = parseSnapshotPair(
    { text: fs.readFileSync(baseFile, "utf8"), label: base },
    { text: fs.readFileSync(headFile, "utf8"), label: head },
  );
  return [snapshotFileSide(base, pair.base), snapshotFileSide(head, pair.head)];
}

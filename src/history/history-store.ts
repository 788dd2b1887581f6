import type { SqliteDb } from "../db/open-graph-db.js";
import type { HistoryCommit } from "./name-status-log.js";

/**
 * The commit history co-change scores are computed from (issue 14): commits, the files each touched, and each
 * file's identity across renames (a *lineage*: `src/a.ts` renamed to `src/b.ts` is one file, known by its
 * latest path). Commits are added oldest first; each one's changes are one transaction with it.
 */
const HISTORY_SCHEMA_SQL = `
-- The git HEAD the history was last read up to: the next read takes the commits after it (head..HEAD). Not the
-- last commit added: after a merge, that may be an older commit of the merged branch.
CREATE TABLE IF NOT EXISTS history_head (
  id  INTEGER PRIMARY KEY CHECK (id = 1),
  sha TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS history_commits (
  id      INTEGER PRIMARY KEY,
  sha     TEXT NOT NULL UNIQUE,
  time    INTEGER NOT NULL,
  subject TEXT NOT NULL,
  -- files the commit touched, before any filter
  files   INTEGER NOT NULL,
  -- 1 once the declarations it changed are read (symbol level is read on first need)
  symbols INTEGER NOT NULL DEFAULT 0
);
-- Asked on every impact call (tools/cochange-scores.ts): whether symbols were read, and the last commit's time.
CREATE INDEX IF NOT EXISTS history_commits_by_symbols ON history_commits(symbols);
CREATE INDEX IF NOT EXISTS history_commits_by_time ON history_commits(time);
CREATE TABLE IF NOT EXISTS history_files (
  id   INTEGER PRIMARY KEY,
  -- the latest path (after the last rename)
  path TEXT NOT NULL,
  -- 0 once deleted: a later file at the same path is another lineage
  live INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS history_files_live ON history_files(path) WHERE live = 1;
-- A folder's files (cochange's back-off from a file without history, tools/cochange-scores.ts): a range of paths.
CREATE INDEX IF NOT EXISTS history_files_by_path ON history_files(path);
CREATE TABLE IF NOT EXISTS history_changes (
  file      INTEGER NOT NULL,
  commit_id INTEGER NOT NULL,
  -- the file's path in that commit
  path      TEXT NOT NULL,
  PRIMARY KEY (file, commit_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS history_changes_by_commit ON history_changes(commit_id, file);
-- Declarations of a file (by lineage) that commits changed, named like node keys' qualified names.
CREATE TABLE IF NOT EXISTS history_symbols (
  id   INTEGER PRIMARY KEY,
  file INTEGER NOT NULL,
  name TEXT NOT NULL,
  UNIQUE (file, name)
);
CREATE TABLE IF NOT EXISTS history_symbol_changes (
  symbol    INTEGER NOT NULL,
  commit_id INTEGER NOT NULL,
  PRIMARY KEY (symbol, commit_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS history_symbol_changes_by_commit ON history_symbol_changes(commit_id, symbol);
`;

const HISTORY_TABLES = [
  "history_head",
  "history_symbol_changes",
  "history_symbols",
  "history_changes",
  "history_files",
  "history_commits",
] as const;

const SQL = {
  insertCommit: "INSERT INTO history_commits (sha, time, subject, files) VALUES (?, ?, ?, ?)",
  fileAt: "SELECT id FROM history_files WHERE path = ? AND live = 1",
  newFile: "INSERT INTO history_files (path, live) VALUES (?, 1)",
  moveFile: "UPDATE history_files SET path = ? WHERE id = ?",
  deleteFile: "UPDATE history_files SET live = 0 WHERE id = ?",
  insertChange: "INSERT OR IGNORE INTO history_changes (file, commit_id, path) VALUES (?, ?, ?)",
  headRead: "SELECT sha FROM history_head WHERE id = 1",
  setHeadRead: "INSERT INTO history_head (id, sha) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET sha = excluded.sha",
  hasCommit: "SELECT EXISTS (SELECT 1 FROM history_commits WHERE sha = ?)",
  isEmpty: "SELECT NOT EXISTS (SELECT 1 FROM history_commits)",
  commitsWithoutSymbols: "SELECT sha FROM history_commits WHERE symbols = 0 ORDER BY id",
  hasSymbols: "SELECT EXISTS (SELECT 1 FROM history_commits WHERE symbols = 1)",
  changeAt:
    "SELECT h.file, h.commit_id AS commitId FROM history_changes h JOIN history_commits c ON c.id = h.commit_id WHERE c.sha = ? AND h.path = ?",
  lineageAt:
    "SELECT f.path, f.live FROM history_changes h JOIN history_commits c ON c.id = h.commit_id JOIN history_files f ON f.id = h.file WHERE c.sha = ? AND h.path = ?",
  markSymbolsRead: "UPDATE history_commits SET symbols = 1 WHERE sha = ?",
  symbolOf: "SELECT id FROM history_symbols WHERE file = ? AND name = ?",
  newSymbol: "INSERT INTO history_symbols (file, name) VALUES (?, ?)",
  insertSymbolChange: "INSERT OR IGNORE INTO history_symbol_changes (symbol, commit_id) VALUES (?, ?)",
} as const;

/** The declarations (qualified names) one commit changed in the files it changed, by the file's path in that commit. */
export interface CommitSymbols {
  readonly commit: string;
  readonly files: ReadonlyMap<string, readonly string[]>;
}

export interface HistoryStore {
  /**
   * Adds commits given oldest first (the reverse of git log's order), the files each changed, and records that
   * the history is read up to `head`, in one transaction. A commit already there is skipped.
   */
  addCommits(commitsOldestFirst: readonly HistoryCommit[], head: string): void;
  /** Commits whose changed declarations are not read yet, oldest first. */
  commitsWithoutSymbols(): string[];
  /** The file a commit changed at this path, by its latest path, and whether it still exists; undefined if unknown. */
  lineageAt(commit: string, path: string): { readonly path: string; readonly live: boolean } | undefined;
  /** Whether the declarations of some commit were read (symbol level was asked for once). */
  hasSymbols(): boolean;
  /** Records the declarations commits changed, and that they are read (also for a commit with none). */
  addSymbols(commits: readonly CommitSymbols[]): void;
  /** Forgets every commit (a rewritten history is read again from the start). */
  clear(): void;
  /** The git HEAD the history was read up to, or undefined before the first read. */
  headRead(): string | undefined;
  /** No commit was read yet. */
  isEmpty(): boolean;
}

export function createHistoryStore(db: SqliteDb): HistoryStore {
  db.exec(HISTORY_SCHEMA_SQL);
  const statements = {
    insertCommit: db.prepare<[string, number, string, number]>(SQL.insertCommit),
    fileAt: db.prepare<[string]>(SQL.fileAt),
    newFile: db.prepare<[string]>(SQL.newFile),
    moveFile: db.prepare<[string, number]>(SQL.moveFile),
    deleteFile: db.prepare<[number]>(SQL.deleteFile),
    insertChange: db.prepare<[number, number, string]>(SQL.insertChange),
    headRead: db.prepare<[]>(SQL.headRead),
    setHeadRead: db.prepare<[string]>(SQL.setHeadRead),
    hasCommit: db.prepare<[string]>(SQL.hasCommit),
    isEmpty: db.prepare<[]>(SQL.isEmpty),
    commitsWithoutSymbols: db.prepare<[]>(SQL.commitsWithoutSymbols),
    hasSymbols: db.prepare<[]>(SQL.hasSymbols),
    changeAt: db.prepare<[string, string]>(SQL.changeAt),
    lineageAt: db.prepare<[string, string]>(SQL.lineageAt),
    markSymbolsRead: db.prepare<[string]>(SQL.markSymbolsRead),
    symbolOf: db.prepare<[number, string]>(SQL.symbolOf),
    newSymbol: db.prepare<[number, string]>(SQL.newSymbol),
    insertSymbolChange: db.prepare<[number, number]>(SQL.insertSymbolChange),
  };
  const symbolFor = (file: number, name: string): number =>
    (statements.symbolOf.pluck().get(file, name) as number | undefined) ??
    Number(statements.newSymbol.run(file, name).lastInsertRowid);

  const fileAt = (path: string): number | undefined => statements.fileAt.pluck().get(path) as number | undefined;
  const fileFor = (path: string): number => fileAt(path) ?? Number(statements.newFile.run(path).lastInsertRowid);

  const addCommit = (commit: HistoryCommit): void => {
    if (statements.hasCommit.pluck().get(commit.id) === 1) return;
    const commitId = Number(
      statements.insertCommit.run(commit.id, commit.time, commit.subject, commit.changes.length).lastInsertRowid,
    );
    const deleted: number[] = [];
    for (const change of commit.changes) {
      let file: number;
      if (change.status === "R" && change.fromPath !== undefined) {
        const moved = fileAt(change.fromPath);
        const existing = fileAt(change.path);
        if (moved !== undefined && existing === undefined) {
          statements.moveFile.run(change.path, moved);
          file = moved;
        } else file = existing ?? fileFor(change.path);
      } else if (change.status === "A") {
        file = fileFor(change.path);
      } else {
        file = fileFor(change.path);
        if (change.status === "D") deleted.push(file);
      }
      statements.insertChange.run(file, commitId, change.path);
    }
    for (const file of deleted) statements.deleteFile.run(file);
  };

  return {
    addCommits: db.transaction((commits: readonly HistoryCommit[], head: string) => {
      for (const commit of commits) addCommit(commit);
      statements.setHeadRead.run(head);
    }),
    commitsWithoutSymbols: () => statements.commitsWithoutSymbols.pluck().all() as string[],
    lineageAt: (commit, path) => {
      const row = statements.lineageAt.get(commit, path) as { path: string; live: number } | undefined;
      return row === undefined ? undefined : { path: row.path, live: row.live === 1 };
    },
    hasSymbols: () => statements.hasSymbols.pluck().get() === 1,
    addSymbols: db.transaction((commits: readonly CommitSymbols[]) => {
      for (const { commit, files } of commits) {
        for (const [path, names] of files) {
          const change = statements.changeAt.get(commit, path) as { file: number; commitId: number } | undefined;
          if (change === undefined) continue;
          for (const name of names) statements.insertSymbolChange.run(symbolFor(change.file, name), change.commitId);
        }
        statements.markSymbolsRead.run(commit);
      }
    }),
    clear: db.transaction(() => {
      for (const table of HISTORY_TABLES) db.prepare(`DELETE FROM ${table}`).run();
    }),
    headRead: () => statements.headRead.pluck().get() as string | undefined,
    isEmpty: () => statements.isEmpty.pluck().get() === 1,
  };
}

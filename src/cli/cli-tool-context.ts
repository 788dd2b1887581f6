import Database from "better-sqlite3";
import fs from "node:fs";
import { readMeta, type SqliteDb } from "../db/open-graph-db.js";
import { META, SCHEMA_VERSION, STATE_COMPLETE } from "../db/schema.js";
import { createStaleFileCheck, indexedAtOf, unfinishedFilesOf } from "../ingestion/graph-freshness.js";
import { locateGraph, openIndexer } from "../ingestion/indexer.js";
import { refreshHistory } from "../history/refresh-history.js";
import { createPathValidator } from "../tools/path-validator.js";
import { ToolInputError, type ToolContext } from "../tools/tool-contract.js";

export interface CliGraphOptions {
  readonly root: string;
  readonly db?: string | undefined;
  /** Index (or catch up) before answering. Without it a missing graph is an error that says to run `ts-graph index`. */
  readonly index?: boolean | undefined;
  readonly onWarning?: (message: string) => void;
}

export interface CliToolContext extends ToolContext {
  close(): void;
}

/** Brings the graph at root up to date with an incremental run. */
async function indexNow(root: string, dbPath: string, onWarning?: (message: string) => void): Promise<void> {
  const indexer = openIndexer({ root, dbPath, onWarning });
  try {
    await indexer.run();
  } finally {
    indexer.close();
  }
}

function openForReading(dbPath: string, root: string): SqliteDb {
  const db = new Database(dbPath, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version !== SCHEMA_VERSION || readMeta(db, META.state) !== STATE_COMPLETE) {
    db.close();
    throw new ToolInputError(
      `The graph at ${dbPath} is ${version !== SCHEMA_VERSION ? "from another ts-graph version" : "incomplete (an index run was interrupted)"}; run \`ts-graph index ${root}\` (or pass --index).`,
    );
  }
  return db;
}

/** Opens the graph for a CLI query command: one root, paths validated against it. */
export async function openCliToolContext(options: CliGraphOptions): Promise<CliToolContext> {
  const { root, dbPath } = locateGraph(options.root, options.db);
  if (options.index === true) await indexNow(root, dbPath, options.onWarning);
  else if (!fs.existsSync(dbPath)) {
    throw new ToolInputError(`No graph at ${dbPath}; run \`ts-graph index ${root}\` first (or pass --index).`);
  }
  const db = openForReading(dbPath, root);
  const changedOnDisk = createStaleFileCheck(db, root);
  const paths = createPathValidator([root], [dbPath]);

  return {
    root,
    dbPath,
    db,
    paths,
    async ensureFresh(absolutePaths) {
      if (absolutePaths.some(changedOnDisk)) await indexNow(root, dbPath, options.onWarning);
    },
    freshness() {
      return { indexedAt: indexedAtOf(db), pendingFiles: unfinishedFilesOf(db).length };
    },
    async refreshHistory(historyOptions) {
      return refreshHistory(dbPath, root, historyOptions);
    },
    close() {
      db.close();
    },
  };
}

import fs from "node:fs";
import type { SqliteDb } from "../db/open-graph-db.js";
import { openGraphReader } from "../db/open-graph-reader.js";
import { SCHEMA_VERSION } from "../db/schema.js";
import { createStaleFileCheck, indexedAtOf } from "../ingestion/run/graph-freshness.js";

/**
 * The tools' read-only connection to a root's last complete graph, once there is one. Each call checks that
 * the database path is still the file it has open: a graph built anew (after damage) is a new file, opened then.
 */
export class ServedGraph {
  private reader: SqliteDb | undefined;
  /** The inode of the file the reader has open: another one at dbPath is a graph published anew. */
  private readerInode: number | undefined;
  /** Readers of graphs replaced since; a call under way may still read one, so they close with the root. */
  private readonly retiredReaders: SqliteDb[] = [];
  /** Whether a file changed since the open graph indexed it (undefined before a graph is open). */
  isStale: ((absolute: string) => boolean) | undefined;

  constructor(private readonly root: string) {}

  /** The connection to the graph at dbPath; `onCopied` is told when it had to be a private copy (a read-only folder). */
  current(dbPath: string, onCopied: () => void): SqliteDb | undefined {
    const inode = fs.statSync(dbPath, { throwIfNoEntry: false })?.ino;
    if (this.reader !== undefined && (inode === this.readerInode || inode === undefined)) return this.reader;
    if (inode === undefined) return undefined;
    if (this.reader !== undefined) this.retiredReaders.push(this.reader);
    this.reader = undefined;
    try {
      const opened = openGraphReader(dbPath, (db) => {
        // A graph of another schema version is being rebuilt by the indexer: never read it.
        if (db.pragma("user_version", { simple: true }) !== SCHEMA_VERSION || indexedAtOf(db) === undefined)
          throw new Error("no complete graph yet");
      });
      if (opened.copied) onCopied();
      this.reader = opened.db;
      this.readerInode = inode;
      this.isStale = createStaleFileCheck(this.reader, this.root, { watched: true });
    } catch {
      return undefined;
    }
    return this.reader;
  }

  close(): void {
    this.reader?.close();
    for (const retired of this.retiredReaders) retired.close();
  }
}

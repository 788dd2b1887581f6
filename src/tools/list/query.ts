import type { SqliteDb } from "../../db/open-graph-db.js";
import { folderKeyRange } from "../workspace/workspace-files.js";

/** What the graph knows of one file. */
export interface FileCounts {
  readonly path: string;
  /** Declarations in the file (not counting the file itself). */
  readonly symbols: number;
  /** Exported top-level declarations. */
  readonly exports: number;
}

const SQL = {
  countsIn: `SELECT file AS path, coalesce(sum(kind <> 'File'), 0) AS symbols,
    coalesce(sum(exported = 1 AND parent_key = file), 0) AS exports
    FROM nodes WHERE file >= @low AND file < @high GROUP BY file`,
} as const;

export function createCountQueries(db: SqliteDb) {
  const countsIn = db.prepare(SQL.countsIn);
  return {
    /** Symbol and export counts of every indexed file under a folder ("" for the root). */
    countsIn: (dir: string): FileCounts[] => countsIn.all(folderKeyRange(dir)) as FileCounts[],
  };
}

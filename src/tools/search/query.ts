import type { SqliteDb } from "../../db/open-graph-db.js";
import type { SpanRow } from "./enclosing.js";

const SQL = {
  spansOf: `SELECT qualified_name AS qualifiedName, kind, start_line AS startLine, end_line AS endLine
    FROM nodes WHERE file = ? AND kind <> 'File'`,
  isIndexed: "SELECT 1 FROM files WHERE path = ?",
} as const;

export function createSpanQueries(db: SqliteDb) {
  const spansOf = db.prepare(SQL.spansOf);
  const isIndexed = db.prepare(SQL.isIndexed);
  return {
    isIndexed: (file: string): boolean => isIndexed.get(file) !== undefined,
    /** Every declaration's span in one file (one query per file, whatever the number of matches in it). */
    spansOf: (file: string): SpanRow[] => spansOf.all(file) as SpanRow[],
  };
}

import type { SqliteDb } from "../../db/open-graph-db.js";
import { folderKeyRange } from "../workspace/workspace-files.js";

/** A declaration as zoom shows it. */
export interface OutlineRow {
  readonly key: string;
  readonly file: string;
  readonly kind: string;
  readonly name: string;
  readonly parentKey: string | null;
  readonly startLine: number;
  readonly endLine: number;
  readonly exported: number;
  readonly signature: string;
  readonly doc: string;
}

/** An indexed file: its length in lines and how many of its top-level declarations there are and are exported. */
export interface FileRow {
  readonly path: string;
  readonly lines: number;
  readonly topLevel: number;
  readonly exportedTopLevel: number;
}

/** A name the file exports a declaration as, or re-exports (schema.ts, export_names), with the node it reaches. */
export interface ExportNameRow {
  readonly name: string;
  readonly target: string;
  readonly file: string;
  readonly kind: string;
  readonly qualifiedName: string;
  readonly startLine: number;
}

const OUTLINE_COLUMNS = `key, file, kind, name, parent_key AS parentKey, start_line AS startLine, end_line AS endLine,
  exported, signature, doc`;

/** A file with no declaration (a barrel, an entry point) has only its File node, whose parent_key is NULL: sum() would be NULL. */
const FILE_COLUMNS = `f.path, max(CASE WHEN n.key = f.path THEN n.end_line END) AS lines,
  coalesce(sum(n.parent_key = f.path), 0) AS topLevel, coalesce(sum(n.parent_key = f.path AND n.exported = 1), 0) AS exportedTopLevel`;

const SQL = {
  file: `SELECT ${FILE_COLUMNS} FROM files f JOIN nodes n ON n.file = f.path WHERE f.path = ? GROUP BY f.path`,
  pathsIn: "SELECT path FROM files WHERE path >= @low AND path < @high",
  filesIn: `SELECT ${FILE_COLUMNS} FROM files f JOIN nodes n ON n.file = f.path
    WHERE f.path >= @low AND f.path < @high GROUP BY f.path ORDER BY f.path`,
  exportedTopLevelOf: `SELECT ${OUTLINE_COLUMNS} FROM nodes WHERE file = ? AND exported = 1 AND parent_key = file
    ORDER BY start_line, end_line DESC`,
  declarationsOf: `SELECT ${OUTLINE_COLUMNS} FROM nodes WHERE file = ? AND kind <> 'File' ORDER BY start_line, end_line DESC`,
  exportedTopLevelIn: `SELECT ${OUTLINE_COLUMNS} FROM nodes
    WHERE file >= @low AND file < @high AND exported = 1 AND parent_key = file ORDER BY file, start_line, end_line DESC`,
  declarationsIn: `SELECT ${OUTLINE_COLUMNS} FROM nodes
    WHERE file >= @low AND file < @high AND kind <> 'File' ORDER BY file, start_line, end_line DESC`,
  exportNamesOf: `SELECT e.name, e.target, n.file, n.kind, n.qualified_name AS qualifiedName, n.start_line AS startLine
    FROM export_names e JOIN nodes n ON n.key = e.target WHERE e.file = ? ORDER BY e.name = '*', e.name, n.file, n.start_line`,
} as const;

export function createOutlineQueries(db: SqliteDb) {
  const statements = Object.fromEntries(Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)])) as {
    [K in keyof typeof SQL]: ReturnType<SqliteDb["prepare"]>;
  };
  return {
    /** The indexed file at this graph path, or undefined. */
    file: (path: string): FileRow | undefined => statements.file.get(path) as FileRow | undefined,
    /** The paths of every indexed file under a folder ("" for the root), at any depth. */
    pathsIn: (dir: string): string[] => statements.pathsIn.pluck().all(folderKeyRange(dir)) as string[],
    /** Every indexed file under a folder, at any depth, with its counts. */
    filesIn: (dir: string): FileRow[] => statements.filesIn.all(folderKeyRange(dir)) as FileRow[],
    /** Level 0 of one file: its exported top-level declarations. */
    exportedTopLevelOf: (path: string): OutlineRow[] => statements.exportedTopLevelOf.all(path) as OutlineRow[],
    /** Level 1 of one file: every declaration, containers before their members. */
    declarationsOf: (path: string): OutlineRow[] => statements.declarationsOf.all(path) as OutlineRow[],
    /** Level 0 of a folder: the exported top-level declarations of every file under it. */
    exportedTopLevelIn: (dir: string): OutlineRow[] =>
      statements.exportedTopLevelIn.all(folderKeyRange(dir)) as OutlineRow[],
    /** The names a file exports its own declarations as, and those it re-exports, by name. */
    exportNamesOf: (path: string): ExportNameRow[] => statements.exportNamesOf.all(path) as ExportNameRow[],
    /** Level 1 of a folder: every declaration of every file under it. */
    declarationsIn: (dir: string): OutlineRow[] => statements.declarationsIn.all(folderKeyRange(dir)) as OutlineRow[],
  };
}

import type { SqliteDb } from "../../db/open-graph-db.js";
import { preparedStatements } from "../prepared-statements.js";

/** What the edit tools read from the graph: a file's hash, the files that import it, who refers to a declaration. */

/** One edge into a declaration (or one of its members) from code outside it. */
export interface IncomingReference {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly file: string;
  readonly lines: readonly number[];
}

const statements = preparedStatements({
  fileHash: "SELECT hash FROM files WHERE path = ?",
  importers: "SELECT DISTINCT source FROM edges WHERE kind = 'IMPORTS' AND target = ? ORDER BY source",
  // Members sort between `key.` and `key/` ('/' follows '.'): the declaration and everything under it.
  incoming: `
    SELECT kind, source, target, file, lines FROM edges
    WHERE kind NOT IN ('CONTAINS', 'IMPORTS')
      AND (target = @key OR (target >= @key || '.' AND target < @key || '/'))
      AND NOT (source = @key OR (source >= @key || '.' AND source < @key || '/'))
    ORDER BY file, source, kind`,
  importsOfName: `
    SELECT kind, source, target, file, lines FROM edges, json_each(edges.names)
    WHERE kind = 'IMPORTS' AND target = @file AND json_each.value = @name
    ORDER BY source`,
});

/** The SHA-1 the graph holds for a file's text, or undefined when the file is not indexed. */
export function graphHashOf(db: SqliteDb, file: string): string | undefined {
  return (statements(db).fileHash.pluck().get(file) as string | undefined) ?? undefined;
}

/** The files that import `file` (graph paths). */
export function importersOf(db: SqliteDb, file: string): string[] {
  return statements(db).importers.pluck().all(file) as string[];
}

interface EdgeRow {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly file: string;
  readonly lines: string | null;
}

/**
 * The edges that name a declaration or its members from outside it (calls, references, reads, type uses,
 * inheritance, overrides), plus the imports of its name when it is a top-level declaration of its file.
 */
export function incomingReferences(db: SqliteDb, node: { readonly key: string; readonly file: string; readonly qualifiedName: string }): IncomingReference[] {
  const sql = statements(db);
  const rows = sql.incoming.all({ key: node.key }) as EdgeRow[];
  const imports = node.qualifiedName.includes(".") ? [] : (sql.importsOfName.all({ file: node.file, name: node.qualifiedName.replace(/#.*$/, "") }) as EdgeRow[]);
  return [...rows, ...imports].map((row) => ({ kind: row.kind, source: row.source, target: row.target, file: row.file, lines: row.lines === null ? [] : (JSON.parse(row.lines) as number[]) }));
}

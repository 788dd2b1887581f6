import type { SqliteDb } from "../../db/open-graph-db.js";
import { queryHumpPrefixes } from "../../model/name-words.js";
import { AFTER_EVERY_SUFFIX } from "../workspace/workspace-files.js";

/** A node that may match a find query, before ranking. */
export interface SymbolRow {
  readonly key: string;
  readonly name: string;
  readonly qualifiedName: string;
  readonly kind: string;
  readonly file: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly exported: number;
  readonly signature: string;
  /** Found by a name a file exports it as (schema.ts, export_names), not by its own name. */
  readonly alias?: string;
  /** The file that exports it under `alias`. */
  readonly aliasFile?: string;
}

export interface SymbolFilters {
  readonly kind: string | undefined;
  readonly exported: boolean | undefined;
  /** A folder or file (graph path); undefined or "" for everywhere. */
  readonly under: string | undefined;
}

const NODE_COLUMNS = `n.key, n.name, n.qualified_name AS qualifiedName, n.kind, n.file, n.start_line AS startLine,
  n.end_line AS endLine, n.exported, n.signature`;

/** Files (zoom and list find those) and constructors (all named `constructor`) only when asked for by kind. */
const FILTERS = `(@kind IS NULL OR n.kind = @kind) AND (@kind IS NOT NULL OR n.kind NOT IN ('File', 'Constructor'))
  AND (@exported IS NULL OR n.exported = @exported)
  AND (@under IS NULL OR n.file = @under OR substr(n.file, 1, length(@under) + 1) = @under || '/')`;

/**
 * Candidates come from the symbol-name vocabulary (schema.ts), never from a scan of nodes: the trigram index
 * for names containing the query (3+ characters), a range on names for shorter prefixes, and a range on humps
 * for camel-hump queries. Ranking checks every candidate again (rank.ts).
 */
const SQL = {
  containing: `SELECT ${NODE_COLUMNS} FROM symbol_names_trigrams t
    JOIN symbol_names s ON s.id = t.rowid JOIN nodes n ON n.name = s.name
    WHERE symbol_names_trigrams MATCH @phrase AND ${FILTERS}`,
  nameRange: `SELECT ${NODE_COLUMNS} FROM symbol_names s JOIN nodes n ON n.name = s.name
    WHERE s.name >= @low AND s.name < @high AND ${FILTERS}`,
  humpsRange: `SELECT ${NODE_COLUMNS} FROM symbol_names s JOIN nodes n ON n.name = s.name
    WHERE s.humps >= @low AND s.humps < @high AND ${FILTERS}`,
  // A name a file exports a declaration as (`export { Impl as Public }`, a re-export): exact matches only, in any
  // case; a module re-exported as a namespace (`export * as ns`) is found as its File node.
  exportedAs: `SELECT ${NODE_COLUMNS}, e.name AS alias, e.file AS aliasFile FROM export_names e JOIN nodes n ON n.key = e.target
    WHERE e.name = @query COLLATE NOCASE AND e.name <> '*' AND (@kind IS NULL OR n.kind = @kind)
    AND (@kind IS NOT NULL OR n.kind <> 'Constructor') AND (@exported IS NULL OR n.exported = @exported)
    AND (@under IS NULL OR n.file = @under OR substr(n.file, 1, length(@under) + 1) = @under || '/')`,
} as const;

/** The trigram tokenizer needs three characters to match a substring. */
export const MIN_SUBSTRING_LENGTH = 3;

/** Every upper/lower-case spelling of a short query (at most 2^2 of them): prefix ranges are case-sensitive. */
function caseVariants(query: string): string[] {
  let variants = [""];
  for (const char of query) {
    const spellings = [...new Set([char.toLowerCase(), char.toUpperCase()])];
    variants = variants.flatMap((variant) => spellings.map((spelling) => variant + spelling));
  }
  return variants;
}

/** An FTS5 phrase that matches the query literally. */
function phrase(query: string): string {
  return `"${query.replace(/"/g, '""')}"`;
}

export function createSymbolQueries(db: SqliteDb) {
  const statements = {
    containing: db.prepare(SQL.containing),
    nameRange: db.prepare(SQL.nameRange),
    humpsRange: db.prepare(SQL.humpsRange),
    exportedAs: db.prepare(SQL.exportedAs),
  };

  /**
   * Every node whose name may match `query` exactly, by prefix, by substring or by camel humps, and every node a
   * file exports under the name `query` (with `alias` and `aliasFile`).
   */
  function candidates(query: string, filters: SymbolFilters): SymbolRow[] {
    const params = {
      kind: filters.kind ?? null,
      exported: filters.exported === undefined ? null : filters.exported ? 1 : 0,
      under: filters.under === undefined || filters.under === "" ? null : filters.under,
    };
    const rows: SymbolRow[] = [];
    // No name holds a NUL, and FTS5 reads a phrase as a C string (a NUL cuts it short: "unterminated string").
    const searchable = !query.includes("\u0000");
    if (searchable && [...query].length >= MIN_SUBSTRING_LENGTH) {
      rows.push(...(statements.containing.all({ ...params, phrase: phrase(query) }) as SymbolRow[]));
    } else if (searchable) {
      for (const low of caseVariants(query)) {
        rows.push(...(statements.nameRange.all({ ...params, low, high: low + AFTER_EVERY_SUFFIX }) as SymbolRow[]));
      }
    }
    for (const low of queryHumpPrefixes(query)) {
      rows.push(...(statements.humpsRange.all({ ...params, low, high: low + AFTER_EVERY_SUFFIX }) as SymbolRow[]));
    }
    rows.push(...(statements.exportedAs.all({ ...params, query }) as SymbolRow[]));
    return rows;
  }

  return { candidates };
}

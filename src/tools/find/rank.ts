import { camelHumpMatches } from "../../model/name-words.js";
import type { SymbolRow } from "./query.js";

/** How a name matches a query, best first. */
export const MATCH_KINDS = ["exact", "prefix", "camel-hump", "substring"] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** Case is ignored for every match kind; an exact match in the query's own case ranks first among equals. */
export function classifyMatch(query: string, name: string): MatchKind | undefined {
  const wanted = query.toLowerCase();
  const actual = name.toLowerCase();
  if (actual === wanted) return "exact";
  if (actual.startsWith(wanted)) return "prefix";
  if (camelHumpMatches(query, name)) return "camel-hump";
  if (actual.includes(wanted)) return "substring";
  return undefined;
}

export interface RankedSymbol extends SymbolRow {
  readonly match: MatchKind;
  /** The files that export it as `alias`, sorted; empty unless found by an alias. */
  readonly aliasFiles: readonly string[];
}

/** The name a candidate was found by: its alias, else its own name. */
function matchedName(row: SymbolRow): string {
  return row.alias ?? row.name;
}

function compareRanked(query: string): (a: RankedSymbol, b: RankedSymbol) => number {
  return (a, b) =>
    MATCH_KINDS.indexOf(a.match) - MATCH_KINDS.indexOf(b.match) ||
    b.exported - a.exported ||
    Number(matchedName(b) === query) - Number(matchedName(a) === query) ||
    Number(a.alias !== undefined) - Number(b.alias !== undefined) ||
    a.file.length - b.file.length ||
    a.name.length - b.name.length ||
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.startLine - b.startLine;
}

/**
 * The candidates that really match, each once, ranked: exact, then prefix, camel-hump and substring matches;
 * within each, exported before internal, the query's own case first, a declaration's own name before a name a
 * file exports it as (one entry per declaration and alias, with every file that exports it so), shorter file paths first, then shorter
 * names, then file and line so that the order is stable.
 */
export function rankSymbols(query: string, candidates: readonly SymbolRow[]): RankedSymbol[] {
  const byKey = new Map<string, RankedSymbol>();
  for (const row of candidates) {
    const id = `${row.key}\u0000${row.alias ?? ""}`;
    const seen = byKey.get(id);
    if (seen !== undefined) {
      if (row.aliasFile !== undefined)
        byKey.set(id, { ...seen, aliasFiles: [...seen.aliasFiles, row.aliasFile].sort() });
      continue;
    }
    const match = classifyMatch(query, matchedName(row));
    if (match !== undefined)
      byKey.set(id, { ...row, match, aliasFiles: row.aliasFile === undefined ? [] : [row.aliasFile] });
  }
  return [...byKey.values()].sort(compareRanked(query));
}

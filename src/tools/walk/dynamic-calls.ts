import type { SqliteDb } from "../../db/open-graph-db.js";
import type { NodeKey } from "../../model/node-key.js";
import { preparedStatements } from "../prepared-statements.js";
import { parseLiteralEntry, withinSpans } from "./literal-entry.js";

/**
 * A call site with no static target (table `dynamic_calls`): a call through a parameter, a local, a call
 * result or a computed element (`handler(c, next)`, `fns[i]()`, `make()()`). The graph cannot say what it
 * runs, so an answer that follows calls names it instead of dropping it.
 */
export interface DynamicCallSite {
  /** The node that owns the site (the same rule as CALLS edges). */
  readonly source: NodeKey;
  readonly line: number;
  /** The callee as written, on one line, at most 60 characters (a longer one is cut and ends with `…`). */
  readonly expression: string;
}

const statements = preparedStatements({
  sitesOf: `SELECT source, line, expression FROM dynamic_calls
    WHERE source IN (SELECT value FROM json_each(?))
    ORDER BY source, line, expression`,
});

/**
 * The dynamic call sites owned by the given nodes, ordered by source, then line; a literal entry's
 * (literal-entry.ts) are its holder's on the literal function's lines, under the entry's key.
 */
export function dynamicCallSitesOf(db: SqliteDb, sources: readonly NodeKey[]): DynamicCallSite[] {
  if (sources.length === 0) return [];
  const entries = new Map(
    sources.flatMap((key) => {
      const entry = parseLiteralEntry(key);
      return entry === undefined ? [] : [[key as string, entry] as const];
    }),
  );
  if (entries.size === 0) return statements(db).sitesOf.all(JSON.stringify(sources)) as DynamicCallSite[];
  const asked = [...new Set(sources.map((key) => entries.get(key)?.holder ?? key))];
  const found = statements(db).sitesOf.all(JSON.stringify(asked)) as DynamicCallSite[];
  const sites: DynamicCallSite[] = [];
  for (const key of sources) {
    const entry = entries.get(key);
    if (entry === undefined) sites.push(...found.filter((site) => site.source === key));
    else
      for (const site of found)
        if (site.source === entry.holder && withinSpans(site.line, entry.spans)) sites.push({ ...site, source: key });
  }
  return sites.sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : a.line - b.line));
}

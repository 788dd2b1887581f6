import type { SqliteDb } from "../../db/open-graph-db.js";
import type { NodeKey } from "../../model/node-key.js";
import { preparedStatements } from "../prepared-statements.js";

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

/** The dynamic call sites owned by the given nodes, ordered by source, then line. */
export function dynamicCallSitesOf(db: SqliteDb, sources: readonly NodeKey[]): DynamicCallSite[] {
  if (sources.length === 0) return [];
  return statements(db).sitesOf.all(JSON.stringify(sources)) as DynamicCallSite[];
}

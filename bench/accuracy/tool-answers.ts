import type Database from "better-sqlite3";
import type { NodeKey } from "../../src/model/node-key.js";
import { accessorsOf, queryCalls } from "../../src/tools/calls/query.js";
import { NAME_PATTERN_TESTS } from "../../src/tools/test-files.js";
import type { Dispatch } from "../../src/tools/graph-walk.js";
import { symbolNodes } from "../../src/tools/graph-walk.js";

/** One call site of a `callers` answer, as the tool gives it. */
export interface AnsweredSite {
  /** The node asked about. */
  readonly callee: NodeKey;
  /** The caller node the answer lists the site under. */
  readonly caller: NodeKey;
  readonly line: number;
  readonly edge: string;
  /** The site reaches the callee only by dispatch: it calls `target`, a member the callee overrides. */
  readonly dispatch: boolean;
  /** The declaration the call names (a node key, or a library member `lib:…`). */
  readonly target: string;
  /** The node one step closer: the callee, or one of its accessors. */
  readonly via: NodeKey;
}

/**
 * What `callers <node> --depth 1` answers, for each node: the same query code as the CLI and MCP tool
 * (src/tools/calls/query.ts), with the tool's handling of accessor properties (a getter or setter asked about
 * by its plain address stands for the property: reads and writes), the given dispatch, test files included
 * and no size budget, so that nothing is cut.
 */
export function callersAnswers(db: Database.Database, callees: readonly NodeKey[], dispatch: Dispatch): AnsweredSite[] {
  const symbols = symbolNodes(db, callees);
  const sites: AnsweredSite[] = [];
  for (const key of callees) {
    const symbol = symbols.get(key);
    if (symbol === undefined) continue;
    const result = queryCalls(
      db,
      symbol,
      { direction: "in", depth: 1, dispatch, tests: "include", isTest: NAME_PATTERN_TESTS.isTest },
      accessorsOf(db, symbol),
    );
    for (const entry of [...result.entries, ...result.testEntries]) {
      for (const site of entry.sites) {
        sites.push({ callee: key, caller: entry.key, line: site.line, edge: site.edge, dispatch: site.dispatch, target: site.target, via: site.via });
      }
    }
  }
  return sites;
}

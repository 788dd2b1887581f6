import type Database from "better-sqlite3";
import type { NodeKey } from "../../src/model/node-key.js";
import { accessorsOf, queryCalls } from "../../src/tools/calls/query.js";
import { NAME_PATTERN_TESTS } from "../../src/tools/workspace/test-files.js";
import type { Dispatch } from "../../src/tools/inputs/query-inputs.js";
import { symbolNodes } from "../../src/tools/walk/graph-walk.js";

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
  /** The group of the answer it is listed in: the calls, or the value uses listed apart (not calls). */
  readonly group: "calls" | "values";
}

/**
 * What `callers <node> --depth 1` answers, for each node: the same query code as the CLI and MCP tool
 * (src/tools/calls/query.ts), with the tool's handling of accessor properties (a getter or setter asked about
 * by its plain address stands for the property: reads and writes), the given dispatch, test files included
 * and no size budget, so that nothing is cut. Both groups of the answer: the calls, and the value uses it
 * lists apart (scored on the deliberate rows `x.f as a value` and `f as a value`, never in the headline).
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
    const groups = [
      { group: "calls" as const, entries: [...result.entries, ...result.testEntries] },
      { group: "values" as const, entries: result.values },
    ];
    for (const { group, entries } of groups) {
      for (const entry of entries) {
        for (const site of entry.sites) {
          const { line, edge, dispatch, target, via } = site;
          sites.push({ callee: key, caller: entry.key, line, edge, dispatch, target, via, group });
        }
      }
    }
  }
  return sites;
}

import { readConsistently } from "../../db/read-transaction.js";
import type { SqliteDb } from "../../db/open-graph-db.js";
import type { RootState, ToolContext, ToolResult } from "../tool-contract.js";
import { formatStatus } from "./format.js";
import { queryGraphCounts, rootStatus } from "./query.js";

/** The state of the one root a context without a workspace (the CLI's) serves. */
function ownState(context: ToolContext): RootState {
  return {
    root: context.root,
    dbPath: context.dbPath,
    db: context.db,
    freshness: context.freshness(),
    watching: false,
  };
}

/** The counts of one committed graph (db/read-transaction.ts). */
function graphCountsOf(db: SqliteDb): ReturnType<typeof queryGraphCounts> {
  return readConsistently(db, () => queryGraphCounts(db));
}

/** status' answer: every served root's state (handler.ts loads this module on the tool's first call). */
export async function runStatus(context: ToolContext): Promise<ToolResult> {
  const roots = (context.workspace?.() ?? [ownState(context)]).map((state) =>
    rootStatus(state, state.db === undefined ? undefined : graphCountsOf(state.db)),
  );
  const server = context.serverMemory?.();
  return { text: formatStatus(roots, server), structured: { roots, ...(server === undefined ? {} : { server }) } };
}

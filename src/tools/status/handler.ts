import { readConsistently } from "../../db/read-transaction.js";
import type { SqliteDb } from "../../db/open-graph-db.js";
import { defineTool, type RootState, type ToolContext } from "../tool-contract.js";
import { formatStatus } from "./format.js";
import { queryGraphCounts, rootStatus } from "./query.js";
import { z } from "../../vendor/zod.js";

/** The status answer: every served root's state, and the server's memory where there is a server. */
const statusAnswer = z.looseObject({
  roots: z.array(z.looseObject({ root: z.string(), dbPath: z.string() })),
  server: z.looseObject({ rssBytes: z.number(), budgetBytes: z.number(), idleReleaseMinutes: z.number() }).optional(),
});

/** The state of the one root a context without a workspace (the CLI's) serves. */
function ownState(context: ToolContext): RootState {
  return { root: context.root, dbPath: context.dbPath, db: context.db, freshness: context.freshness(), watching: false };
}

/** The counts of one committed graph (db/read-transaction.ts). */
function graphCountsOf(db: SqliteDb): ReturnType<typeof queryGraphCounts> {
  return readConsistently(db, () => queryGraphCounts(db));
}

export const statusTool = defineTool({
  name: "status",
  description:
    "Reports the state of ts-graph's code graph for every workspace root: when it was last indexed, how many changed files are " +
    "still being re-indexed, the last index error, files/nodes/edges by kind, the database path, and whether the file watcher " +
    "is running, and (served) the server's memory: its RSS, its budget, and what each root keeps warm. Call it to see which roots are served (their paths are valid `root` inputs of the other tools), when answers " +
    "seem stale, or when another tool says the graph is unavailable.",
  inputShape: {},
  positional: [],
  answer: statusAnswer,
  annotations: { title: "Graph status", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  scope: "workspace",
  async run(_input, context) {
    const roots = (context.workspace?.() ?? [ownState(context)]).map((state) =>
      rootStatus(state, state.db === undefined ? undefined : graphCountsOf(state.db)),
    );
    const server = context.serverMemory?.();
    return { text: formatStatus(roots, server), structured: { roots, ...(server === undefined ? {} : { server }) } };
  },
});

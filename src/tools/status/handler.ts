import { defineTool } from "../tool-contract.js";
import { z } from "../../vendor/zod.js";

/** The status answer: every served root's state, and the server's memory where there is a server. */
const statusAnswer = z.looseObject({
  roots: z.array(z.looseObject({ root: z.string(), dbPath: z.string() })),
  server: z.looseObject({ rssBytes: z.number(), budgetBytes: z.number(), idleReleaseMinutes: z.number() }).optional(),
});

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
  // The counts and their text are loaded on the first call: listing the tools needs only the schema above.
  run: async (_input, context) => (await import("./run.js")).runStatus(context),
});

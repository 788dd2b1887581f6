import { z } from "../../vendor/zod.js";
import { pathOrName } from "../inputs/input-limits.js";
import { symbolShape } from "../inputs/query-inputs.js";
import { defineTool } from "../tool-contract.js";
import type { CochangeReport } from "./format.js";
import { answerOf } from "../answer/answer-schema.js";

/** The cochange answer (format.ts `CochangeReport`), declared as the tool's output schema. */
const cochangeAnswer = answerOf<CochangeReport>()(
  z.looseObject({
    tool: z.literal("cochange"),
    target: z.looseObject({ file: z.string(), name: z.string().optional() }),
    level: z.enum(["file", "symbol"]),
    commits: z.number(),
    basis: z.enum(["file", "symbol", "folder"]),
    folder: z.string().optional(),
    largeCommits: z.number(),
    maxFilesPerCommit: z.number(),
    minSupport: z.number(),
    belowMinSupport: z.number(),
    halfLifeDays: z.number(),
    hiddenDepth: z.number(),
    hiddenOnly: z.boolean(),
    total: z.number(),
    entries: z.array(
      z.looseObject({
        file: z.string(),
        name: z.string().optional(),
        support: z.number(),
        confidence: z.number(),
        recentConfidence: z.number(),
        score: z.number(),
        lastShared: z.string(),
        hidden: z.boolean(),
      }),
    ),
    partial: z.object({ why: z.string(), fix: z.string() }).optional(),
  }),
);

const cochangeInputShape = {
  target: pathOrName(
    symbolShape.symbol.describe(
      "a file path relative to the root, or a declaration: a name, a qualified name (Cart.total) or a node key",
    ),
  ),
  file: symbolShape.file,
  level: z
    .enum(["file", "symbol"])
    .optional()
    .describe(
      "file: co-changed files, even for a declaration; symbol: co-changed declarations (default: like the target)",
    ),
  hiddenOnly: z.boolean().default(false).describe("list only coupling with no static path in the graph"),
  hiddenDepth: z
    .number()
    .int()
    .min(1)
    .max(6)
    .default(3)
    .describe("longest static path, in steps, that counts as linked (default 3)"),
  minSupport: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe(
      "fewest shared commits to list (default 2, or 1 for a target of fewer than 3 commits; 1 lists single shared commits)",
    ),
  maxFilesPerCommit: z
    .number()
    .int()
    .min(2)
    .max(100_000)
    .optional()
    .describe(
      "commits touching more files are left out (default: history.maxFilesPerCommit of ts-graph.config.json, else 30)",
    ),
  halfLifeDays: z
    .number()
    .min(1)
    .max(100_000)
    .default(180)
    .describe("age at which a commit weighs half in `recent`, the ranking (default 180)"),
  limit: z.number().int().min(1).max(500).default(20).describe("most entries to list (default 20)"),
};

export type CochangeInput = z.infer<z.ZodObject<typeof cochangeInputShape>>;

export const cochangeTool = defineTool({
  name: "cochange",
  description: [
    "What changes together with a file or a declaration, mined from the project's git history: the files (or",
    "declarations) most often changed in the same commits, ranked by confidence (the share of the target's commits",
    "that also changed them, recent and small commits weighing more), with support and the last shared commit; a",
    "declaration no commit changed yet is answered from its file's commits, a new file from its folder's. `hidden` marks coupling",
    "the code graph cannot see (no static path between the two), such as a handler and its schema or code and its",
    "fixtures: check those before you finish a change. Commits touching many files are left out, and so (counted) is what",
    "shared a single commit with a target of 3 commits or more (minSupport 1 lists it).",
  ].join("\n"),
  inputShape: cochangeInputShape,
  positional: ["target"],
  answer: cochangeAnswer,
  annotations: { title: "Co-change from git history", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  // The answer is built by run.ts, loaded on the first call: listing the tools needs only the schemas above.
  run: async (input, context) => (await import("./run.js")).runCochange(input, context),
});

import { z } from "../../vendor/zod.js";
import type { SqliteDb } from "../../db/open-graph-db.js";
import { EDGE_KIND_MEANINGS, type EdgeKind } from "../../model/graph-kinds.js";
import { fileKey, type NodeKey } from "../../model/node-key.js";
import { walkGraph } from "../graph-walk.js";
import { pathOrName } from "../input-limits.js";
import { preparedStatements } from "../prepared-statements.js";
import { symbolFromInput, symbolShape } from "../symbol-input.js";
import { defineTool, type HistoryRefresh, type ToolContext } from "../tool-contract.js";
import { ToolUnavailableError } from "../tool-errors.js";
import { formatCochange, type CochangeEntry, type CochangeReport } from "./format.js";
import { DEFAULT_MAX_FILES_PER_COMMIT, cochangedInRoot, isoDay, type CochangeLevel } from "../cochange-scores.js";
import { answerOf } from "../answer-schema.js";

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

/** Every edge kind but CONTAINS: a static path is a dependency, not nesting. */
const STATIC_PATH_KINDS = (Object.keys(EDGE_KIND_MEANINGS) as EdgeKind[]).filter((kind) => kind !== "CONTAINS");

const statements = preparedStatements({
  isIndexedFile: "SELECT 1 FROM files WHERE path = ?",
});

interface Target {
  readonly level: CochangeLevel;
  readonly file: string;
  readonly name: string | undefined;
  readonly key: NodeKey;
}

/** A path that names an indexed file is a file; anything else is a declaration (symbol addressing). */
async function resolveTarget(context: ToolContext, target: string, file: string | undefined, level: CochangeLevel | undefined): Promise<Target> {
  const asPath = file === undefined ? context.paths.validate(target, { mustExist: false }) : undefined;
  if (asPath !== undefined && statements(context.db).isIndexedFile.get(asPath.relative) !== undefined) {
    return { level: "file", file: asPath.relative, name: undefined, key: fileKey(asPath.relative) };
  }
  const node = await symbolFromInput(context, target, file);
  if (level === "file" || node.kind === "File") return { level: "file", file: node.file, name: undefined, key: fileKey(node.file) };
  return { level: "symbol", file: node.file, name: node.qualifiedName, key: node.key };
}

/** Files (file level) or node keys (symbol level) a static path of at most `depth` steps links with the target, either way. */
function staticallyLinked(db: SqliteDb, target: Target, depth: number): Set<string> {
  const linked = new Set<string>();
  for (const direction of ["in", "out"] as const) {
    const walk = walkGraph(db, { seeds: [target.key], direction, kinds: STATIC_PATH_KINDS, maxDepth: depth, withMembers: target.level === "file" });
    for (const node of walk.nodes) linked.add(target.level === "file" ? node.file : node.key);
  }
  return linked;
}

export const cochangeTool = defineTool({
  name: "cochange",
  description: [
    "What changes together with a file or a declaration, mined from the project's git history: the files (or",
    "declarations) most often changed in the same commits, ranked by confidence (the share of the target's commits",
    "that also changed them, recent and small commits weighing more), with support and the last shared commit; a",
    "declaration no commit changed yet is answered from its file's commits, a new file from its folder's. `hidden` marks coupling",
    "the code graph cannot see (no static path between the two), such as a handler and its schema or code and its",
    "fixtures: check those before you finish a change. Commits touching many files are left out.",
  ].join("\n"),
  inputShape: {
    target: pathOrName(
      symbolShape.symbol.describe("a file path relative to the root, or a declaration: a name, a qualified name (Cart.total) or a node key"),
    ),
    file: symbolShape.file,
    level: z
      .enum(["file", "symbol"])
      .optional()
      .describe("file: co-changed files, even for a declaration; symbol: co-changed declarations (default: like the target)"),
    hiddenOnly: z.boolean().default(false).describe("list only coupling with no static path in the graph"),
    hiddenDepth: z.number().int().min(1).max(6).default(3).describe("longest static path, in steps, that counts as linked (default 3)"),
    minSupport: z.number().int().min(1).max(1000).default(1).describe("fewest shared commits to list (default 1)"),
    maxFilesPerCommit: z
      .number()
      .int()
      .min(2)
      .max(100_000)
      .optional()
      .describe("commits touching more files are left out (default: history.maxFilesPerCommit of ts-graph.config.json, else 30)"),
    halfLifeDays: z.number().min(1).max(100_000).default(180).describe("age at which a commit weighs half in `recent`, the ranking (default 180)"),
    limit: z.number().int().min(1).max(500).default(20).describe("most entries to list (default 20)"),
  },
  positional: ["target"],
  answer: cochangeAnswer,
  annotations: { title: "Co-change from git history", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(input, context) {
    const target = await resolveTarget(context, input.target, input.file, input.level);
    const refresh: HistoryRefresh = (await context.refreshHistory?.({ symbols: target.level === "symbol" })) ?? {
      status: "unavailable",
      why: "this front end cannot read the git history",
      fix: "Use the ts-graph CLI or MCP server.",
    };
    if (refresh.status === "unavailable") throw new ToolUnavailableError(refresh.why, refresh.fix);
    const maxFilesPerCommit = input.maxFilesPerCommit ?? refresh.maxFilesPerCommit ?? DEFAULT_MAX_FILES_PER_COMMIT;
    const answer = cochangedInRoot(context.db, refresh, {
      level: target.level,
      file: target.file,
      name: target.name,
      maxFilesPerCommit,
      minSupport: input.minSupport,
      halfLifeDays: input.halfLifeDays,
    });
    // Two bounded walks: only when there is something to mark.
    const linked = answer.entities.length === 0 ? new Set<string>() : staticallyLinked(context.db, target, input.hiddenDepth);
    const entries: CochangeEntry[] = [];
    for (const entity of answer.entities) {
      const hidden = !linked.has(target.level === "file" ? entity.file : entity.key) && entity.key !== target.key;
      if (input.hiddenOnly && !hidden) continue;
      entries.push({
        file: entity.file,
        name: entity.name,
        support: entity.support,
        confidence: entity.confidence,
        recentConfidence: entity.recentConfidence,
        score: entity.score,
        lastShared: isoDay(entity.lastShared),
        hidden,
      });
    }
    const report: CochangeReport = {
      tool: "cochange",
      target: { file: target.file, name: target.name },
      level: target.level,
      commits: answer.commits,
      basis: answer.basis,
      ...(answer.folder === undefined ? {} : { folder: answer.folder }),
      largeCommits: answer.largeCommits,
      maxFilesPerCommit,
      minSupport: input.minSupport,
      halfLifeDays: input.halfLifeDays,
      hiddenDepth: input.hiddenDepth,
      hiddenOnly: input.hiddenOnly,
      total: entries.length,
      entries: entries.slice(0, input.limit),
      partial:
        refresh.status === "partial" && refresh.why !== undefined && refresh.fix !== undefined ? { why: refresh.why, fix: refresh.fix } : undefined,
    };
    return { text: formatCochange(report), structured: { ...report } };
  },
});

import type { ToolResult } from "../tool-contract.js";
import { fileKey, type NodeKey } from "../../model/node-key.js";
import { symbolFromInput } from "../inputs/symbol-input.js";
import type { HistoryRefresh, ToolContext } from "../tool-contract.js";
import { ToolUnavailableError } from "../tool-errors.js";
import { formatCochange, type CochangeEntry, type CochangeReport } from "./format.js";
import {
  DEFAULT_MAX_FILES_PER_COMMIT,
  cochangedInRoot,
  defaultMinSupport,
  isoDay,
  type CochangeLevel,
} from "../scoring/cochange-scores.js";
import type { CochangeInput } from "./handler.js";
import { isIndexedFile, staticallyLinked } from "./query.js";

interface Target {
  readonly level: CochangeLevel;
  readonly file: string;
  readonly name: string | undefined;
  readonly key: NodeKey;
}

/** A path that names an indexed file is a file; anything else is a declaration (symbol addressing). */
async function resolveTarget(
  context: ToolContext,
  target: string,
  file: string | undefined,
  level: CochangeLevel | undefined,
): Promise<Target> {
  const asPath = file === undefined ? context.paths.validate(target, { mustExist: false }) : undefined;
  if (asPath !== undefined && isIndexedFile(context.db, asPath.relative)) {
    return { level: "file", file: asPath.relative, name: undefined, key: fileKey(asPath.relative) };
  }
  const node = await symbolFromInput(context, target, file);
  if (level === "file" || node.kind === "File")
    return { level: "file", file: node.file, name: undefined, key: fileKey(node.file) };
  return { level: "symbol", file: node.file, name: node.qualifiedName, key: node.key };
}

/** cochange's answer (handler.ts loads this module on the tool's first call). */
export async function runCochange(input: CochangeInput, context: ToolContext): Promise<ToolResult> {
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
    // Everything is read: what the minimum leaves out is counted for the answer.
    minSupport: 1,
    halfLifeDays: input.halfLifeDays,
  });
  const minSupport = input.minSupport ?? defaultMinSupport(answer.commits);
  let belowMinSupport = 0;
  // Two bounded walks: only when there is something to mark.
  const linked =
    answer.entities.length === 0 ? new Set<string>() : staticallyLinked(context.db, target, input.hiddenDepth);
  const entries: CochangeEntry[] = [];
  for (const entity of answer.entities) {
    const hidden = !linked.has(target.level === "file" ? entity.file : entity.key) && entity.key !== target.key;
    if (input.hiddenOnly && !hidden) continue;
    if (entity.support < minSupport) {
      belowMinSupport += 1;
      continue;
    }
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
    minSupport,
    belowMinSupport,
    halfLifeDays: input.halfLifeDays,
    hiddenDepth: input.hiddenDepth,
    hiddenOnly: input.hiddenOnly,
    total: entries.length,
    entries: entries.slice(0, input.limit),
    partial:
      refresh.status === "partial" && refresh.why !== undefined && refresh.fix !== undefined
        ? { why: refresh.why, fix: refresh.fix }
        : undefined,
  };
  return { text: formatCochange(report), structured: { ...report } };
}

/**
 * `ts-graph diff`, from two sides' arguments to a report: resolve both sides (resolve-side.ts), compare
 * (graph-diff.ts), classify the exported API (api-rules.ts, with the checker: type-relation.ts), walk the
 * impact (change-impact.ts). Loaded only by the diff command: it loads TypeScript.
 */
import { startApiClassifier } from "./api-off-thread.js";
import { nodesReadByRules } from "./api-rules.js";
import { changeImpact } from "./change-impact.js";
import { buildReport, type DiffReport, type FailOn } from "./diff-report.js";
import { diffGraphs, type DiffNode, type GraphSideData } from "./graph-diff.js";
import { isGraphFile, resolveSide, resolveSnapshotPair, type ResolvedSide } from "./resolve-side.js";

export interface DiffRequest {
  readonly base: string;
  readonly head: string;
  readonly root: string;
  /** What sides given as paths are relative to (the working directory). */
  readonly cwd: string;
  readonly baseDb?: string | undefined;
  readonly headDb?: string | undefined;
  readonly depth: number;
  readonly failOn: FailOn | undefined;
  /** Index warnings and one line per index run (stderr in the CLI). */
  readonly onNote: (message: string) => void;
}

function byKey(nodes: readonly DiffNode[]): Map<string, DiffNode> {
  return new Map(nodes.map((node) => [node.key, node]));
}

/** Whether every declaration of a side has its body hash (a snapshot, or sources that hash as indexed). */
function everyBodyKnown(side: GraphSideData): boolean {
  return side.nodes.every((node) => node.kind === "File" || node.body !== undefined);
}

/** Resolves both sides into `opened` (so that what was opened is closed on an error): two snapshot files together, else each on its own. */
async function resolveSides(request: DiffRequest, opened: ResolvedSide[]): Promise<[ResolvedSide, ResolvedSide]> {
  const pair = resolveSnapshotPair(request.base, request.head, request.cwd);
  if (pair !== undefined) {
    opened.push(...pair);
    return pair;
  }
  const base = await resolveSide(request.base, { root: request.root, cwd: request.cwd, cacheDb: request.baseDb, onNote: request.onNote });
  opened.push(base);
  const head = await resolveSide(request.head, {
    root: request.root,
    cwd: request.cwd,
    cacheDb: request.headDb,
    seedDb: request.baseDb,
    onNote: request.onNote,
  });
  opened.push(head);
  return [base, head];
}

export async function runDiff(request: DiffRequest): Promise<DiffReport> {
  const sides: ResolvedSide[] = [];
  // Started first: it loads TypeScript while the sides are read, and classifies while the impact is walked.
  // A side that is indexed (a folder, a git ref) loads TypeScript here anyway: then it runs here.
  const classifier = startApiClassifier(!(isGraphFile(request.base, request.cwd) && isGraphFile(request.head, request.cwd)));
  try {
    const [base, head] = await resolveSides(request, sides);
    const diff = diffGraphs(base.data, head.data);
    const classified = classifier.classify({ diff, ...nodesReadByRules(diff, byKey(base.data.nodes), byKey(head.data.nodes)) });
    const impact = changeImpact(
      diff,
      () => base.database(),
      () => head.database(),
      request.depth,
    );
    const api = await classified;
    return buildReport({
      base: base.label,
      head: head.label,
      diff,
      api,
      apiSurface: { rule: "every export", note: "every export: no entry points found" },
      impact,
      failOn: request.failOn,
      bodiesCompared: everyBodyKnown(base.data) && everyBodyKnown(head.data),
    });
  } finally {
    classifier.stop();
    for (const side of sides) side.close();
  }
}

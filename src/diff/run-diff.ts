/**
 * `ts-graph diff`, from two sides' arguments to a report: resolve both sides (resolve-side.ts), compare
 * (graph-diff.ts), classify the exported API (api-rules.ts, with the checker: type-relation.ts), walk the
 * impact (change-impact.ts). Loaded only by the diff command: it loads TypeScript.
 */
import { startApiClassifier } from "./api-off-thread.js";
import { nodesReadByRules, type ApiSurfaceKeys } from "./api-rules.js";
import { changeImpact } from "./change-impact.js";
import { buildReport, type ApiSurfaceRule, type DiffReport, type FailOn } from "./diff-report.js";
import { diffGraphs, type DiffNode, type GraphDiff, type GraphSideData } from "./graph-diff.js";
import { isGraphFile, resolveSide, resolveSnapshotPair, type ResolvedSide } from "./resolve-side.js";
import { sideSurface, type SideSurface } from "./side-surface.js";
import { testFilesOf } from "../tools/workspace/test-files.js";

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
  const base = await resolveSide(request.base, {
    root: request.root,
    cwd: request.cwd,
    cacheDb: request.baseDb,
    onNote: request.onNote,
  });
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

/** The keys of the diff's declarations, as the rules look them up in each side's surface. */
function diffKeys(diff: GraphDiff): { base: Set<string>; head: Set<string> } {
  const base = new Set([
    ...diff.removed.map((node) => node.key),
    ...diff.moved.map((move) => move.from),
    ...diff.changed.map((change) => change.key),
  ]);
  const head = new Set([
    ...diff.added.map((node) => node.key),
    ...diff.moved.map((move) => move.to),
    ...diff.changed.map((change) => change.key),
  ]);
  return { base, head };
}

function surfaceNote(surfaces: readonly SideSurface[]): string {
  const packages = new Map<string, Set<string>>();
  for (const surface of surfaces)
    for (const pack of surface.packages)
      packages.set(pack.name, new Set([...(packages.get(pack.name) ?? []), ...pack.subpaths]));
  const listed = [...packages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const shown = listed.slice(0, 8).map(([name, subpaths]) => `${name} (${[...subpaths].sort().join(", ")})`);
  const more = listed.length > shown.length ? `, and ${listed.length - shown.length} more` : "";
  return `what the entry points of ${listed.length === 1 ? "1 package" : `${listed.length} packages`} make reachable: ${shown.join("; ")}${more}`;
}

/**
 * Declarations in `from`'s API and not in `to`'s that both sides have and the diff does not list (their own text
 * kept; a re-export of them changed): outermost only, a member under its container.
 */
function reachabilityChanges(
  from: ReadonlySet<string>,
  to: ReadonlySet<string>,
  fromSide: GraphSideData,
  toSide: GraphSideData,
  listed: { base: ReadonlySet<string>; head: ReadonlySet<string> },
): string[] {
  const fromNodes = byKey(fromSide.nodes);
  const toKeys = new Set(toSide.nodes.map((node) => node.key));
  const left = [...from].filter(
    (key) => !to.has(key) && toKeys.has(key) && !listed.base.has(key) && !listed.head.has(key),
  );
  const leftSet = new Set(left);
  return left.filter((key) => !leftSet.has(fromNodes.get(key)?.parent ?? "")).sort();
}

/**
 * Each side's API by its packages' entry points, restricted to the diff's declarations (what the rules look
 * up), when both sides' sources are on disk and both have entry points; else every export is API, and the
 * rule says why.
 */
function apiSurfaces(
  base: ResolvedSide,
  head: ResolvedSide,
  diff: GraphDiff,
): { keys: ApiSurfaceKeys | undefined; rule: ApiSurfaceRule } {
  if (base.sourceRoot === undefined || head.sourceRoot === undefined) {
    const note = "every export: a side is a snapshot file or a database, whose package.json files are not at hand";
    return { keys: undefined, rule: { rule: "every export", note } };
  }
  const baseSurface = sideSurface(base.sourceRoot, base.data);
  const headSurface = sideSurface(head.sourceRoot, head.data);
  if (baseSurface === undefined || headSurface === undefined) {
    const note =
      baseSurface === headSurface
        ? "every export: no entry points found"
        : `every export: no entry points found in ${baseSurface === undefined ? "base" : "head"}`;
    return { keys: undefined, rule: { rule: "every export", note } };
  }
  const wanted = diffKeys(diff);
  return {
    keys: {
      base: new Set([...wanted.base].filter((key) => baseSurface.keys.has(key))),
      head: new Set([...wanted.head].filter((key) => headSurface.keys.has(key))),
      lost: reachabilityChanges(baseSurface.keys, headSurface.keys, base.data, head.data, wanted),
      gained: reachabilityChanges(headSurface.keys, baseSurface.keys, head.data, base.data, wanted),
    },
    rule: { rule: "entry points", note: surfaceNote([baseSurface, headSurface]) },
  };
}

export async function runDiff(request: DiffRequest): Promise<DiffReport> {
  const sides: ResolvedSide[] = [];
  // Started first: it loads TypeScript while the sides are read, and classifies while the impact is walked.
  // A side that is indexed (a folder, a git ref) loads TypeScript here anyway: then it runs here.
  const classifier = startApiClassifier(
    !(isGraphFile(request.base, request.cwd) && isGraphFile(request.head, request.cwd)),
  );
  try {
    const [base, head] = await resolveSides(request, sides);
    const diff = diffGraphs(base.data, head.data);
    const surfaces = apiSurfaces(base, head, diff);
    const classified = classifier.classify({
      diff,
      ...nodesReadByRules(diff, byKey(base.data.nodes), byKey(head.data.nodes)),
      surface: surfaces.keys,
    });
    const { isTest } = await testFilesOf(head.sourceRoot ?? request.root);
    const impact = changeImpact(
      diff,
      () => base.database(),
      () => head.database(),
      { depth: request.depth, isTest },
    );
    const api = await classified;
    return buildReport({
      base: base.label,
      head: head.label,
      diff,
      api,
      apiSurface: surfaces.rule,
      impact,
      failOn: request.failOn,
      bodiesCompared: everyBodyKnown(base.data) && everyBodyKnown(head.data),
    });
  } finally {
    classifier.stop();
    for (const side of sides) side.close();
  }
}

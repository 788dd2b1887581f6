import { declarationKey } from "../model/node-key.js";
import { ALL_TOOLS } from "../tools/all-tools.js";
import type { ToolContext } from "../tools/tool-contract.js";
import { z } from "../vendor/zod.js";
import {
  depsGraph,
  fileNode,
  hierarchyGraph,
  mergeGraphs,
  symbolNode,
  type ViewGraph,
  type ViewNode,
  walkGraph,
} from "./view-graph.js";

/**
 * What the page asks, answered by the tools themselves (ALL_TOOLS, with the CLI's inputs and `format: "json"`):
 * the page shows what `ts-graph find|callers|callees|hierarchy|impact|deps` print, from the same queries.
 */

/** Most entries of each answer a neighbourhood merges: an expansion adds at most a few hundred nodes. */
const NEIGHBOURS_PER_ANSWER = 40;
/** Most dependants the impact view lists (the CLI's `--max-nodes` of the same answer). */
export const IMPACT_MAX_NODES = 500;
/** The impact view's token budget (the CLI's `--max-tokens`): large enough that the node budget cuts first. */
export const IMPACT_MAX_TOKENS = 100_000;

/** The kinds with heritage (hierarchy answers them). */
const HERITAGE_KINDS: ReadonlySet<string> = new Set(["Class", "Interface", "TypeAlias"]);
/** The kinds code names as a type (the others are named by `typeof`, rarely: their type users are left to the impact view). */
const TYPE_KINDS: ReadonlySet<string> = new Set([...HERITAGE_KINDS, "Enum"]);

type Answer = Readonly<Record<string, unknown>>;

async function runTool(context: ToolContext, name: string, input: Record<string, unknown>): Promise<Answer> {
  const tool = ALL_TOOLS.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  const parsed = z.object(tool.inputShape).parse({ ...input, format: "json" });
  return (await tool.run(parsed as never, context)).structured;
}

export interface SearchMatch extends ViewNode {
  readonly signature: string;
}

/** `ts-graph find <text> --limit 20`, each match with its node key. */
export async function searchAnswer(context: ToolContext, text: string): Promise<readonly SearchMatch[]> {
  const answer = await runTool(context, "find", { name: text, limit: 20 });
  const matches = (answer.matches ?? []) as readonly {
    name: string;
    qualifiedName: string;
    kind: string;
    file: string;
    line: number;
    signature: string;
  }[];
  return matches.map((match) => ({
    key: match.kind === "File" ? match.file : declarationKey(match.file, match.qualifiedName),
    name: match.qualifiedName,
    kind: match.kind,
    file: match.file,
    line: match.line,
    signature: match.signature,
  }));
}

/** A declaration key holds the separator; a file's key is its path alone. */
function isFileKey(key: string): boolean {
  return !key.includes(":");
}

/**
 * One node's neighbours: for a declaration its direct callers and callees; for a class, interface, type alias or
 * enum the declarations that name it as a type, and (but an enum) its direct supertypes and subtypes; for a file the files it
 * imports and the files that import it.
 */
export async function neighbourhoodAnswer(
  context: ToolContext,
  key: string,
): Promise<ViewGraph & { readonly center: ViewNode }> {
  if (isFileKey(key)) {
    const center = fileNode(key);
    const deps = await runTool(context, "deps", {
      target: key,
      direction: "both",
      depth: 1,
      groupBy: "file",
      maxNodes: NEIGHBOURS_PER_ANSWER * 2,
    });
    return { center, ...mergeGraphs(center, [depsGraph(key, deps)]) };
  }
  const walk = { symbol: key, depth: 1, maxNodes: NEIGHBOURS_PER_ANSWER };
  const callers = await runTool(context, "callers", walk);
  const center = symbolNode(callers);
  if (center === undefined) throw new Error(`the callers answer of ${key} names no symbol`);
  const callees = await runTool(context, "callees", walk);
  const typeUsers = await runTool(context, "impact", { ...walk, kinds: "types", alsoChanges: 0 });
  const graphs = [
    walkGraph(callers, ["entries", "testEntries"], true),
    walkGraph(callees, ["entries"], false),
    walkGraph(typeUsers, ["dependants"], true),
  ];
  if (TYPE_KINDS.has(center.kind)) {
    graphs.push(
      hierarchyGraph(await runTool(context, "hierarchy", { symbol: key, depth: 1, maxNodes: NEIGHBOURS_PER_ANSWER })),
    );
  }
  return { center, ...mergeGraphs(center, graphs) };
}

export interface ImpactView {
  readonly symbol: ViewNode;
  /** Every dependant with the depth the walk reached it at (1: uses the symbol directly). */
  readonly dependants: readonly (ViewNode & { readonly depth: number; readonly use: string })[];
  /** The test files to run, each with the depth of its nearest dependant. */
  readonly tests: readonly { readonly file: string; readonly depth: number }[];
  readonly totalDependants: number;
  readonly cut: boolean;
}

/** `ts-graph impact <key> --also-changes 0 --max-nodes 500 --max-tokens 100000`, as the impact view lists it. */
export async function impactAnswer(context: ToolContext, key: string): Promise<ImpactView> {
  const answer = await runTool(context, "impact", {
    symbol: key,
    alsoChanges: 0,
    maxNodes: IMPACT_MAX_NODES,
    maxTokens: IMPACT_MAX_TOKENS,
  });
  const symbol = symbolNode(answer);
  if (symbol === undefined) throw new Error(`the impact answer of ${key} names no symbol`);
  const entries = (answer.dependants ?? []) as readonly {
    key: string;
    name: string;
    kind: string;
    file: string;
    start: number;
    depth: number;
    use: string;
  }[];
  const tests = (answer.tests ?? []) as readonly { file: string; depth: number }[];
  return {
    symbol,
    dependants: entries.map((entry) => ({
      key: entry.key,
      name: entry.name,
      kind: entry.kind,
      file: entry.file,
      line: entry.start,
      depth: entry.depth,
      use: entry.use,
    })),
    tests: tests.map((test) => ({ file: test.file, depth: test.depth })),
    totalDependants: typeof answer.totalDependants === "number" ? answer.totalDependants : entries.length,
    cut: answer.truncated === true,
  };
}

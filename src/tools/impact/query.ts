import type { SqliteDb } from "../../db/open-graph-db.js";
import type { EdgeKind } from "../../model/graph-kinds.js";
import { HIGH_FAN_OUT, type ReachedNode } from "../walk/graph-walk.js";
import type { Dispatch } from "../inputs/query-inputs.js";
import type { SymbolNode } from "../inputs/symbol-address.js";
import { isUnder, memberGroupOf } from "../answer/reach-summary.js";
import { walkDependants } from "./dependant-walk.js";
import { dispatchFacts } from "../walk/bodiless-members.js";
import type { DispatchFacts } from "../answer/reach-report.js";
import type { ImpactKinds, ImpactTests } from "./options.js";
import { changedTopLevels, loadersOf, type Loader, type TopLevelUse } from "./loaders.js";

/**
 * What depends on a symbol, transitively: everything that reaches it backwards over these edges. A class,
 * interface, namespace or file stands for all its members (a change to any method reaches that method's
 * callers). A property reached through its type reaches its container. A member's overrides and
 * implementations (OVERRIDES edges into it) depend on it: changing `Shape.area` reaches `Circle.area`. With
 * dispatch (graph-walk.ts), the callers of what a member overrides depend on it too: changing `Circle.area`
 * reaches every `shape.area()`.
 */
const IMPACT_EDGE_KINDS = [
  "CALLS",
  "REFERENCES",
  "USES_TYPE",
  "EXTENDS",
  "IMPLEMENTS",
  "OVERRIDES",
  "INSTANTIATES",
  "RENDERS",
  "READS",
] as const satisfies readonly EdgeKind[];

/** How a dependant depends on the symbol: by running or reading code (`runtime`) or only by naming a type. */
export type DependantUse = "runtime" | "type";

/** A dependant and how it depends on the symbol. */
export interface Dependant extends ReachedNode {
  readonly use: DependantUse;
}

const LISTED_HUBS = 5;

/** A test file that reaches the symbol: run it after the change. */
export interface TestToRun {
  readonly file: string;
  /** Shortest distance from one of its declarations to the symbol. */
  readonly depth: number;
  /** Its declarations that reach the symbol (0 when only its imports do). */
  readonly symbols: number;
  /**
   * When only importing reaches it (loaders.ts), nearer than its declarations: the file it imports, and the file
   * whose top-level code the change reaches with what that code does (absent when that file is the symbol's own).
   */
  readonly through?: TestThroughImport;
}

/** How a test reaches the change by importing: `imports` leads to `loads`, whose top-level code `uses` it. */
export interface TestThroughImport {
  readonly imports: string;
  readonly loads: string;
  readonly uses?: TopLevelUse;
}

export interface ImpactRequest {
  readonly depth: number;
  readonly dispatch: Dispatch;
  readonly tests: ImpactTests;
  /** Which files are tests (tools/workspace/test-files.ts): listed as tests to run; every other file is walked through as code. */
  readonly isTest: (file: string) => boolean;
  /** Default `all`. */
  readonly kinds?: ImpactKinds;
  /** Only the dependants (and tests) in this folder or file, relative to the root; default "" (everywhere). */
  readonly within?: string;
}

export interface ImpactResult {
  readonly symbol: SymbolNode;
  readonly depth: number;
  readonly dispatch: Dispatch;
  readonly testFilter: ImpactTests;
  readonly kinds: ImpactKinds;
  /** The folder or file the dependants listed lie in ("" for everywhere). */
  readonly within: string;
  /** Members of the symbol walked from too (0 for a function). */
  readonly members: number;
  /**
   * With members: the member (or the symbol itself) each dependant comes through, by key, found on the whole
   * walk (a dependant's nearer links may lie outside `within` or in tests).
   */
  readonly throughMember: ReadonlyMap<string, string>;
  /** Dependants outside test files: those that run or read the code first, then those that only name a type; each by depth, file and line. */
  readonly dependants: readonly Dependant[];
  /** Distinct files of `dependants`. */
  readonly files: number;
  readonly tests: readonly TestToRun[];
  /** Dependants with many direct dependants of their own, the widest first. */
  readonly highFanOut: readonly ReachedNode[];
  /** Which declarations the dependants' dispatch links name have no body. */
  readonly dispatchFacts: DispatchFacts;
}

/** The test files among the walk's nodes and the loaders, each at its shortest depth (a tie to its declarations). */
function testsToRun(inTests: readonly ReachedNode[], loaders: readonly Loader[]): TestToRun[] {
  const byFile = new Map<string, TestToRun>();
  for (const node of inTests) {
    const seen = byFile.get(node.file);
    byFile.set(node.file, {
      file: node.file,
      depth: Math.min(seen?.depth ?? node.depth, node.depth),
      symbols: (seen?.symbols ?? 0) + 1,
    });
  }
  for (const { file, depth, imports, loads, uses } of loaders) {
    const seen = byFile.get(file);
    if (seen !== undefined && seen.depth <= depth) continue;
    const through = { imports, loads, ...(uses === undefined ? {} : { uses }) };
    byFile.set(file, { file, depth, symbols: seen?.symbols ?? 0, through });
  }
  return [...byFile.values()].sort((a, b) => a.depth - b.depth || a.file.localeCompare(b.file));
}

/** The member each node comes through (reach-summary.ts `memberGroupOf`), by key. */
function membersOf(nodes: readonly Dependant[]): Map<string, string> {
  const memberOf = memberGroupOf(nodes);
  return new Map(nodes.map((node) => [node.key, memberOf(node)]));
}

/** Edges by which a dependant only names a type. */
const TYPE_EDGE_KINDS = ["USES_TYPE"] as const satisfies readonly EdgeKind[];

/**
 * The nodes the walk reaches through a type that depend on the symbol through one: linked by a type use (or
 * a property's container) or to another type dependant. A node reached only through runtime dependants is a
 * runtime dependant beyond the depth asked for along code: left out.
 */
function typeDependants(nodes: readonly ReachedNode[]): Dependant[] {
  const typed = new Set<string>();
  const found: Dependant[] = [];
  for (const node of nodes) {
    if (!node.links.some((link) => link.edge === "USES_TYPE" || link.edge === "CONTAINS" || typed.has(link.via)))
      continue;
    typed.add(node.key);
    found.push({ ...node, use: "type" });
  }
  return found;
}

/**
 * One walk over every impact edge that tells apart the dependants that run or read the code (reached over
 * code edges only, at their distance along them) from those that only name a type (dependant-walk.ts).
 * Runtime dependants come first.
 */
export function queryImpact(db: SqliteDb, symbol: SymbolNode, request: ImpactRequest): ImpactResult {
  const kinds = request.kinds ?? "all";
  const { isTest } = request;
  const walk = walkDependants(db, {
    seeds: [symbol.key],
    kinds:
      kinds === "runtime"
        ? IMPACT_EDGE_KINDS.filter((kind) => !TYPE_EDGE_KINDS.includes(kind as never))
        : IMPACT_EDGE_KINDS,
    typeKinds: TYPE_EDGE_KINDS,
    maxDepth: request.depth,
    dispatch: request.dispatch,
    ...(request.tests === "exclude" ? { acceptsFile: (file: string) => !isTest(file) } : {}),
  });
  const runtime = walk.runtime.map((node): Dependant => ({ ...node, use: "runtime" }));
  // Tests that load a file whose top-level code the change reaches; top-level code that only names a type runs nothing.
  const loaders =
    request.tests === "exclude" || kinds === "types"
      ? []
      : loadersOf(db, changedTopLevels(db, walk.seeds, walk.runtime), request.depth);
  const typeOnly = kinds === "runtime" ? [] : typeDependants(walk.types);
  const within = request.within ?? "";
  const walked = [...(kinds === "types" ? [] : runtime), ...typeOnly];
  const classified = walked.filter((node) => isUnder(node.file, within));
  const dependants = request.tests === "only" ? [] : classified.filter((node) => !isTest(node.file));
  const highFanOut = dependants
    .filter((node) => node.degree >= HIGH_FAN_OUT)
    .sort((a, b) => b.degree - a.degree || a.key.localeCompare(b.key))
    .slice(0, LISTED_HUBS);
  return {
    symbol,
    depth: request.depth,
    dispatch: request.dispatch,
    testFilter: request.tests,
    kinds,
    within,
    members: walk.seeds.length - 1,
    throughMember: walk.seeds.length > 1 ? membersOf([...runtime, ...typeOnly]) : new Map(),
    dependants,
    files: new Set(dependants.map((node) => node.file)).size,
    tests: testsToRun(
      classified.filter((node) => isTest(node.file)),
      loaders.filter((loader) => isTest(loader.file) && isUnder(loader.file, within)),
    ),
    highFanOut,
    dispatchFacts: dispatchFacts(db, dependants, "in", request.dispatch),
  };
}

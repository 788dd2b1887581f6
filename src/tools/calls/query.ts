import type { SqliteDb } from "../../db/open-graph-db.js";
import type { EdgeKind } from "../../model/graph-kinds.js";
import type { NodeKey } from "../../model/node-key.js";
import { dispatchFacts } from "../walk/bodiless-members.js";
import { dynamicCallSitesOf, type DynamicCallSite } from "../walk/dynamic-calls.js";
import {
  addLink,
  CALL_EDGE_KINDS,
  finishWalk,
  walkGraph,
  walkStep,
  type ReachedNode,
  type Reaching,
  type WalkDirection,
} from "../walk/graph-walk.js";
import type { Dispatch } from "../inputs/query-inputs.js";
import type { TestFilter } from "./options.js";
import { preparedStatements } from "../prepared-statements.js";
import type { DispatchFacts } from "../answer/reach-report.js";
import type { SymbolNode } from "../inputs/symbol-address.js";

export interface CallsRequest {
  readonly direction: WalkDirection;
  readonly depth: number;
  readonly dispatch: Dispatch;
  readonly tests: TestFilter;
  /** Which files are tests (tools/workspace/test-files.ts). */
  readonly isTest: (file: string) => boolean;
}

/** How a site uses an accessor property: a read calls the getter, a write the setter. */
export type Access = "read" | "write";

/** One call site between an entry and a node one step closer to the symbol. */
export interface CallSite {
  readonly line: number;
  readonly edge: EdgeKind;
  /** The node one step closer (at depth 1, the symbol, or one of its accessors). */
  readonly via: NodeKey;
  /** The declaration the call names: `via` itself, or with dispatch a member it overrides (`lib:Iterator.next`). */
  readonly target: string;
  readonly dispatch: boolean;
  /** For a site of an accessor of the symbol asked about: a read (getter) or a write (setter). */
  readonly access?: Access;
}

export interface CallEntry extends ReachedNode {
  /** Every site of every link, in link order then line order. */
  readonly sites: readonly CallSite[];
}

export interface CallsResult {
  readonly symbol: SymbolNode;
  /** The accessors asked about, when the symbol is an accessor property (both, unless one was named). */
  readonly accessors: readonly AccessorNode[];
  /** `in`: callers; `out`: callees. */
  readonly direction: WalkDirection;
  readonly depth: number;
  readonly dispatch: Dispatch;
  readonly tests: TestFilter;
  /** Callers or callees outside test files (none with `tests: only`), by depth, file and line. */
  readonly entries: readonly CallEntry[];
  /** Those in test files (none with `tests: exclude`). */
  readonly testEntries: readonly CallEntry[];
  /** Distinct files of entries and testEntries. */
  readonly files: number;
  /**
   * Value uses, not calls, of the symbol and of every entry the walk went on from (depth below the limit):
   * callers, the declarations that pass, store or compare one of them as a value (a callback passed, a class
   * named as a DI token, in an array, after `instanceof`); callees, the functions and classes one of them so
   * uses. Each at one past the depth of the node it uses, test files as `tests` says; not walked further.
   */
  readonly values: readonly CallEntry[];
  /**
   * Callees only: the call sites with no static target (through a parameter, a local, a call result) of the
   * symbol and of every callee the walk went on from (depth below the limit), by owner and line.
   */
  readonly dynamic: readonly DynamicCallSite[];
  /** Members without a body among the entries (callees) and the declarations their dispatch links name. */
  readonly dispatchFacts: DispatchFacts;
}

/** A getter or setter of the property asked about. */
export interface AccessorNode {
  readonly key: NodeKey;
  readonly access: Access;
}

const statements = preparedStatements({
  accessorsOf: `SELECT o.key, o.modifiers FROM nodes n JOIN nodes o
      ON o.file = n.file AND o.name = n.name AND o.kind = 'Method' AND o.parent_key IS n.parent_key
    WHERE n.key = ? AND n.kind = 'Method' AND (' ' || n.modifiers || ' ' GLOB '* get *' OR ' ' || n.modifiers || ' ' GLOB '* set *')
    ORDER BY o.key`,
});

const isStatic = (modifiers: string): boolean => modifiers.split(" ").includes("static");

/**
 * The accessors of the property `symbol` is an accessor of (its getter and setter, same static-ness), or
 * none when it is not an accessor.
 */
export function accessorsOf(db: SqliteDb, symbol: SymbolNode): AccessorNode[] {
  if (symbol.kind !== "Method") return [];
  const rows = statements(db).accessorsOf.all(symbol.key) as { key: NodeKey; modifiers: string }[];
  const own = rows.find((row) => row.key === symbol.key);
  if (own === undefined) return [];
  return rows
    .filter((row) => isStatic(row.modifiers) === isStatic(own.modifiers))
    .flatMap((row): AccessorNode[] => {
      const modifiers = row.modifiers.split(" ");
      if (modifiers.includes("get")) return [{ key: row.key, access: "read" }];
      if (modifiers.includes("set")) return [{ key: row.key, access: "write" }];
      return [];
    });
}

function sitesOf(node: ReachedNode, accessByVia: ReadonlyMap<string, Access>): CallSite[] {
  return node.links.flatMap((link) =>
    link.lines.map((line): CallSite => {
      const access = node.depth === 1 ? accessByVia.get(link.via) : undefined;
      return {
        line,
        edge: link.edge,
        via: link.via,
        target: link.target,
        dispatch: link.dispatch,
        ...(access === undefined ? {} : { access }),
      };
    }),
  );
}

const VALUE_EDGE_KINDS = ["REFERENCES"] as const;

/**
 * One step over value uses (REFERENCES) from `from` (each node with its depth, the symbol's seeds at 0): each
 * node reached at one past the smallest depth of a node it is linked to, with its links to those nodes.
 */
function valueUses(
  db: SqliteDb,
  request: CallsRequest,
  from: ReadonlyMap<string, number>,
  throughDispatch: ReadonlyMap<string, boolean>,
): CallEntry[] {
  const links = walkStep(db, {
    frontier: [...from.keys()],
    direction: request.direction,
    kinds: VALUE_EDGE_KINDS,
    dispatch: request.dispatch,
  });
  const reached = new Map<string, Reaching>();
  for (const { node, link } of links) {
    if (
      request.tests === "exclude" ? request.isTest(node.file) : request.tests === "only" && !request.isTest(node.file)
    )
      continue;
    const depth = (from.get(link.via) ?? 0) + 1;
    const known = reached.get(node.key);
    if (known === undefined || depth < known.depth) reached.set(node.key, { node, depth, links: [link] });
    else if (depth === known.depth) addLink(known.links, link);
  }
  return finishWalk(db, { direction: request.direction, kinds: CALL_EDGE_KINDS }, reached, throughDispatch).map(
    (node): CallEntry => ({ ...node, sites: sitesOf(node, new Map()) }),
  );
}

/**
 * Transitive callers (`in`) or callees (`out`) of one symbol, each at its shortest call distance, through
 * dispatch as the request says (graph-walk.ts), over calls only; the value uses along the way apart (`values`). `accessors` are the seeds when the symbol is an accessor
 * property: callers of a property list its reads and its writes, each marked.
 */
export function queryCalls(
  db: SqliteDb,
  symbol: SymbolNode,
  request: CallsRequest,
  accessors: readonly AccessorNode[] = [],
): CallsResult {
  const seeds =
    request.direction === "in" && accessors.length > 0 ? accessors.map((accessor) => accessor.key) : [symbol.key];
  const { nodes } = walkGraph(db, {
    seeds,
    direction: request.direction,
    kinds: CALL_EDGE_KINDS,
    maxDepth: request.depth,
    dispatch: request.dispatch,
    seedsReachSeeds: true,
    getterSeeds:
      request.direction === "in"
        ? accessors.filter((accessor) => accessor.access === "read").map((accessor) => accessor.key)
        : [],
    ...(request.tests === "exclude" ? { acceptsFile: (file: string) => !request.isTest(file) } : {}),
  });
  const accessByVia = new Map(accessors.map((accessor) => [accessor.key as string, accessor.access]));
  const entries = nodes.map((node): CallEntry => ({ ...node, sites: sitesOf(node, accessByVia) }));
  const inTests = entries.filter((entry) => request.isTest(entry.file));
  const outsideTests = request.tests === "only" ? [] : entries.filter((entry) => !request.isTest(entry.file));
  const testEntries = request.tests === "exclude" ? [] : inTests;
  const listed = [...outsideTests, ...testEntries];
  const walkedFrom = [
    ...new Set([symbol.key, ...listed.filter((entry) => entry.depth < request.depth).map((entry) => entry.key)]),
  ];
  const dynamic = request.direction === "out" ? dynamicCallSitesOf(db, walkedFrom) : [];
  const valuesFrom = new Map<string, number>(seeds.map((seed) => [seed, 0]));
  for (const entry of listed)
    if (entry.depth < request.depth && !valuesFrom.has(entry.key)) valuesFrom.set(entry.key, entry.depth);
  const order = new Map(walkedFrom.map((key, index) => [key as string, index]));
  return {
    symbol,
    dynamic: [...dynamic].sort((a, b) => (order.get(a.source) ?? 0) - (order.get(b.source) ?? 0) || a.line - b.line),
    accessors: request.direction === "in" ? accessors : [],
    direction: request.direction,
    depth: request.depth,
    dispatch: request.dispatch,
    tests: request.tests,
    entries: outsideTests,
    testEntries,
    values: valueUses(
      db,
      request,
      valuesFrom,
      new Map(listed.map((entry) => [entry.key as string, entry.throughDispatch])),
    ),
    files: new Set([...outsideTests, ...testEntries].map((entry) => entry.file)).size,
    dispatchFacts: dispatchFacts(db, nodes, request.direction, request.dispatch),
  };
}

import type { SqliteDb } from "../../db/open-graph-db.js";
import { CALL_LIKE_EDGE_KINDS, walkGraph, type ReachedNode, type WalkDirection } from "../graph-walk.js";
import type { SymbolNode } from "../symbol-address.js";

export interface CallsResult {
  readonly symbol: SymbolNode;
  /** `in`: callers; `out`: callees. */
  readonly direction: WalkDirection;
  readonly depth: number;
  /** By depth, file and line. */
  readonly entries: readonly ReachedNode[];
  readonly files: number;
}

/** Transitive callers (`in`) or callees (`out`) of one symbol, each at its shortest call distance. */
export function queryCalls(db: SqliteDb, symbol: SymbolNode, direction: WalkDirection, depth: number): CallsResult {
  const { nodes } = walkGraph(db, { seeds: [symbol.key], direction, kinds: CALL_LIKE_EDGE_KINDS, maxDepth: depth });
  return { symbol, direction, depth, entries: nodes, files: new Set(nodes.map((node) => node.file)).size };
}

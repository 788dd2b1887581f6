import type { SqliteDb } from "../../db/open-graph-db.js";
import { EDGE_KIND_MEANINGS, type EdgeKind } from "../../model/graph-kinds.js";
import type { NodeKey } from "../../model/node-key.js";
import { preparedStatements } from "../prepared-statements.js";
import type { CochangeLevel } from "../scoring/cochange-scores.js";
import { walkGraph } from "../walk/graph-walk.js";

/**
 * cochange's own reads of the graph: whether a target names an indexed file, and what a static path links with
 * the target (to mark the co-changed entities no such path explains). The co-change scores themselves
 * (history tables) are in ../scoring/cochange-scores.ts, which impact's "also changes" shares.
 */

/** Every edge kind but CONTAINS: a static path is a dependency, not nesting. */
const STATIC_PATH_KINDS = (Object.keys(EDGE_KIND_MEANINGS) as EdgeKind[]).filter((kind) => kind !== "CONTAINS");

const statements = preparedStatements({
  isIndexedFile: "SELECT 1 FROM files WHERE path = ?",
});

/** Whether the graph holds a file at this root-relative path. */
export function isIndexedFile(db: SqliteDb, path: string): boolean {
  return statements(db).isIndexedFile.get(path) !== undefined;
}

/** Files (file level) or node keys (symbol level) a static path of at most `depth` steps links with the target, either way. */
export function staticallyLinked(
  db: SqliteDb,
  target: { readonly level: CochangeLevel; readonly key: NodeKey },
  depth: number,
): Set<string> {
  const linked = new Set<string>();
  for (const direction of ["in", "out"] as const) {
    const walk = walkGraph(db, {
      seeds: [target.key],
      direction,
      kinds: STATIC_PATH_KINDS,
      maxDepth: depth,
      withMembers: target.level === "file",
    });
    for (const node of walk.nodes) linked.add(target.level === "file" ? node.file : node.key);
  }
  return linked;
}

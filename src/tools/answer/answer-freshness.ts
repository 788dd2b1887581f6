import type { GraphFreshness } from "../tool-contract.js";

/** The freshness of one root's graph, as every answer carries it. */
export interface AnswerFreshness extends GraphFreshness {
  readonly root: string;
}

/** The `freshness` field of a structured answer (MCP's structuredContent, the CLI's JSON): one root's object, or each root's. */
export function structuredFreshness(freshness: readonly AnswerFreshness[]): unknown {
  const plain = freshness.map((entry) => ({
    root: entry.root,
    indexedAt: entry.indexedAt ?? null,
    pendingFiles: entry.pendingFiles,
    ...(entry.indexError === undefined ? {} : { indexError: entry.indexError }),
    ...(entry.notes === undefined || entry.notes.length === 0 ? {} : { notes: entry.notes }),
  }));
  return plain.length === 1 ? plain[0] : plain;
}

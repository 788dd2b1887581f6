import { expect } from "vitest";
import { readSnapshot } from "../db/snapshot.js";
import { openIndexer, type Indexer, type IndexerOptions, type IndexSummary } from "../ingestion/run/indexer.js";
import { freshIndex } from "./fixtures.js";
import { diffGraphDumps, dumpGraph } from "./graph-dump.js";

/**
 * An indexer that keeps its programs between runs, as watch mode, the daemon and the MCP server do (planning
 * then compares inferred types with the last run's program, ADR 0012), after its first run: a full index.
 */
export async function openKeptIndexer(root: string, options: Pick<IndexerOptions, "engine"> = {}): Promise<Indexer> {
  const indexer = openIndexer({ root, keepPrograms: true, ...options });
  await indexer.run();
  return indexer;
}

/** Runs a kept indexer and checks that its graph equals a fresh full index of root: every table and column, and the snapshot. */
export async function expectKeptRunEqualsFull(
  indexer: Indexer,
  root: string,
  options: Pick<IndexerOptions, "engine"> = {},
): Promise<IndexSummary> {
  const summary = await indexer.run();
  const full = await freshIndex(root, options);
  expect(diffGraphDumps(dumpGraph(indexer.db), full.dump)).toEqual({});
  expect(readSnapshot(indexer.db)).toBe(full.snapshot);
  return summary;
}

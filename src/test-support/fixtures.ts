import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readSnapshot } from "../db/snapshot.js";
import { openIndexer, type IndexerOptions, type IndexSummary } from "../ingestion/indexer.js";

export const REPO_ROOT = path.resolve(import.meta.dirname, "..", "..");
export const SAMPLE_PROJECTS = path.join(REPO_ROOT, "sample-projects");
export const CLI = path.join(REPO_ROOT, "dist", "cli.js");

const temporaryDirs: string[] = [];

export function makeTempDir(prefix = "ts-graph-test-"): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  temporaryDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of temporaryDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** A private copy of a sample project that a test may change. */
export function copySampleProject(name: string): string {
  const target = path.join(makeTempDir(), name);
  fs.cpSync(path.join(SAMPLE_PROJECTS, name), target, {
    recursive: true,
    filter: (source) => !source.split(path.sep).includes(".ts-graph"),
  });
  return target;
}

export interface IndexedSnapshot {
  readonly summary: IndexSummary;
  readonly snapshot: string;
}

/** Indexes root in this process and returns the run's summary and the graph's snapshot. */
export function indexAndSnapshot(root: string, options: Partial<IndexerOptions> = {}): IndexedSnapshot {
  const indexer = openIndexer({ root, ...options });
  try {
    const summary = indexer.run();
    return { summary, snapshot: readSnapshot(indexer.db) };
  } finally {
    indexer.close();
  }
}

/** A from-scratch index of root into a database of its own, outside root. */
export function freshSnapshot(root: string): string {
  return indexAndSnapshot(root, { dbPath: path.join(makeTempDir("ts-graph-fresh-"), "graph.db") }).snapshot;
}

export interface SnapshotEdge {
  readonly edge: string;
  readonly source: string;
  readonly target: string;
  readonly lines?: number[];
  readonly names?: string[];
  readonly typeOnly?: boolean;
}

export function snapshotEdges(snapshot: string): SnapshotEdge[] {
  return snapshot
    .trimEnd()
    .split("\n")
    .slice(1)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry): entry is Record<string, unknown> & SnapshotEdge => typeof entry["edge"] === "string");
}

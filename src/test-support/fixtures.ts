import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readSnapshot } from "../db/snapshot.js";
import { dumpGraph, type GraphDump } from "./graph-dump.js";
import { openIndexer, type IndexerOptions, type IndexSummary } from "../ingestion/run/indexer.js";

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
  /** Every table and column of the database after the run (graph-dump.ts). */
  readonly dump: GraphDump;
}

/** Indexes root in this process and returns the run's summary and the graph's snapshot. */
export async function indexAndSnapshot(root: string, options: Partial<IndexerOptions> = {}): Promise<IndexedSnapshot> {
  const indexer = openIndexer({ root, ...options });
  try {
    const summary = await indexer.run();
    return { summary, snapshot: readSnapshot(indexer.db), dump: dumpGraph(indexer.db) };
  } finally {
    indexer.close();
  }
}

/** The portable snapshot of a project indexed on one engine, into a database of its own (engines compared). */
export async function snapshotOnEngine(root: string, engine: "ts6" | "ts7"): Promise<string> {
  return (await indexAndSnapshot(root, { engine, dbPath: path.join(makeTempDir(`ts-graph-${engine}-`), "graph.db") }))
    .snapshot;
}

/** A from-scratch index of root into a database of its own, outside root. */
export async function freshIndex(root: string, options: Pick<IndexerOptions, "engine"> = {}): Promise<IndexedSnapshot> {
  return indexAndSnapshot(root, { ...options, dbPath: path.join(makeTempDir("ts-graph-fresh-"), "graph.db") });
}

export async function freshSnapshot(root: string): Promise<string> {
  return (await freshIndex(root)).snapshot;
}

/** The snapshot of the graph at dbPath as a reader sees it (read-only: it never runs the indexer). */
export function readerSnapshot(dbPath: string): string {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return readSnapshot(db);
  } finally {
    db.close();
  }
}

export interface SnapshotEdge {
  readonly edge: string;
  readonly source: string;
  readonly target: string;
  readonly lines?: number[];
  readonly names?: string[];
  readonly typeOnly?: boolean;
  readonly receivers?: string[];
  readonly spans?: [number, number][];
}

export function snapshotEdges(snapshot: string): SnapshotEdge[] {
  return snapshot
    .trimEnd()
    .split("\n")
    .slice(1)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry): entry is Record<string, unknown> & SnapshotEdge => typeof entry.edge === "string");
}

export interface SnapshotExternalEdge {
  readonly externalEdge: string;
  readonly source: string;
  readonly target: string;
  readonly lines?: readonly number[];
  readonly receivers?: readonly string[];
}

/** The external edge lines of a snapshot (calls of library members, and members overriding one). */
export function snapshotExternalEdges(snapshot: string): SnapshotExternalEdge[] {
  return snapshot
    .trimEnd()
    .split("\n")
    .slice(1)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry): entry is Record<string, unknown> & SnapshotExternalEdge => typeof entry.externalEdge === "string");
}

export interface SnapshotDynamicCall {
  readonly dynamicCall: string;
  readonly line: number;
  readonly expression: string;
}

/** The dynamic call lines of a snapshot (call sites with no static target). */
export function snapshotDynamicCalls(snapshot: string): SnapshotDynamicCall[] {
  return snapshot
    .trimEnd()
    .split("\n")
    .slice(1)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry): entry is Record<string, unknown> & SnapshotDynamicCall => typeof entry.dynamicCall === "string");
}

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI (dist/cli.js) to completion. */
export function runCli(args: readonly string[], options: { cwd?: string } = {}): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: options.cwd ?? REPO_ROOT, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The sample projects this test file has indexed with the CLI once, by name: the copies the tests get are taken from them. */
const indexedSamples = new Map<string, string>();

/**
 * A private copy of a sample project (web-app by default), indexed by the CLI into its default database. The CLI
 * indexes the sample once per test file; each call copies that root with its .ts-graph folder, the files' times
 * kept, so the copy's graph is up to date with its files exactly as a run of `ts-graph index` on the copy leaves it.
 */
export function indexedSampleProject(name = "web-app"): { root: string; dbPath: string } {
  let indexedRoot = indexedSamples.get(name);
  if (indexedRoot === undefined || !fs.existsSync(indexedRoot)) {
    indexedRoot = copySampleProject(name);
    const indexed = runCli(["index", indexedRoot, "--quiet"]);
    if (indexed.status !== 0) throw new Error(`indexing the ${name} sample failed: ${indexed.stderr}`);
    indexedSamples.set(name, indexedRoot);
  }
  const root = path.join(makeTempDir(), name);
  fs.cpSync(indexedRoot, root, { recursive: true, preserveTimestamps: true });
  return { root, dbPath: path.join(root, ".ts-graph", "graph.db") };
}

/** A project of `files` modules in a chain of imports and calls, for tests that need many files. */
export function writeChainProject(root: string, files: number, variant = 0): void {
  fs.mkdirSync(path.join(root, "src"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", types: [] },
      include: ["src"],
    }),
  );
  for (let i = 0; i < files; i += 1) {
    const previous = i > 0 ? `import { step${i - 1} } from "./m${i - 1}";\n` : "";
    const call = i > 0 ? `step${i - 1}(n) + ` : "";
    fs.writeFileSync(
      path.join(root, "src", `m${i}.ts`),
      `${previous}/** Step ${i}. */\nexport function step${i}(n: number): number {\n  return ${call}${variant} + n;\n}\nexport class Holder${i} {\n  value(): number { return step${i}(${i}); }\n}\n`,
    );
  }
}

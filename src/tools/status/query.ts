import { readMeta, type SqliteDb } from "../../db/open-graph-db.js";
import { META } from "../../db/schema.js";
import { NOTHING_SKIPPED, type SkippedFiles } from "../../model/skipped-files.js";
import type { RootState } from "../tool-contract.js";
import type { RootMemoryView } from "./memory-view.js";

const STATUS_SQL = {
  files: "SELECT count(*) AS total, coalesce(sum(syntax_errors > 0), 0) AS withSyntaxErrors FROM files",
  nodesByKind: "SELECT kind, count(*) AS n FROM nodes GROUP BY kind ORDER BY kind",
  edgesByKind: "SELECT kind, count(*) AS n FROM edges GROUP BY kind ORDER BY kind",
} as const;

export interface KindCounts {
  readonly total: number;
  readonly byKind: Readonly<Record<string, number>>;
}

export interface GraphCounts {
  readonly files: { readonly total: number; readonly withSyntaxErrors: number };
  readonly nodes: KindCounts;
  readonly edges: KindCounts;
  /** What the last discovery left out: files outside the root, links leading out of it, loops, files reached through links. */
  readonly skipped: SkippedFiles;
  /** The engine the last extracting run used, if the graph says (META.engine). */
  readonly engine?: GraphEngine;
}

/** Which checker extracted the graph, the TypeScript version, and what it had to change or could not load. */
export interface GraphEngine {
  readonly name: string;
  readonly typescript: string;
  readonly notes: readonly string[];
}

/** One root as the status tool reports it. */
export interface RootStatus {
  readonly root: string;
  readonly dbPath: string;
  readonly indexedAt: string | null;
  readonly pendingFiles: number;
  readonly indexError: string | null;
  /** Index runs under way or interrupted, a graph that cannot be updated here (see GraphFreshness.notes). */
  readonly notes: readonly string[];
  readonly watching: boolean;
  /** Why the root has no graph to answer from (then `graph` is null). */
  readonly unavailable: string | null;
  readonly graph: GraphCounts | null;
  /** What the server keeps warm for this root (served roots only). */
  readonly memory?: RootMemoryView;
}

function kindCounts(rows: readonly { kind: string; n: number }[]): KindCounts {
  return {
    total: rows.reduce((sum, row) => sum + row.n, 0),
    byKind: Object.fromEntries(rows.map((row) => [row.kind, row.n])),
  };
}

export function queryGraphCounts(db: SqliteDb): GraphCounts {
  const files = db.prepare(STATUS_SQL.files).get() as { total: number; withSyntaxErrors: number };
  return {
    files,
    nodes: kindCounts(db.prepare(STATUS_SQL.nodesByKind).all() as { kind: string; n: number }[]),
    edges: kindCounts(db.prepare(STATUS_SQL.edgesByKind).all() as { kind: string; n: number }[]),
    skipped: skippedOf(readMeta(db, META.skipped)),
    ...engineOf(readMeta(db, META.engine)),
  };
}

function engineOf(json: string | undefined): { engine?: GraphEngine } {
  if (json === undefined) return {};
  try {
    const value = JSON.parse(json) as Partial<GraphEngine>;
    if (typeof value.name !== "string" || typeof value.typescript !== "string") return {};
    const notes = Array.isArray(value.notes)
      ? value.notes.filter((note): note is string => typeof note === "string")
      : [];
    return { engine: { name: value.name, typescript: value.typescript, notes } };
  } catch {
    return {};
  }
}

function skippedOf(json: string | undefined): SkippedFiles {
  if (json === undefined) return NOTHING_SKIPPED;
  try {
    return { ...NOTHING_SKIPPED, ...(JSON.parse(json) as Partial<SkippedFiles>) };
  } catch {
    return NOTHING_SKIPPED;
  }
}

/** A root's status from its state and, when it has a graph, the graph's counts. */
export function rootStatus(state: RootState, graph: GraphCounts | undefined): RootStatus {
  return {
    root: state.root,
    dbPath: state.dbPath,
    indexedAt: state.freshness.indexedAt ?? null,
    pendingFiles: state.freshness.pendingFiles,
    indexError: state.freshness.indexError ?? null,
    notes: state.freshness.notes ?? [],
    watching: state.watching,
    unavailable: graph === undefined ? (state.error ?? "no graph yet") : null,
    graph: graph ?? null,
    ...(state.memory === undefined ? {} : { memory: state.memory }),
  };
}

import type { SqliteDb } from "../../db/open-graph-db.js";

export interface KindCounts {
  readonly nodes: Record<string, number>;
  readonly edges: Record<string, number>;
}

export interface KindCountsMemo {
  /** The graph's counts by kind: counted anew, unless the run changed nothing and the kept counts still hold. */
  counts(db: SqliteDb, changedByRun: boolean): KindCounts;
  /** The run's transaction committed: its counts hold from now on. */
  committed(): void;
  /** The run's transaction rolled back: its counts may not hold. */
  rolledBack(): void;
}

/**
 * A run's summary counts the graph's nodes and edges by kind, which reads every edge: on effect@3.22.4
 * (98,000 edges) about half of a no-op run's CPU, the run a daemon makes for every `ts-graph index` and
 * `--index` query. The counts of the last committed run are kept and reused by a run that changed nothing,
 * while the connection is the same and no other connection has committed since (SQLite's `data_version`
 * changes exactly then; this connection's own commits go through the runs, which count or keep as they go).
 */
export function createKindCountsMemo(count: () => KindCounts): KindCountsMemo {
  let kept: { db: SqliteDb; dataVersion: number; counts: KindCounts; committed: boolean } | undefined;
  return {
    counts(db, changedByRun) {
      const dataVersion = db.pragma("data_version", { simple: true }) as number;
      if (!changedByRun && kept?.committed === true && kept.db === db && kept.dataVersion === dataVersion)
        return kept.counts;
      const counts = count();
      kept = { db, dataVersion, counts, committed: false };
      return counts;
    },
    committed() {
      if (kept !== undefined) kept.committed = true;
    },
    rolledBack() {
      kept = undefined;
    },
  };
}

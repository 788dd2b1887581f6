import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { createKindCountsMemo } from "./kind-counts-memo.js";

afterAll(removeTempDirs);

/** A file database with a nodes table, a connection that counts (as the indexer's) and one of another process. */
function twoConnections() {
  const file = path.join(makeTempDir(), "graph.db");
  const own = new Database(file);
  own.pragma("journal_mode = WAL");
  own.exec("CREATE TABLE nodes (kind TEXT)");
  const other = new Database(file);
  const count = (): { nodes: Record<string, number>; edges: Record<string, number> } => {
    const rows = own.prepare("SELECT kind, count(*) AS n FROM nodes GROUP BY kind").all() as {
      kind: string;
      n: number;
    }[];
    return { nodes: Object.fromEntries(rows.map((row) => [row.kind, row.n])), edges: {} };
  };
  return { own, other, count };
}

describe(createKindCountsMemo.name, () => {
  it("reuses the last committed counts in a run that changed nothing, and counts anew after another connection commits", () => {
    const { own, other, count } = twoConnections();
    let counted = 0;
    const memo = createKindCountsMemo(() => {
      counted += 1;
      return count();
    });
    own.exec("INSERT INTO nodes VALUES ('Function')");
    expect(memo.counts(own, true).nodes).toEqual({ Function: 1 });
    memo.committed();
    expect(memo.counts(own, false).nodes).toEqual({ Function: 1 });
    expect(counted).toBe(1);

    other.exec("INSERT INTO nodes VALUES ('Class')");
    expect(memo.counts(own, false).nodes).toEqual({ Function: 1, Class: 1 });
    expect(counted).toBe(2);
    own.close();
    other.close();
  });

  it("counts anew in a run that changed the graph, and after a run whose transaction rolled back", () => {
    const { own, other, count } = twoConnections();
    const memo = createKindCountsMemo(count);
    memo.counts(own, true);
    memo.committed();
    own.exec("BEGIN");
    own.exec("INSERT INTO nodes VALUES ('Method')");
    expect(memo.counts(own, true).nodes).toEqual({ Method: 1 });
    own.exec("ROLLBACK");
    memo.rolledBack();
    expect(memo.counts(own, false).nodes).toEqual({});
    // Counted in a transaction that is not committed yet: not reused.
    own.exec("INSERT INTO nodes VALUES ('Method')");
    expect(memo.counts(own, true).nodes).toEqual({ Method: 1 });
    own.exec("DELETE FROM nodes");
    expect(memo.counts(own, false).nodes).toEqual({});
    own.close();
    other.close();
  });
});

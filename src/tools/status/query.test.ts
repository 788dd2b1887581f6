import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { META, SCHEMA_SQL } from "../../db/schema.js";
import { NOTHING_SKIPPED } from "../../model/skipped-files.js";
import { queryGraphCounts, rootStatus } from "./query.js";

function graphDb(): Database.Database {
  const db = new Database(":memory:");
  db.exec(SCHEMA_SQL);
  const file = db.prepare("INSERT INTO files VALUES (?, 'h', 1, 1, 'p', ?, 0, 1, NULL)");
  file.run("a.ts", 0);
  file.run("b.ts", 2);
  const node = db.prepare(
    "INSERT INTO nodes (key, file, kind, name, qualified_name, start_line, end_line, name_line, exported, signature, doc, modifiers, surface) VALUES (?, 'a.ts', ?, ?, ?, 1, 1, 1, 1, '', '', '', '')",
  );
  node.run("a.ts", "File", "a.ts", "a.ts");
  node.run("a.ts:f", "Function", "f", "f");
  node.run("a.ts:g", "Function", "g", "g");
  db.prepare(
    "INSERT INTO edges (file, kind, source, target, count, lines) VALUES ('a.ts', 'CALLS', 'a.ts:f', 'a.ts:g', 1, '[1]')",
  ).run();
  return db;
}

describe(queryGraphCounts.name, () => {
  it("counts files (and those with syntax errors), nodes and edges by kind", () => {
    expect(queryGraphCounts(graphDb())).toEqual({
      files: { total: 2, withSyntaxErrors: 1 },
      nodes: { total: 3, byKind: { File: 1, Function: 2 } },
      edges: { total: 1, byKind: { CALLS: 1 } },
      skipped: NOTHING_SKIPPED,
    });
  });

  it("reads what the last discovery skipped from the meta table", () => {
    const db = graphDb();
    const skipped = { outside: 2, throughLinks: 1, outsideLinks: ["src/vendor"], loops: [] };
    db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)").run(META.skipped, JSON.stringify(skipped));
    expect(queryGraphCounts(db).skipped).toEqual(skipped);
  });

  it("counts an empty graph as zeros", () => {
    const db = new Database(":memory:");
    db.exec(SCHEMA_SQL);
    expect(queryGraphCounts(db)).toEqual({
      files: { total: 0, withSyntaxErrors: 0 },
      nodes: { total: 0, byKind: {} },
      edges: { total: 0, byKind: {} },
      skipped: NOTHING_SKIPPED,
    });
  });
});

describe(rootStatus.name, () => {
  const state = { root: "/r", dbPath: "/r/.ts-graph/graph.db", db: undefined, watching: true };

  it("reports a root with a graph", () => {
    const graph = queryGraphCounts(graphDb());
    expect(
      rootStatus({ ...state, freshness: { indexedAt: "2026-01-01T00:00:00.000Z", pendingFiles: 2 } }, graph),
    ).toEqual({
      root: "/r",
      dbPath: "/r/.ts-graph/graph.db",
      indexedAt: "2026-01-01T00:00:00.000Z",
      pendingFiles: 2,
      indexError: null,
      notes: [],
      watching: true,
      unavailable: null,
      graph,
    });
  });

  it("reports why a root has no graph", () => {
    const status = rootStatus(
      {
        ...state,
        freshness: { indexedAt: undefined, pendingFiles: 0, indexError: "boom" },
        error: "first index failed",
      },
      undefined,
    );
    expect(status).toMatchObject({
      indexedAt: null,
      indexError: "boom",
      unavailable: "first index failed",
      graph: null,
    });
  });
});

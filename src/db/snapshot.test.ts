import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SqliteDb } from "./open-graph-db.js";
import { SCHEMA_SQL } from "./schema.js";
import {
  formatSnapshot,
  readSnapshot,
  type SnapshotDynamicCallRow,
  type SnapshotEdgeRow,
  type SnapshotExternalEdgeRow,
  type SnapshotNodeRow,
} from "./snapshot.js";

const nodes: SnapshotNodeRow[] = [
  {
    key: "src/b.ts:g",
    kind: "Function",
    name: "g",
    file: "src/b.ts",
    startLine: 1,
    endLine: 3,
    nameLine: 1,
    implementationLine: null,
    exported: 1,
    signature: "export function g(): void",
    modifiers: "export",
  },
  {
    key: "src/a.ts",
    kind: "File",
    name: "a.ts",
    file: "src/a.ts",
    startLine: 1,
    endLine: 9,
    nameLine: 1,
    implementationLine: null,
    exported: 0,
    signature: "",
    modifiers: "",
  },
  {
    key: "src/B.ts:Z",
    kind: "Class",
    name: "Z",
    file: "src/B.ts",
    startLine: 2,
    endLine: 4,
    nameLine: 2,
    implementationLine: null,
    exported: 0,
    signature: "class Z",
    modifiers: "",
  },
  {
    key: "src/b.ts:p",
    kind: "Function",
    name: "p",
    file: "src/b.ts",
    startLine: 5,
    endLine: 9,
    nameLine: 5,
    implementationLine: 7,
    exported: 0,
    signature: "function p(a: string): string",
    modifiers: "",
    body: "0123456789abcdef",
  },
];
const edges: SnapshotEdgeRow[] = [
  {
    kind: "IMPORTS",
    source: "src/a.ts",
    target: "src/b.ts",
    lines: "[]",
    names: '["g"]',
    typeOnly: 0,
    receivers: null,
    spans: null,
  },
  {
    kind: "CALLS",
    source: "src/a.ts",
    target: "src/b.ts:g",
    lines: "[4,4,7]",
    names: null,
    typeOnly: null,
    receivers: null,
    spans: null,
  },
  {
    kind: "CALLS",
    source: "src/a.ts",
    target: "src/B.ts:Z",
    lines: "[2]",
    names: null,
    typeOnly: null,
    receivers: '["src/B.ts:Y"]',
    spans: null,
  },
  {
    kind: "HOLDS_IMPLEMENTATION",
    source: "src/b.ts:g",
    target: "src/B.ts:Z.next",
    lines: "[2,3]",
    names: null,
    typeOnly: null,
    receivers: null,
    spans: "[[2,2],[3,5]]",
  },
];
/** The entry at index (wrapping around), which the test knows is there. */
function entry<Item>(items: readonly Item[], index: number): Item {
  const item = items[index % items.length];
  if (item === undefined) throw new Error(`no entry ${index} in a list of ${items.length}`);
  return item;
}
const externalEdges: SnapshotExternalEdgeRow[] = [
  { kind: "OVERRIDES", source: "src/b.ts:Z.next", target: "lib:Iterator.next", lines: "[]", receivers: null },
  { kind: "CALLS", source: "src/a.ts", target: "lib:Iterator.next", lines: "[5]", receivers: '["src/B.ts:Z"]' },
];
const dynamicCalls: SnapshotDynamicCallRow[] = [
  { source: "src/b.ts:g", line: 2, expression: "handler" },
  { source: "src/a.ts", line: 8, expression: "fns[i]" },
  { source: "src/a.ts", line: 3, expression: "make()" },
];

describe("formatSnapshot", () => {
  it("writes a header, then nodes (an overload's implementation line when it differs, the body hash when known), edges and dynamic calls sorted by code unit, one JSON object a line", () => {
    expect(formatSnapshot(nodes, edges, externalEdges, dynamicCalls).split("\n")).toEqual([
      '{"format":"ts-graph-snapshot","version":7,"nodes":4,"edges":4,"externalEdges":2,"dynamicCalls":3}',
      '{"node":"src/B.ts:Z","kind":"Class","name":"Z","file":"src/B.ts","lines":[2,4],"nameLine":2,"exported":false,"modifiers":[],"signature":"class Z"}',
      '{"node":"src/a.ts","kind":"File","name":"a.ts","file":"src/a.ts","lines":[1,9],"nameLine":1,"exported":false,"modifiers":[],"signature":""}',
      '{"node":"src/b.ts:g","kind":"Function","name":"g","file":"src/b.ts","lines":[1,3],"nameLine":1,"exported":true,"modifiers":["export"],"signature":"export function g(): void"}',
      '{"node":"src/b.ts:p","kind":"Function","name":"p","file":"src/b.ts","lines":[5,9],"nameLine":5,"implementationLine":7,"exported":false,"modifiers":[],"signature":"function p(a: string): string","body":"0123456789abcdef"}',
      '{"edge":"CALLS","source":"src/a.ts","target":"src/B.ts:Z","lines":[2],"receivers":["src/B.ts:Y"]}',
      '{"edge":"CALLS","source":"src/a.ts","target":"src/b.ts:g","lines":[4,4,7]}',
      '{"edge":"HOLDS_IMPLEMENTATION","source":"src/b.ts:g","target":"src/B.ts:Z.next","lines":[2,3],"spans":[[2,2],[3,5]]}',
      '{"edge":"IMPORTS","source":"src/a.ts","target":"src/b.ts","names":["g"],"typeOnly":false}',
      '{"externalEdge":"CALLS","source":"src/a.ts","target":"lib:Iterator.next","lines":[5],"receivers":["src/B.ts:Z"]}',
      '{"externalEdge":"OVERRIDES","source":"src/b.ts:Z.next","target":"lib:Iterator.next"}',
      '{"dynamicCall":"src/a.ts","line":3,"expression":"make()"}',
      '{"dynamicCall":"src/a.ts","line":8,"expression":"fns[i]"}',
      '{"dynamicCall":"src/b.ts:g","line":2,"expression":"handler"}',
      "",
    ]);
  });

  it("does not depend on the order rows come in", () => {
    expect(
      formatSnapshot(
        [...nodes].reverse(),
        [...edges].reverse(),
        [...externalEdges].reverse(),
        [...dynamicCalls].reverse(),
      ),
    ).toBe(formatSnapshot(nodes, edges, externalEdges, dynamicCalls));
  });
});

/** A graph database holding these rows (with the columns a snapshot does not show filled in). */
function databaseOf(rows: {
  nodes: readonly SnapshotNodeRow[];
  edges: readonly SnapshotEdgeRow[];
  externalEdges: readonly SnapshotExternalEdgeRow[];
  dynamicCalls: readonly SnapshotDynamicCallRow[];
}): SqliteDb {
  const db = new Database(":memory:");
  db.exec(SCHEMA_SQL);
  const insertNode =
    db.prepare(`INSERT INTO nodes (key, file, kind, name, qualified_name, parent_key, start_line, end_line, name_line, implementation_line, exported, signature, doc, modifiers, surface, body)
    VALUES (@key, @file, @kind, @name, @name, NULL, @startLine, @endLine, @nameLine, @implementationLine, @exported, @signature, '', @modifiers, '', @body)`);
  const insertEdge = db.prepare(
    "INSERT INTO edges (file, kind, source, target, count, lines, names, type_only, receivers, spans) VALUES (@source, @kind, @source, @target, 0, @lines, @names, @typeOnly, @receivers, @spans)",
  );
  const insertExternal = db.prepare(
    "INSERT INTO external_edges (file, kind, source, target, count, lines, receivers) VALUES (@source, @kind, @source, @target, 0, @lines, @receivers)",
  );
  const insertDynamic = db.prepare(
    "INSERT INTO dynamic_calls (file, source, line, expression) VALUES (@source, @source, @line, @expression)",
  );
  for (const node of rows.nodes) insertNode.run({ ...node, body: node.body ?? null });
  for (const edge of rows.edges) insertEdge.run(edge);
  for (const edge of rows.externalEdges) insertExternal.run(edge);
  for (const call of rows.dynamicCalls) insertDynamic.run(call);
  return db;
}

/** The rows as the database gives them back (better-sqlite3 stores a lone surrogate as U+FFFD). */
function rowsOf(db: SqliteDb) {
  return {
    nodes: db
      .prepare(
        "SELECT key, kind, name, file, start_line AS startLine, end_line AS endLine, name_line AS nameLine, implementation_line AS implementationLine, exported, signature, modifiers, body FROM nodes",
      )
      .all() as SnapshotNodeRow[],
    edges: db
      .prepare("SELECT kind, source, target, lines, names, type_only AS typeOnly, receivers, spans FROM edges")
      .all() as SnapshotEdgeRow[],
    externalEdges: db
      .prepare("SELECT kind, source, target, lines, receivers FROM external_edges")
      .all() as SnapshotExternalEdgeRow[],
    dynamicCalls: db.prepare("SELECT source, line, expression FROM dynamic_calls").all() as SnapshotDynamicCallRow[],
  };
}

function snapshotOfRows(db: SqliteDb): string {
  const rows = rowsOf(db);
  return formatSnapshot(rows.nodes, rows.edges, rows.externalEdges, rows.dynamicCalls);
}

describe(readSnapshot.name, () => {
  it("writes what formatSnapshot writes for the database's rows (SQLite writes and sorts them)", () => {
    const db = databaseOf({ nodes, edges, externalEdges, dynamicCalls });
    expect(readSnapshot(db)).toContain('"signature":"function p(a: string): string","body":"0123456789abcdef"}');
    expect(readSnapshot(db)).toBe(snapshotOfRows(db));
  });

  it("sorts by UTF-16 code units when a key holds a character beyond U+FFFF, where SQLite's UTF-8 order differs", () => {
    const keyed = (key: string): SnapshotNodeRow => ({ ...entry(nodes, 0), key, body: undefined });
    // UTF-16: \u{1F600} (a surrogate pair, 0xD83D…) sorts before \uE000; UTF-8 (F0… against EE…) after it.
    const db = databaseOf({
      nodes: [keyed("a\uE000"), keyed("a\u{1F600}"), keyed("a")],
      edges: [],
      externalEdges: [],
      dynamicCalls: [],
    });
    const lines = readSnapshot(db).split("\n");
    expect(lines.slice(1, 4).map((line) => (JSON.parse(line) as { node: string }).node)).toEqual([
      "a",
      "a\u{1F600}",
      "a\uE000",
    ]);
    expect(readSnapshot(db)).toBe(snapshotOfRows(db));
  });

  it("escapes and orders any text as JSON.stringify and the code-unit sort do (property, seeded)", () => {
    const text = fc.string({ unit: "binary", maxLength: 8 });
    const anyText = fc.oneof(
      text,
      fc.string({ maxLength: 8 }),
      fc.constantFrom("\u2028", "\u0000x", '"\\', "\t\n\r\u001f", "\uE000", "\u{1F600}", "\uD800"),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(anyText, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(anyText, anyText, anyText), { maxLength: 6 }),
        (keys, calls) => {
          const db = databaseOf({
            nodes: keys.map((key, index) => ({
              ...entry(nodes, index),
              key,
              name: key,
              signature: `${key}(): void`,
              body: undefined,
            })),
            edges: keys.slice(1).map((target, index) => ({
              kind: "CALLS",
              source: entry(keys, 0),
              target,
              lines: `[${index + 1}]`,
              names: null,
              typeOnly: null,
              receivers: index % 2 === 0 ? null : JSON.stringify([entry(keys, index)]),
              spans: index % 3 === 1 ? JSON.stringify([[index, index + 2]]) : null,
            })),
            externalEdges: calls.map(([source, target], index) => ({
              kind: "CALLS",
              source,
              target,
              lines: "[]",
              receivers: index % 2 === 0 ? null : JSON.stringify([entry(keys, index)]),
            })),
            dynamicCalls: calls.map(([source, , expression], index) => ({ source, line: index, expression })),
          });
          try {
            expect(readSnapshot(db)).toBe(snapshotOfRows(db));
          } finally {
            db.close();
          }
        },
      ),
      { seed: 15, numRuns: 200 },
    );
  });
});

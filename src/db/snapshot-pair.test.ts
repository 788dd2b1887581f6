import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SNAPSHOT_FORMAT_VERSION } from "./snapshot.js";
import { parseSnapshot, SnapshotFormatError } from "./snapshot-load.js";
import { parseSnapshotPair } from "./snapshot-pair.js";

const HEADER = JSON.stringify({ format: "ts-graph-snapshot", version: SNAPSHOT_FORMAT_VERSION });

function snapshot(lines: readonly string[]): string {
  return `${HEADER}\n${lines.map((line) => `${line}\n`).join("")}`;
}

const keys = fc.constantFrom("a.ts", "a.ts:f", "a.ts:C", "a.ts:C.m", "b.ts", "b.ts:g");
const line = fc.oneof(
  fc
    .record({
      node: keys,
      kind: fc.constantFrom("File", "Function", "Class"),
      lines: fc.tuple(fc.nat(50), fc.nat(50)),
      exported: fc.boolean(),
    })
    .map((node) => JSON.stringify({ ...node, name: "n", file: "a.ts", nameLine: 1, modifiers: [], signature: "" })),
  fc
    .record({
      edge: fc.constantFrom("CALLS", "CONTAINS", "REFERENCES"),
      source: keys,
      target: keys,
      lines: fc.array(fc.nat(50), { maxLength: 3 }),
    })
    .map((edge) => JSON.stringify(edge)),
  fc
    .record({ externalEdge: fc.constantFrom("CALLS"), source: keys, target: fc.constantFrom("lib:Array.map") })
    .map((edge) => JSON.stringify(edge)),
);

/** Head made from base by inserting, deleting and replacing lines at random places (runs included). */
const edits = fc.array(
  fc.tuple(fc.constantFrom("insert", "delete", "replace"), fc.nat(200), fc.integer({ min: 1, max: 80 }), line),
  {
    maxLength: 6,
  },
);

function edited(base: readonly string[], changes: readonly (readonly [string, number, number, string])[]): string[] {
  const head = [...base];
  for (const [what, at, run, text] of changes) {
    const index = base.length === 0 ? 0 : at % (head.length + 1);
    if (what === "insert")
      head.splice(index, 0, ...Array.from({ length: run }, (_, n) => `${text.slice(0, -1)},"n":${n}}`));
    else if (what === "delete") head.splice(index, run);
    else head.splice(index, 1, text);
  }
  return head;
}

describe(parseSnapshotPair.name, () => {
  it("parses both snapshots as parseSnapshot does, whatever lines head added, removed or changed", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 150 }), edits, fc.boolean(), (baseLines, changes, swap) => {
        const headLines = edited(baseLines, changes);
        const [before, after] = swap ? [headLines, baseLines] : [baseLines, headLines];
        const pair = parseSnapshotPair(
          { text: snapshot(before), label: "base.jsonl" },
          { text: snapshot(after), label: "head.jsonl" },
        );
        expect(pair.base).toEqual(parseSnapshot(snapshot(before), "base.jsonl"));
        expect(pair.head).toEqual(parseSnapshot(snapshot(after), "head.jsonl"));
      }),
      { seed: 15, numRuns: 300 },
    );
  });

  it("names the line of base that is not a JSON object, as parseSnapshot does, though head lacks it", () => {
    const lines = ['{"node":"a.ts","kind":"File"}', '{"edge":"CALLS","source":"a.ts","target":"a.ts"}'];
    const cut = snapshot([lines[0] ?? "", '{"node":"a.ts:f"', lines[1] ?? ""]);
    expect(() =>
      parseSnapshotPair({ text: cut, label: "base.jsonl" }, { text: snapshot(lines), label: "head.jsonl" }),
    ).toThrow(new SnapshotFormatError("base.jsonl, line 3, is not a JSON object: is it a ts-graph snapshot, whole?"));
    expect(() =>
      parseSnapshotPair({ text: snapshot(lines), label: "base.jsonl" }, { text: "{}\n", label: "head.jsonl" }),
    ).toThrow(/head.jsonl is not a ts-graph snapshot/);
  });
});

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { ExtractedNode, FileExtraction } from "../model/extracted.js";
import { bodyHash, normalizedLines } from "../model/body-hash.js";
import { declarationKey, fileKey } from "../model/node-key.js";
import { createGraphStore } from "./graph-store.js";
import { SCHEMA_SQL } from "./schema.js";

function functionNode(file: string, name: string): ExtractedNode {
  return {
    key: declarationKey(file, name),
    kind: "Function",
    name,
    qualifiedName: name,
    parentKey: undefined,
    startLine: 1,
    endLine: 1,
    nameLine: 1,
    exported: true,
    signature: `export function ${name}()`,
    doc: "",
    modifiers: ["export"],
    surface: "d:0",
  };
}

function extraction(
  file: string,
  names: readonly string[],
  calls: readonly [string, ExtractedNode["key"]][] = [],
): FileExtraction {
  return {
    path: file,
    nodes: names.map((name) => functionNode(file, name)),
    edges: calls.map(([source, target]) => ({
      kind: "CALLS",
      source: declarationKey(file, source),
      target,
      lines: [1],
    })),
    externalEdges: [],
    externalImports: [],
    dynamicCalls: [],
    exportNames: [],
    syntaxErrors: [],
    declaresGlobals: false,
  };
}

const stored = (path: string) => ({ path, hash: "h", size: 1, mtimeMs: 1, project: "p" });

describe("writeFiles", () => {
  it("writes a batch of files in one transaction, each replaced whole, and drops edges into keys that vanished", () => {
    const db = new Database(":memory:");
    db.exec(SCHEMA_SQL);
    const store = createGraphStore(db);
    store.beginRun(["a.ts", "b.ts"]);
    store.writeFiles([
      { file: stored("a.ts"), extraction: extraction("a.ts", ["f", "g"]), indexedAt: 1, text: "" },
      {
        file: stored("b.ts"),
        extraction: extraction("b.ts", ["h"], [["h", declarationKey("a.ts", "g")]]),
        indexedAt: 1,
        text: "",
      },
    ]);
    expect(store.pendingPaths()).toEqual([]);
    expect(store.nodeCountsByKind()).toEqual({ Function: 3 });
    expect(store.ownersOfEdgesAt(declarationKey("a.ts", "g"))).toEqual(["b.ts"]);

    // a.ts loses g: its nodes are replaced, and b.ts's edge into a.ts:g goes with it.
    store.writeFiles([{ file: stored("a.ts"), extraction: extraction("a.ts", ["f"]), indexedAt: 2, text: "" }]);
    expect(store.nodeCountsByKind()).toEqual({ Function: 2 });
    expect(store.ownersOfEdgesAt(declarationKey("a.ts", "g"))).toEqual([]);
  });

  it("drops another file's edges out of a key that vanished (an inherited member's OVERRIDES) and names their owner", () => {
    const db = new Database(":memory:");
    db.exec(SCHEMA_SQL);
    const store = createGraphStore(db);
    store.beginRun(["base.ts", "a.ts"]);
    const inherited = {
      kind: "OVERRIDES" as const,
      source: declarationKey("base.ts", "m"),
      target: declarationKey("a.ts", "I.m"),
      lines: [],
    };
    store.writeFiles([
      { file: stored("base.ts"), extraction: extraction("base.ts", ["m"]), indexedAt: 1, text: "" },
      {
        file: stored("a.ts"),
        extraction: { ...extraction("a.ts", ["I.m"]), edges: [inherited] },
        indexedAt: 1,
        text: "",
      },
    ]);
    expect(store.ownersOfEdgesAt(declarationKey("base.ts", "m"))).toEqual(["a.ts"]);

    store.writeFiles([{ file: stored("base.ts"), extraction: extraction("base.ts", []), indexedAt: 2, text: "" }]);
    expect(store.ownersOfEdgesAt(declarationKey("base.ts", "m"))).toEqual([]);
    expect(db.prepare("SELECT count(*) FROM edges WHERE kind = 'OVERRIDES'").pluck().get()).toBe(0);
  });

  it("writes nothing of a batch that fails", () => {
    const db = new Database(":memory:");
    db.exec(SCHEMA_SQL);
    const store = createGraphStore(db);
    store.beginRun(["a.ts", "b.ts"]);
    const duplicateKey = extraction("b.ts", ["h"]);
    expect(() =>
      store.writeFiles([
        { file: stored("a.ts"), extraction: extraction("a.ts", ["f"]), indexedAt: 1, text: "" },
        {
          file: stored("b.ts"),
          extraction: { ...duplicateKey, nodes: [...duplicateKey.nodes, ...duplicateKey.nodes] },
          indexedAt: 1,
          text: "",
        },
      ]),
    ).toThrow();
    expect(store.pendingPaths().sort()).toEqual(["a.ts", "b.ts"]);
    expect(store.nodeCountsByKind()).toEqual({});
  });

  it("stores each declaration's body hash, taken from the file's text as extracted, and none for a File node", () => {
    const db = new Database(":memory:");
    db.exec(SCHEMA_SQL);
    const store = createGraphStore(db);
    const text = "export function f() {\n  return   1;\n}\n";
    const fileNode: ExtractedNode = {
      ...functionNode("a.ts", "f"),
      key: fileKey("a.ts"),
      kind: "File",
      name: "a.ts",
      qualifiedName: "a.ts",
      endLine: 3,
    };
    const f: ExtractedNode = { ...functionNode("a.ts", "f"), endLine: 3 };
    store.writeFiles([
      { file: stored("a.ts"), extraction: { ...extraction("a.ts", []), nodes: [fileNode, f] }, indexedAt: 1, text },
    ]);
    const bodies = db.prepare("SELECT kind, body FROM nodes ORDER BY kind").all();
    expect(bodies).toEqual([
      { kind: "File", body: null },
      { kind: "Function", body: bodyHash(normalizedLines(text), { name: "f", startLine: 1, endLine: 3 }) },
    ]);
    // The hash is the one a snapshot of the same text would carry: white space collapsed, the name blanked out.
    expect(bodies[1]).toEqual({
      kind: "Function",
      body: bodyHash(["export function g() { return 1; }"], { name: "g", startLine: 1, endLine: 1 }),
    });
  });
});

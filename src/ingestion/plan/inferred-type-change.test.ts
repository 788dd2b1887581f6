import { describe, expect, it } from "vitest";
import type { StoredSurface } from "../../db/graph-store.js";
import type { ExtractedNode } from "../../model/extracted.js";
import { declarationKey, fileKey } from "../../model/node-key.js";
import { withSurfacesOfSameTypes } from "./inferred-type-change.js";

function stored(name: string, surface: string, exported = true): StoredSurface {
  return { key: declarationKey("m.ts", name), name, kind: "Function", exported, surface };
}

function extracted(name: string, surface: string, exported = true): ExtractedNode {
  return {
    key: declarationKey("m.ts", name),
    kind: "Function",
    name,
    qualifiedName: name,
    parentKey: fileKey("m.ts"),
    startLine: 1,
    endLine: 3,
    nameLine: 1,
    exported,
    signature: "",
    doc: "",
    modifiers: exported ? ["export"] : [],
    surface,
  };
}

describe("withSurfacesOfSameTypes", () => {
  it("asks only about inferred declarations whose text changed, and gives those with the same type their stored surface", () => {
    const before = [
      stored("same", "i:1"),
      stored("retyped", "i:2"),
      stored("declared", "d:3"),
      stored("untouched", "i:4"),
    ];
    const after = [
      extracted("same", "i:1b"),
      extracted("retyped", "i:2b"),
      extracted("declared", "d:3b"),
      extracted("untouched", "i:4"),
      extracted("added", "i:5"),
    ];
    const asked: string[][] = [];
    const result = withSurfacesOfSameTypes(before, after, (keys) => {
      asked.push([...keys]);
      return new Set(["m.ts:same", "m.ts:untouched", "m.ts:added"]);
    });
    expect(asked).toEqual([["m.ts:same", "m.ts:retyped"]]);
    expect(result.map((node) => node.surface)).toEqual(["i:1", "i:2b", "d:3b", "i:4", "i:5"]);
  });

  it("does not ask when a declaration became typed or changed its export", () => {
    const before = [stored("typed", "i:1"), stored("exported", "i:2", false)];
    const after = [extracted("typed", "d:1"), extracted("exported", "i:2b", true)];
    const result = withSurfacesOfSameTypes(before, after, () => {
      throw new Error("asked");
    });
    expect(result).toBe(after);
  });
});

import { describe, expect, it } from "vitest";
import type { SqliteDb } from "../../db/open-graph-db.js";
import type { NodeKind } from "../../model/graph-kinds.js";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import { queryHierarchy, type HierarchyDirection } from "./query.js";

const type = (key: string, kind: NodeKind, modifiers = "") => ({ key, kind, modifiers });

/**
 * Shape (abstract) ← Circle ← Ring; Shape implements Drawable and Sized; Drawable and Sized both extend Named
 * (a diamond); Circle also implements Sized; Shape extends lib:EventTarget (no node); Named extends Base in b.ts.
 */
const db = memoryGraph(
  [
    type("a.ts:Shape", "Class", "export abstract"),
    type("a.ts:Circle", "Class"),
    type("c.ts:Ring", "Class"),
    type("a.ts:Drawable", "Interface"),
    type("a.ts:Sized", "Interface"),
    type("b.ts:Named", "Interface"),
    type("b.ts:Base", "TypeAlias"),
    type("a.ts:area", "Function"),
  ],
  [
    ["EXTENDS", "a.ts:Circle", "a.ts:Shape"],
    ["EXTENDS", "c.ts:Ring", "a.ts:Circle"],
    ["IMPLEMENTS", "a.ts:Shape", "a.ts:Drawable"],
    ["IMPLEMENTS", "a.ts:Shape", "a.ts:Sized"],
    ["IMPLEMENTS", "a.ts:Circle", "a.ts:Sized"],
    ["EXTENDS", "a.ts:Drawable", "b.ts:Named"],
    ["EXTENDS", "a.ts:Sized", "b.ts:Named"],
    ["EXTENDS", "b.ts:Named", "b.ts:Base"],
  ],
  [],
  [["EXTENDS", "a.ts:Shape", "lib:EventTarget"]],
);

function hierarchy(graph: SqliteDb, symbol: string, direction: HierarchyDirection, depth = 10) {
  return queryHierarchy(graph, requireSymbol(graph, { symbol }), direction, depth);
}

const lines = (
  entries: readonly { depth: number; relation: string; key: string; repeated: boolean; beyondDepth: boolean }[],
) =>
  entries.map(
    (entry) =>
      `${"  ".repeat(entry.depth - 1)}${entry.relation} ${entry.key}${entry.repeated ? " (again)" : ""}${entry.beyondDepth ? " (more)" : ""}`,
  );

describe(queryHierarchy.name, () => {
  it("lists supertypes transitively, a type reached twice expanded once, a library supertype as a leaf", () => {
    const result = hierarchy(db, "Circle", "up");
    expect(lines(result.up)).toEqual([
      "extends a.ts:Shape",
      "  implements a.ts:Drawable",
      "    extends b.ts:Named",
      "      extends b.ts:Base",
      "  implements a.ts:Sized",
      "    extends b.ts:Named (again)",
      "  extends lib:EventTarget",
      "implements a.ts:Sized (again)",
    ]);
    expect(result.down).toEqual([]);
    expect(result.supertypes).toBe(6);
    expect(result.files).toBe(2);
    expect(result.up.find((entry) => entry.key === "lib:EventTarget")).toMatchObject({
      external: true,
      qualifiedName: "lib:EventTarget",
    });
    expect(result.up[0]).toMatchObject({ kind: "abstract class", file: "a.ts", parent: "a.ts:Circle" });
  });

  it("lists subtypes and implementations transitively, down from an interface", () => {
    const result = hierarchy(db, "Named", "down");
    expect(lines(result.down)).toEqual([
      "extends a.ts:Drawable",
      "  implements a.ts:Shape",
      "    extends a.ts:Circle",
      "      extends c.ts:Ring",
      "extends a.ts:Sized",
      "  implements a.ts:Circle (again)",
      "  implements a.ts:Shape (again)",
    ]);
    expect(result.subtypes).toBe(5);
    expect(result.files).toBe(2);
  });

  it("goes both ways by default and marks types at the depth limit that have more beyond it", () => {
    const result = hierarchy(db, "Circle", "both", 1);
    expect(lines(result.up)).toEqual(["extends a.ts:Shape (more)", "implements a.ts:Sized (more)"]);
    expect(lines(result.down)).toEqual(["extends c.ts:Ring"]);
    expect(result.typeKind).toBe("class");
  });

  it("answers a type with no heritage with empty trees", () => {
    const result = hierarchy(db, "Ring", "down");
    expect(result).toMatchObject({ up: [], down: [], supertypes: 0, subtypes: 0, files: 0 });
  });

  it("ends on a cycle the graph of broken code may hold", () => {
    const cyclic = memoryGraph(
      [type("x.ts:A", "Interface"), type("x.ts:B", "Interface")],
      [
        ["EXTENDS", "x.ts:A", "x.ts:B"],
        ["EXTENDS", "x.ts:B", "x.ts:A"],
      ],
    );
    expect(lines(hierarchy(cyclic, "A", "up").up)).toEqual(["extends x.ts:B", "  extends x.ts:A (again)"]);
  });
});

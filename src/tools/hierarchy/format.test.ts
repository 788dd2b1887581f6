import { describe, expect, it } from "vitest";
import type { NodeKind } from "../../model/graph-kinds.js";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { requireSymbol } from "../inputs/symbol-address.js";
import { hierarchyAnswer } from "./format.js";
import { type HierarchyDirection, queryHierarchy } from "./query.js";

const type = (key: string, kind: NodeKind, modifiers = "") => ({ key, kind, modifiers });

/** Clock (a class) is extended by SystemClock and implemented by FakeClock; Timer (an interface) is implemented by SystemClock. */
const db = memoryGraph(
  [
    type("a.ts:Clock", "Class"),
    type("a.ts:SystemClock", "Class"),
    type("b.ts:FakeClock", "Class"),
    type("a.ts:Timer", "Interface"),
  ],
  [
    ["EXTENDS", "a.ts:SystemClock", "a.ts:Clock"],
    ["IMPLEMENTS", "b.ts:FakeClock", "a.ts:Clock"],
    ["IMPLEMENTS", "a.ts:SystemClock", "a.ts:Timer"],
  ],
  [],
  [["IMPLEMENTS", "a.ts:Clock", "lib:Disposable"]],
);

function text(symbol: string, direction: HierarchyDirection): string {
  const answer = hierarchyAnswer(queryHierarchy(db, requireSymbol(db, { symbol }), direction, 10));
  return answer.text(answer.build(answer.total, null));
}

describe("hierarchy's text", () => {
  it("writes one direction under 'subtypes of' with each line's kind, name and place, the relation said only for a class implementing a class", () => {
    expect(text("Clock", "down")).toBe(
      ["subtypes of class Clock", "  class SystemClock  a.ts:2", "  class FakeClock  b.ts:3 (via implements)"].join(
        "\n",
      ),
    );
    expect(text("SystemClock", "up")).toBe(
      [
        "supertypes of class SystemClock",
        "  class Clock  a.ts:1",
        "    implements lib:Disposable (outside the project)",
        "  interface Timer  a.ts:4",
      ].join("\n"),
    );
    expect(text("Timer", "down")).toBe(["subtypes of interface Timer", "  class SystemClock  a.ts:2"].join("\n"));
    expect(text("FakeClock", "down")).toBe("subtypes of class FakeClock: none");
  });

  it("keeps the type's place and the headings with both directions", () => {
    expect(text("Timer", "both")).toBe(
      ["interface Timer  a.ts:4", "supertypes: none", "subtypes:", "  class SystemClock  a.ts:2"].join("\n"),
    );
  });
});

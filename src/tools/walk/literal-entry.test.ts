import { describe, expect, it } from "vitest";
import type { NodeKey } from "../../model/node-key.js";
import { literalGraph } from "../../test-support/literal-graph.js";
import { walkGraph, type WalkRequest } from "./graph-walk.js";
import { literalEntryKey, literalNote, parseLiteralEntry } from "./literal-entry.js";

const key = (text: string): NodeKey => text as NodeKey;

const HOLDER_PUSH = "src/h.ts:holder (literal push at 10-12)";

function reached(request: Partial<WalkRequest> & Pick<WalkRequest, "seeds">): Record<string, number> {
  const { nodes } = walkGraph(literalGraph, {
    direction: "out",
    kinds: ["CALLS"],
    maxDepth: 4,
    dispatch: "up",
    ...request,
  });
  return Object.fromEntries(nodes.map((node) => [node.key, node.depth]));
}

describe("a walk entering a holder through its literal's function", () => {
  it("goes on only from the holder's sites on the literal function's lines", () => {
    expect(reached({ seeds: [key("src/s.ts:start")] })).toEqual({
      "src/i.ts:Sink.push": 1,
      [HOLDER_PUSH]: 1,
      "src/y.ts:inside": 2,
    });
    const { nodes } = walkGraph(literalGraph, {
      seeds: [key("src/s.ts:start")],
      direction: "out",
      kinds: ["CALLS"],
      maxDepth: 4,
      dispatch: "up",
    });
    const inside = nodes.find((node) => node.key === "src/y.ts:inside");
    expect(inside?.links.map((link) => [link.via, link.lines])).toEqual([[HOLDER_PUSH, [11]]]);
    const entry = nodes.find((node) => node.key === HOLDER_PUSH);
    expect([entry?.qualifiedName, entry?.startLine, entry?.endLine, entry?.links[0]?.target]).toEqual([
      "holder",
      1,
      20,
      "src/i.ts:Sink.push",
    ]);
  });

  it("goes on from all of the holder when the holder itself is called", () => {
    expect(reached({ seeds: [key("src/t.ts:direct")] })).toEqual({
      "src/h.ts:holder": 1,
      "src/x.ts:outside": 2,
      "src/y.ts:inside": 2,
    });
    // reached both ways, the holder is what is listed: its literal adds nothing
    expect(reached({ seeds: [key("src/s.ts:start"), key("src/t.ts:direct")] })).toEqual({
      "src/i.ts:Sink.push": 1,
      "src/h.ts:holder": 1,
      "src/x.ts:outside": 2,
      "src/y.ts:inside": 2,
    });
  });

  it("without dispatch never enters the holder", () => {
    expect(reached({ seeds: [key("src/s.ts:start")], dispatch: "none" })).toEqual({ "src/i.ts:Sink.push": 1 });
  });

  it("walking in, counts the holder as depending on any code of its own", () => {
    expect(reached({ seeds: [key("src/x.ts:outside")], direction: "in" })).toEqual({
      "src/h.ts:holder": 1,
      "src/t.ts:direct": 2,
    });
    expect(reached({ seeds: [key("src/y.ts:inside")], direction: "in" })).toEqual({
      "src/h.ts:holder": 1,
      "src/t.ts:direct": 2,
    });
  });
});

describe("literal entry keys", () => {
  it("name the holder, the member and the lines, and are read back", () => {
    const entry = {
      holder: key("src/h.ts:Holder.run"),
      name: "next",
      spans: [
        [5, 5],
        [8, 12],
      ] as const,
    };
    const text = literalEntryKey(entry);
    expect(text).toBe("src/h.ts:Holder.run (literal next at 5, 8-12)");
    expect(parseLiteralEntry(text)).toEqual({ ...entry, spans: [...entry.spans] });
    expect(literalNote(text)).toBe(" (literal next at 5, 8-12)");
    expect(parseLiteralEntry("src/h.ts:Holder.run")).toBeUndefined();
    expect(literalNote("src/h.ts:Holder.run")).toBe("");
  });
});

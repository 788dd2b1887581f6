import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffGraphs, type DiffNode, type GraphSideData } from "./graph-diff.js";

function node(key: string, extra: Partial<DiffNode> = {}): DiffNode {
  const [file = "", qualified] = key.split(":");
  const name = qualified?.split(".").at(-1) ?? file;
  const parent =
    qualified === undefined
      ? undefined
      : qualified.includes(".")
        ? `${file}:${qualified.split(".").slice(0, -1).join(".")}`
        : file;
  return {
    key,
    kind: qualified === undefined ? "File" : "Function",
    name,
    file,
    parent,
    exported: true,
    modifiers: ["export"],
    signature: qualified === undefined ? "" : `export function ${name}(): void`,
    startLine: 1,
    body: qualified === undefined ? undefined : `body of ${name}`,
    ...extra,
  };
}

function side(nodes: readonly DiffNode[], edges: GraphSideData["edges"] = []): GraphSideData {
  return { nodes, edges };
}

describe(diffGraphs.name, () => {
  it("does not count a declaration whose lines moved as changed", () => {
    const diff = diffGraphs(
      side([node("a.ts"), node("a.ts:f", { startLine: 3 })]),
      side([node("a.ts"), node("a.ts:f", { startLine: 9 })]),
    );
    expect(diff.changed).toEqual([]);
  });

  it("reports each changed aspect: signature, kind, modifiers, exported-ness and body", () => {
    const before = node("a.ts:f");
    const after = node("a.ts:f", {
      signature: "f(x: number): void",
      kind: "Method",
      modifiers: ["async"],
      exported: false,
      body: "other",
    });
    expect(diffGraphs(side([before]), side([after])).changed[0]?.aspects).toEqual([
      "signature",
      "kind",
      "modifiers",
      "exported",
      "body",
    ]);
  });

  it("matches a renamed declaration by its body and its signature without the name, not as removed + added", () => {
    const before = node("a.ts:oldName", { body: "same" });
    const after = node("a.ts:newName", { body: "same" });
    const diff = diffGraphs(side([node("a.ts"), before]), side([node("a.ts"), after]));
    expect(diff.moved.map((move) => [move.from, move.to, move.how, move.matchedBy])).toEqual([
      ["a.ts:oldName", "a.ts:newName", "renamed", "body"],
    ]);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
  });

  it("does not match two declarations with the same body when one side has two candidates", () => {
    const diff = diffGraphs(
      side([node("a.ts:f", { body: "b" })]),
      side([node("b.ts:g", { body: "b" }), node("c.ts:h", { body: "b" })]),
    );
    expect(diff.moved).toEqual([]);
    expect(diff.removed.map((removed) => removed.key)).toEqual(["a.ts:f"]);
  });

  it("without bodies (a database read away from its sources), or with a changed body, matches a move by kind, name and signature, and never a rename", () => {
    const diff = diffGraphs(
      side([node("a.ts:f", { body: undefined }), node("a.ts:g", { body: undefined })]),
      side([node("b.ts:f", { body: undefined }), node("a.ts:h", { body: undefined })]),
    );
    expect(diff.moved.map((move) => [move.from, move.to, move.how, move.matchedBy])).toEqual([
      ["a.ts:f", "b.ts:f", "moved", "signature"],
    ]);
    expect(diff.added.map((added) => added.key)).toEqual(["a.ts:h"]);
  });

  it("moves a class's members with it, and reads their edges under the new keys", () => {
    const base = side(
      [
        node("a.ts"),
        node("a.ts:Cart", { kind: "Class", body: "cart" }),
        node("a.ts:Cart.total", { kind: "Method", body: "t1" }),
        node("a.ts:use"),
      ],
      [{ kind: "CALLS", source: "a.ts:use", target: "a.ts:Cart.total" }],
    );
    const head = side(
      [
        node("a.ts"),
        node("b.ts"),
        node("b.ts:Cart", { kind: "Class", body: "cart" }),
        node("b.ts:Cart.total", { kind: "Method", body: "t2" }),
        node("a.ts:use"),
      ],
      [{ kind: "CALLS", source: "a.ts:use", target: "b.ts:Cart.total" }],
    );
    const diff = diffGraphs(base, head);
    expect(diff.moved.map((move) => move.to)).toEqual(["b.ts:Cart"]);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([]);
    expect(diff.edges).toEqual([]);
    expect(diff.filesAdded).toEqual(["b.ts"]);
  });

  it("lists a removed class once, not each of its members, and summarises edges per source", () => {
    const base = side(
      [
        node("a.ts"),
        node("a.ts:C", { kind: "Class", body: "c" }),
        node("a.ts:C.m", { kind: "Method", body: "m" }),
        node("a.ts:f"),
      ],
      [{ kind: "CALLS", source: "a.ts:f", target: "a.ts:C.m" }],
    );
    const head = side([node("a.ts"), node("a.ts:f")], [{ kind: "READS", source: "a.ts:f", target: "a.ts" }]);
    const diff = diffGraphs(base, head);
    expect(diff.removed.map((removed) => removed.key)).toEqual(["a.ts:C"]);
    expect(diff.edges).toEqual([
      { key: "a.ts:f", added: [{ kind: "READS", target: "a.ts" }], removed: [{ kind: "CALLS", target: "a.ts:C.m" }] },
    ]);
  });

  it("calls a member that changed container in its file a move, and a new name in the same place a rename", () => {
    const diff = diffGraphs(
      side([
        node("a.ts:A", { kind: "Class", body: "a" }),
        node("a.ts:A.m", { kind: "Method", body: "m" }),
        node("a.ts:B", { kind: "Class", body: "b" }),
        node("a.ts:B.x", { kind: "Method", body: "x" }),
      ]),
      side([
        node("a.ts:A", { kind: "Class", body: "a" }),
        node("a.ts:B.m", { kind: "Method", body: "m" }),
        node("a.ts:B", { kind: "Class", body: "b" }),
        node("a.ts:B.y", { kind: "Method", body: "x" }),
      ]),
    );
    expect(diff.moved.map((move) => [move.from, move.to, move.how])).toEqual([
      ["a.ts:A.m", "a.ts:B.m", "moved"],
      ["a.ts:B.x", "a.ts:B.y", "renamed"],
    ]);
  });

  it("finds the edges gained and lost whatever their order and repeats, CONTAINS left out (property, seeded)", () => {
    const edge = fc.record({
      kind: fc.constantFrom("CALLS", "USES_TYPE", "CONTAINS"),
      source: fc.constantFrom("a.ts:f", "a.ts:g", "b.ts:h"),
      target: fc.constantFrom("a.ts:f", "b.ts:h", "c.ts:\u{1F600}", "c.ts:\uE000"),
    });
    const ids = (edges: readonly { kind: string; source: string; target: string }[]) =>
      new Set(edges.filter((e) => e.kind !== "CONTAINS").map((e) => JSON.stringify([e.source, e.kind, e.target])));
    fc.assert(
      fc.property(fc.array(edge, { maxLength: 12 }), fc.array(edge, { maxLength: 12 }), (before, after) => {
        const found = diffGraphs(side([], before), side([], after)).edges.flatMap((entry) => [
          ...entry.added.map((change) => `+${JSON.stringify([entry.key, change.kind, change.target])}`),
          ...entry.removed.map((change) => `-${JSON.stringify([entry.key, change.kind, change.target])}`),
        ]);
        const [old, now] = [ids(before), ids(after)];
        const expected = [
          ...[...now].filter((id) => !old.has(id)).map((id) => `+${id}`),
          ...[...old].filter((id) => !now.has(id)).map((id) => `-${id}`),
        ];
        expect(found.sort()).toEqual(expected.sort());
      }),
      { seed: 15, numRuns: 300 },
    );
  });
});

import { ts } from "../../engine/ts6/typescript6.js";
import { describe, expect, it } from "vitest";
import type { StoredSurface } from "../../db/graph-store.js";
import { extractDeclarations } from "../extract/extract-declarations.js";
import { compareSurfaces, mentionsAny, nameTokens } from "./surface-change.js";

function nodesOf(text: string) {
  const sourceFile = ts.createSourceFile("/p/src/x.ts", text, ts.ScriptTarget.Latest, true);
  return extractDeclarations(sourceFile, "src/x.ts").nodes;
}

function stored(text: string): StoredSurface[] {
  return nodesOf(text).map((node) => ({
    key: node.key,
    name: node.name,
    kind: node.kind,
    exported: node.exported,
    surface: node.surface,
  }));
}

function change(before: string, after: string, defaults: string[] = []) {
  const result = compareSurfaces(stored(before), nodesOf(after), new Set(defaults));
  return { tokens: [...result.tokens].sort(), vanishedKeys: result.vanishedKeys, allImporters: result.allImporters };
}

describe("compareSurfaces", () => {
  it("sees no change when only the body of a function with a declared return type changes", () => {
    expect(
      change("export function f(): number { return 1; }", "export function f(): number {\n  return 2;\n}"),
    ).toEqual({
      tokens: [],
      vanishedKeys: [],
      allImporters: false,
    });
  });

  it("counts a changed parameter list as a change of that function, which its importers must see", () => {
    const result = change(
      "export function f(a: string): number { return 1; }",
      "export function f(a: number): number { return 1; }",
    );
    expect(result.tokens).toEqual(["f"]);
    expect(result.allImporters).toBe(true);
  });

  it("does not send importers a pure addition or a change of an internal declaration", () => {
    expect(change("export const a = 1;", "export const a = 1;\nexport const b = 2;").allImporters).toBe(false);
    expect(
      change(
        "export {};\nfunction internal(): number { return 1; }",
        "export {};\nfunction internal(): string { return ''; }",
      ).allImporters,
    ).toBe(false);
  });

  it("counts a body change of a function with an inferred return type, and only that declaration", () => {
    const rest = "export const value = helper();\nexport function typed(): number { return helper(); }";
    expect(
      change(`function helper() { return 1; }\n${rest}`, `function helper() { return 'one'; }\n${rest}`).tokens,
    ).toEqual(["helper"]);
  });

  it("counts an added declaration alone", () => {
    const before = "export const value = 1;\nexport const twice = [value, value];";
    expect(change(before, `${before}\nexport const added = 2;`).tokens).toEqual(["added"]);
  });

  it("counts an expando assignment as part of the function it extends", () => {
    const before = "export function f(): void {}\nf.helper = () => 1;";
    expect(change(before, before.replace("() => 1", "() => 'one'")).tokens).toEqual(["f"]);
  });

  it("tells when the default export or the export statements changed", () => {
    const defaultChange = compareSurfaces(
      stored("export default function () { return 1; }"),
      nodesOf("export default function () { return 2; }"),
      new Set(),
    );
    expect([defaultChange.defaultChanged, defaultChange.exportsChanged]).toEqual([true, false]);
    const reExport = compareSurfaces(stored('export * from "./a";'), nodesOf('export * from "./b";'), new Set());
    expect([reExport.defaultChanged, reExport.exportsChanged]).toEqual([false, true]);
  });

  it("reports added and removed declarations, with the removed keys", () => {
    const result = change("export class A { m(): void {} }", "export class A { n(): void {} }");
    expect(result.tokens).toEqual(["m", "n"]);
    expect(result.vanishedKeys).toEqual(["src/x.ts:A.m"]);
    expect(result.allImporters).toBe(true);
  });

  it("asks for every importer when re-exports or the default export change", () => {
    expect(change('export * from "./a";', 'export * from "./b";').allImporters).toBe(true);
    expect(
      change("export default function () { return 1; }", "export default function () { return 2; }").allImporters,
    ).toBe(true);
    expect(
      change(
        "function main(): number { return 1; }\nexport default main;",
        "function main(): string { return ''; }\nexport default main;",
        ["main"],
      ).allImporters,
    ).toBe(true);
  });

  it("ignores formatting of a declaration's header", () => {
    expect(
      change(
        "export function f(\n  a: string\n): number { return 1; }",
        "export function f(\n      a: string\n): number { return 1; }",
      ).tokens,
    ).toEqual([]);
  });
});

describe("nameTokens and mentionsAny", () => {
  it("splits computed and disambiguated names into identifiers", () => {
    expect(nameTokens("[Symbol.iterator]")).toEqual(["Symbol", "iterator"]);
    expect(nameTokens("Money#namespace")).toEqual(["Money"]);
  });

  it("matches whole identifiers only", () => {
    expect(mentionsAny("const total = subtotal + 1;", new Set(["total"]))).toBe(true);
    expect(mentionsAny("const grandTotal = subtotal + 1;", new Set(["total"]))).toBe(false);
    expect(mentionsAny("x.$value", new Set(["$value"]))).toBe(true);
  });
});

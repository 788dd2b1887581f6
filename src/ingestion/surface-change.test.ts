import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import type { StoredSurface } from "../db/graph-store.js";
import { extractDeclarations } from "./extract-declarations.js";
import { compareSurfaces, mentionsAny, nameTokens } from "./surface-change.js";

function nodesOf(text: string) {
  const sourceFile = ts.createSourceFile("/p/src/x.ts", text, ts.ScriptTarget.Latest, true);
  return extractDeclarations(sourceFile, "src/x.ts").nodes;
}

function stored(text: string): StoredSurface[] {
  return nodesOf(text).map((node) => ({ key: node.key, name: node.name, exported: node.exported, surface: node.surface }));
}

function inferredTextsOf(text: string): Map<string, string> {
  const sourceFile = ts.createSourceFile("/p/src/x.ts", text, ts.ScriptTarget.Latest, true);
  const { nodeOf } = extractDeclarations(sourceFile, "src/x.ts");
  const texts = new Map<string, string>();
  for (const [astNode, node] of nodeOf) {
    if (node.surface.startsWith("i:") && astNode !== sourceFile && !texts.has(node.key)) texts.set(node.key, astNode.getText(sourceFile));
  }
  return texts;
}

function change(before: string, after: string, defaults: string[] = []) {
  const result = compareSurfaces(stored(before), nodesOf(after), new Set(defaults), inferredTextsOf(after));
  return { tokens: [...result.tokens].sort(), vanishedKeys: result.vanishedKeys, allImporters: result.allImporters };
}

describe("compareSurfaces", () => {
  it("sees no change when only the body of a function with a declared return type changes", () => {
    expect(change("export function f(): number { return 1; }", "export function f(): number {\n  return 2;\n}")).toEqual({
      tokens: [],
      vanishedKeys: [],
      allImporters: false,
    });
  });

  it("counts a changed parameter list as a change of that function, which its importers must see", () => {
    const result = change("export function f(a: string): number { return 1; }", "export function f(a: number): number { return 1; }");
    expect(result.tokens).toEqual(["f"]);
    expect(result.allImporters).toBe(true);
  });

  it("does not send importers a pure addition or a change of an internal declaration", () => {
    expect(change("export const a = 1;", "export const a = 1;\nexport const b = 2;").allImporters).toBe(false);
    expect(change("export {};\nfunction internal(): number { return 1; }", "export {};\nfunction internal(): string { return ''; }").allImporters).toBe(false);
  });

  it("counts a body change of a function with an inferred return type, and the inferred declarations that use it", () => {
    const rest = "export const value = helper();\nexport const twice = [value, value];\nexport const other = 3;\nexport function typed(): number { return helper(); }";
    const before = `function helper() { return 1; }\n${rest}`;
    const after = `function helper() { return 'one'; }\n${rest}`;
    expect(change(before, after).tokens).toEqual(["helper", "twice", "value"]);
  });

  it("counts an added inferred declaration alone", () => {
    const before = "export const value = 1;\nexport const twice = [value, value];";
    expect(change(before, `${before}\nexport const added = 2;`).tokens).toEqual(["added"]);
  });

  it("reports added and removed declarations, with the removed keys", () => {
    const result = change("export class A { m(): void {} }", "export class A { n(): void {} }");
    expect(result.tokens).toEqual(["m", "n"]);
    expect(result.vanishedKeys).toEqual(["src/x.ts:A.m"]);
    expect(result.allImporters).toBe(true);
  });

  it("asks for every importer when re-exports or the default export change", () => {
    expect(change('export * from "./a";', 'export * from "./b";').allImporters).toBe(true);
    expect(change("export default function () { return 1; }", "export default function () { return 2; }").allImporters).toBe(true);
    expect(change("function main(): number { return 1; }\nexport default main;", "function main(): string { return ''; }\nexport default main;", ["main"]).allImporters).toBe(true);
  });

  it("ignores formatting of a declaration's header", () => {
    expect(change("export function f(\n  a: string\n): number { return 1; }", "export function f(\n      a: string\n): number { return 1; }").tokens).toEqual([]);
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

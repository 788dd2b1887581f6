import { ts } from "../../engine/ts6/typescript6.js";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, SAMPLE_PROJECTS } from "../../test-support/fixtures.js";
import { locateWithOxc, oxcLocator, oxcParsesCleanly } from "./edit-oxc.js";
import { EDIT_SYNTAX } from "./edit-syntax.js";
import { extractDeclarations } from "../extract/extract-declarations.js";

/** The graph's nodes of a text (key, qualified name, lines), as the indexer makes them. */
function graphNodes(file: string, text: string) {
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return extractDeclarations(sourceFile, file).nodes.filter((node) => node.kind !== "File");
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || full.split(path.sep).some((part) => part === "node_modules" || part === ".ts-graph"))
      return [];
    return /\.[cm]?[jt]sx?$/.test(entry.name) ? [full] : [];
  });
}

describe("locating a declaration with oxc-parser", () => {
  it("gives UTF-16 offsets: text outside the BMP and accented letters before the target", () => {
    const text =
      "// héllo 😀 wörld\nconst emoji = '😀😀';\n/** The total. */\n@memo\nexport class Cart {\n  total(): number { return 1; }\n}\n";
    const site = locateWithOxc("cart.ts", text, {
      key: "cart.ts:Cart",
      qualifiedName: "Cart",
      startLine: 5,
      endLine: 7,
    });
    expect(site).toBeDefined();
    expect(text.slice(site?.commentStart, site?.end)).toBe(
      "/** The total. */\n@memo\nexport class Cart {\n  total(): number { return 1; }\n}",
    );
    expect(text.slice(site?.startAfterDecorators, site?.nameStart)).toBe("export class ");
    const member = locateWithOxc("cart.ts", text, {
      key: "cart.ts:Cart.total",
      qualifiedName: "Cart.total",
      startLine: 6,
      endLine: 6,
    });
    expect(text.slice(member?.start, member?.end)).toBe("total(): number { return 1; }");
    // The same sites as the TypeScript parser's, which makes the graph's keys.
    expect(site).toEqual(EDIT_SYNTAX.declarations("cart.ts", text).get("cart.ts:Cart"));
    expect(member).toEqual(EDIT_SYNTAX.declarations("cart.ts", text).get("cart.ts:Cart.total"));
  });

  it("leaves to TypeScript what it cannot match exactly: overloads, a getter's setter, destructuring, a file with syntax errors", () => {
    const text =
      "export function f(): void;\nexport function f(a?: number) {}\nclass K {\n  private constructor() {}\n  get g() { return 1; }\n  set g(v) {}\n}\nconst [a, b] = [1, 2];\n";
    for (const node of graphNodes("k.ts", text)) {
      const located = EDIT_SYNTAX.locate("k.ts", text, node);
      expect(located.site).toEqual(EDIT_SYNTAX.declarations("k.ts", text).get(node.key));
      expect([node.key, located.parser]).toEqual([
        node.key,
        ["k.ts:K", "k.ts:K.constructor"].includes(node.key) ? "oxc" : "typescript",
      ]);
    }
    const broken = "export function ok() {}\nfunction broken( {\n";
    expect(
      locateWithOxc("b.ts", broken, { key: "b.ts:ok", qualifiedName: "ok", startLine: 1, endLine: 1 }),
    ).toBeUndefined();
    expect(
      EDIT_SYNTAX.locate("b.ts", broken, { key: "b.ts:ok", qualifiedName: "ok", startLine: 1, endLine: 1 }),
    ).toMatchObject({
      parser: "typescript",
      site: { start: 0 },
    });
  });

  it("finds the same site as the TypeScript parser for every declaration it locates in the sample projects and ts-graph's sources", () => {
    const files = [...sourceFiles(SAMPLE_PROJECTS), ...sourceFiles(path.join(REPO_ROOT, "src"))];
    let located = 0;
    let total = 0;
    for (const absolute of files) {
      const file = path.relative(REPO_ROOT, absolute).split(path.sep).join("/");
      const text = fs.readFileSync(absolute, "utf8").replace(/^\uFEFF/, "");
      const sites = EDIT_SYNTAX.declarations(file, text);
      const locate = oxcLocator(file, text);
      for (const node of graphNodes(file, text)) {
        total += 1;
        const site = locate(node);
        if (site === undefined) continue;
        located += 1;
        expect({ key: node.key, site }).toEqual({ key: node.key, site: sites.get(node.key) });
      }
    }
    expect(total).toBeGreaterThan(3000);
    // Most declarations are plain: oxc locates them, TypeScript is the fallback for the rest.
    expect(located / total).toBeGreaterThan(0.8);
  });
});

describe("syntax checks with oxc-parser first", () => {
  it("accepts what it parses cleanly and leaves errors to TypeScript, which places them", () => {
    expect(oxcParsesCleanly("a.ts", "export const a: number = 1;\n")).toBe(true);
    expect(oxcParsesCleanly("a.ts", "const a = ;\n")).toBe(false);
    expect(EDIT_SYNTAX.syntaxErrors("a.ts", "const ok = 1;\nconst a = ;\n")).toEqual([
      { line: 2, column: 11, message: "Expression expected." },
    ]);
    expect(EDIT_SYNTAX.syntaxErrors("a.ts", "total(): number {\n  return (1;\n}", "class")).toEqual([
      { line: 2, column: 12, message: "')' expected." },
    ]);
    expect(EDIT_SYNTAX.syntaxErrors("a.ts", "total(): number {\n  return 1;\n}", "class")).toEqual([]);
  });

  it("places an error after non-ASCII text at the right column (UTF-16, as the editor counts)", () => {
    expect(EDIT_SYNTAX.syntaxErrors("a.ts", "const s = '😀é';\nconst a = ;\n")).toEqual([
      { line: 2, column: 11, message: "Expression expected." },
    ]);
    expect(EDIT_SYNTAX.syntaxErrors("a.ts", "const s = '😀é'; const a = ;\n")[0]).toMatchObject({
      line: 1,
      column: 28,
    });
  });
});

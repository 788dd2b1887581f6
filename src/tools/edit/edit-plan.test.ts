import { describe, expect, it } from "vitest";
import { EDIT_SYNTAX } from "../../ingestion/edit/edit-syntax.js";
import { planEdit, type EditOperation } from "./edit-plan.js";
import { decodeSource, encodeSource, normalizeContent, reindent } from "./source-text.js";

/** Plans one edit of `key` in a file with this text and returns the new text (or the refusal). */
function edit(text: string, key: string, operation: EditOperation, content = "", file = "src/a.ts"): string {
  const decoded = decodeSource(Buffer.from(text, "utf8"));
  if (!decoded.ok) throw new Error(decoded.why);
  const site = EDIT_SYNTAX.declarations(file, decoded.source.body).get(`${file}:${key}`);
  if (site === undefined) throw new Error(`no ${key}`);
  const plan = planEdit(decoded.source, {
    operation,
    site,
    content,
    literalLines: EDIT_SYNTAX.literalLines(file, normalizeContent(content)),
  });
  if (!plan.ok) return `refused: ${plan.why}`;
  expect(EDIT_SYNTAX.syntaxErrors(file, plan.body)).toEqual([]);
  return encodeSource(decoded.source, plan.body).toString("utf8");
}

const CART = [
  "export class Cart {",
  "  private items: number[] = [];",
  "",
  "  /** The total. */",
  "  @memo",
  "  total(): number {",
  "    return 0;",
  "  }",
  "",
  "  add(n: number): void {",
  "    this.items.push(n);",
  "  }",
  "}",
  "",
].join("\n");

describe("replace", () => {
  it("keeps the doc comment and decorators when the content brings none", () => {
    const result = edit(CART, "Cart.total", "replace", "total(): number {\n  return 1;\n}");
    expect(result).toContain("  /** The total. */\n  @memo\n  total(): number {\n    return 1;\n  }\n\n  add(");
  });

  it("replaces the doc comment and decorators when the content brings its own", () => {
    const result = edit(CART, "Cart.total", "replace", "/** Sum. */\n@cached\ntotal(): number {\n  return 2;\n}");
    expect(result).toContain(
      "  private items: number[] = [];\n\n  /** Sum. */\n  @cached\n  total(): number {\n    return 2;\n  }\n",
    );
    expect(result).not.toContain("The total");
    expect(result).not.toContain("@memo");
  });

  it("refuses content with its own comment but without the decorators the declaration has", () => {
    expect(edit(CART, "Cart.total", "replace", "/** Sum. */\ntotal(): number { return 2; }")).toMatch(
      /^refused: .*decorators/,
    );
  });

  it("leaves every byte outside the declaration as it was", () => {
    const result = edit(CART, "Cart.add", "replace", "add(n: number): void {}");
    expect(result).toBe(
      CART.replace("add(n: number): void {\n    this.items.push(n);\n  }", "add(n: number): void {}"),
    );
  });

  it("refuses one declarator of a statement that declares several", () => {
    expect(edit("let a = 1, b = 2;\n", "b", "replace", "let b = 3;")).toMatch(/^refused: .*several declarations/);
  });
});

describe("insert_before and insert_after", () => {
  it("inserts before the doc comment and decorators, with the blank line the neighbours have", () => {
    const result = edit(CART, "Cart.total", "insert_before", "count = 0;");
    expect(result).toContain("  private items: number[] = [];\n\n  count = 0;\n\n  /** The total. */\n  @memo\n");
  });

  it("inserts after the declaration's last line, with the blank line the neighbours have", () => {
    const result = edit(CART, "Cart.add", "insert_after", "clear(): void {\n  this.items = [];\n}");
    expect(result).toContain("    this.items.push(n);\n  }\n\n  clear(): void {\n    this.items = [];\n  }\n}\n");
  });

  it("adds no blank line where the neighbours have none", () => {
    const text = "const a = 1;\nconst b = 2;\nconst c = 3;\n";
    expect(edit(text, "b", "insert_after", "const x = 0;")).toBe(
      "const a = 1;\nconst b = 2;\nconst x = 0;\nconst c = 3;\n",
    );
    expect(edit(text, "b", "insert_before", "const x = 0;")).toBe(
      "const a = 1;\nconst x = 0;\nconst b = 2;\nconst c = 3;\n",
    );
  });

  it("separates a top-level insertion by one blank line from code right after when the file uses blank lines", () => {
    const text = "function a() {}\n\nfunction b() {}\nfunction c() {}\n";
    expect(edit(text, "b", "insert_after", "function x() {}")).toBe(
      "function a() {}\n\nfunction b() {}\n\nfunction x() {}\n\nfunction c() {}\n",
    );
  });

  it("keeps object-literal members separated by commas", () => {
    const text = "export const api = {\n  get() {\n    return 1;\n  },\n  put() {\n    return 2;\n  }\n};\n";
    expect(edit(text, "api.put", "insert_after", "del() {\n  return 3;\n}")).toBe(
      "export const api = {\n  get() {\n    return 1;\n  },\n  put() {\n    return 2;\n  },\n  del() {\n    return 3;\n  },\n};\n",
    );
    expect(edit(text, "api.get", "insert_before", "head() { return 0; }")).toBe(
      "export const api = {\n  head() { return 0; },\n  get() {\n    return 1;\n  },\n  put() {\n    return 2;\n  }\n};\n",
    );
  });

  it("keeps a file without a final newline without one", () => {
    expect(edit("export const a = 1;\n\nexport const b = 2;", "b", "insert_after", "export const c = 3;")).toBe(
      "export const a = 1;\n\nexport const b = 2;\n\nexport const c = 3;",
    );
  });

  it("refuses whole-line insertion next to code that shares the declaration's line", () => {
    expect(edit("const a = 1; const b = 2;\n", "a", "insert_after", "const x = 0;")).toMatch(
      /^refused: other code follows it/,
    );
  });
});

describe("delete", () => {
  it("removes the declaration with its doc comment, decorators and one of the blank lines around it", () => {
    const result = edit(CART, "Cart.total", "delete");
    expect(result).toBe(CART.replace("  /** The total. */\n  @memo\n  total(): number {\n    return 0;\n  }\n\n", ""));
  });

  it("removes an object-literal member with its comma", () => {
    expect(edit("const o = {\n  a() {},\n  b: () => 2,\n};\n", "o.a", "delete")).toBe(
      "const o = {\n  b: () => 2,\n};\n",
    );
  });

  it("removes the last declaration of a file without leaving a trailing blank line", () => {
    expect(edit("export const a = 1;\n\nexport const b = 2;\n", "b", "delete")).toBe("export const a = 1;\n");
  });

  it("removes only the declaration when other code shares its line", () => {
    expect(edit("const a = 1; const b = 2;\n", "a", "delete")).toBe("const b = 2;\n");
  });
});

describe("line endings, BOM and indentation", () => {
  it("keeps CRLF line endings and writes new lines with CRLF", () => {
    const text = "export class A {\r\n  a(): void {}\r\n}\r\n";
    expect(edit(text, "A.a", "insert_after", "b(): void {\n  return;\n}")).toBe(
      "export class A {\r\n  a(): void {}\r\n\r\n  b(): void {\r\n    return;\r\n  }\r\n}\r\n",
    );
  });

  it("keeps a byte order mark", () => {
    const result = edit("\uFEFFexport const a = 1;\n", "a", "replace", "export const a = 2;");
    expect(result).toBe("\uFEFFexport const a = 2;\n");
  });

  it("re-indents content to a file indented with tabs", () => {
    const text = "class A {\n\ta(): void {\n\t\treturn;\n\t}\n}\n";
    expect(edit(text, "A.a", "replace", "a(): void {\n    if (x) {\n        return;\n    }\n}")).toBe(
      "class A {\n\ta(): void {\n\t\tif (x) {\n\t\t\treturn;\n\t\t}\n\t}\n}\n",
    );
  });

  it("re-indents content copied from the middle of a line (first line flush, the rest indented)", () => {
    expect(reindent("m() {\n      body();\n    }", "  ", "  ", new Set())).toEqual(["  m() {", "    body();", "  }"]);
  });

  it("never re-indents lines inside a template literal", () => {
    const content = "  const s = `\nline one\n    line two\n`;";
    const result = edit("function f() {\n  const t = 1;\n}\n", "f", "replace", `function f() {\n${content}\n}`);
    expect(result).toContain("  const s = `\nline one\n    line two\n`;");
  });

  it("refuses a file that is not valid UTF-8", () => {
    const decoded = decodeSource(Buffer.from([0x63, 0x6f, 0x6e, 0x73, 0x74, 0xff, 0x0a]));
    expect(decoded.ok).toBe(false);
  });
});

describe("syntax errors", () => {
  it("reports the line and column of an error in the content alone", () => {
    expect(EDIT_SYNTAX.syntaxErrors("a.ts", "m(): void {\n  call(;\n}", "class")).toEqual([
      { line: 2, column: 8, message: "')' expected." },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { bodyHash, bodyHasher, normalizedLines, replaceName } from "./body-hash.js";

describe(replaceName.name, () => {
  it("replaces whole words only: not inside a longer identifier, `$` and `_` included", () => {
    expect(replaceName("total(totals, $total, total_, subtotal) + total", "total", "#")).toBe(
      "#(totals, $total, total_, subtotal) + #",
    );
    expect(replaceName("$get($get.x)", "$get", "#")).toBe("#(#.x)");
    expect(replaceName("no match", "total", "#")).toBe("no match");
  });
});

describe(bodyHash.name, () => {
  const hashOf = (text: string, name: string, endLine = text.split("\n").length) =>
    bodyHash(normalizedLines(text), { name, startLine: 1, endLine });

  it("is the same after a reformat of white space or blank lines, and after a rename", () => {
    const original = "export function netPrice(gross: number) {\n  return gross / 1.2;\n}";
    expect(hashOf("export function netPrice(gross: number)\n{\n\n\treturn   gross / 1.2;\r\n}", "netPrice")).toBe(
      hashOf(original, "netPrice"),
    );
    expect(hashOf(original.replace("netPrice", "priceWithoutTax"), "priceWithoutTax")).toBe(
      hashOf(original, "netPrice"),
    );
  });

  it("changes with a token of the body, and covers only the declaration's lines", () => {
    const original = "function f() {\n  return 1;\n}\nconst after = 2;";
    expect(hashOf("function f() {\n  return 2;\n}\nconst after = 2;", "f", 3)).not.toBe(hashOf(original, "f", 3));
    expect(hashOf("function f() {\n  return 1;\n}\nconst after = 3;", "f", 3)).toBe(hashOf(original, "f", 3));
  });
});

describe(bodyHasher.name, () => {
  it("hashes no File node and no declaration of a file whose indexed text is unknown, reading each file once", () => {
    const reads: string[] = [];
    const hash = bodyHasher((file) => {
      reads.push(file);
      return file === "a.ts" ? "function f() {}\nfunction g() {}" : undefined;
    });
    expect(hash({ kind: "File", file: "a.ts", name: "a.ts", startLine: 1, endLine: 2 })).toBeUndefined();
    expect(hash({ kind: "Function", file: "a.ts", name: "f", startLine: 1, endLine: 1 })).toMatch(/^[0-9a-f]{16}$/);
    expect(hash({ kind: "Function", file: "a.ts", name: "g", startLine: 2, endLine: 2 })).toBe(
      hash({ kind: "Function", file: "a.ts", name: "f", startLine: 1, endLine: 1 }),
    );
    expect(hash({ kind: "Function", file: "b.ts", name: "h", startLine: 1, endLine: 1 })).toBeUndefined();
    expect(hash({ kind: "Function", file: "b.ts", name: "i", startLine: 2, endLine: 2 })).toBeUndefined();
    expect(reads).toEqual(["a.ts", "b.ts"]);
  });
});

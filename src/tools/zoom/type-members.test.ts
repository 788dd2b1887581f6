import { describe, expect, it } from "vitest";
import { typeAliasMembers } from "./type-members.js";

describe(typeAliasMembers.name, () => {
  it("splits an object type into its members, nested braces, strings and comments kept apart, lines counted from the alias's first line", () => {
    const text = [
      "export type Options<T> = {",
      "  /**",
      "   * Where it goes; a URL.",
      "   * @default none",
      "   */",
      "  url: `${string};${string}`; // trailing",
      "  nested: { inner: { deep: T } }, /* between */ other: '}'",
      "  [Symbol.iterator](): Iterator<T /* element */>;",
      "  new (x: number): Options<T>;",
      "  (call: string): void",
      "};",
    ].join("\r\n");
    const found = typeAliasMembers("a.ts", text, 40, "Options");
    expect(found?.signature).toBe("export type Options<T> = {…}");
    expect(
      found?.members.map((member) => [
        member.kind,
        member.name,
        member.signature,
        member.startLine,
        member.endLine,
        member.doc,
      ]),
    ).toEqual([
      ["Property", "url", "url: `${string};${string}`", 45, 45, "Where it goes; a URL."],
      ["Property", "nested", "nested: { inner: { deep: T } }", 46, 46, ""],
      ["Property", "other", "other: '}'", 46, 46, ""],
      ["Method", "[Symbol.iterator]", "[Symbol.iterator](): Iterator<T >", 47, 47, ""],
      ["Signature", "", "new (x: number): Options<T>", 48, 48, ""],
      ["Signature", "", "(call: string): void", 49, 49, ""],
    ]);
  });

  it("takes the object parts of an intersection and writes each one {…} in the signature", () => {
    const found = typeAliasMembers("a.ts", "type Both = Base & { a: 1 } & Partial<{ b: 2 }> & { c: 3 };", 1, "Both");
    expect(found?.signature).toBe("type Both = Base & {…} & Partial<{ b: 2 }> & {…}");
    expect(found?.members.map((member) => member.signature)).toEqual(["a: 1", "c: 3"]);
  });

  it("gives nothing for an alias without object members, an empty object type, or a text that no longer holds the alias", () => {
    expect(typeAliasMembers("a.ts", "type Either = { ok: true } | { ok: false };", 1, "Either")).toBeUndefined();
    expect(typeAliasMembers("a.ts", "type Empty = {};", 1, "Empty")).toBeUndefined();
    expect(typeAliasMembers("a.ts", "type Renamed = { a: 1 };", 1, "Options")).toBeUndefined();
    expect(typeAliasMembers("a.ts", "const x = 1;", 1, "Options")).toBeUndefined();
  });

  it("cuts a member longer than 240 characters with …", () => {
    const long = `type Long = { value: ${Array.from({ length: 60 }, (_, index) => `"v${index}"`).join(" | ")} };`;
    const signature = typeAliasMembers("a.ts", long, 1, "Long")?.members[0]?.signature ?? "";
    expect(signature).toHaveLength(240);
    expect(signature.endsWith("…")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { contentDeclarations } from "./content-declarations.js";

describe(contentDeclarations.name, () => {
  it("names what each container's content declares, as the graph names it", () => {
    expect(
      contentDeclarations("a.ts", "export const { a, b: [c] } = make();\nexport default 1;", "statements").names,
    ).toEqual(["a", "c", "default"]);
    expect(contentDeclarations("a.ts", "export default function f() {}", "statements").names).toEqual(["f", "default"]);
    expect(contentDeclarations("a.ts", "constructor() {}\nget x() { return 1; }", "class").names).toEqual([
      "constructor",
      "x",
    ]);
    expect(contentDeclarations("a.ts", 'blue: 1,\n"my-key": 2,\nred() {}', "object").names).toEqual([
      "blue",
      "my-key",
      "red",
    ]);
  });

  it("tells overload signatures from implementations, and marks names it cannot read", () => {
    const declared = contentDeclarations(
      "a.ts",
      "export function f(a: number): number;\nexport function f(a: unknown) { return a; }",
      "statements",
    );
    expect(declared).toMatchObject({ signatures: ["f"], implementations: ["f"], unnamed: false });
    expect(contentDeclarations("a.ts", "[key]: 1", "object").unnamed).toBe(true);
  });
});

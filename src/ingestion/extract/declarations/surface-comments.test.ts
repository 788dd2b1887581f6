import { ts } from "../../../engine/ts6/typescript6.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractDeclarations } from "../extract-declarations.js";

function surfaces(fileName: string, text: string): Record<string, string> {
  const sourceFile = ts.createSourceFile(`/p/${fileName}`, text, ts.ScriptTarget.Latest, true);
  return Object.fromEntries(
    extractDeclarations(sourceFile, fileName).nodes.map((node) => [node.qualifiedName, node.surface]),
  );
}

describe("surfaces without comments", () => {
  it("keep a function's inferred surface when only a comment in its body changes", () => {
    const before = surfaces("src/x.ts", "export const f = (a: number) => {\n  // one\n  return a /* two */ + 1\n}\n");
    const after = surfaces("src/x.ts", "export const f = (a: number) => {\n  // changed\n  return a + 1 // three\n}\n");
    expect(after.f).toBe(before.f);
    expect(after.f?.startsWith("i:")).toBe(true);
  });

  it("keep a declared header's surface when a comment in its parameter types changes", () => {
    const text = (comment: string) =>
      `export function g(p: {\n  ${comment}\n  readonly a: string\n}): number {\n  return 1\n}\n`;
    expect(surfaces("src/x.ts", text("// first")).g).toBe(surfaces("src/x.ts", text("/* second */")).g);
  });

  it("still change with the code around the comments", () => {
    const before = surfaces("src/x.ts", "export const f = () => {\n  // note\n  return 1\n}\n");
    const after = surfaces("src/x.ts", "export const f = () => {\n  // note\n  return '1'\n}\n");
    expect(after.f).not.toBe(before.f);
  });

  it("do not take comment markers inside strings, templates and regular expressions for comments", () => {
    const inString = (tail: string) => surfaces("src/x.ts", `export const f = () => "http://a/${tail}" as const\n`).f;
    expect(inString("b")).not.toBe(inString("c"));
    const inTemplate = (tail: string) =>
      surfaces("src/x.ts", `export const f = (x: number) => \`\${x} // ${tail}\` as const\n`).f;
    expect(inTemplate("b")).not.toBe(inTemplate("c"));
    const inRegex = (tail: string) => surfaces("src/x.ts", `export const f = () => /a\\/\\/${tail}/\n`).f;
    expect(inRegex("b")).not.toBe(inRegex("c"));
  });

  it("keep comments in JavaScript (doc comments declare types) and JSX files (text between tags)", () => {
    const js = (type: string) =>
      surfaces("src/x.js", `export const f = () => {\n  /** @type {${type}} */\n  const v = g()\n  return v\n}\n`).f;
    expect(js("string")).not.toBe(js("number"));
    const tsx = (text: string) => surfaces("src/x.tsx", `export const f = () => <div>// ${text}</div>\n`).f;
    expect(tsx("a")).not.toBe(tsx("b"));
  });

  it("equal the surface of the same code with every comment removed (seeded)", () => {
    // Expressions as tokens; a comment (or a space) goes between any two tokens and around the commas.
    const expressions = [
      ["a"],
      ["1"],
      ["x", ".", "y"],
      ["'s//t'"],
      ["`t/*${", "a", "}*/`"],
      ["/r\\/\\//"],
      ["(", "a", "+", "1", ")"],
      ["[", "a", "]"],
      ["g", "(", ")"],
    ];
    const gaps = [" ", " ", " /* c */ ", " // c\n", "\n// c\n"];
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom(...expressions), fc.array(fc.constantFrom(...gaps), { minLength: 6, maxLength: 6 })),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (elements) => {
          const body = (withComments: boolean) =>
            elements
              .map(([tokens, chosen]) =>
                tokens.map((token, index) => `${token}${withComments ? (chosen[index] ?? " ") : " "}`).join(""),
              )
              .join(",");
          const source = (withComments: boolean) =>
            `export const f = (a: number) => {\n  const x = { y: 1 }\n  return [${body(withComments)}\n  ]\n}\n`;
          expect(surfaces("src/x.ts", source(true)).f).toBe(surfaces("src/x.ts", source(false)).f);
        },
      ),
      { seed: 1313, numRuns: 100 },
    );
  });
});

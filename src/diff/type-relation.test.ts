import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkAssignability, relationId } from "./type-relation.js";

function answers(pairs: readonly (readonly [string, string])[]): (boolean | undefined)[] {
  const found = checkAssignability(pairs);
  return pairs.map(([from, to]) => found.get(relationId(from, to)));
}

describe(checkAssignability.name, () => {
  it("relates types of the default library, generic ones included, with the checker", () => {
    expect(
      answers([
        ["string", "string | number"],
        ["string | number", "string"],
        ["ReadonlyArray<string>", "readonly string[]"],
        ["Promise<1>", "PromiseLike<number>"],
        ["<T>(value: T) => T", "(value: string) => string"],
        ["{ [K in keyof { a: 1 }]: string }", "{ a: string }"],
        ["typeof globalThis", "object"],
      ]),
    ).toEqual([true, false, true, true, true, true, true]);
  });

  it("has no answer for a type that names what the library does not declare (a project or package type, an import type), with or without a program", () => {
    // Only unknown names: answered without building a program; mixed with a known pair: the checker agrees.
    const unknown = [
      ["Effect<A>", "Effect<A>"],
      ["Cart | undefined", "object"],
      ['import("./cart").Cart', "object"],
      ["typeof cart", "object"],
    ] as const;
    expect(answers(unknown)).toEqual([undefined, undefined, undefined, undefined]);
    expect(answers([...unknown, ["1", "number"]])).toEqual([undefined, undefined, undefined, undefined, true]);
  });

  it("relates intrinsic types (keywords, literals, unions, intersections) without the library as it does with it", () => {
    // `Exclude<T, never>` is T, but names a library type: the pair is asked in the program with the default library.
    const withLibrary = (text: string) => `Exclude<${text}, never>`;
    const leaf = fc.constantFrom(
      "any",
      "unknown",
      "never",
      "void",
      "undefined",
      "null",
      "string",
      "number",
      "bigint",
      "boolean",
      "symbol",
      "true",
      "false",
      '"a"',
      '"b"',
      "0",
      "1",
      "-1",
      "10n",
    );
    const type = fc.letrec<{ type: string }>((tie) => ({
      type: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc.tuple(tie("type"), tie("type")).map(([a, b]) => `(${a} | ${b})`),
        fc.tuple(tie("type"), tie("type")).map(([a, b]) => `(${a} & ${b})`),
      ),
    })).type;
    fc.assert(
      fc.property(fc.array(fc.tuple(type, type), { minLength: 1, maxLength: 40 }), (pairs) => {
        const wrapped = pairs.map(([from, to]) => [withLibrary(from), withLibrary(to)] as const);
        const direct = answers(pairs);
        expect(direct.every((answer) => answer !== undefined)).toBe(true);
        expect(direct).toEqual(answers(wrapped));
      }),
      { seed: 15, numRuns: 12 },
    );
  });
});

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
});

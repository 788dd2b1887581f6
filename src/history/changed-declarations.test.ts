import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractDeclarations } from "../ingestion/extract/extract-declarations.js";
import { parseSource } from "../ingestion/plan/planning-syntax.js";
import { changedDeclarations, createVersionParser } from "./changed-declarations.js";

/** Pieces a version of a file is made of: declarations nested in several ways, and lines outside any. */
const PIECES = [
  "export function f(a: number): number {\n  return a + 1;\n}\n",
  "export class Cart {\n  total(): number {\n    return 1;\n  }\n  get size(): number {\n    return 2;\n  }\n}\n",
  "export const handler = (input: string): string => {\n  return input.trim();\n};\n",
  "namespace Shapes {\n  export function area(): number {\n    return 3;\n  }\n}\n",
  "interface Point {\n  x: number;\n  y: number;\n}\n",
  "export function f(a: string): string;\n",
  "import { x } from './x';\n",
  "const `\n",
  "/* a comment */\n",
  "type Id = string | number;\n",
];

const everyLine = (text: string) => [{ start: 1, end: text.split("\n").length }];

describe(createVersionParser.name, () => {
  it("maps the lines of each version to the same declarations as a fresh parse, whatever the edits between versions", () => {
    const version = fc
      .array(fc.integer({ min: 0, max: PIECES.length - 1 }), { minLength: 0, maxLength: 8 })
      .map((pieces) => pieces.map((index) => PIECES[index]).join(""));
    // Small edits too (one piece inserted, removed or replaced in a longer file): those are parsed incrementally,
    // while an edit over more than half the file is parsed afresh.
    const piece = fc.integer({ min: 0, max: PIECES.length - 1 });
    const edited = fc
      .tuple(
        fc.array(piece, { minLength: 4, maxLength: 12 }),
        fc.array(
          fc.record({
            at: fc.nat(),
            remove: fc.integer({ min: 0, max: 1 }),
            insert: fc.array(piece, { maxLength: 1 }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
      )
      .map(([base, edits]) => {
        let pieces = base;
        const texts = [pieces.map((index) => PIECES[index]).join("")];
        for (const edit of edits) {
          pieces = [...pieces];
          pieces.splice(edit.at % (pieces.length + 1), edit.remove, ...edit.insert);
          texts.push(pieces.map((index) => PIECES[index]).join(""));
        }
        return texts;
      });
    fc.assert(
      fc.property(fc.oneof(fc.array(version, { minLength: 2, maxLength: 6 }), edited), (versions) => {
        const parse = createVersionParser();
        for (const text of versions) {
          const incremental = changedDeclarations("a.ts", parse("a.ts", text), everyLine(text));
          expect(incremental).toEqual(changedDeclarations("a.ts", parseSource("a.ts", text), everyLine(text)));
          // names and spans are the index's own: the same as an extraction with surfaces, signatures and docs
          const spans = (withoutSurfaces: boolean) =>
            extractDeclarations(parseSource("a.ts", text), "a.ts", { withoutSurfaces }).nodes.map((node) => [
              node.qualifiedName,
              node.startLine,
              node.endLine,
            ]);
          expect(spans(true)).toEqual(spans(false));
        }
      }),
      { seed: 14, numRuns: 200 },
    );
  });

  it("keeps a version's tree for the next version of its path, unless told it is the last", () => {
    const text = PIECES.join("");
    const parse = createVersionParser();
    const first = parse("a.ts", text);
    // the same text again: the kept tree is the answer
    expect(parse("a.ts", text, true)).toBe(first);
    // the last version was not kept: the next one is parsed afresh, to the same declarations
    const again = parse("a.ts", text);
    expect(again).not.toBe(first);
    expect(changedDeclarations("a.ts", again, everyLine(text))).toEqual(
      changedDeclarations("a.ts", first, everyLine(text)),
    );
  });

  it("names the innermost declaration of each changed line, and nothing for lines outside every declaration", () => {
    const text = `${PIECES[6]}${PIECES[1]}${PIECES[3]}`;
    // line 1: the import; line 4: inside Cart.total; line 7: inside the getter; lines 11-12: Shapes.area
    const names = changedDeclarations("a.ts", parseSource("a.ts", text), [
      { start: 1, end: 1 },
      { start: 4, end: 4 },
      { start: 7, end: 7 },
      { start: 11, end: 12 },
    ]);
    expect(names).toEqual(["Cart.size", "Cart.total", "Shapes.area"]);
  });
});

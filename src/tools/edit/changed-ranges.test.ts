import fc from "fast-check";
import { expect, it } from "vitest";
import { changedRanges, mapOffset, regionsOf } from "./changed-ranges.js";

const slices = (text: string, ranges: readonly { start: number; end: number }[]): string[] =>
  ranges.map((range) => text.slice(range.start, range.end));

it("keeps edits on different lines apart when the line count is the same (a rename)", () => {
  const before = "const a = old;\nconst b = 1;\nconst c = 2;\nconst d = old;\n";
  const after = "const a = renamed;\nconst b = 1;\nconst c = 2;\nconst d = renamed;\n";
  const changes = changedRanges(before, after);
  expect(slices(before, changes.before)).toEqual(["const a = old;\n", "const d = old;\n"]);
  expect(slices(after, changes.after)).toEqual(["const a = renamed;\n", "const d = renamed;\n"]);
});

it("takes one range from the first difference to the last when lines are added or removed", () => {
  const before = "a\nb\nc\n";
  const after = "a\nb\nnew\nc\n";
  const changes = changedRanges(before, after);
  expect(slices(before, changes.before)).toEqual([""]);
  expect(slices(after, changes.after)).toEqual(["new\n"]);
  expect(changedRanges("same", "same")).toEqual({ before: [], after: [] });
});

it("maps an old offset past the changes by their change of length, and one inside a change to its bounds", () => {
  const before = "x = old;\nkeep;\ny = old;\ntail;\n";
  const after = "x = renamed;\nkeep;\ny = renamed;\ntail;\n";
  const changes = changedRanges(before, after);
  expect(after.slice(mapOffset(changes, before.indexOf("keep")), mapOffset(changes, before.indexOf("keep") + 4))).toBe(
    "keep",
  );
  expect(after.slice(mapOffset(changes, before.indexOf("tail")))).toBe("tail;\n");
  expect(mapOffset(changes, before.indexOf("old"))).toBe(0);
  expect(mapOffset(changes, before.indexOf("old"), true)).toBe(after.indexOf("keep"));
  const regions = regionsOf(changes, [{ start: before.indexOf("tail"), end: before.length }]);
  expect(slices(after, regions.after)).toEqual(["x = renamed;\n", "y = renamed;\n", "tail;\n"]);
});

it("maps every unchanged line of the old text to the same line of the new text (seeded)", () => {
  const line = fc.constantFrom("a;", "bb;", "const c = 1;", "", "d();");
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.array(fc.tuple(fc.nat(), line)), (lines, edits) => {
      const edited = [...lines];
      for (const [at, text] of edits) edited[at % lines.length] = text;
      const before = `${lines.join("\n")}\n`;
      const after = `${edited.join("\n")}\n`;
      const changes = changedRanges(before, after);
      let offset = 0;
      for (const [index, text] of lines.entries()) {
        const inChange = changes.before.some((range) => offset >= range.start && offset < range.end);
        if (!inChange)
          expect(after.slice(mapOffset(changes, offset), mapOffset(changes, offset) + text.length + 1)).toBe(
            `${edited[index]}\n`,
          );
        offset += text.length + 1;
      }
      expect(changes.before.length).toBe(changes.after.length);
    }),
    { seed: 13, numRuns: 300 },
  );
});

import { describe, expect, it } from "vitest";
import { ToolInputError } from "../tool-errors.js";
import { formatLines, type LinesView } from "./format.js";
import { declarationsAround, linesThatFit, parseLineRange, rangeText } from "./line-range.js";
import type { OutlineRow } from "./query.js";

describe("parseLineRange", () => {
  it('reads "A-B", "A-" and "A", 1-based and inclusive, spaces allowed', () => {
    expect(parseLineRange("10-40")).toEqual({ from: 10, to: 40 });
    expect(parseLineRange(" 10 - 40 ")).toEqual({ from: 10, to: 40 });
    expect(parseLineRange("7-")).toEqual({ from: 7, to: undefined });
    expect(parseLineRange("5")).toEqual({ from: 5, to: 5 });
    expect(parseLineRange("3-3")).toEqual({ from: 3, to: 3 });
  });

  it("refuses anything else with an input error that says what to give", () => {
    for (const bad of ["", "a-b", "10:40", "10..40", "-5", "10-20-30", "1,5", "1e3", "1234567890"]) {
      expect(() => parseLineRange(bad), bad).toThrow(ToolInputError);
      expect(() => parseLineRange(bad), bad).toThrow(
        /give "A-B" \(lines A to B\), "A-" \(line A to the end\) or "A" \(line A alone\)/,
      );
    }
    expect(() => parseLineRange("0-5")).toThrow(/lines are numbered from 1/);
    expect(() => parseLineRange("40-10")).toThrow(/ends before it starts/);
  });

  it("writes a range back as it is asked", () => {
    expect([rangeText(10, 40), rangeText(7, undefined), rangeText(5, 5)]).toEqual(["10-40", "7-", "5"]);
  });
});

describe("linesThatFit", () => {
  it("counts numbered lines (number, tab, line, newline) up to maxBytes, and always one", () => {
    // Lines 9 and 10: width 2, so each is 2 + 1 + 3 + 1 = 7 bytes.
    expect(linesThatFit(["abc", "def"], 9, 14)).toBe(2);
    expect(linesThatFit(["abc", "def"], 9, 13)).toBe(1);
    expect(linesThatFit(["x".repeat(100)], 1, 10)).toBe(1);
    expect(linesThatFit([], 1, 10)).toBe(0);
  });
});

function row(key: string, parentKey: string, startLine: number, endLine: number, kind = "Function"): OutlineRow {
  return { key, file: "a.ts", kind, name: key, parentKey, startLine, endLine, exported: 0, signature: "", doc: "" };
}

describe("declarationsAround", () => {
  // A class 1-50 with methods 2-10, 12-30 (a local variable 14-14 in it) and 32-48; a function 52-60.
  const rows = [
    row("Box", "a.ts", 1, 50, "Class"),
    row("open", "Box", 2, 10, "Method"),
    row("fill", "Box", 12, 30, "Method"),
    row("count", "fill", 14, 14, "Variable"),
    row("close", "Box", 32, 48, "Method"),
    row("helper", "a.ts", 52, 60),
  ];

  it("names the enclosing declarations outermost first", () => {
    const around = declarationsAround(rows, 14, 16, 30);
    expect(around.declarations.map((declaration) => [declaration.name, declaration.encloses])).toEqual([
      ["Box", true],
      ["fill", true],
      ["count", false],
    ]);
  });

  it("names the overlapping ones but for members of one shown whole, up to a limit", () => {
    const names = (from: number, to: number, limit = 30) =>
      declarationsAround(rows, from, to, limit).declarations.map((declaration) => declaration.name);
    expect(names(5, 40)).toEqual(["Box", "open", "fill", "close"]);
    expect(names(45, 55)).toEqual(["Box", "close", "helper"]);
    expect(names(1, 60)).toEqual(["Box", "helper"]);
    expect(declarationsAround(rows, 5, 40, 2)).toMatchObject({ omitted: 1 });
    expect(names(61, 70)).toEqual([]);
  });
});

describe("formatLines", () => {
  const view: LinesView = {
    path: "src/box.ts",
    asked: { from: 9, to: 11 },
    totalLines: 60,
    from: 9,
    lines: ["  open() {", "    return 1;", "  }"],
    lineCut: false,
    countStopped: false,
    declarations: [
      { name: "Box", kind: "Class", startLine: 1, endLine: 50, encloses: true },
      { name: "open", kind: "Method", startLine: 2, endLine: 10, encloses: false },
    ],
    omittedDeclarations: 0,
  };

  it("heads the numbered lines with the file, the range, the line count and the declarations around them", () => {
    expect(formatLines(view, 1000)).toBe(
      [
        "src/box.ts: lines 9-11 of 60",
        "in: L1-50 Class Box",
        "overlaps: L2-10 Method open",
        " 9\t  open() {",
        "10\t    return 1;",
        "11\t  }",
      ].join("\n"),
    );
  });

  it("says when the range was clamped at the file's end", () => {
    const clamped = formatLines(
      { ...view, asked: { from: 59, to: 400 }, from: 59, lines: ["a", "b"], declarations: [] },
      1000,
    );
    expect(clamped).toBe("src/box.ts: lines 59-60 of 60 (asked 59-400; the file ends at line 60)\n59\ta\n60\tb");
    expect(formatLines({ ...view, asked: { from: 60, to: 60 }, from: 60, lines: ["b"], declarations: [] }, 1000)).toBe(
      "src/box.ts: line 60 of 60\n60\tb",
    );
  });

  it("says where maxBytes cut and which range to ask next", () => {
    const cut = formatLines({ ...view, asked: { from: 9, to: 40 }, declarations: [] }, 1000);
    expect(cut).toBe(
      "src/box.ts: lines 9-11 of 60 (cut by maxBytes)\n 9\t  open() {\n10\t    return 1;\n11\t  }\n" +
        '… cut at 3 lines by maxBytes (1,000 bytes); ask lines "12-40" next (CLI --lines 12-40), or raise maxBytes.',
    );
    expect(formatLines({ ...view, asked: { from: 9, to: undefined }, declarations: [] }, 1000)).toContain(
      'ask lines "12-" next',
    );
  });

  it("says when one line is longer than maxBytes", () => {
    const text = formatLines(
      { ...view, asked: { from: 9, to: 20 }, lines: ["x".repeat(10)], lineCut: true, declarations: [] },
      1000,
    );
    expect(text).toMatch(/^src\/box\.ts: line 9 of 60 \(cut by maxBytes\)\n9\txxxxxxxxxx\n/);
    expect(text).toMatch(
      /… line 9 is longer than maxBytes \(1,000 bytes\) and was cut; raise maxBytes to read it whole, or ask lines "10-20" \(CLI --lines 10-20\) for the lines after it\.$/,
    );
  });

  it("names how many overlapping declarations it left out", () => {
    expect(formatLines({ ...view, omittedDeclarations: 4 }, 1000)).toContain(
      "overlaps: L2-10 Method open, and 4 more\n",
    );
  });
});

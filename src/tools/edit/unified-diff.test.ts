import { describe, expect, it } from "vitest";
import { unifiedDiff } from "./unified-diff.js";

describe(unifiedDiff.name, () => {
  it("shows a change with three lines of context and the ranges of both versions", () => {
    const before = ["a", "b", "c", "d", "e", "f", "g", "h", ""].join("\n");
    const after = before.replace("e\n", "E\nE2\n");
    expect(unifiedDiff("x.ts", before, after)).toBe(
      ["--- a/x.ts", "+++ b/x.ts", "@@ -2,7 +2,8 @@", " b", " c", " d", "-e", "+E", "+E2", " f", " g", " h", ""].join(
        "\n",
      ),
    );
  });

  it("keeps changes far apart in separate hunks", () => {
    const lines = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`);
    const after = lines.map((line, index) => (index === 1 || index === 25 ? `${line}!` : line));
    const diff = unifiedDiff("x.ts", lines.join("\n"), after.join("\n"));
    expect(diff.match(/^@@/gm)).toHaveLength(2);
    expect(diff).toContain("@@ -1,5 +1,5 @@");
    expect(diff).toContain("@@ -23,7 +23,7 @@");
  });

  it("is empty when nothing changed and shows CRLF lines without their \\r", () => {
    expect(unifiedDiff("x.ts", "a\r\n", "a\r\n")).toBe("");
    expect(unifiedDiff("x.ts", "a\r\nb\r\n", "a\r\nc\r\n")).toBe(
      "--- a/x.ts\n+++ b/x.ts\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n",
    );
  });
});

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../test-support/fixtures.js";
import { buildRankTable, RankTable } from "./o200k-table.js";

const vocabularyOf = (tokens: readonly string[]): string =>
  tokens.map((token, rank) => `${Buffer.from(token, "utf8").toString("base64")} ${rank}\n`).join("");

const bytes = (text: string): Buffer => Buffer.from(text, "utf8");

describe(buildRankTable.name, () => {
  it("finds every token of a vocabulary at its rank, inside a longer buffer, and no other byte sequence", () => {
    const tokens = ["a", "b", "ab", "abc", "日本", "😀", " the", "\n\n", "x".repeat(128)];
    const table = RankTable.read(buildRankTable(vocabularyOf(tokens)));
    tokens.forEach((token, rank) => {
      expect(table.rankOf(bytes(token), 0, bytes(token).length)).toBe(rank);
      const padded = bytes(`<<${token}>>`);
      expect(table.rankOf(padded, 2, padded.length - 2)).toBe(rank);
    });
    for (const missing of ["", "c", "ba", "abcd", "日", "the", "x".repeat(127)])
      expect(table.rankOf(bytes(missing), 0, bytes(missing).length)).toBe(-1);
  });

  it("refuses a vocabulary whose ranks skip or repeat", () => {
    expect(() => buildRankTable("YQ== 0\nYg== 2\n")).toThrow(/line 2 is not "<base64> 1"/);
    expect(() => buildRankTable("YQ== 0\nYg== 0\n")).toThrow(/line 2/);
  });

  it("is what dist/o200k-ranks.bin holds, built from the installed gpt-tokenizer's o200k vocabulary", () => {
    const vocabulary = fs.readFileSync(
      createRequire(import.meta.url).resolve("gpt-tokenizer/data/o200k_base.tiktoken"),
      "utf8",
    );
    const built = buildRankTable(vocabulary);
    expect(Buffer.compare(Buffer.from(built), fs.readFileSync(path.join(REPO_ROOT, "dist", "o200k-ranks.bin")))).toBe(
      0,
    );
  });
});

describe(RankTable.name, () => {
  it("reads only a whole table file of its format", () => {
    const file = buildRankTable(vocabularyOf(["a", "b"]));
    expect(() => RankTable.read(file.subarray(0, file.length - 1))).toThrow(/not an o200k table file/);
    expect(() => RankTable.read(bytes("not a table at all, just text"))).toThrow(/not an o200k table file/);
    const unaligned = new Uint8Array(file.length + 1).subarray(1);
    unaligned.set(file);
    expect(RankTable.read(unaligned).rankOf(bytes("b"), 0, 1)).toBe(1);
  });
});

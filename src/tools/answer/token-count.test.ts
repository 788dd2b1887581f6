import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { countTokens as gptTokenizerCount } from "gpt-tokenizer/encoding/o200k_base";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, REPO_ROOT, removeTempDirs } from "../../test-support/fixtures.js";
import { listSources } from "../../test-support/source-files.js";
import { countTokens, fitsInTokens, lineTokenEstimate, tokenBounds } from "./token-count.js";

afterAll(removeTempDirs);

/** The oracle: gpt-tokenizer's o200k count, special tokens' names counted as text (as ts-graph counts them). */
const oracleCount = (text: string): number => gptTokenizerCount(text, { disallowedSpecial: new Set() });

/** Every golden answer of the tool slices (text, toon and mermaid answers of the sample projects). */
function goldenAnswers(): string[] {
  const tools = path.dirname(import.meta.dirname);
  return fs
    .readdirSync(tools, { recursive: true, encoding: "utf8" })
    .filter((file) => file.split(path.sep).includes("golden") && file.endsWith(".txt"))
    .flatMap((file) => fs.readFileSync(path.join(tools, file), "utf8").split(/^\$ ts-graph /m));
}

function expectBounded(text: string): void {
  const count = countTokens(text);
  const bounds = tokenBounds(text);
  expect(bounds.lower).toBeLessThanOrEqual(count);
  expect(bounds.upper).toBeGreaterThanOrEqual(count);
}

describe(tokenBounds.name, () => {
  it("holds the o200k count of random text between its bounds", () => {
    const texts = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.stringMatching(/^[a-z0-9 \n.:@()-]{0,400}$/),
      fc.json().map((json) => JSON.stringify(JSON.parse(json), null, 2)),
    );
    fc.assert(fc.property(texts, expectBounded), { numRuns: 2000 });
  });

  it("holds the o200k count of the tools' real answers between its bounds", () => {
    const answers = goldenAnswers();
    expect(answers.length).toBeGreaterThan(50);
    for (const answer of answers) expectBounded(answer);
  });

  it("counts every piece it takes for one token as one token, as the table does", () => {
    const pieces = [
      ...Array.from({ length: 1000 }, (_, number) => String(number)),
      ...Array.from({ length: 100 }, (_, number) => String(number).padStart(2, "0")),
      ...Array.from({ length: 100 }, (_, number) => String(number).padStart(3, "0")),
      ...Array.from({ length: 79 }, (_, index) => " ".repeat(index + 1)),
      ...Array.from({ length: 8 }, (_, index) => "\n".repeat(index + 1)),
    ];
    for (const piece of pieces) {
      expect(tokenBounds(piece)).toEqual({ lower: 1, upper: 1 });
      expect(countTokens(piece)).toBe(1);
    }
    expect(tokenBounds(" ".repeat(80)).upper).toBe(80);
  });
});

describe(fitsInTokens.name, () => {
  it("agrees with the exact count on either side of the budget", () => {
    const text = goldenAnswers().join("\n");
    const count = countTokens(text);
    expect(fitsInTokens(text, count)).toBe(true);
    expect(fitsInTokens(text, count - 1)).toBe(false);
  });

  it("counts a text that holds a special token's name instead of refusing it", () => {
    expect(countTokens("see <|endoftext|>.ts")).toBeGreaterThan(3);
    expect(fitsInTokens(`${"x <|endoftext|> ".repeat(50)}`, 200)).toBe(false);
  });
});

describe(countTokens.name, () => {
  it("counts random text as gpt-tokenizer does", () => {
    const awkward = fc.constantFrom(
      "\uFEFF",
      "\uD800",
      "\uDC00",
      "<|endoftext|>",
      "\r\n",
      "\t",
      "\u00A0",
      "\u3000",
      "'ll",
      "'S",
      "/",
      "//",
      "🏳️‍🌈",
      "👍🏽",
      "é",
      "e\u0301",
      "ǅ",
      "ﬁ",
    );
    const runs = fc
      .tuple(
        fc.constantFrom(" ", "0", "9", "\n", "a", "Z", "-", "=", "é", "日", "😀", "\uFEFF", "\t"),
        fc.integer({ min: 1, max: 300 }),
      )
      .map(([unit, times]) => unit.repeat(times));
    const mixed = fc
      .array(fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: "grapheme", maxLength: 10 }), awkward, runs), {
        maxLength: 30,
      })
      .map((parts) => parts.join(""));
    const texts = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.string({ unit: "binary-ascii", maxLength: 300 }),
      fc.stringMatching(/^[a-zA-Z0-9 \n.:@()'/_-]{0,400}$/),
      fc.json().map((json) => JSON.stringify(JSON.parse(json), null, 2)),
      mixed,
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(countTokens(text)).toBe(oracleCount(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("counts long pieces (hundreds to thousands of bytes with no break) as gpt-tokenizer does", () => {
    const letters = fc.constantFrom("a", "b", "e", "t", "A", "Z", "é", "ß", "日", "本", "ж", "ǅ", "\u0301", "ع");
    const longWord = fc.array(letters, { minLength: 100, maxLength: 1500 }).map((units) => units.join(""));
    const repeated = fc
      .tuple(
        fc.string({ unit: fc.constantFrom("a", "b", "é", "日"), minLength: 1, maxLength: 4 }),
        fc.integer({ min: 60, max: 800 }),
      )
      .map(([unit, times]) => unit.repeat(times));
    const longPunctuation = fc
      .array(fc.constantFrom("=", "-", "*", "#", "…", "→", "😀"), { minLength: 100, maxLength: 1000 })
      .map((units) => units.join(""));
    fc.assert(
      fc.property(fc.oneof(longWord, repeated, longPunctuation), (text) => {
        expect(countTokens(text)).toBe(oracleCount(text));
      }),
      { numRuns: 300 },
    );
  });

  it("counts a piece of 200,000 bytes with the heap merge (the scan's quadratic time would take minutes)", () => {
    // Eight A's are one token: gpt-tokenizer counts 4,000 of them as 500 tokens, in quadratic time. No time limit here
    // (src/test-timeouts.test.ts): a quadratic merge shows as a run that the suite's backstop ends.
    expect(oracleCount("A".repeat(4_000))).toBe(500);
    expect(countTokens("A".repeat(200_000))).toBe(25_000);
  });

  it("counts the tools' answers, this repository's sources and docs as gpt-tokenizer does", () => {
    const docs = path.join(REPO_ROOT, "docs");
    const files = [
      ...listSources(path.join(REPO_ROOT, "src")),
      ...fs
        .readdirSync(docs, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".md"))
        .map((file) => path.join(docs, file)),
    ];
    const texts = [...goldenAnswers(), ...files.map((file) => fs.readFileSync(file, "utf8"))];
    expect(texts.length).toBeGreaterThan(300);
    const wrong = texts.filter((text) => countTokens(text) !== oracleCount(text)).map((text) => text.slice(0, 80));
    expect(wrong).toEqual([]);
  });

  it("counts a byte-order mark and lone surrogates as gpt-tokenizer does", () => {
    // gpt-tokenizer decodes a merged pair of well-formed UTF-8 before looking it up, which drops a leading U+FEFF.
    for (const text of [
      "\uFEFF",
      "\uFEFFimport x",
      "a\uFEFFb",
      "\uFEFF\uFEFFab",
      " \uFEFF",
      "\uD800",
      "x\uDFFFy",
      "\uD83D\uDE00\uD83D",
    ]) {
      expect(countTokens(text), JSON.stringify(text)).toBe(oracleCount(text));
    }
  });

  it("splits a text into as many pieces as gpt-tokenizer's o200k expression does", () => {
    const pieces = (text: string): number => [...text.matchAll(O200K_TOKEN_SPLIT_REGEX)].length;
    const texts = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: "grapheme", maxLength: 100 }),
      fc.string({ unit: "binary", maxLength: 100 }),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(tokenBounds(text).lower).toBe(pieces(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("counts in a copy of the build that has no node_modules, so without gpt-tokenizer", () => {
    const copy = path.join(makeTempDir(), "dist");
    fs.cpSync(path.join(REPO_ROOT, "dist"), copy, { recursive: true });
    const text = goldenAnswers().join("\n");
    const script = [
      'import fs from "node:fs";',
      `import { countTokens } from ${JSON.stringify(path.join(copy, "tools", "answer", "token-count.js"))};`,
      'process.stdout.write(String(countTokens(fs.readFileSync(0, "utf8"))));',
    ].join("\n");
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      input: text,
      encoding: "utf8",
      cwd: path.dirname(copy),
    });
    expect(child.stderr).toBe("");
    expect(Number(child.stdout)).toBe(oracleCount(text));
  });
});

describe(lineTokenEstimate.name, () => {
  it("is never below the exact count of every recorded answer, and above that of impact and callers in text by a few line breaks", () => {
    const estimate = lineTokenEstimate();
    for (const answer of goldenAnswers()) expect(estimate(answer)).toBeGreaterThanOrEqual(countTokens(answer));
    for (const answer of goldenAnswers().filter(
      (text) => /^(?:impact|callers) /.test(text) && !text.includes("--format"),
    )) {
      const exact = countTokens(answer);
      expect(estimate(answer)).toBeGreaterThanOrEqual(exact);
      expect(estimate(answer)).toBeLessThanOrEqual(Math.ceil(exact * 1.05) + 5);
    }
  });

  it("is never below the exact count of lines listed briefly, several to a line, nor of random text", () => {
    const brief =
      "depth 1 (3)\n  src/a.ts\n    f 1-2  calls @2\n    $g 3-4, _h 5-9, <top level> 1-20, X#variable 7\n\nthe end.)\n";
    expect(lineTokenEstimate()(brief)).toBeGreaterThanOrEqual(countTokens(brief));
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 20 }), (lines) => {
        const text = lines.join("\n");
        expect(lineTokenEstimate()(text)).toBeGreaterThanOrEqual(countTokens(text));
      }),
    );
  });
});

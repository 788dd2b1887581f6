import { decode } from "@toon-format/toon";
import { describe, expect, it } from "vitest";
import { countTokens } from "./token-count.js";
import { FIRST_IN_FULL, present, tabular, truncationNote, type Presentable, type Truncation } from "./query-output.js";

interface Listing extends Readonly<Record<string, unknown>> {
  readonly items: readonly { readonly name: string; readonly lines: readonly number[] }[];
  readonly truncated: Truncation | null;
}

/** `count` items of about 10 tokens each in text. */
function listing(count: number): Presentable<Listing> {
  const items = Array.from({ length: count }, (_, index) => ({
    name: `item${String(index).padStart(3, "0")}`,
    lines: [index, index + 1],
  }));
  return {
    total: count,
    narrow: "ask for less",
    build: (shown, truncated) => ({ items: items.slice(0, shown), truncated }),
    text: (structured) =>
      [
        ...structured.items.map((item) => `${item.name} spans lines ${item.lines.join("-")}`),
        ...(structured.truncated === null ? [] : [truncationNote(structured.truncated, "items")]),
      ].join("\n"),
    mermaid: (structured) => `flowchart LR\n${structured.items.map((item) => `  ${item.name}`).join("\n")}`,
  };
}

describe(present.name, () => {
  it("returns everything when it fits, with structured content equal to the json output", () => {
    const result = present(listing(3), { format: "json", maxNodes: 10, maxTokens: 4000 });
    expect(result.structured.truncated).toBeNull();
    expect(result.text).toBe(JSON.stringify(result.structured, null, 2));
  });

  it("cuts at maxNodes and says how many of how many, and how to narrow", () => {
    const result = present(listing(30), { format: "text", maxNodes: 5, maxTokens: 4000 });
    expect(result.structured.items).toHaveLength(5);
    expect(result.structured.truncated).toEqual({ shown: 5, total: 30, by: "maxNodes", narrow: "ask for less" });
    expect(result.text.split("\n").at(-1)).toBe(
      "[cut: 5 of 30 items shown (maxNodes reached). To narrow: ask for less]",
    );
  });

  it("keeps as many entries as fit in maxTokens, counted on the text", () => {
    const result = present(listing(500), { format: "text", maxNodes: 500, maxTokens: 300 });
    const shown = (result.structured.items as unknown[]).length;
    expect(countTokens(result.text)).toBeLessThanOrEqual(300);
    expect(shown).toBeGreaterThan(0);
    const oneMore = present(listing(500), { format: "text", maxNodes: shown + 1, maxTokens: 100_000 });
    expect(countTokens(oneMore.text)).toBeGreaterThan(300);
    expect((result.structured.truncated as Truncation).by).toBe("maxTokens");
  });

  it("lists the same entries of a cut answer in every format", () => {
    const text = present(listing(500), { format: "text", maxNodes: 500, maxTokens: 300 });
    for (const format of ["json", "toon", "mermaid"] as const) {
      const other = present(listing(500), { format, maxNodes: 500, maxTokens: 300 });
      expect(other.structured).toEqual(text.structured);
    }
    const json = present(listing(500), { format: "json", maxNodes: 500, maxTokens: 300 });
    expect(JSON.parse(json.text)).toEqual(text.structured);
  });

  it("renders toon as tables that decode to the structured content", () => {
    const result = present(listing(2), { format: "toon", maxNodes: 10, maxTokens: 4000 });
    expect(result.text).toContain("items[2]{name,lines}:");
    expect(decode(result.text)).toEqual({
      items: [
        { name: "item000", lines: "0 1" },
        { name: "item001", lines: "1 2" },
      ],
      truncated: null,
    });
  });
});

/** The listing with a brief rendering: past the first `detailed` items, names only, ten to a line. */
function briefListing(count: number): Presentable<Listing> {
  const plain = listing(count);
  const brief = (structured: Listing, detailed: number): string => {
    const names = structured.items.slice(detailed).map((item) => item.name);
    const rows = Array.from({ length: Math.ceil(names.length / 10) }, (_, row) =>
      names.slice(row * 10, row * 10 + 10).join(", "),
    );
    return [plain.text({ ...structured, items: structured.items.slice(0, detailed), truncated: null }), ...rows].join(
      "\n",
    );
  };
  return { ...plain, brief };
}

describe("an answer with a brief rendering", () => {
  it("lists every entry when their names fit, as many in full as the budget leaves room for", () => {
    const result = present(briefListing(200), { format: "text", maxTokens: 1200 });
    expect(plainCount(result.text)).toBeGreaterThanOrEqual(FIRST_IN_FULL);
    expect(result.structured.items).toHaveLength(200);
    expect(result.structured.truncated).toBeNull();
    expect(countTokens(result.text)).toBeLessThanOrEqual(1200);
    expect(countTokens(present(briefListing(200), { format: "text", maxTokens: 100_000 }).text)).toBeGreaterThan(1200);
    for (const name of ["item000", "item150", "item199"]) expect(result.text).toContain(name);
    // about as many in full as fit: the text is within 3 % of the budget
    expect(countTokens(result.text)).toBeGreaterThanOrEqual(0.97 * 1200);
  });

  it("lists more entries than the plain rendering for the same budget, and every format the same", () => {
    const plain = present(listing(500), { format: "text", maxTokens: 600 });
    const brief = present(briefListing(500), { format: "text", maxTokens: 600 });
    expect((brief.structured.items as unknown[]).length).toBeGreaterThan(
      2 * (plain.structured.items as unknown[]).length,
    );
    expect(plainCount(brief.text)).toBe(FIRST_IN_FULL);
    expect(countTokens(brief.text)).toBeLessThanOrEqual(600);
    expect((brief.structured.truncated as Truncation).by).toBe("maxTokens");
    const json = present(briefListing(500), { format: "json", maxTokens: 600 });
    expect(JSON.parse(json.text)).toEqual(brief.structured);
  });

  it("has no cap on entries but the tokens when maxNodes is not given, and keeps it when given", () => {
    expect(present(listing(150), { format: "text", maxTokens: 100_000 }).structured.items).toHaveLength(150);
    expect(
      present(briefListing(150), { format: "text", maxNodes: 120, maxTokens: 1000 }).structured.truncated,
    ).toMatchObject({
      shown: 120,
      by: "maxNodes",
    });
  });
});

/** Items a listing's text gives in full (`itemN spans lines …`). */
function plainCount(text: string): number {
  return text.split("\n").filter((line) => line.includes(" spans lines ")).length;
}

describe(tabular.name, () => {
  it("joins arrays of primitives inside rows and leaves the rest alone", () => {
    expect(tabular({ rows: [{ a: [1, 2], b: { c: [3] } }], top: [4, 5] })).toEqual({
      rows: [{ a: "1 2", b: { c: [3] } }],
      top: [4, 5],
    });
  });
});

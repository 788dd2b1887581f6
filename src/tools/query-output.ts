import { encode } from "@toon-format/toon";
import { fitsInTokens } from "./token-count.js";
import type { OutputFormat } from "./query-inputs.js";
import type { ToolResult } from "./tool-contract.js";

/**
 * Output formats and the size budget shared by the query slices. A slice describes its answer once
 * (a structured object for any cut, plus text and Mermaid renderings of it); `present` picks the format,
 * cuts the answer to the budget, and says so in the answer.
 */
export interface OutputOptions {
  readonly format: OutputFormat;
  /** Most entries listed; none: as many as `maxTokens` leaves room for. */
  readonly maxNodes?: number | undefined;
  readonly maxTokens: number;
}

/** Why and where an answer was cut, and what to ask instead. */
export interface Truncation {
  /** Entries shown. */
  readonly shown: number;
  /** Entries the full answer has. */
  readonly total: number;
  readonly by: "maxNodes" | "maxTokens";
  /** How to narrow the question (or widen the budget). */
  readonly narrow: string;
}

/** An answer of `total` entries that can be built and rendered for any number of them shown. */
export interface Presentable<Structured extends Readonly<Record<string, unknown>>> {
  readonly total: number;
  /** How to narrow this question, for the truncation note. */
  readonly narrow: string;
  /** The structured answer with the first `shown` entries (`truncated` is null when nothing was cut). */
  build(shown: number, truncated: Truncation | null): Structured;
  text(structured: Structured): string;
  /**
   * The text with the first `detailed` entries in full and the others by name and lines only (walk answers):
   * when the full text is over the budget, `present` lists as many entries as this leaves room for.
   */
  brief?(structured: Structured, detailed: number): string;
  mermaid(structured: Structured): string;
}

/** Entries a brief listing gives in full whatever the budget, so that a long answer still says how the first are reached. */
export const FIRST_IN_FULL = 10;

/** `[cut: 40 of 843 entries shown (maxTokens). To narrow: …]` */
export function truncationNote(truncated: Truncation, noun: string): string {
  const budget = truncated.by === "maxNodes" ? "maxNodes" : "maxTokens";
  return `[cut: ${truncated.shown} of ${truncated.total} ${noun} shown (${budget} reached). To narrow: ${truncated.narrow}]`;
}

/**
 * TOON needs flat rows for its tables: within arrays of objects, arrays of primitives become
 * space-separated strings (`lines: [12, 14]` → `"12 14"`).
 */
export function tabular(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => (isPlainObject(item) ? flattenRow(item) : tabular(item)));
  }
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, tabular(inner)]));
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function flattenRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, inner]) => [
      key,
      Array.isArray(inner) && inner.every((item) => typeof item !== "object" || item === null) ? inner.join(" ") : tabular(inner),
    ]),
  );
}

function render<S extends Readonly<Record<string, unknown>>>(answer: Presentable<S>, format: OutputFormat, structured: S): string {
  switch (format) {
    case "text":
      return answer.text(structured);
    case "json":
      return JSON.stringify(structured, null, 2);
    case "toon":
      return encode(tabular(structured));
    case "mermaid":
      return answer.mermaid(structured);
  }
}

/** The largest whole number in [low, high] for which `fits` holds (`fits` holds for every smaller one), else low - 1. */
function largestFitting(low: number, high: number, fits: (value: number) => boolean): number {
  let best = low - 1;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) {
      best = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return best;
}

/**
 * Renders the answer in the requested format within the budget: at most `maxNodes` entries (no cap when absent),
 * and as many of those as fit in `maxTokens` (found by bisection). The budget is counted on the text rendering
 * whatever the format, so that every format of one question lists the same entries: the JSON and TOON of an
 * answer are longer than its text (two to four times) and carry those entries' every field. `structured` always
 * holds exactly what the output shows.
 *
 * An answer with a brief rendering (impact, callers, callees) that is over the budget in full lists its entries
 * briefly: as many as fit with the first FIRST_IN_FULL in full, then as many of those in full as the rest of the
 * budget leaves room for.
 */
export function present<S extends Readonly<Record<string, unknown>>>(answer: Presentable<S>, options: OutputOptions): ToolResult {
  const limit = Math.min(answer.total, options.maxNodes ?? answer.total);
  const attempt = (shown: number): S => {
    const by: Truncation["by"] = shown === limit && limit < answer.total ? "maxNodes" : "maxTokens";
    const truncated = shown < answer.total ? { shown, total: answer.total, by, narrow: answer.narrow } : null;
    return answer.build(shown, truncated);
  };
  const fits = (text: string): boolean => fitsInTokens(text, options.maxTokens);
  const output = (structured: S, text: string): ToolResult => ({
    text: options.format === "text" ? text : render(answer, options.format, structured),
    structured,
  });
  const full = attempt(limit);
  const fullText = answer.text(full);
  if (fits(fullText)) return output(full, fullText);
  const { brief } = answer;
  if (brief === undefined) {
    const shown = Math.max(
      0,
      largestFitting(0, limit - 1, (count) => fits(answer.text(attempt(count)))),
    );
    const structured = attempt(shown);
    return output(structured, answer.text(structured));
  }
  const briefly = (count: number): string => brief(attempt(count), Math.min(count, FIRST_IN_FULL));
  const shown = Math.max(
    0,
    largestFitting(0, limit, (count) => fits(briefly(count))),
  );
  const structured = attempt(shown);
  const first = Math.min(shown, FIRST_IN_FULL);
  const detailed = Math.max(
    first,
    largestFitting(first + 1, shown, (count) => fits(brief(structured, count))),
  );
  return output(structured, brief(structured, detailed));
}

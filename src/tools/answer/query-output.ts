import { encode } from "@toon-format/toon";
import { countTokens, fitsInTokens, lineTokenEstimate } from "./token-count.js";
import type { OutputFormat } from "../inputs/query-inputs.js";
import type { ToolResult } from "../tool-contract.js";

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
   * The text with the first `detailed` entries in full and the others by name only (walk answers):
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
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, tabular(inner)]));
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function flattenRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, inner]) => [
      key,
      Array.isArray(inner) && inner.every((item) => typeof item !== "object" || item === null)
        ? inner.join(" ")
        : tabular(inner),
    ]),
  );
}

function render<S extends Readonly<Record<string, unknown>>>(
  answer: Presentable<S>,
  format: OutputFormat,
  structured: S,
): string {
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

/** Interpolation steps before `largestWithin` falls back to halving. */
const INTERPOLATIONS = 4;
/** A number whose cost is this close under the budget is taken: the last few entries are not worth a dozen renderings. */
const CLOSE_ENOUGH = 0.02;
/** The second number `largestWithin` tries, past the first: the two give the cost of one more. */
const FIRST_STRIDE = 16;

/**
 * The largest whole number in [low, high] whose `cost` (non-decreasing, about affine: a header, then so much per
 * entry) is within `budget`, or one whose cost is within CLOSE_ENOUGH under it; else low - 1. It tries `low`,
 * then `low + FIRST_STRIDE`, then the number a straight line through the last two costs seen puts at the budget,
 * and halves once the guesses stop closing in: a handful of renderings of an answer instead of a bisection's
 * dozen, and none of thousands of entries when a few hundred fit.
 */
function largestWithin(low: number, high: number, budget: number, cost: (value: number) => number): number {
  if (low > high) return low - 1;
  let good = low;
  let goodCost = cost(low);
  if (goodCost > budget) return low - 1;
  let before = { value: low, cost: goodCost };
  let bad = high + 1;
  let probe = Math.min(high, low + FIRST_STRIDE);
  for (let step = 0; bad - good > 1 && goodCost < budget * (1 - CLOSE_ENOUGH); step++) {
    const spent = cost(probe);
    const point = { value: probe, cost: spent };
    if (spent <= budget) {
      before = { value: good, cost: goodCost };
      [good, goodCost] = [probe, spent];
    } else bad = probe;
    // a straight line through this number's cost and the nearest other one seen
    const other = point.value === good ? before : { value: good, cost: goodCost };
    const perOne = (point.cost - other.cost) / Math.max(point.value - other.value, 1);
    const guess = good + Math.floor((budget - goodCost) / Math.max(perOne, Number.EPSILON));
    probe = Math.min(bad - 1, Math.max(good + 1, step < INTERPOLATIONS ? guess : Math.floor((good + bad) / 2)));
  }
  return good;
}

/**
 * Renders the answer in the requested format within the budget: at most `maxNodes` entries (no cap when absent),
 * and as many of those as fit in `maxTokens`. The budget is counted on the text rendering whatever the format,
 * so that every format of one question lists the same entries: the JSON and TOON of an answer are longer than
 * its text (two to four times) and carry those entries' every field. `structured` always holds exactly what the
 * output shows. An answer with a brief rendering goes to `presentBriefly`.
 */
export function present<S extends Readonly<Record<string, unknown>>>(
  answer: Presentable<S>,
  options: OutputOptions,
): ToolResult {
  const limit = Math.min(answer.total, options.maxNodes ?? answer.total);
  const attempt = (shown: number): S => {
    const by: Truncation["by"] = shown === limit && limit < answer.total ? "maxNodes" : "maxTokens";
    const truncated = shown < answer.total ? { shown, total: answer.total, by, narrow: answer.narrow } : null;
    return answer.build(shown, truncated);
  };
  const output = (structured: S, text: string): ToolResult => ({
    text: options.format === "text" ? text : render(answer, options.format, structured),
    structured,
  });
  if (answer.brief !== undefined) {
    const { structured, text } = presentBriefly(answer, answer.brief, attempt, limit, options.maxTokens);
    return output(structured, text);
  }
  const fits = (text: string): boolean => fitsInTokens(text, options.maxTokens);
  const full = attempt(limit);
  const fullText = answer.text(full);
  if (fits(fullText)) return output(full, fullText);
  const shown = Math.max(
    0,
    largestFitting(0, limit - 1, (count) => fits(answer.text(attempt(count)))),
  );
  const structured = attempt(shown);
  return output(structured, answer.text(structured));
}

/** How far above the exact count `lineTokenEstimate` can be on a walk's text answer (token-count.test.ts). */
const ESTIMATE_MARGIN = 0.05;

/** Fewest tokens a line in full takes (indentation, name, lines, the verb of its step): more entries cannot all fit. */
const LEAST_TOKENS_IN_FULL = 4;

/**
 * The cut of an answer with a brief rendering (impact, callers, callees): the whole answer in full when it fits;
 * else as many entries as fit with the first FIRST_IN_FULL in full and the others by name only, then as
 * many of those in full as the rest of the budget leaves room for. Counted on an estimate that sums the tokens
 * of each distinct line once (token-count.ts `lineTokenEstimate`; counted exactly near the budget), so that the
 * dozens of renderings tried cost one count of each line rather than one of each rendering.
 */
function presentBriefly<S extends Readonly<Record<string, unknown>>>(
  answer: Presentable<S>,
  brief: (structured: S, detailed: number) => string,
  attempt: (shown: number) => S,
  limit: number,
  maxTokens: number,
): { structured: S; text: string } {
  const estimated = lineTokenEstimate();
  // Near the budget, on either side, counted exactly: the estimate can be above the exact count by up to the margin,
  // and (rarely, where o200k merges across a line break) below it by a token or two.
  const estimate = (text: string): number => {
    const tokens = estimated(text);
    return Math.abs(tokens - maxTokens) <= maxTokens * ESTIMATE_MARGIN + 5 ? countTokens(text) : tokens;
  };
  if (limit * LEAST_TOKENS_IN_FULL <= maxTokens) {
    const full = attempt(limit);
    const text = answer.text(full);
    if (fitsInTokens(text, maxTokens)) return { structured: full, text };
  }
  const shown = Math.max(
    0,
    largestWithin(0, limit, maxTokens, (count) => estimate(brief(attempt(count), Math.min(count, FIRST_IN_FULL)))),
  );
  const structured = attempt(shown);
  const first = Math.min(shown, FIRST_IN_FULL);
  const detailed = Math.max(
    first,
    largestWithin(first + 1, shown, maxTokens, (count) => estimate(brief(structured, count))),
  );
  return { structured, text: brief(structured, detailed) };
}

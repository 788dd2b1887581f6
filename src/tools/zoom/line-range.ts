import { ToolInputError } from "../tool-errors.js";
import type { OutlineRow } from "./query.js";

/**
 * zoom's `lines` input: which lines of a file to read (1-based, inclusive), and which declarations of the graph
 * enclose or overlap them. Pure: the handler reads the file and the graph.
 */

/** A range as asked: `to` undefined for "A-" (to the end of the file). */
export interface LineRange {
  readonly from: number;
  readonly to: number | undefined;
}

const GRAMMAR = /^(\d{1,9})(?:(-)(\d{1,9})?)?$/;

const HOW =
  'give "A-B" (lines A to B), "A-" (line A to the end) or "A" (line A alone), 1-based and inclusive, e.g. "10-40"';

/** Parses "A-B", "A-" or "A" (spaces around the numbers allowed); anything else is a ToolInputError saying what to give. */
export function parseLineRange(input: string): LineRange {
  const match = GRAMMAR.exec(input.replace(/\s+/g, ""));
  if (match === null) throw new ToolInputError(`lines "${input.slice(0, 40)}" is not a line range; ${HOW}.`);
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : match[3] === undefined ? undefined : Number(match[3]);
  if (from < 1) throw new ToolInputError(`lines "${input}": lines are numbered from 1; ${HOW}.`);
  if (to !== undefined && to < from) throw new ToolInputError(`lines "${input}" ends before it starts; ${HOW}.`);
  return { from, to };
}

/** How a range is written back (the range to ask next, the one asked). */
export function rangeText(from: number, to: number | undefined): string {
  return to === undefined ? `${from}-` : from === to ? `${from}` : `${from}-${to}`;
}

/** How many of `lines` (starting at line `from`) fit in `maxBytes` once numbered; at least one. */
export function linesThatFit(lines: readonly string[], from: number, maxBytes: number): number {
  const width = String(from + lines.length - 1).length;
  let bytes = 0;
  for (const [index, line] of lines.entries()) {
    bytes += width + 1 + Buffer.byteLength(line) + 1;
    if (bytes > maxBytes && index > 0) return index;
  }
  return lines.length;
}

/** A declaration the shown lines fall in (`encloses`: it holds every one of them) or that starts or ends among them. */
export interface RangeDeclaration {
  readonly name: string;
  readonly kind: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly encloses: boolean;
}

export interface DeclarationsAround {
  /** Enclosing ones outermost first, then the others in line order, but for members of one shown whole. */
  readonly declarations: readonly RangeDeclaration[];
  /** Overlapping declarations left out past the limit. */
  readonly omitted: number;
}

/** The declarations around lines from-to, from one file's rows (ordered by start line, outermost first). */
export function declarationsAround(
  rows: readonly OutlineRow[],
  from: number,
  to: number,
  limit: number,
): DeclarationsAround {
  const overlapping = rows.filter((row) => row.startLine <= to && row.endLine >= from);
  const encloses = (row: OutlineRow): boolean => row.startLine <= from && row.endLine >= to;
  const inside = new Set(overlapping.filter((row) => row.startLine >= from && row.endLine <= to).map((row) => row.key));
  // A member of a declaration shown whole is left to it (a method of a class shown, a local variable of a function).
  const outermost = overlapping.filter(
    (row) => !encloses(row) && (row.parentKey === null || !inside.has(row.parentKey)),
  );
  const toDeclaration = (row: OutlineRow): RangeDeclaration => ({
    name: row.name,
    kind: row.kind,
    startLine: row.startLine,
    endLine: row.endLine,
    encloses: encloses(row),
  });
  return {
    declarations: [...overlapping.filter(encloses), ...outermost.slice(0, limit)].map(toDeclaration),
    omitted: Math.max(0, outermost.length - limit),
  };
}

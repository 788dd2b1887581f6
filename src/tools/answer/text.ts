import { formatCount } from "../../model/kind-counts.js";

/** Small pieces of text every tool writes the same way. */

/** `1 file`, `2 files`, `1,234 symbols`: the count with its digits grouped (find, search, zoom, list, cochange, edits). */
export function plural(count: number, noun: string, nounPlural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : nounPlural}`;
}

/**
 * `1 file`, `2 files`, `1234 symbols`: the count's digits as they are. The walk-based answers (impact, callers,
 * callees, paths, deps) have always written them so; `plural` groups them.
 */
export function counted(count: number, singular: string, nounPlural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : nounPlural}`;
}

/** A declaration's lines: `7` or `7-12`. */
export function lineRange(startLine: number, endLine: number): string {
  return startLine === endLine ? `${startLine}` : `${startLine}-${endLine}`;
}

/** A declaration's lines: `L7` or `L7-12`. */
export function lineSpan(startLine: number, endLine: number): string {
  return `L${lineRange(startLine, endLine)}`;
}

/** How much of an input an error message repeats. */
const MAX_ECHO = 120;

/** An input as a message repeats it: whole when short, else its start and its length (a 1 MB argument is not sent back). */
export function echoed(input: string): string {
  return input.length <= MAX_ECHO ? input : `${input.slice(0, MAX_ECHO)}… (${formatCount(input.length)} characters)`;
}

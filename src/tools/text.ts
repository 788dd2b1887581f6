import { formatCount } from "../model/kind-counts.js";

/** Small pieces of text every tool writes the same way. */

/** `1 file`, `2 files`, `1,234 symbols`. */
export function plural(count: number, noun: string, nounPlural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : nounPlural}`;
}

/** A declaration's lines: `L7` or `L7-12`. */
export function lineSpan(startLine: number, endLine: number): string {
  return startLine === endLine ? `L${startLine}` : `L${startLine}-${endLine}`;
}

/** How much of an input an error message repeats. */
const MAX_ECHO = 120;

/** An input as a message repeats it: whole when short, else its start and its length (a 1 MB argument is not sent back). */
export function echoed(input: string): string {
  return input.length <= MAX_ECHO ? input : `${input.slice(0, MAX_ECHO)}… (${formatCount(input.length)} characters)`;
}

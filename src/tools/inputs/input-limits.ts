import { z } from "../../vendor/zod.js";
import { formatCount } from "../../model/kind-counts.js";

/**
 * The limits of every string and list a tool takes, in the zod schemas: a client that passes more gets a
 * validation error naming the argument (MCP `isError`, CLI exit 2), before any file is touched or any
 * process started. The limits are far above real use and below what the operating system refuses
 * (ENAMETOOLONG, E2BIG).
 */

/** A path: Linux's PATH_MAX. */
const MAX_PATH_CHARS = 4096;
/** A symbol address: a node key is a path and a qualified name. */
const MAX_SYMBOL_CHARS = MAX_PATH_CHARS + 1024;
/** A name (an edit's new name). */
const MAX_NAME_CHARS = 1024;
/** A name, or a part of one, to find: far longer than any declaration's name. */
const MAX_SOUGHT_NAME_CHARS = 200;
/** A search pattern (one argument of ripgrep's must stay under the system's 128 KiB). */
const MAX_PATTERN_CHARS = 10_000;
/** One glob. */
const MAX_GLOB_CHARS = 1024;
/** How many globs, and how many paths, a search takes. */
export const MAX_GLOBS = 50;
export const MAX_SEARCH_PATHS = 100;
/** The code an edit writes: far more than any declaration, well below what a file of source should hold. */
const MAX_CONTENT_CHARS = 500_000;
/** A file hash an edit checks against (SHA-1 in hex is 40 characters). */
const MAX_HASH_CHARS = 128;
/** A line range ("A-B"): two numbers of up to nine digits, a dash and some spaces. */
const MAX_LINE_RANGE_CHARS = 40;

function longerThan(limit: number): string {
  return `longer than ${formatCount(limit)} characters`;
}

/**
 * Which inputs are paths, for the CLI (`cli/command-line-tool-paths.ts`): there a relative path is relative to
 * the working directory, and is made relative to the root before the tool runs; over MCP a tool's paths are
 * relative to the root. `path`: always a path; `pathOrName`: a path when it names a file or folder, else a
 * name (a workspace package, a declaration). A registry of its own, so the tools' JSON schemas do not show it.
 */
export type PathInputKind = "path" | "pathOrName";
export const PATH_INPUTS = z.registry<{ readonly kind: PathInputKind }>();

/** A path input (relative to the root, or absolute inside it). */
export function pathString(): z.ZodString {
  return z
    .string()
    .max(MAX_PATH_CHARS, `${longerThan(MAX_PATH_CHARS)}: no file system takes a path this long`)
    .register(PATH_INPUTS, { kind: "path" });
}

/** An input that is a path when it names a file or folder, and a name otherwise (deps' and cochange's target). */
export function pathOrName(schema: z.ZodString): z.ZodString {
  // A copy: the schema given may be shared with inputs that are always one thing (symbolShape.symbol).
  return schema.clone().register(PATH_INPUTS, { kind: "pathOrName" });
}

export function symbolString(): z.ZodString {
  return z
    .string()
    .min(1)
    .max(MAX_SYMBOL_CHARS, `${longerThan(MAX_SYMBOL_CHARS)}: no declaration is named this long`);
}

export function nameString(): z.ZodString {
  return z.string().max(MAX_NAME_CHARS, `${longerThan(MAX_NAME_CHARS)}: give a name or a part of one`);
}

/** What find looks for: trimmed, at least one character. */
export function soughtNameString(): z.ZodString {
  return z
    .string()
    .trim()
    .min(1, "empty: give a name to look for (at least one character)")
    .max(MAX_SOUGHT_NAME_CHARS, `${longerThan(MAX_SOUGHT_NAME_CHARS)}: give a shorter part of a name`);
}

export function patternString(): z.ZodString {
  return z
    .string()
    .min(1)
    .max(MAX_PATTERN_CHARS, `${longerThan(MAX_PATTERN_CHARS)}: narrow the pattern`);
}

export function globString(): z.ZodString {
  return z
    .string()
    .min(1, "empty: leave the glob out to take every file")
    .max(MAX_GLOB_CHARS, longerThan(MAX_GLOB_CHARS));
}

export function contentString(): z.ZodString {
  return z.string().max(MAX_CONTENT_CHARS, `${longerThan(MAX_CONTENT_CHARS)}: edit one declaration at a time`);
}

export function hashString(): z.ZodString {
  return z.string().max(MAX_HASH_CHARS, `${longerThan(MAX_HASH_CHARS)}: give the hash an earlier answer printed`);
}

/** A list of at most `count` entries of `item`. */
export function boundedList<Item extends z.ZodType>(item: Item, count: number): z.ZodArray<Item> {
  return z.array(item).max(count, `more than ${count} entries`);
}

/** zoom's `lines` (parsed by zoom/line-range.ts, which says what to give). */
export function lineRangeString(): z.ZodString {
  return z
    .string()
    .max(MAX_LINE_RANGE_CHARS, `${longerThan(MAX_LINE_RANGE_CHARS)}: give "A-B", "A-" or "A", e.g. "10-40"`);
}

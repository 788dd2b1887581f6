import { ts } from "../engine/ts6/typescript6.js";
import { extractDeclarations } from "../ingestion/extract/extract-declarations.js";
import { parseSource } from "../ingestion/plan/planning-syntax.js";
import type { LineRange } from "./patch-log.js";

/**
 * The declarations a commit changed in one file: for every changed line of the file's version in that commit,
 * the innermost declaration around it (a method, not its class), named by the same rule as node keys (the
 * same syntax-only extraction the index uses), so that history lines up with today's nodes. A line outside
 * every declaration (an import, a top-level statement) changes the file only.
 */
export function changedDeclarations(path: string, sourceFile: ts.SourceFile, ranges: readonly LineRange[]): string[] {
  if (ranges.length === 0) return [];
  const declarations = extractDeclarations(sourceFile, path, { withoutSurfaces: true }).nodes.filter(
    (node) => node.kind !== "File",
  );
  const wantedSet = new Set<number>();
  for (const range of ranges) for (let line = range.start; line <= range.end; line += 1) wantedSet.add(line);
  const wanted = [...wantedSet].sort((a, b) => a - b);
  // The innermost declaration of each wanted line: wider spans first, so narrower ones paint over them; on an
  // equal span the later node (children follow their parents in source order) paints last, so it is the inner one.
  const widestFirst = declarations
    .map((node, order) => ({ node, order }))
    .sort((a, b) => b.node.endLine - b.node.startLine - (a.node.endLine - a.node.startLine) || a.order - b.order);
  const innermost = new Map<number, string>();
  for (const { node } of widestFirst) {
    // Only the wanted lines within the node's span: a few lines of a long file, not every line of every declaration.
    for (let index = firstAtOrAfter(wanted, node.startLine); index < wanted.length; index += 1) {
      const line = wanted[index] as number;
      if (line > node.endLine) break;
      innermost.set(line, node.qualifiedName);
    }
  }
  return [...new Set(innermost.values())].sort();
}

/** The index of the first value of the ascending array at or after `value` (its length when none is). */
function firstAtOrAfter(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Syntax trees kept for the next version of their path: bounds the memory a long history holds. */
const KEPT_TREES = 256;

/**
 * An edit spanning more than this share of the file is parsed afresh: TypeScript's incremental parser first walks
 * the whole old tree to mark what the edit touches, which costs more than it saves when little can be reused.
 */
const FRESH_PARSE_SHARE = 0.5;

/**
 * The syntax tree of this version of path. `last`: no later version of the path follows, so its tree is not
 * kept (fewer live trees, less for the garbage collector to walk).
 */
export type VersionParser = (path: string, text: string, last?: boolean) => ts.SourceFile;

/**
 * Parses successive versions of files, oldest first, each from the previous version of its path when there is
 * one: TypeScript's incremental parser reuses every node outside the span that changed (one span, from the first
 * to the last character that differ), so a commit that edits a few lines of a large file costs a few lines.
 */
export function createVersionParser(): VersionParser {
  const previous = new Map<string, ts.SourceFile>();
  return (path, text, last = false) => {
    const before = previous.get(path);
    const sourceFile = before === undefined ? parseSource(path, text) : reparse(before, text);
    previous.delete(path);
    if (last) return sourceFile;
    previous.set(path, sourceFile);
    if (previous.size > KEPT_TREES) previous.delete(previous.keys().next().value as string);
    return sourceFile;
  };
}

function reparse(before: ts.SourceFile, text: string): ts.SourceFile {
  const old = before.text;
  if (old === text) return before;
  const shorter = Math.min(old.length, text.length);
  let prefix = 0;
  while (prefix < shorter && old.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix += 1;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)
  )
    suffix += 1;
  const newLength = text.length - prefix - suffix;
  if (newLength > text.length * FRESH_PARSE_SHARE) return parseSource(before.fileName, text);
  return ts.updateSourceFile(before, text, {
    span: { start: prefix, length: old.length - prefix - suffix },
    newLength,
  });
}

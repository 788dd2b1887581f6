/**
 * Two snapshots of one codebase parsed together (`ts-graph diff base.jsonl head.jsonl`). Snapshots are
 * deterministic and sorted, so two of nearby commits share nearly all their lines, character for character.
 * Head is parsed whole; of base, only the lines head does not have are parsed, and each line head has too is
 * head's entry (the same text parses to the same value). On effect@3.22.4 this spares one JSON.parse of
 * 17 MB (docs/performance.md, The graph in CI).
 */
import {
  bodyLines,
  groupEntries,
  type ParsedSnapshot,
  parseEntries,
  parseObjectLines,
  snapshotBody,
} from "./snapshot-load.js";

export interface SnapshotText {
  readonly text: string;
  /** How errors name the snapshot (its path as given). */
  readonly label: string;
}

/** How far ahead the alignment looks for a line again after a difference: a longer run of added or removed lines is parsed, not reused. */
const LOOKAHEAD = 64;

/**
 * For each base line, the index of an identical head line, or -1. Walks both in step (the common case: the
 * same line), and past a difference looks up to LOOKAHEAD lines ahead on either side for the line the
 * other side is at. Any identical pair is a correct reuse; a poor alignment only costs parsing.
 */
function alignLines(base: readonly string[], head: readonly string[]): Int32Array {
  const from = new Int32Array(base.length).fill(-1);
  let i = 0;
  let j = 0;
  while (i < base.length && j < head.length) {
    if (base[i] === head[j]) {
      from[i] = j;
      i += 1;
      j += 1;
      continue;
    }
    let skipped = false;
    for (let step = 1; step <= LOOKAHEAD && !skipped; step += 1) {
      if (i + step < base.length && base[i + step] === head[j]) {
        i += step;
        skipped = true;
      } else if (j + step < head.length && base[i] === head[j + step]) {
        j += step;
        skipped = true;
      }
    }
    if (!skipped) {
      i += 1;
      j += 1;
    }
  }
  return from;
}

/** Parses both snapshots as parseSnapshot does (same values, same errors), base reusing head's entries for the lines they share. */
export function parseSnapshotPair(
  base: SnapshotText,
  head: SnapshotText,
): { base: ParsedSnapshot; head: ParsedSnapshot } {
  const baseBody = snapshotBody(base.text, base.label);
  const headBody = snapshotBody(head.text, head.label);
  const headEntries = parseEntries(headBody, head.label);
  const headLines = bodyLines(headBody);
  const baseLines = bodyLines(baseBody);
  const from = alignLines(baseLines, headLines);
  const missing: number[] = [];
  for (let index = 0; index < baseLines.length; index += 1) if ((from[index] ?? -1) < 0) missing.push(index);
  const parsed = missing.length === 0 ? [] : parseObjectLines(missing.map((index) => baseLines[index]).join(","));
  // A line that is no JSON object: the whole parse names it, as parseSnapshot would.
  if (parsed === undefined)
    return { base: groupEntries(parseEntries(baseBody, base.label)), head: groupEntries(headEntries) };
  const baseEntries: Record<string, unknown>[] = new Array(baseLines.length);
  for (let index = 0; index < baseLines.length; index += 1) {
    const shared = headEntries[from[index] ?? -1];
    if (shared !== undefined) baseEntries[index] = shared;
  }
  missing.forEach((line, order) => {
    baseEntries[line] = parsed[order] as Record<string, unknown>;
  });
  return { base: groupEntries(baseEntries), head: groupEntries(headEntries) };
}

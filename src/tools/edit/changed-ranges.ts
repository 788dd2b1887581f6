/**
 * Where two versions of one file differ, as ranges of each version's text, and which ranges of the file a
 * diagnostics comparison limited to regions checks on each side (edit-flow.ts: a large file is checked only
 * around the edit). Pure.
 */

/** A span of a text: UTF-16 offsets, `end` excluded. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** The same change seen in both versions: `before[i]` became `after[i]`. */
export interface ChangedRanges {
  readonly before: readonly TextRange[];
  readonly after: readonly TextRange[];
}

/** Offsets at which each line starts (line 1 at index 0). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}

/**
 * The ranges where `before` and `after` differ. When both have the same number of lines (a rename, a body
 * edit that keeps its line count), each run of differing lines is its own range, so edits far apart in a
 * long file stay apart; otherwise one range from the first difference to the last (common prefix and suffix).
 */
export function changedRanges(before: string, after: string): ChangedRanges {
  if (before === after) return { before: [], after: [] };
  const oldStarts = lineStarts(before);
  const newStarts = lineStarts(after);
  if (oldStarts.length === newStarts.length) {
    const ranges: { before: TextRange[]; after: TextRange[] } = { before: [], after: [] };
    const lineEnd = (text: string, starts: readonly number[], line: number): number => starts[line + 1] ?? text.length;
    let line = 0;
    while (line < oldStarts.length) {
      const same = (index: number): boolean =>
        before.slice(oldStarts[index], lineEnd(before, oldStarts, index)) ===
        after.slice(newStarts[index], lineEnd(after, newStarts, index));
      if (same(line)) {
        line += 1;
        continue;
      }
      const first = line;
      while (line < oldStarts.length && !same(line)) line += 1;
      ranges.before.push({ start: oldStarts[first] ?? 0, end: lineEnd(before, oldStarts, line - 1) });
      ranges.after.push({ start: newStarts[first] ?? 0, end: lineEnd(after, newStarts, line - 1) });
    }
    return ranges;
  }
  let prefix = 0;
  const shorter = Math.min(before.length, after.length);
  while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix += 1;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix += 1;
  return {
    before: [{ start: prefix, end: before.length - suffix }],
    after: [{ start: prefix, end: after.length - suffix }],
  };
}

/**
 * Where an offset of the old text is in the new one: moved by the change of length of every changed range
 * that ends at or before it; an offset inside a changed range goes to that range's start (or end, `toEnd`).
 */
export function mapOffset(changes: ChangedRanges, offset: number, toEnd = false): number {
  let shift = 0;
  for (const [index, old] of changes.before.entries()) {
    const now = changes.after[index];
    if (now === undefined || offset < old.start) break;
    if (offset < old.end) return toEnd ? now.end : now.start;
    shift = now.end - old.end;
  }
  return offset + shift;
}

/**
 * The ranges of each version a diagnostics comparison checks for one file: the changed ranges, plus the
 * declarations `spans` names in the old text (those that use what the edit changed), mapped to the new text.
 */
export function regionsOf(changes: ChangedRanges, spans: readonly TextRange[]): ChangedRanges {
  return {
    before: [...changes.before, ...spans],
    after: [
      ...changes.after,
      ...spans.map((span) => ({ start: mapOffset(changes, span.start), end: mapOffset(changes, span.end, true) })),
    ],
  };
}

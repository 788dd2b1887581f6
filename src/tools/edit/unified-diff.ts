/**
 * A unified diff (`diff -u` style, 3 lines of context) between two versions of one file. Pure. Line endings
 * are not shown (a CRLF file's lines end without `\r`); the edit tools keep them as the file has them.
 */

const CONTEXT = 3;
/** Above this many cells the middle of the two versions is shown as one block instead of a line-by-line match. */
const MAX_MATCH_CELLS = 4_000_000;

type Step = { readonly kind: " " | "-" | "+"; readonly line: string };

function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The longest common subsequence of two line lists, as steps (kept, removed, added). */
function matchLines(before: readonly string[], after: readonly string[]): Step[] {
  const rows = before.length;
  const columns = after.length;
  if (rows * columns > MAX_MATCH_CELLS) {
    return [
      ...before.map((line) => ({ kind: "-" as const, line })),
      ...after.map((line) => ({ kind: "+" as const, line })),
    ];
  }
  const lengths = Array.from({ length: rows + 1 }, () => new Uint32Array(columns + 1));
  for (let i = rows - 1; i >= 0; i -= 1) {
    const row = lengths[i] as Uint32Array;
    const below = lengths[i + 1] as Uint32Array;
    for (let j = columns - 1; j >= 0; j -= 1) {
      row[j] = before[i] === after[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  while (i < rows || j < columns) {
    if (i < rows && j < columns && before[i] === after[j]) {
      steps.push({ kind: " ", line: before[i] ?? "" });
      i += 1;
      j += 1;
    } else if (i < rows && (j === columns || (lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0))) {
      steps.push({ kind: "-", line: before[i] ?? "" });
      i += 1;
    } else {
      steps.push({ kind: "+", line: after[j] ?? "" });
      j += 1;
    }
  }
  return steps;
}

function range(start: number, count: number): string {
  return count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
}

/** The diff of `before` → `after` for `file`, or "" when they are the same. */
export function unifiedDiff(file: string, before: string, after: string): string {
  if (before === after) return "";
  const oldLines = splitLines(before);
  const newLines = splitLines(after);
  let prefix = 0;
  while (prefix < oldLines.length && prefix < newLines.length && oldLines[prefix] === newLines[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < oldLines.length - prefix &&
    suffix < newLines.length - prefix &&
    oldLines[oldLines.length - 1 - suffix] === newLines[newLines.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  const steps: Step[] = [
    ...oldLines.slice(0, prefix).map((line) => ({ kind: " " as const, line })),
    ...matchLines(oldLines.slice(prefix, oldLines.length - suffix), newLines.slice(prefix, newLines.length - suffix)),
    ...oldLines.slice(oldLines.length - suffix).map((line) => ({ kind: " " as const, line })),
  ];
  const hunks: string[] = [];
  let index = 0;
  let oldLine = 1;
  let newLine = 1;
  while (index < steps.length) {
    if (steps[index]?.kind === " ") {
      index += 1;
      oldLine += 1;
      newLine += 1;
      continue;
    }
    // A change: open a hunk with up to CONTEXT lines before it, and extend it while changes are near.
    const lead = Math.min(CONTEXT, index, oldLine - 1);
    let start = index - lead;
    let end = index;
    for (let quiet = 0; end < steps.length && quiet <= 2 * CONTEXT; end += 1)
      quiet = steps[end]?.kind === " " ? quiet + 1 : 0;
    // Trim trailing context down to CONTEXT lines.
    let trailing = 0;
    while (end > start && steps[end - 1]?.kind === " ") {
      end -= 1;
      trailing += 1;
    }
    end += Math.min(trailing, CONTEXT);
    const slice = steps.slice(start, end);
    const oldCount = slice.filter((step) => step.kind !== "+").length;
    const newCount = slice.filter((step) => step.kind !== "-").length;
    const oldStart = oldLine - lead;
    const newStart = newLine - lead;
    hunks.push(
      `@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@`,
      ...slice.map((step) => step.kind + step.line),
    );
    for (start = index; start < end; start += 1) {
      const kind = steps[start]?.kind;
      if (kind !== "+") oldLine += 1;
      if (kind !== "-") newLine += 1;
    }
    index = end;
  }
  return [`--- a/${file}`, `+++ b/${file}`, ...hunks, ""].join("\n");
}

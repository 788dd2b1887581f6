/**
 * A unified diff of two texts that differ in one region (what a setup edit does): the common leading and
 * trailing lines are context, the rest is one hunk. Correct for any two texts, minimal for one edit. No IO.
 */
export function unifiedDiff(label: string, before: string, after: string, context = 3): string {
  if (before === after) return "";
  const a = before === "" ? [] : before.replace(/\r?\n$/, "").split(/\r?\n/);
  const b = after === "" ? [] : after.replace(/\r?\n$/, "").split(/\r?\n/);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const start = Math.max(0, head - context);
  const endA = Math.min(a.length, a.length - tail + context);
  const endB = Math.min(b.length, b.length - tail + context);
  const lines = [
    ...a.slice(start, head).map((line) => ` ${line}`),
    ...a.slice(head, a.length - tail).map((line) => `-${line}`),
    ...b.slice(head, b.length - tail).map((line) => `+${line}`),
    ...a.slice(a.length - tail, endA).map((line) => ` ${line}`),
  ];
  const range = (from: number, count: number) => `${count === 0 ? from : from + 1},${count}`;
  return `${[`--- ${before === "" ? "/dev/null" : label}`, `+++ ${label}`, `@@ -${range(start, endA - start)} +${range(start, endB - start)} @@`, ...lines].join("\n")}\n`;
}

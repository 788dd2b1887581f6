/** A count with thousands separators, as ts-graph prints counts. */
export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

/** Counts by kind, largest first: `CALLS 1,204 · IMPORTS 310`. */
export function formatKindCounts(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([kind, n]) => `${kind} ${formatCount(n)}`)
    .join(" · ");
}

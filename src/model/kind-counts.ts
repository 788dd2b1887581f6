/**
 * A count with thousands separators, as ts-graph prints counts (`1,204`; what `toLocaleString("en-US")`
 * prints for an integer, without its first call's cost: loading the locale data takes 40-80 ms, a tenth of a
 * CLI command's budget).
 */
export function formatCount(n: number): string {
  const [whole = "", fraction] = String(n).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Counts by kind, largest first: `CALLS 1,204 · IMPORTS 310`. */
export function formatKindCounts(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([kind, n]) => `${kind} ${formatCount(n)}`)
    .join(" · ");
}

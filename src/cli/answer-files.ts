/** At most this many strings of an answer are looked at (an answer is capped well below it). */
const MAX_STRINGS = 50_000;

/**
 * The paths an answer may name: every string in it, and the part before the first `:` of each (a node key is
 * `file:Name`). Most are not files; the freshness check skips those the graph does not hold.
 */
export function pathsNamedIn(answer: unknown): Set<string> {
  const named = new Set<string>();
  const pending: unknown[] = [answer];
  let seen = 0;
  while (pending.length > 0 && seen < MAX_STRINGS) {
    const value = pending.pop();
    if (typeof value === "string") {
      seen += 1;
      named.add(value);
      const colon = value.indexOf(":");
      if (colon > 0) named.add(value.slice(0, colon));
    } else if (Array.isArray(value)) pending.push(...value);
    else if (typeof value === "object" && value !== null) pending.push(...Object.values(value));
  }
  return named;
}

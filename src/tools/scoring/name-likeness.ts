/**
 * How alike two declarations' qualified names are, by the words they are made of: `$ZodStringFormat.check`
 * is the words zod, string, format, check. Parallel declarations are named alike (a type and its factory, a
 * schema in two flavours, a parser and its error codes) and tend to change together; co-change uses this as a
 * small part of a symbol-level score (tools/scoring/cochange-scores.ts).
 */

/** The words of a qualified name, lower-cased: camel-case humps, acronyms and every separator split; a `#variant` disambiguation dropped. */
export function nameWords(qualifiedName: string): ReadonlySet<string> {
  const words = qualifiedName
    .replace(/#[^.]*/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return new Set(words.filter((word) => word.length > 1));
}

/** The share of words the two names have in common (Jaccard: shared words over all words), 0 to 1. */
export function nameLikeness(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared === 0 ? 0 : shared / (a.size + b.size - shared);
}

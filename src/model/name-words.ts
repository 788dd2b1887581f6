/**
 * Words of an identifier, for symbol search: `getUserById` → get, User, By, Id; `HTTPServer` → HTTP, Server;
 * `user-service.ts` → user, service, ts. The graph stores each node's *humps* (the first letter of every word,
 * lower case: `gubi`) so that camel-hump queries are a prefix range on an index. This module is the one place
 * that splits names; the store and the find tool both use it.
 */

/** One word: an upper-case run before a capitalised word, a capitalised or lower-case word, or what is left. */
const WORD = /\p{Lu}{2,}(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{N}]+|\p{Lu}+\p{N}*|[^\p{Lu}\p{Ll}]+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;

export function nameWords(name: string): string[] {
  return name.split(SEPARATORS).flatMap((part) => part.match(WORD) ?? []);
}

/** First letter of every word, lower case: what `nodes.humps` holds. */
export function nameHumps(name: string): string {
  return nameWords(name)
    .map((word) => (word[0] ?? "").toLowerCase())
    .join("");
}

/**
 * The segments a camel-hump query is made of: a new segment starts at every upper-case letter and after
 * every separator (`gUBI` → g, U, B, I; `getUsBy` → get, Us, By).
 */
export function querySegments(query: string): string[] {
  return query.split(SEPARATORS).flatMap((part) => part.match(/\P{Lu}+|\p{Lu}\P{Lu}*/gu) ?? []);
}

/**
 * The humps every name a query can camel-hump match begins with: the first letters of its segments, and,
 * for an all-lower-case query, the query itself read as initials (`gubi`). Each is a prefix range on humps.
 */
export function queryHumpPrefixes(query: string): string[] {
  const prefixes = new Set<string>();
  const segments = querySegments(query);
  if (segments.length > 1) prefixes.add(segments.map((segment) => (segment[0] ?? "").toLowerCase()).join(""));
  if (isInitials(query)) prefixes.add(query);
  return [...prefixes];
}

/** An all-lower-case query of letters and digits may be typed as initials (`gubi` for getUserById). */
function isInitials(query: string): boolean {
  return query.length >= 2 && /^[\p{Ll}\p{N}]+$/u.test(query);
}

/**
 * Whether `query` camel-hump matches `name`: its segments are prefixes (ignoring case) of consecutive words
 * of the name from the first word on (`gUBI`, `getUsBy` → getUserById), or, for an all-lower-case query,
 * its letters are the initials of consecutive words from the first (`gubi`). Words after the last matched
 * one are allowed. A query that is one segment only is a prefix, not a camel-hump.
 */
export function camelHumpMatches(query: string, name: string): boolean {
  const words = nameWords(name).map((word) => word.toLowerCase());
  const segments = querySegments(query).map((segment) => segment.toLowerCase());
  if (
    segments.length > 1 &&
    segments.length <= words.length &&
    segments.every((segment, index) => words[index]?.startsWith(segment) === true)
  ) {
    return true;
  }
  return (
    isInitials(query) &&
    query.length <= words.length &&
    [...query].every((letter, index) => words[index]?.startsWith(letter) === true)
  );
}

import type { ChangedNames } from "./change-propagation.js";
import { NON_RELATIVE, specifierTarget } from "./module-stem.js";

/**
 * Cheap tests on a file's text that planning runs before it parses the file: each lets through every file
 * the exact test after it may accept.
 */

const MODULE_SPECIFIER = /\b(?:from|import|require)\s*\(?\s*["'`]([^"'`\n]+)["'`]/g;
const NAMESPACE_IMPORT = /\bimport\s+(?:type\s+)?\*\s*as\s+([\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*)/gu;
const QUALIFIER_BEFORE = /([\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*)(\??\.)\s*$/u;
const RE_EXPORT = /\bexport\s*(?:type\s*)?(?:\*|\{[^}]*\})\s*(?:as\s+[^\s;]+\s*)?from\s*["'`]/;
/** `this` and `super` start a member access; any other identifier may be an import or a global. */
const MEMBER_QUALIFIERS = new Set(["this", "super"]);
const IDENTIFIER_PART = /[\p{ID_Continue}$\u200C\u200D]/u;

/** Lets through every file with an `export … from` statement. */
export function reExportsIn(text: string | undefined): boolean {
  return text !== undefined && RE_EXPORT.test(text);
}

/**
 * Lets through every file dependsOnChanged may accept, without parsing it: one that mentions a changed
 * member, key or global; one that writes `q.name` for a changed name, where `q` is not one of its namespace
 * imports; or one that imports from a file in which names changed.
 */
export function mayDependOn(
  path: string,
  text: string,
  names: ChangedNames,
  mentions: (path: string, names: Iterable<string>) => boolean,
  importedStems: ReadonlySet<string>,
): boolean {
  if (mentions(path, names.member) || mentions(path, names.key) || mentions(path, names.global)) return true;
  for (const match of text.matchAll(MODULE_SPECIFIER)) {
    const target = specifierTarget(path, match[1] ?? "");
    for (const stem of target === NON_RELATIVE ? importedStems : [target]) {
      if (
        names.changedTargets.has(stem) ||
        names.anyNameTargets.has(stem) ||
        [...names.moduleTargets.values()].some((stems) => stems.has(stem))
      )
        return true;
    }
  }
  const namespaces = new Set([...text.matchAll(NAMESPACE_IMPORT)].map((match) => match[1]));
  for (const name of names.module.keys()) {
    if (!mentions(path, [name])) continue;
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      if (IDENTIFIER_PART.test(text.charAt(at + name.length))) continue;
      const qualifier = QUALIFIER_BEFORE.exec(text.slice(Math.max(0, at - 80), at));
      // `).name` and `this.name` are member accesses, `ns.name` an export of a namespace import (checked above).
      const root = qualifier?.[1];
      if (root !== undefined && !namespaces.has(root) && !MEMBER_QUALIFIERS.has(root)) return true;
    }
  }
  return false;
}

/** How often a name occurs in a text as a whole identifier. */
export function occurrencesOf(text: string, name: string): number {
  let count = 0;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
    const before = text.charAt(at - 1);
    if (!IDENTIFIER_PART.test(before) && !IDENTIFIER_PART.test(text.charAt(at + name.length))) count += 1;
  }
  return count;
}

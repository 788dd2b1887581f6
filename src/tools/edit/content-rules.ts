import type { ContentDeclarations, DeclarationSite } from "../../model/edit-ports.js";
import { plural } from "../answer/text.js";

/**
 * What the edit tools refuse or adjust in content before planning an edit, from its text and what it declares.
 * Pure: the caller turns a refusal into an error and a kept part into a note of the answer.
 */

/** A lone UTF-16 surrogate of content: UTF-8 cannot encode it, so it would be written as U+FFFD. */
export interface LoneSurrogate {
  readonly line: number;
  readonly column: number;
  /** `U+D800`. */
  readonly unit: string;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function loneSurrogateIn(content: string): LoneSurrogate | undefined {
  const match = LONE_SURROGATE.exec(content);
  if (match === null) return undefined;
  const before = content.slice(0, match.index);
  const lineStart = before.lastIndexOf("\n") + 1;
  return {
    line: before.split("\n").length,
    column: match.index - lineStart + 1,
    unit: `U+${(match[0].codePointAt(0) ?? 0).toString(16).toUpperCase()}`,
  };
}

/** Content with each lone surrogate as U+FFFD, what writing it in UTF-8 makes of it. */
export function withoutLoneSurrogates(content: string): string {
  return content.replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD");
}

/**
 * Why content would replace a declaration by another name, if it would: it declares names, none of them the
 * target's; or it declares nothing at all. Content with a name the syntax cannot read (a computed key) passes.
 */
export function renameBy(declared: ContentDeclarations, name: string): string | undefined {
  if (declared.names.includes(name) || declared.unnamed) return undefined;
  if (declared.names.length === 0) return `the content declares nothing, so ${name} would vanish`;
  const names = declared.names.map((other) => `\`${other}\``).join(", ");
  return `the content declares ${names}, not ${name}: ${name} would vanish and its doc comment would stay above the new name`;
}

/**
 * The part of an overloaded declaration a replace changes. Content that gives the target's name an overload
 * signature replaces every signature and the implementation (refused when it brings signatures without an
 * implementation the target has); content with the implementation alone replaces the implementation (and
 * its own comments and decorators), keeping the signatures and their doc comments. Content that does not
 * declare the name at all (a replace with allowRename) replaces everything.
 */
export type OverloadChoice =
  | { readonly ok: true; readonly site: DeclarationSite; readonly note?: string }
  | { readonly ok: false; readonly why: string };

export function overloadChoice(site: DeclarationSite, declared: ContentDeclarations, name: string): OverloadChoice {
  const { implementation } = site;
  // Content that does not declare the name (allowRename) replaces the whole declaration: no signature is left without its implementation.
  if (implementation === undefined || !declared.names.includes(name)) return { ok: true, site };
  if (declared.signatures.includes(name)) {
    if (declared.implementations.includes(name)) return { ok: true, site };
    return {
      ok: false,
      why: `the content gives ${name} overload signatures but no implementation, and the declaration has one; give the implementation too (content with overload signatures replaces every signature and the implementation)`,
    };
  }
  const signatures = plural(implementation.signatures, "overload signature");
  return {
    ok: true,
    site: {
      key: site.key,
      container: site.container,
      notEditable: site.notEditable,
      commentStart: implementation.commentStart,
      start: implementation.start,
      startAfterDecorators: implementation.startAfterDecorators,
      end: site.end,
      nameStart: implementation.nameStart,
    },
    note: `kept ${signatures} and their doc comments: content without overload signatures replaces the implementation only (give the signatures in the content to replace them too)`,
  };
}

import type { StoredSurface } from "../db/graph-store.js";
import type { ExtractedNode } from "../model/extracted.js";
import { parseNodeKey } from "../model/node-key.js";

/** What changed in what one file shows other files, and so which other files may resolve differently. */
export interface SurfaceChange {
  /** Identifier tokens of every declaration added, removed or changed: files mentioning none cannot be affected. */
  readonly tokens: ReadonlySet<string>;
  /** Keys that no longer exist: files holding edges into them must be re-resolved. */
  readonly vanishedKeys: readonly string[];
  /**
   * Every importer must be re-resolved: a declaration that existed before changed what other files see
   * (or vanished), or the file's re-exports or default export changed. Pure additions do not count.
   */
  readonly allImporters: boolean;
}

const IDENTIFIER = /[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*/gu;

/** The identifier tokens of a node name (`[Symbol.iterator]` → `Symbol`, `iterator`; `Money#namespace` → `Money`). */
export function nameTokens(name: string): string[] {
  return name.replace(/#.*$/, "").match(IDENTIFIER) ?? [];
}

function isInferred(surface: string): boolean {
  return surface.startsWith("i:");
}

/**
 * Compares a file's stored declarations with its new ones. When a declaration whose type is inferred
 * changes or disappears, the file's other inferred declarations that mention it (transitively) may have
 * new types too, so they count as changed. An added declaration changes no existing type.
 *
 * @param inferredTexts the text of each of the file's inferred declarations now, by key
 */
export function compareSurfaces(
  before: readonly StoredSurface[],
  after: readonly ExtractedNode[],
  defaultExportedNames: ReadonlySet<string>,
  inferredTexts: ReadonlyMap<string, string> = new Map(),
): SurfaceChange {
  const tokens = new Set<string>();
  const vanishedKeys: string[] = [];
  const oldByKey = new Map(before.map((node) => [node.key, node]));
  const newKeys = new Set<string>(after.map((node) => node.key));
  const changedInferredTokens = new Set<string>();
  let allImporters = false;
  const changed = (name: string, inferredChange: boolean, isFile: boolean): void => {
    if (isFile) {
      allImporters = true;
      return;
    }
    for (const token of nameTokens(name)) {
      tokens.add(token);
      if (inferredChange) changedInferredTokens.add(token);
    }
    if (name === "default" || defaultExportedNames.has(name)) allImporters = true;
  };
  for (const node of after) {
    const old = oldByKey.get(node.key);
    const isDefault = node.modifiers.includes("default");
    if (old === undefined) changed(node.name, false, node.kind === "File");
    else if (old.surface !== node.surface) {
      changed(node.name, isInferred(old.surface) || isInferred(node.surface), node.kind === "File");
      if (isDefault || node.exported || old.exported) allImporters = true;
    }
  }
  for (const old of before) {
    if (newKeys.has(old.key)) continue;
    vanishedKeys.push(old.key);
    if (old.exported) allImporters = true;
    changed(old.name, isInferred(old.surface), parseNodeKey(old.key).qualifiedName === undefined);
  }
  propagateThroughInferred(after, inferredTexts, changedInferredTokens, tokens);
  return { tokens, vanishedKeys, allImporters };
}

/** Adds the names of inferred declarations whose text mentions a changed name, until nothing more is added. */
function propagateThroughInferred(
  after: readonly ExtractedNode[],
  inferredTexts: ReadonlyMap<string, string>,
  frontier: Set<string>,
  tokens: Set<string>,
): void {
  const pending = after.filter((node) => isInferred(node.surface) && inferredTexts.has(node.key));
  let grew = frontier.size > 0;
  while (grew) {
    grew = false;
    for (let index = pending.length - 1; index >= 0; index -= 1) {
      const node = pending[index];
      if (node === undefined || !mentionsAny(inferredTexts.get(node.key) ?? "", frontier)) continue;
      pending.splice(index, 1);
      for (const token of nameTokens(node.name)) {
        if (!frontier.has(token)) grew = true;
        frontier.add(token);
        tokens.add(token);
      }
    }
  }
}

/** Whether a file's text mentions any of the tokens as a whole identifier. */
export function mentionsAny(text: string, tokens: ReadonlySet<string>): boolean {
  const present = new Set<string>();
  for (const token of tokens) if (text.includes(token)) present.add(token);
  if (present.size === 0) return false;
  for (const match of text.matchAll(IDENTIFIER)) if (present.has(match[0])) return true;
  return false;
}

import type { StoredSurface } from "../db/graph-store.js";
import type { ExtractedNode } from "../model/extracted.js";
import { parseNodeKey } from "../model/node-key.js";

/** What changed in what one file shows other files, and so which other files may resolve differently. */
export interface SurfaceChange {
  /** Identifier tokens of every declaration added, removed or changed: files mentioning none cannot be affected. */
  readonly tokens: ReadonlySet<string>;
  /** Keys that no longer exist: files holding edges into them must be re-resolved. */
  readonly vanishedKeys: readonly string[];
  /** The file's re-exports or its default export changed: every importer must be re-resolved. */
  readonly allImporters: boolean;
}

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/** The identifier tokens of a node name (`[Symbol.iterator]` → `Symbol`, `iterator`; `Money#namespace` → `Money`). */
export function nameTokens(name: string): string[] {
  return name.replace(/#.*$/, "").match(IDENTIFIER) ?? [];
}

function isInferred(surface: string): boolean {
  return surface.startsWith("i:");
}

/**
 * Compares a file's stored declarations with its new ones. A declaration whose type is inferred can change
 * the inferred types of the file's other declarations, so when one changes, every exported inferred
 * declaration of the file counts as changed too.
 */
export function compareSurfaces(
  before: readonly StoredSurface[],
  after: readonly ExtractedNode[],
  defaultExportedNames: ReadonlySet<string>,
): SurfaceChange {
  const tokens = new Set<string>();
  const vanishedKeys: string[] = [];
  const oldByKey = new Map(before.map((node) => [node.key, node]));
  const newKeys = new Set<string>(after.map((node) => node.key));
  let allImporters = false;
  let inferredChanged = false;
  const changed = (name: string, inferred: boolean, isFile: boolean): void => {
    if (isFile) {
      allImporters = true;
      return;
    }
    for (const token of nameTokens(name)) tokens.add(token);
    if (inferred) inferredChanged = true;
    if (name === "default" || defaultExportedNames.has(name)) allImporters = true;
  };
  for (const node of after) {
    const old = oldByKey.get(node.key);
    if (old === undefined) changed(node.name, isInferred(node.surface), node.kind === "File");
    else if (old.surface !== node.surface) {
      changed(node.name, isInferred(old.surface) || isInferred(node.surface), node.kind === "File");
    }
  }
  for (const old of before) {
    if (newKeys.has(old.key)) continue;
    vanishedKeys.push(old.key);
    changed(old.name, isInferred(old.surface), parseNodeKey(old.key).qualifiedName === undefined);
  }
  if (inferredChanged) {
    for (const node of after) if (node.exported && isInferred(node.surface)) for (const token of nameTokens(node.name)) tokens.add(token);
  }
  return { tokens, vanishedKeys, allImporters };
}

/** Whether a file's text mentions any of the tokens as a whole identifier. */
export function mentionsAny(text: string, tokens: ReadonlySet<string>): boolean {
  if (tokens.size === 0) return false;
  for (const match of text.matchAll(IDENTIFIER)) if (tokens.has(match[0])) return true;
  return false;
}

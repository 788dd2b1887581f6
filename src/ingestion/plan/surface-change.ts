import type { StoredSurface } from "../../db/graph-store.js";
import { SCRIPT_SURFACE_PREFIX, type ExtractedNode } from "../../model/extracted.js";
import type { NodeKind } from "../../model/graph-kinds.js";

/** What changed in what one file shows other files, and so which other files may resolve differently. */
export interface SurfaceChange {
  /** Identifier tokens of every declaration added, removed or changed: files mentioning none cannot be affected. */
  readonly tokens: ReadonlySet<string>;
  /** The tokens that name module-level declarations (or removed ones, which may have been either). */
  readonly moduleTokens: ReadonlySet<string>;
  /** Those of them that only name declarations added, none changed or removed. */
  readonly addedModuleTokens: ReadonlySet<string>;
  /** The tokens that name class, interface or object-literal members (or removed declarations). */
  readonly memberTokens: ReadonlySet<string>;
  /** The keys of changed members with computed names (see nameParts). */
  readonly keyTokens: ReadonlySet<string>;
  /** Keys that no longer exist: files holding edges into them must be re-resolved. */
  readonly vanishedKeys: readonly string[];
  /**
   * Every importer must be re-resolved: a declaration that existed before changed what other files see
   * (or vanished), or the file's re-exports or default export changed. Pure additions do not count.
   */
  readonly allImporters: boolean;
  /** The default export changed: importers name it as they like, so their default imports changed too. */
  readonly defaultChanged: boolean;
  /** The file's re-export and export-list statements changed. */
  readonly exportsChanged: boolean;
}

/** Kinds of nodes that other code reaches as members (`x.name`), not by bare names. */
export const MEMBER_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Method", "Property", "Constructor"]);

const IDENTIFIER = /[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*/gu;

/** The identifier tokens of a node name (`[Symbol.iterator]` → `Symbol`, `iterator`; `Money#namespace` → `Money`). */
export function nameTokens(name: string): string[] {
  return name.replace(/#.*$/, "").match(IDENTIFIER) ?? [];
}

/** How other code names a declaration, by the kind of reference that reaches it (see change-propagation.ts). */
export interface NameParts {
  readonly module: readonly string[];
  readonly member: readonly string[];
  /** The last identifier of a computed member name (`[Equal.symbol]` → `symbol`): reached as `x[Equal.symbol]`. */
  readonly key: readonly string[];
}

/**
 * The names other code reaches a declaration by: a module-level declaration by its name, a member by its
 * name (a computed name in quotes is a plain name, `["OnStep"]`), a member with any other computed name by
 * the key's last identifier.
 */
export function nameParts(name: string, kind: NodeKind): NameParts {
  const tokens = nameTokens(name);
  const computedKey = /^\[(?!["'`])/.test(name);
  const last = tokens[tokens.length - 1];
  const key = computedKey && last !== undefined ? [last] : [];
  if (!MEMBER_KINDS.has(kind)) return { module: tokens, member: [], key: [] };
  return computedKey ? { module: [], member: [], key } : { module: [], member: tokens, key: [] };
}

/** Every identifier token of a text (keywords, and words in comments and strings, included). */
export function identifiersIn(text: string): Set<string> {
  return new Set(text.match(IDENTIFIER));
}

/**
 * Compares a file's stored declarations with its new ones: the names of declarations added, removed or
 * with a changed surface. How the change spreads to other declarations is change-propagation.ts's work.
 */
export function compareSurfaces(
  before: readonly StoredSurface[],
  after: readonly ExtractedNode[],
  defaultExportedNames: ReadonlySet<string>,
): SurfaceChange {
  const tokens = new Set<string>();
  const moduleTokens = new Set<string>();
  const memberTokens = new Set<string>();
  const keyTokens = new Set<string>();
  const vanishedKeys: string[] = [];
  const oldByKey = new Map(before.map((node) => [node.key, node]));
  const newKeys = new Set<string>(after.map((node) => node.key));
  let allImporters = false;
  let defaultChanged = false;
  let exportsChanged = false;
  const notOnlyAdded = new Set<string>();
  const added = new Set<string>();
  const changed = (name: string, isFile: boolean, kind: NodeKind, isNew = false): void => {
    if (isFile) {
      allImporters = true;
      exportsChanged = true;
      return;
    }
    for (const token of nameTokens(name)) tokens.add(token);
    const parts = nameParts(name, kind);
    for (const token of parts.module) {
      moduleTokens.add(token);
      (isNew ? added : notOnlyAdded).add(token);
    }
    for (const token of parts.member) memberTokens.add(token);
    for (const token of parts.key) keyTokens.add(token);
    if (name === "default" || defaultExportedNames.has(name)) {
      allImporters = true;
      defaultChanged = true;
    }
  };
  for (const node of after) {
    const old = oldByKey.get(node.key);
    if (old === undefined) changed(node.name, node.kind === "File", node.kind, true);
    else if (old.surface !== node.surface) {
      changed(node.name, node.kind === "File", node.kind);
      if (node.exported || old.exported) allImporters = true;
      if (node.modifiers.includes("default")) defaultChanged = allImporters = true;
    }
  }
  if (scriptnessChanged(before, after)) {
    // Its declarations became global or stopped being global: every file that names one may resolve it differently.
    for (const node of [...before, ...after]) if (node.kind !== "File") changed(node.name, false, node.kind);
  }
  for (const old of before) {
    if (newKeys.has(old.key)) continue;
    vanishedKeys.push(old.key);
    if (old.exported) allImporters = true;
    changed(old.name, old.kind === "File", old.kind);
  }
  const addedModuleTokens = new Set([...added].filter((token) => !notOnlyAdded.has(token)));
  return {
    tokens,
    moduleTokens,
    addedModuleTokens,
    memberTokens,
    keyTokens,
    vanishedKeys,
    allImporters,
    defaultChanged,
    exportsChanged,
  };
}

/** Whether the file was a global script before and a module after, or the other way round. */
function scriptnessChanged(before: readonly StoredSurface[], after: readonly ExtractedNode[]): boolean {
  const isScript = (node: { readonly kind: NodeKind; readonly surface: string } | undefined): boolean | undefined =>
    node === undefined ? undefined : node.surface.startsWith(SCRIPT_SURFACE_PREFIX);
  const wasScript = isScript(before.find((node) => node.kind === "File"));
  const nowScript = isScript(after.find((node) => node.kind === "File"));
  return wasScript !== undefined && nowScript !== undefined && wasScript !== nowScript;
}

/** Whether a file's text mentions any of the tokens as a whole identifier. */
export function mentionsAny(text: string, tokens: ReadonlySet<string>): boolean {
  const present = new Set<string>();
  for (const token of tokens) if (text.includes(token)) present.add(token);
  if (present.size === 0) return false;
  for (const match of text.matchAll(IDENTIFIER)) if (present.has(match[0])) return true;
  return false;
}

import { getLibFiles, ts } from "../../engine/ts6/typescript6.js";
import type { RenamedFile, RenameHint } from "../../model/rename-hint.js";
import { lineOf } from "../extract/declaration-text.js";

/**
 * Why a member's rename (a method, property or accessor, and the overrides TypeScript renames with it) cannot
 * be patched into the graph, if it cannot (rename-patch.ts, ADR 0011). A top-level declaration is reached by
 * its name through scope, which the rename tool checks; a member is reached through types, and types match
 * by member names: a new name that some type already has can make the renamed member override it, collide
 * with it or fit a type it did not fit, which changes what the checker resolves elsewhere, and code that
 * reaches the member by another name (a mapped type's `as` clause) loses its edges without being edited. So
 * the patch asks for more than the rename tool's checks:
 * - every edit renames an identifier (not a string, a computed or string-literal key), outside any
 *   `declare module "…"` or `declare global` (an augmentation merges with declarations the graph does not hold);
 * - the old name is nowhere in the indexed files after the rename, and the new one was nowhere before, except
 *   in comments; neither is a word of TypeScript's library files, nor the last name of a library member an
 *   external edge reaches (the only library types the patch can see);
 * - every edge into a renamed member comes from a line the rename edited, in a file it edited (a use that
 *   reaches the member under another name keeps no edge after the rename), and its OVERRIDES edges join
 *   renamed members only;
 * - the member's container and the types above and below it are classes or interfaces of the indexed files
 *   (an object literal's contextual type, or a package's base class, has members the graph does not hold);
 * - where the project makes keys from other names (a mapped type's `as` clause), no word holds the old name.
 */

/** What the proof reads of the graph and of the indexed files. */
export interface MemberRenameGraph {
  /** Paths of every file the graph holds. */
  indexedPaths(): readonly string[];
  /** A file's text as it is now (the indexed one, for a file the rename did not change). */
  textOf(path: string): string | undefined;
  /** The edges into a node, and its own OVERRIDES edges, with their sites' lines as JSON. */
  edgesAtNode(key: string): readonly { file: string; kind: string; source: string; target: string; lines: string }[];
  /** Whether a node overrides a library member, or an external edge reaches a library member of one of `names`. */
  reachesLibraryMember(key: string, names: readonly string[]): boolean;
  /**
   * Whether the member's container, or a type above or below it through heritage edges, is no class or interface
   * (an object or type literal, whose contextual type may come from a package) or extends or implements a type
   * declared outside the indexed files, whose members the graph does not hold.
   */
  meetsForeignType(key: string): boolean;
}

/**
 * A mapped type that makes its keys from other names (`[K in keyof T as \`get${Capitalize<K>}\`]`, or iterating a
 * template literal type), or a template literal type built from `keyof`: a use through such a key names the member
 * by a name the rename does not edit, and keeps no edge to it.
 */
const DERIVED_KEYS = /\[\s*[\p{ID_Start}$_][\p{ID_Continue}$]*\s+in\s[^\]]*?(?:\sas\s|`)|`[^`]*\$\{[^}`]*\bkeyof\b/u;

/** A renamed file as the patch read it: its parse before the rename, and its text before and after. */
export interface RenamedText {
  readonly renamed: RenamedFile;
  readonly before: ts.SourceFile;
  readonly textAfter: string;
}

const BOM = "\uFEFF";

/** The names as whole words (no identifier character, nor `#` before, on either side). */
function wordPattern(names: readonly string[]): RegExp {
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(
    `(?<![\\p{ID_Continue}$\\u200c\\u200d#])(?:${escaped.join("|")})(?![\\p{ID_Continue}$\\u200c\\u200d])`,
    "gu",
  );
}

/** Whether `position` lies in a comment of the file: in the trivia before a node's first token. */
function inComment(sourceFile: ts.SourceFile, position: number): boolean {
  let node: ts.Node = sourceFile;
  for (;;) {
    const child: ts.Node | undefined = ts.forEachChild(node, (candidate) =>
      candidate.pos <= position && position < candidate.end ? candidate : undefined,
    );
    // Between children (a keyword, a punctuation's trivia): counted as code, which only refuses more.
    if (child === undefined) return false;
    if (position < child.getStart(sourceFile)) return true;
    node = child;
  }
}

/**
 * Where one of `names` occurs in the text outside comments, if it does. In a JavaScript file a comment counts
 * too: its JSDoc types are the checker's types there.
 */
function occurrence(fileName: string, text: string, names: readonly string[]): number | undefined {
  if (!names.some((name) => text.includes(name))) return undefined;
  const pattern = wordPattern(names);
  if (/\.[cm]?jsx?$/.test(fileName)) {
    const at = text.search(pattern);
    return at >= 0 ? at : undefined;
  }
  let parsed: ts.SourceFile | undefined;
  for (const match of text.matchAll(pattern)) {
    parsed ??= ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
    if (!inComment(parsed, match.index)) return match.index;
  }
  return undefined;
}

let libraryTexts: readonly string[] | undefined;

/** Whether one of `names` is a word of TypeScript's library files, comments included (which only refuses more). */
function inLibrary(names: readonly string[]): boolean {
  libraryTexts ??= getLibFiles().map((file) => file.text);
  const pattern = wordPattern(names);
  return libraryTexts.some((text) => names.some((name) => text.includes(name)) && text.search(pattern) >= 0);
}

class NotProven extends Error {}

function fail(why: string): never {
  throw new NotProven(why);
}

/** The lines each edit of the file is on, after checking that each renames an identifier outside an augmentation. */
function editedLines(file: RenamedText, hint: RenameHint): Set<number> {
  const { before, renamed } = file;
  const offset = before.text.startsWith(BOM) ? 1 : 0;
  const lines = new Set<number>();
  for (const edit of renamed.edits) {
    const position = edit.start + offset;
    // The innermost node at the edit, and the declarations around it (parent pointers are not needed).
    const path: ts.Node[] = [before];
    for (;;) {
      // By full extent (leading trivia included): the edit starts a token, so the innermost node so found is that token's.
      const child: ts.Node | undefined = ts.forEachChild(path[path.length - 1] as ts.Node, (candidate) =>
        candidate.pos <= position && position < candidate.end ? candidate : undefined,
      );
      if (child === undefined) break;
      path.push(child);
    }
    const node = path[path.length - 1] as ts.Node;
    if (
      !(ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) ||
      node.text !== hint.oldName ||
      node.getStart(before) !== position
    )
      fail(`an edit of ${renamed.path} renames no identifier (a string or a computed key)`);
    const augmentation = path.some(
      (around) =>
        ts.isModuleDeclaration(around) &&
        (ts.isStringLiteral(around.name) || (around.flags & ts.NodeFlags.GlobalAugmentation) !== 0),
    );
    if (augmentation) fail(`an edit of ${renamed.path} is inside a module augmentation`);
    lines.add(lineOf(before, position));
  }
  return lines;
}

/** The names are nowhere else: the old one after the rename, the new one before it, in the library neither. */
function checkNames(files: readonly RenamedText[], graph: MemberRenameGraph, hint: RenameHint): void {
  if (inLibrary([hint.oldName, hint.newName])) fail(`TypeScript's library declares ${hint.oldName} or ${hint.newName}`);
  const changed = new Map(files.map((file) => [file.renamed.path, file]));
  for (const path of graph.indexedPaths()) {
    const file = changed.get(path);
    if (file !== undefined) {
      if (occurrence(path, file.textAfter, [hint.oldName]) !== undefined)
        fail(`${hint.oldName} is still written in ${path}`);
      if (occurrence(path, file.before.text, [hint.newName]) !== undefined)
        fail(`${hint.newName} was already written in ${path}`);
      continue;
    }
    const text = graph.textOf(path);
    if (text === undefined) fail(`${path} cannot be read`);
    if (occurrence(path, text, [hint.oldName, hint.newName]) !== undefined)
      fail(`${path} names ${hint.oldName} or ${hint.newName} too`);
  }
  checkDerivedNames(files, graph, hint);
}

/** Where the old name is part of a longer word, in any case (`getWidthValue` for `widthValue`), outside comments. */
function partOfWord(fileName: string, text: string, name: string): number | undefined {
  const lower = name.toLowerCase();
  if (!text.toLowerCase().includes(lower)) return undefined;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const whole = new RegExp(`^${escaped}$`, "u");
  let parsed: ts.SourceFile | undefined;
  for (const match of text.matchAll(
    new RegExp(`[\\p{ID_Continue}$\\u200c\\u200d#]*${escaped}[\\p{ID_Continue}$\\u200c\\u200d]*`, "giu"),
  )) {
    if (whole.test(match[0])) continue;
    if (/\.[cm]?jsx?$/.test(fileName)) return match.index;
    parsed ??= ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
    if (!inComment(parsed, match.index)) return match.index;
  }
  return undefined;
}

/**
 * Keys made from other names: where the project has a mapped type's `as` clause or a template literal type built
 * from `keyof`, a use may name the member by a longer word (`getWidthValue`), which the rename does not edit and
 * which keeps no edge; such a word anywhere refuses.
 */
function checkDerivedNames(files: readonly RenamedText[], graph: MemberRenameGraph, hint: RenameHint): void {
  const changed = new Map(files.map((file) => [file.renamed.path, file.textAfter]));
  const texts = graph.indexedPaths().map((path) => ({ path, text: changed.get(path) ?? graph.textOf(path) ?? "" }));
  if (!texts.some(({ text }) => DERIVED_KEYS.test(text))) return;
  for (const { path, text } of texts) {
    if (partOfWord(path, text, hint.oldName) !== undefined)
      fail(
        `${path} has a word that holds ${hint.oldName}, and the project makes keys from other names (a mapped type's \`as\` clause)`,
      );
  }
}

/** Every edge into a renamed member comes from an edited line, and its overrides join renamed members. */
function checkEdges(
  renamedKeys: ReadonlySet<string>,
  lines: ReadonlyMap<string, ReadonlySet<number>>,
  graph: MemberRenameGraph,
  hint: RenameHint,
): void {
  for (const key of renamedKeys) {
    if (graph.reachesLibraryMember(key, [hint.oldName, hint.newName]))
      fail(`${key} or a library member of its name meets a library type`);
    if (graph.meetsForeignType(key))
      fail(`${key} belongs to a type that is no class or interface, or meets a type outside the indexed files`);
    for (const edge of graph.edgesAtNode(key)) {
      if (edge.kind === "CONTAINS" && edge.target === key) continue;
      if (edge.kind === "OVERRIDES") {
        if (!renamedKeys.has(edge.source) || !renamedKeys.has(edge.target))
          fail(`${edge.source} overrides ${edge.target}, not both renamed`);
        continue;
      }
      const edited = lines.get(edge.file);
      if (edited === undefined) fail(`${edge.file} reaches ${key} without being renamed`);
      const sites = JSON.parse(edge.lines) as number[];
      if (sites.some((line) => !edited.has(line)))
        fail(`${edge.file} reaches ${key} from a line the rename did not edit`);
    }
  }
}

/**
 * Why the rename of the members `renamedKeys` (their keys before) cannot be patched, or undefined when it can.
 */
export function memberRenameRefusal(
  renamedKeys: ReadonlySet<string>,
  files: readonly RenamedText[],
  graph: MemberRenameGraph,
  hint: RenameHint,
): string | undefined {
  try {
    const lines = new Map(files.map((file) => [file.renamed.path, editedLines(file, hint)]));
    checkNames(files, graph, hint);
    checkEdges(renamedKeys, lines, graph, hint);
    return undefined;
  } catch (error) {
    if (error instanceof NotProven) return `a member is renamed: ${error.message}`;
    throw error;
  }
}

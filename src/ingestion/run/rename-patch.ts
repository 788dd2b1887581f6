import { ts } from "../../engine/ts6/typescript6.js";
import type { RenamePatch, StoredNodeOutline } from "../../db/graph-store.js";
import type { ExtractedNode } from "../../model/extracted.js";
import type { RenamedFile, RenameHint } from "../../model/rename-hint.js";
import { lineOf, skipOuterExpressions } from "../extract/declaration-text.js";
import { calleeText } from "../extract/edges/call-edges.js";
import { declaredImportNames } from "../extract/edges/import-edges.js";
import { extractDeclarations } from "../extract/extract-declarations.js";
import { parseSource } from "../plan/planning-syntax.js";
import { hashText, type ScannedFile } from "../scan/file-scan.js";
import { type MemberRenameGraph, memberRenameRefusal, type RenamedText } from "./member-rename-proof.js";

/**
 * A rename written by the rename tool, applied to the graph without re-extracting the files it changed
 * (docs/performance.md, Edit tools). TypeScript's rename changes every reference to the declaration and
 * nothing else, so the edges the checker would find after it are those before it, with the keys of the renamed
 * declaration and of its members renamed; what else holds a name's text is redone here from the syntax: the
 * changed files' nodes (extracted again: names, keys, signatures, surfaces, body hashes), the names of their
 * IMPORTS edges and the callee text of their dynamic calls. Whatever the patch cannot be sure of refuses it,
 * with the reason, and the run re-extracts the files as usual:
 * - a hint that does not fit the files (other files changed too, texts that are not the old text with the
 *   edits, a text the graph did not index, edits spanning lines or not replacing the old name);
 * - syntax errors before or after;
 * - declarations that do not pair one to one with the graph's (same kinds and lines, names differing only by
 *   the rename);
 * - a new name that meets another declaration of its scope (a merge, or a key told apart by `#`);
 * - the rename of a method or property that member-rename-proof.ts cannot prove leaves every other resolution
 *   as it was (types match by member names);
 * - an imported name or a dynamic call text the new text does not tell apart;
 * - a name an export list gives that changed (`export { a } from "./m"` renamed to `export { b } from "./m"`), or a
 *   local export that starts or stops naming its declaration otherwise (`export { Impl }` to `export { Core as Impl }`).
 */

/** What the patch reads of the graph being written. */
export interface RenamePatchGraph extends MemberRenameGraph {
  nodeOutlinesOfFile(path: string): StoredNodeOutline[];
  importEdgesOfFile(path: string): { target: string; names: string | null }[];
  dynamicCallsOfFile(path: string): { line: number; expression: string }[];
  syntaxErrorCountOf(path: string): number | undefined;
  /** The hash the graph holds for a file. */
  storedHashOf(path: string): string | undefined;
}

export type PlannedPatch =
  | {
      readonly ok: true;
      readonly patch: RenamePatch /** The changed files' new texts, parsed: the old texts of the next rename. */;
      readonly parsed: readonly ts.SourceFile[];
    }
  | { readonly ok: false; readonly why: string };

class Refused extends Error {}

function refuse(why: string): never {
  throw new Refused(why);
}

const MEMBER_KINDS: ReadonlySet<string> = new Set(["Method", "Property", "Constructor"]);
const BOM = "\uFEFF";

/** The file's text before the rename: its edits undone on the text now (without the BOM, kept). */
function textBefore(renamed: RenamedFile, textNow: string, hint: RenameHint): string {
  const bom = textNow.startsWith(BOM) ? BOM : "";
  let body = textNow.slice(bom.length);
  // The edits in the order of the old text, undone from the first: the text before each is then the old text,
  // so each starts where it started in the old text.
  const edits = [...renamed.edits].sort((a, b) => a.start - b.start);
  let previousEnd = 0;
  for (const edit of edits) {
    if (edit.start < previousEnd) refuse("two edits overlap");
    if (edit.length !== hint.oldName.length) refuse("an edit does not replace the old name");
    if (/[\r\n\u2028\u2029]/.test(edit.text)) refuse("an edit spans lines");
    const at = edit.start;
    if (body.slice(at, at + edit.text.length) !== edit.text) refuse(`${renamed.path} does not hold the rename's edits`);
    body = body.slice(0, at) + hint.oldName + body.slice(at + edit.text.length);
    previousEnd = edit.start + edit.length;
  }
  const before = bom + body;
  if (hashText(before) !== renamed.hashBefore)
    refuse(`${renamed.path} is not the indexed text with the rename's edits`);
  return before;
}

function parseErrorCount(sourceFile: ts.SourceFile): number {
  return (sourceFile as unknown as { readonly parseDiagnostics?: readonly unknown[] }).parseDiagnostics?.length ?? 0;
}

/** The last part of a node's key (`total` of `src/cart.ts:Cart.total`, `a#namespace`); the whole key of a File node. */
function ownSegment(key: string, parentKey: string | undefined): string {
  return parentKey === undefined ? key : key.slice(parentKey.length + 1);
}

/**
 * The old key → new key of every node whose key the rename changed, after checking the nodes pair one to one;
 * the old keys of the members it renamed go to `members`.
 */
function pairNodes(
  path: string,
  stored: readonly StoredNodeOutline[],
  now: readonly ExtractedNode[],
  hint: RenameHint,
  members: Set<string>,
): [string, string][] {
  if (stored.length !== now.length)
    refuse(`${path} has ${now.length} declarations after the rename, ${stored.length} before`);
  const keys: [string, string][] = [];
  stored.forEach((before, index) => {
    const after = now[index];
    if (
      after === undefined ||
      before.kind !== after.kind ||
      before.startLine !== after.startLine ||
      before.endLine !== after.endLine
    )
      refuse(`a declaration of ${path} moved`);
    if (before.nameLine !== after.nameLine || before.modifiers !== after.modifiers.join(" "))
      refuse(`a declaration of ${path} changed`);
    const segmentBefore = ownSegment(before.key, before.parentKey ?? undefined);
    const segmentAfter = ownSegment(after.key, after.parentKey);
    if (before.name !== after.name) {
      if (before.name !== hint.oldName || after.name !== hint.newName)
        refuse(`${before.key} changed name otherwise than by the rename`);
      if (MEMBER_KINDS.has(before.kind)) members.add(before.key);
      // `a` → `b`, `a#namespace` → `b#namespace`; `a` → `b#function` means the new name met another declaration in its scope.
      if (segmentAfter !== hint.newName + segmentBefore.slice(hint.oldName.length))
        refuse(`the new name meets another declaration of ${path}`);
    } else if (segmentAfter !== segmentBefore) refuse(`the new name meets another declaration of ${path}`);
    if (before.key !== after.key) keys.push([before.key, after.key]);
  });
  return keys;
}

/** What the patch reads of a file's syntax: its calls and its imports and re-exports, in source order. */
interface CallsAndImports {
  readonly calls: ts.CallExpression[];
  readonly imports: (ts.ImportDeclaration | ts.ExportDeclaration)[];
}

const walked = new WeakMap<ts.SourceFile, CallsAndImports>();

function callsAndImports(sourceFile: ts.SourceFile): CallsAndImports {
  const known = walked.get(sourceFile);
  if (known !== undefined) return known;
  const found: CallsAndImports = { calls: [], imports: [] };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) found.calls.push(node);
    else if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) found.imports.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  walked.set(sourceFile, found);
  return found;
}

/**
 * The new names of the file's IMPORTS edges: when its imports and re-exports name the old name only where the
 * rename changed it, every IMPORTS edge's old name becomes the new one (the edges' targets need no resolution).
 */
function importNames(
  path: string,
  before: ts.SourceFile,
  after: ts.SourceFile,
  graph: RenamePatchGraph,
  hint: RenameHint,
): RenamePatch["importNames"] {
  const old = callsAndImports(before).imports.map(declaredImportNames);
  const now = callsAndImports(after).imports.map(declaredImportNames);
  if (old.length !== now.length) refuse(`the imports of ${path} changed`);
  let renamed = 0;
  let kept = 0;
  old.forEach((names, index) => {
    const newNames = now[index] ?? [];
    if (names.length !== newNames.length) refuse(`the imports of ${path} changed`);
    names.forEach((name, at) => {
      const newName = newNames[at];
      if (name === newName) kept += name === hint.oldName ? 1 : 0;
      else if (name === hint.oldName && newName === hint.newName) renamed += 1;
      else refuse(`an import of ${path} changed otherwise than by the rename`);
    });
  });
  if (renamed === 0) return [];
  if (kept > 0) refuse(`${path} imports ${hint.oldName} from several modules, some renamed`);
  return graph.importEdgesOfFile(path).flatMap((edge) => {
    const names = edge.names === null ? [] : (JSON.parse(edge.names) as string[]);
    if (!names.includes(hint.oldName)) return [];
    const renamedNames = [...new Set(names.map((name) => (name === hint.oldName ? hint.newName : name)))].sort();
    return [{ file: path, target: edge.target, names: JSON.stringify(renamedNames) }];
  });
}

/** Where a call's callee is named (edge-collector.ts `siteLine`), from the syntax alone. */
function calleeLine(sourceFile: ts.SourceFile, call: ts.CallExpression): number {
  const callee = skipOuterExpressions(call.expression);
  const named = ts.isPropertyAccessExpression(callee)
    ? callee.name
    : ts.isElementAccessExpression(callee)
      ? callee.argumentExpression
      : callee;
  return lineOf(sourceFile, named.getStart(sourceFile));
}

/** The new callee text of each dynamic call of the file whose text the rename changed. */
function dynamicCalls(
  path: string,
  before: ts.SourceFile,
  after: ts.SourceFile,
  graph: RenamePatchGraph,
): RenamePatch["dynamicCalls"] {
  const stored = graph.dynamicCallsOfFile(path);
  if (stored.length === 0) return [];
  const oldCalls = callsAndImports(before).calls;
  const newCalls = callsAndImports(after).calls;
  if (oldCalls.length !== newCalls.length) refuse(`the calls of ${path} changed`);
  /** `line\0old text` → the new texts of the calls written so. */
  const changes = new Map<string, Set<string>>();
  oldCalls.forEach((call, index) => {
    const newCall = newCalls[index];
    if (newCall === undefined) return;
    const line = calleeLine(before, call);
    if (calleeLine(after, newCall) !== line) refuse(`a call of ${path} moved`);
    const id = `${line}\0${calleeText(call.expression.getText(before))}`;
    const texts = changes.get(id) ?? new Set<string>();
    texts.add(calleeText(newCall.expression.getText(after)));
    changes.set(id, texts);
  });
  const patched: { file: string; line: number; before: string; after: string }[] = [];
  const seen = new Set<string>();
  for (const call of stored) {
    const id = `${call.line}\0${call.expression}`;
    const texts = changes.get(id);
    if (texts === undefined) refuse(`a dynamic call of ${path} is not where the graph has it`);
    if (texts.size > 1) refuse(`two calls on line ${call.line} of ${path} read alike before the rename, not after`);
    const [text] = texts;
    if (text !== undefined && text !== call.expression && !seen.has(id))
      patched.push({ file: path, line: call.line, before: call.expression, after: text });
    seen.add(id);
  }
  // Each text is rewritten by one update: a new text that another call of its line had before would be rewritten twice.
  if (patched.some((call) => seen.has(`${call.line}\0${call.after}`)))
    refuse(`a call on a line of ${path} reads as another did before the rename`);
  return patched;
}

/**
 * The names a file's export lists give, each local one marked when it names its declaration otherwise
 * (`export { Impl as Public }`). export_names rows are named so, and a local one exists only when the two names
 * differ: the patch renames the rows' targets (keys), so these must be the same before and after the rename
 * (`export { Impl }` renamed to `export { Core as Impl }` needs a new row, and is re-extracted).
 */
function exportListNames(sourceFile: ts.SourceFile): string {
  const names: string[] = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isExportDeclaration(statement) || statement.exportClause === undefined) continue;
    const clause = statement.exportClause;
    if (!ts.isNamedExports(clause)) {
      names.push(clause.name.text);
      continue;
    }
    for (const element of clause.elements) {
      const aliased =
        statement.moduleSpecifier === undefined &&
        element.propertyName !== undefined &&
        element.propertyName.text !== element.name.text;
      names.push(aliased ? `${element.name.text} (aliased)` : element.name.text);
    }
  }
  return names.join("\u0000");
}

/**
 * The patch of a rename, or why the run must re-extract instead. `changed` are the files the run's scan found
 * changed (none added, none removed); `parsedBefore` gives a kept parse of a file's old text, if there is one.
 */
export function planRenamePatch(
  hint: RenameHint,
  changed: readonly ScannedFile[],
  graph: RenamePatchGraph,
  parsedBefore: (absolute: string, text: string) => ts.SourceFile | undefined,
): PlannedPatch {
  try {
    const byPath = new Map(hint.files.map((file) => [file.path, file]));
    if (changed.length !== byPath.size || changed.some((file) => !byPath.has(file.path)))
      refuse("other files changed too");
    const files: RenamePatch["files"][number][] = [];
    const keys: [string, string][] = [];
    const names: RenamePatch["importNames"][number][] = [];
    const calls: RenamePatch["dynamicCalls"][number][] = [];
    const parsed: ts.SourceFile[] = [];
    const members = new Set<string>();
    const texts: RenamedText[] = [];
    for (const file of changed) {
      const renamed = byPath.get(file.path);
      if (renamed === undefined || file.text === undefined || file.hash !== renamed.hashAfter)
        refuse(`${file.path} is not as the rename wrote it`);
      if (graph.storedHashOf(file.path) !== renamed.hashBefore)
        refuse(`the graph did not index ${file.path} as the rename read it`);
      if (graph.syntaxErrorCountOf(file.path) !== 0) refuse(`${file.path} has syntax errors`);
      const oldText = textBefore(renamed, file.text, hint);
      const before = parsedBefore(file.absolute, oldText) ?? parseSource(file.absolute, oldText);
      const after = parseSource(file.absolute, file.text);
      parsed.push(after);
      if (parseErrorCount(after) > 0 || parseErrorCount(before) > 0) refuse(`${file.path} has syntax errors`);
      if (exportListNames(before) !== exportListNames(after)) refuse(`a name ${file.path} exports changed`);
      const declarations = extractDeclarations(after, file.path);
      keys.push(...pairNodes(file.path, graph.nodeOutlinesOfFile(file.path), declarations.nodes, hint, members));
      texts.push({ renamed, before, textAfter: file.text });
      names.push(...importNames(file.path, before, after, graph, hint));
      calls.push(...dynamicCalls(file.path, before, after, graph));
      const stamp = { path: file.path, hash: file.hash, size: file.size, mtimeMs: file.mtimeMs, project: file.project };
      files.push({
        file: stamp,
        nodes: declarations.nodes,
        declaresGlobals: declarations.declaresGlobals,
        text: file.text,
      });
    }
    const oldKeys = new Set(keys.map(([old]) => old));
    if (keys.some(([, now]) => oldKeys.has(now))) refuse("a new key was an old one");
    const memberRefusal = members.size === 0 ? undefined : memberRenameRefusal(members, texts, graph, hint);
    if (memberRefusal !== undefined) refuse(memberRefusal);
    return { ok: true, patch: { files, keys, importNames: names, dynamicCalls: calls }, parsed };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, why: error.message };
    throw error;
  }
}

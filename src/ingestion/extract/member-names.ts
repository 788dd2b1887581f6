import { ts } from "../../engine/ts6/typescript6.js";
import type { CheckerPort } from "./checker-port.js";
import type { ComputedMemberNames, ExtractedNode } from "../../model/extracted.js";
import type { FileDeclarations } from "./extract-declarations.js";

/**
 * Names the checker is asked about only when a node of the index can carry them (ADR 0007):
 * - accessor calls (`t.celsius` calls the getter) need the checker's symbol of a property use, and so the
 *   type of the object whose property is used; few names are accessors;
 * - an object-literal key or a destructured name reads the member it names (`{ maxDepth: 2 }`), which needs
 *   the literal's contextual type: for a call's argument, the call resolved with its type arguments inferred
 *   and every other argument checked. Most keys name no member node (`{ onNone, onSome }` names members of
 *   a parameter's type literal, which are not nodes).
 */

function isAccessorNode(node: Pick<ExtractedNode, "modifiers">): boolean {
  return node.modifiers.includes("get") || node.modifiers.includes("set");
}

function isMemberNode(node: Pick<ExtractedNode, "kind">): boolean {
  return node.kind === "Method" || node.kind === "Property";
}

/** A node name recorded for a computed property name (`[key]`, declaration-text.ts). */
function isComputedName(name: string): boolean {
  return name.startsWith("[");
}

/**
 * The names a file's accessor nodes can be used by. A computed name (`get [key]()`) is one only when its
 * key is a string or number literal type; any other key (a unique symbol) is never used through `a.b` or `a["b"]`.
 */
export function accessorNamesOf(declarations: FileDeclarations, checker: CheckerPort): string[] {
  return namesOf(declarations, checker, isAccessorNode);
}

/** The names a file's member nodes (methods and properties) can be named by, computed keys as for accessors. */
export function memberNamesOf(declarations: FileDeclarations, checker: CheckerPort): string[] {
  return namesOf(declarations, checker, isMemberNode);
}

function namesOf(
  declarations: FileDeclarations,
  checker: CheckerPort,
  counts: (node: ExtractedNode) => boolean,
): string[] {
  const names: string[] = [];
  for (const [astNode, node] of declarations.nodeOf) {
    if (!counts(node)) continue;
    const name = ts.getNameOfDeclaration(astNode as ts.Declaration);
    if (name === undefined || !ts.isComputedPropertyName(name)) {
      names.push(node.name);
      continue;
    }
    const key = computedKeyName(name, checker);
    if (key !== undefined) names.push(key);
  }
  return names;
}

/** The name a computed accessor key stands for: its string or number literal type; undefined for a unique symbol or any other key. */
function computedKeyName(name: ts.ComputedPropertyName, checker: CheckerPort): string | undefined {
  const key = checker.getTypeAtLocation(name.expression);
  return key.isStringLiteral() || key.isNumberLiteral() ? String(key.value) : undefined;
}

/**
 * The names an indexed file's accessors can be used by, from the names stored for it: those as they are,
 * except that a computed name is replaced by what every computed accessor key of the file stands for.
 */
export function storedAccessorNames(
  stored: readonly string[],
  sourceFile: ts.SourceFile,
  checker: CheckerPort,
): string[] {
  return storedNames(stored, sourceFile, checker, ts.isAccessor);
}

/**
 * The names an indexed file's member nodes can be named by, from the names stored for it, computed names
 * replaced by what every computed key of a declaration of the file stands for (a superset: not every such
 * declaration is a member node).
 */
export function storedMemberNames(
  stored: readonly string[],
  sourceFile: ts.SourceFile,
  checker: CheckerPort,
): string[] {
  return storedNames(stored, sourceFile, checker, () => true);
}

function storedNames(
  stored: readonly string[],
  sourceFile: ts.SourceFile,
  checker: CheckerPort,
  counts: (node: ts.Node) => boolean,
): string[] {
  const names = stored.filter((name) => !isComputedName(name));
  if (names.length === stored.length) return names;
  return [...names, ...computedKeyNames(sourceFile, checker, counts)];
}

/** What every computed key of a declaration the filter counts stands for, in source order. */
function computedKeyNames(
  sourceFile: ts.SourceFile,
  checker: CheckerPort,
  counts: (node: ts.Node) => boolean,
): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    const name = ts.isComputedPropertyName(node) && counts(node.parent) ? computedKeyName(node, checker) : undefined;
    if (name !== undefined) names.push(name);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

/**
 * What a file's computed member names stand for, as storedAccessorNames and storedMemberNames would find them in
 * its text: stored with the file when it is extracted, so that a later run that does not re-extract it needs
 * neither its text nor the checker (what a key stands for changes only with the declarations it names, and a
 * change to those re-extracts the file: ADR 0004). Undefined when none of its nodes has a computed name.
 */
export function computedNamesOf(
  sourceFile: ts.SourceFile,
  declarations: FileDeclarations,
  checker: CheckerPort,
): ComputedMemberNames | undefined {
  if (!declarations.nodes.some((node) => isComputedName(node.name))) return undefined;
  return {
    accessors: computedKeyNames(sourceFile, checker, ts.isAccessor),
    members: computedKeyNames(sourceFile, checker, () => true),
  };
}

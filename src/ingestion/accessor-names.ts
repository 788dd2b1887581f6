import { ts } from "ts-morph";
import type { ExtractedNode } from "../model/extracted.js";
import type { FileDeclarations } from "./extract-declarations.js";

/**
 * Accessor calls (`t.celsius` calls the getter) need the checker's symbol of a property use, and so the
 * type of the object whose property is used. Most of that work serves nothing, since few names are
 * accessors: edge extraction asks the checker only about uses of a name that an accessor node of the index
 * may carry.
 */

function isAccessorNode(node: Pick<ExtractedNode, "modifiers">): boolean {
  return node.modifiers.includes("get") || node.modifiers.includes("set");
}

/** A node name recorded for a computed property name (`[key]`, declaration-text.ts). */
function isComputedName(name: string): boolean {
  return name.startsWith("[");
}

/**
 * The names a file's accessor nodes can be used by. A computed name (`get [key]()`) is one only when its
 * key is a string or number literal type; any other key (a unique symbol) is never used through `a.b` or `a["b"]`.
 */
export function accessorNamesOf(declarations: FileDeclarations, checker: ts.TypeChecker): string[] {
  const names: string[] = [];
  for (const [astNode, node] of declarations.nodeOf) {
    if (!isAccessorNode(node)) continue;
    if (!(ts.isAccessor(astNode) && ts.isComputedPropertyName(astNode.name))) {
      names.push(node.name);
      continue;
    }
    const key = checker.getTypeAtLocation(astNode.name.expression);
    if (key.isStringLiteral() || key.isNumberLiteral()) names.push(String(key.value));
  }
  return names;
}

/**
 * The accessor names of one indexed file as stored: usable unless one of them is computed, whose key needs
 * the checker (then undefined).
 */
export function storedAccessorNames(stored: readonly string[]): readonly string[] | undefined {
  return stored.some(isComputedName) ? undefined : stored;
}

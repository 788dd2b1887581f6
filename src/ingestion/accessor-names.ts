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
    const name = computedKeyName(astNode.name, checker);
    if (name !== undefined) names.push(name);
  }
  return names;
}

/** The name a computed accessor key stands for: its string or number literal type; undefined for a unique symbol or any other key. */
function computedKeyName(name: ts.ComputedPropertyName, checker: ts.TypeChecker): string | undefined {
  const key = checker.getTypeAtLocation(name.expression);
  return key.isStringLiteral() || key.isNumberLiteral() ? String(key.value) : undefined;
}

/**
 * The names an indexed file's accessors can be used by, from the names stored for it: those as they are,
 * except that a computed name is replaced by what every computed accessor key of the file stands for.
 */
export function storedAccessorNames(stored: readonly string[], sourceFile: ts.SourceFile, checker: ts.TypeChecker): string[] {
  const names = stored.filter((name) => !isComputedName(name));
  if (names.length === stored.length) return names;
  const visit = (node: ts.Node): void => {
    if (ts.isAccessor(node) && ts.isComputedPropertyName(node.name)) {
      const name = computedKeyName(node.name, checker);
      if (name !== undefined) names.push(name);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

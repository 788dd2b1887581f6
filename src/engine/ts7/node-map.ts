import { ts } from "../ts6/typescript6.js";
import type { Node as Node7, SourceFile as SourceFile7 } from "typescript/unstable/ast";
import { ts6KindOf } from "./syntax-kind-names.js";

/**
 * The same node in the two syntax trees of one text: the TypeScript 6 tree the extractor walks and the
 * TypeScript 7 tree the native checker answers about. Both parsers give a node the same start, end and kind
 * name, so a node is found from its parent's counterpart among that parent's children (checked on zod's 241
 * files: all 92,812 identifiers found). Answers are kept per node, so each parent's children are listed once.
 */
export class NodeMap {
  // Maps, not WeakMaps: a map lives as long as the snapshot's view that made it, and maps are cheaper to fill.
  private readonly ts7ByTs6 = new Map<ts.Node, Node7>();
  private readonly ts6ByTs7 = new Map<Node7, ts.Node>();
  private readonly childrenOf7 = new Map<Node7, readonly Node7[]>();
  private readonly childrenOf6 = new Map<ts.Node, readonly ts.Node[]>();

  constructor(
    /** The TypeScript 6 tree of a file TypeScript 7 has (its text, parsed with parent pointers). */
    private readonly ts6FileOf: (sourceFile: SourceFile7) => ts.SourceFile,
    /** The TypeScript 7 tree of a file the extractor walks, if TypeScript 7's program has the file. */
    private readonly ts7FileOf: (sourceFile: ts.SourceFile) => SourceFile7 | undefined,
  ) {}

  /** The TypeScript 7 node standing for a TypeScript 6 node, if its file is in TypeScript 7's program. */
  ts7Of(node: ts.Node): Node7 | undefined {
    const known = this.ts7ByTs6.get(node);
    if (known !== undefined) return known;
    let found: Node7 | undefined;
    if (node.kind === ts.SyntaxKind.SourceFile) {
      found = this.ts7FileOf(node as ts.SourceFile);
    } else if (node.parent !== undefined) {
      const parent = this.ts7Of(node.parent);
      found = parent === undefined ? undefined : this.children7(parent).find((child) => sameNode(node, child));
    }
    if (found !== undefined) this.ts7ByTs6.set(node, found);
    return found;
  }

  /** The TypeScript 6 node standing for a TypeScript 7 node (a declaration the checker names). */
  ts6Of(node: Node7): ts.Node | undefined {
    const known = this.ts6ByTs7.get(node);
    if (known !== undefined) return known;
    let found: ts.Node | undefined;
    if (isSourceFile7(node)) {
      found = this.ts6FileOf(node);
    } else if (node.parent !== undefined) {
      const parent = this.ts6Of(node.parent);
      found = parent === undefined ? undefined : this.children6(parent).find((child) => sameNode(child, node));
    }
    if (found !== undefined) this.ts6ByTs7.set(node, found);
    return found;
  }

  private children7(node: Node7): readonly Node7[] {
    let children = this.childrenOf7.get(node);
    if (children === undefined) {
      const list: Node7[] = [];
      node.forEachChild((child) => {
        list.push(child);
        return undefined;
      });
      children = list;
      this.childrenOf7.set(node, children);
    }
    return children;
  }

  private children6(node: ts.Node): readonly ts.Node[] {
    let children = this.childrenOf6.get(node);
    if (children === undefined) {
      const list: ts.Node[] = [];
      ts.forEachChild(node, (child) => {
        list.push(child);
      });
      children = list;
      this.childrenOf6.set(node, children);
    }
    return children;
  }
}

function sameNode(node6: ts.Node, node7: Node7): boolean {
  return node6.pos === node7.pos && node6.end === node7.end && node6.kind === ts6KindOf(node7.kind);
}

function isSourceFile7(node: Node7): node is SourceFile7 {
  return node.parent === undefined || ts6KindOf(node.kind) === ts.SyntaxKind.SourceFile;
}

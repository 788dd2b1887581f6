import { parseSync, visitorKeys, type Comment } from "oxc-parser";
import type { DeclarationContainer, DeclarationSite, DeclarationTarget } from "../../model/edit-ports.js";
import { isOxcNode, type OxcNode } from "../../model/oxc-node.js";

/**
 * The edit tools' fast path, with oxc-parser: whether a text parses, and where one graph node's declaration
 * is in a file's text. oxc-parser 0.159's JavaScript API gives every span (nodes, comments, error labels) in
 * UTF-16 code units of the string it was given, the offsets the edit tools use (checked in edit-oxc.test.ts
 * with text outside the BMP before the target). It only answers what it can answer exactly; everything else
 * (a text with syntax errors, a declaration it cannot match to the node one-to-one) is left to the TypeScript
 * parser (edit-syntax.ts), which makes the graph's keys. Pure functions of the text given.
 */

function langOf(fileName: string): "ts" | "tsx" | "js" | "jsx" | "dts" {
  if (/\.d\.[cm]?ts$/.test(fileName)) return "dts";
  if (/\.[cm]?tsx$/.test(fileName)) return "tsx";
  if (/\.[cm]?jsx$/.test(fileName)) return "jsx";
  if (/\.[cm]?js$/.test(fileName)) return "js";
  return "ts";
}

function parseOxc(fileName: string, text: string): ReturnType<typeof parseSync> {
  const lang = langOf(fileName);
  return parseSync(fileName, text, {
    lang,
    sourceType: lang === "js" || lang === "jsx" ? "unambiguous" : "module",
    preserveParens: false,
  });
}

/**
 * Whether oxc parses the text without a single error (a text it rejects goes to the TypeScript parser, which
 * counts and places the errors). Only the errors are read: the AST is built on the JavaScript side only when
 * asked for, and that is most of the cost (on a 0.9 MB file, about 85 ms for the errors alone against 200 ms for
 * TypeScript's parse).
 */
export function oxcParsesCleanly(fileName: string, text: string): boolean {
  return parseOxc(fileName, text).errors.length === 0;
}

const STATEMENT_LISTS = new Set(["Program", "BlockStatement", "TSModuleBlock", "StaticBlock"]);
const NAMED_STATEMENTS = new Set([
  "FunctionDeclaration",
  "TSDeclareFunction",
  "ClassDeclaration",
  "TSInterfaceDeclaration",
  "TSTypeAliasDeclaration",
  "TSEnumDeclaration",
  "TSModuleDeclaration",
]);
const CLASS_MEMBERS = new Set([
  "MethodDefinition",
  "TSAbstractMethodDefinition",
  "PropertyDefinition",
  "TSAbstractPropertyDefinition",
  "AccessorProperty",
  "TSAbstractAccessorProperty",
]);
const INTERFACE_MEMBERS = new Set(["TSPropertySignature", "TSMethodSignature"]);

/** One declaration oxc can stand for a graph node: its name, what holds it and the nodes that make its text. */
interface Candidate {
  readonly name: string;
  /** The qualified name the graph would give it when its containers are the ones named here. */
  readonly qualifiedName: string;
  readonly container: DeclarationContainer;
  /** The node whose lines the graph records (a variable's declarator, a member, a function). */
  readonly own: OxcNode;
  /** The node the edit replaces: with its `export` and, for a variable, its whole statement. */
  readonly outer: OxcNode;
  readonly nameNode: OxcNode;
  readonly decorators: readonly OxcNode[];
}

function identifierName(node: unknown): string | undefined {
  if (!isOxcNode(node)) return undefined;
  if (node.type === "Identifier") return node.name as string;
  if (node.type === "PrivateIdentifier") return `#${node.name as string}`;
  return undefined;
}

/** A declaration statement's outer node: an `export` (not `export default`) around it, else itself. */
function withExport(node: OxcNode, parent: OxcNode | undefined): OxcNode | undefined {
  if (parent === undefined) return undefined;
  if (parent.type === "ExportNamedDeclaration") return parent;
  if (STATEMENT_LISTS.has(parent.type)) return node;
  return undefined;
}

/**
 * Every declaration of the text that oxc can name the way the graph does: statements (functions, classes,
 * interfaces, types, enums, namespaces, a `const` of one declarator), class and interface members, and the
 * members of an object literal a variable holds. Containers that add to a qualified name: classes,
 * namespaces, interfaces, functions, methods, and variables holding an object literal.
 */
function candidates(program: OxcNode): Candidate[] {
  const found: Candidate[] = [];
  const visit = (node: OxcNode, ancestors: readonly OxcNode[], prefix: string): void => {
    const parent = ancestors[ancestors.length - 1];
    let childPrefix = prefix;
    const add = (
      name: string,
      container: DeclarationContainer,
      own: OxcNode,
      outer: OxcNode,
      nameNode: OxcNode,
    ): void => {
      const qualifiedName = prefix === "" ? name : `${prefix}.${name}`;
      found.push({
        name,
        qualifiedName,
        container,
        own,
        outer,
        nameNode,
        decorators: Array.isArray(own.decorators) ? (own.decorators as OxcNode[]) : [],
      });
      childPrefix = qualifiedName;
    };
    if (NAMED_STATEMENTS.has(node.type)) {
      const name = identifierName(node.id);
      const outer = withExport(node, parent);
      if (name !== undefined && outer !== undefined) add(name, "statements", node, outer, node.id as OxcNode);
    } else if (node.type === "VariableDeclarator" && parent?.type === "VariableDeclaration") {
      const name = identifierName(node.id);
      const declarations = parent.declarations as readonly OxcNode[];
      const outer = withExport(parent, ancestors[ancestors.length - 2]);
      if (name !== undefined && declarations.length === 1 && outer !== undefined) {
        const init = node.init;
        add(name, "statements", node, outer, node.id as OxcNode);
        // Only an object literal's members are named through the variable; anything else inside is the variable's own.
        if (!(isOxcNode(init) && init.type === "ObjectExpression")) childPrefix = `${childPrefix}\0`;
      }
    } else if (CLASS_MEMBERS.has(node.type) && parent?.type === "ClassBody" && node.computed !== true) {
      const name = identifierName(node.key);
      if (name !== undefined) add(name, "class", node, node, node.key as OxcNode);
    } else if (INTERFACE_MEMBERS.has(node.type) && parent?.type === "TSInterfaceBody" && node.computed !== true) {
      const name = identifierName(node.key);
      if (name !== undefined) add(name, "interface", node, node, node.key as OxcNode);
    } else if (
      node.type === "Property" &&
      parent?.type === "ObjectExpression" &&
      node.computed !== true &&
      node.kind === "init"
    ) {
      const name = identifierName(node.key);
      if (name !== undefined) add(name, "object", node, node, node.key as OxcNode);
      else childPrefix = `${prefix}\0`;
    } else if (
      node.type === "Property" ||
      node.type === "ObjectExpression" ||
      node.type === "ArrayExpression" ||
      node.type === "CallExpression"
    ) {
      // Nested object literals and arguments: their members are named in ways this module does not follow.
      childPrefix = node.type === "Property" ? `${prefix}\0` : prefix;
    }
    const keys = visitorKeys[node.type] ?? [];
    const inner = [...ancestors, node];
    for (const key of keys) {
      const child = node[key];
      if (Array.isArray(child)) {
        for (const item of child) if (isOxcNode(item)) visit(item, inner, childPrefix);
      } else if (isOxcNode(child)) {
        visit(child, inner, childPrefix);
      }
    }
  };
  visit(program, [], "");
  return found;
}

/** 1-based line of each offset, from a table of line starts. */
function lineTable(text: string): (offset: number) => number {
  const starts = [0];
  for (let index = text.indexOf("\n"); index >= 0; index = text.indexOf("\n", index + 1)) starts.push(index + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** The first offset at or after `from` that is neither whitespace nor inside a comment. */
function skipTrivia(text: string, comments: readonly Comment[], from: number): number {
  let position = from;
  for (;;) {
    while (position < text.length && /\s/.test(text[position] ?? "")) position += 1;
    const comment = comments.find((candidate) => candidate.start === position);
    if (comment === undefined) return position;
    position = comment.end;
  }
}

/**
 * Start of the comments directly above `start` (none separated from what follows it by a blank line). As
 * TypeScript's leading comments: only those after a line break that follows the previous code (a comment
 * on the previous code's line belongs to that code), or from the start of the file.
 */
function commentStartOf(text: string, comments: readonly Comment[], start: number): number {
  const endingAt = new Map(comments.map((comment) => [comment.end, comment]));
  let previousCode = start;
  for (;;) {
    while (previousCode > 0 && /\s/.test(text[previousCode - 1] ?? "")) previousCode -= 1;
    const comment = endingAt.get(previousCode);
    if (comment === undefined) break;
    previousCode = comment.start;
  }
  const leading = comments.filter(
    (comment) =>
      comment.start >= previousCode &&
      comment.end <= start &&
      (previousCode === 0 || text.slice(previousCode, comment.start).includes("\n")),
  );
  let begin = start;
  for (let index = leading.length - 1; index >= 0; index -= 1) {
    const comment = leading[index];
    if (comment === undefined || (text.slice(comment.end, begin).match(/\n/g)?.length ?? 0) > 1) break;
    begin = comment.start;
  }
  return begin;
}

/**
 * Where graph nodes are declared in `text`, found by oxc: a function of the node, parsed once. It answers
 * undefined when oxc cannot say exactly: the text does not parse cleanly, the name has a variant (`#set`,
 * `#2`), no declaration or more than one has that qualified name and the node's lines, or another declaration
 * has the same qualified name (overloads, merged declarations, a getter and its setter). The caller then asks
 * the TypeScript parser.
 */
export function oxcLocator(fileName: string, text: string): (target: DeclarationTarget) => DeclarationSite | undefined {
  const parsed = parseOxc(fileName, text);
  if (parsed.errors.length > 0) return () => undefined;
  const comments = parsed.comments;
  const byName = new Map<string, Candidate[]>();
  for (const candidate of candidates(parsed.program as unknown as OxcNode))
    byName.set(candidate.qualifiedName, [...(byName.get(candidate.qualifiedName) ?? []), candidate]);
  const line = lineTable(text);
  return (target) => {
    const named = byName.get(target.qualifiedName);
    const [match] = named ?? [];
    if (match === undefined || named?.length !== 1 || target.qualifiedName.includes("#")) return undefined;
    const nameLine = line(match.nameNode.start);
    if (nameLine < target.startLine || line(match.own.start) > nameLine || line(match.own.end) !== target.endLine)
      return undefined;
    const firstDecorator = match.decorators[0];
    const lastDecorator = match.decorators[match.decorators.length - 1];
    const start = Math.min(match.outer.start, firstDecorator?.start ?? match.outer.start);
    const afterDecorators = lastDecorator === undefined ? start : skipTrivia(text, comments, lastDecorator.end);
    if (line(afterDecorators) !== target.startLine && nameLine !== target.startLine) return undefined;
    return {
      key: target.key,
      container: match.container,
      commentStart: commentStartOf(text, comments, start),
      start,
      startAfterDecorators: afterDecorators,
      end: match.outer.end,
      // A constructor has no name of its own: TypeScript's site starts its name where it starts.
      nameStart: match.own.kind === "constructor" ? start : match.nameNode.start,
    };
  };
}

/** Where one graph node is declared in `text`, found by oxc, or undefined (see oxcLocator). */
export function locateWithOxc(fileName: string, text: string, target: DeclarationTarget): DeclarationSite | undefined {
  return oxcLocator(fileName, text)(target);
}

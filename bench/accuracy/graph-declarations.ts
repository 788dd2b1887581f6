import ts from "typescript-6";

/** A ts-graph node as the reference oracle needs it (from the `nodes` table). */
export interface GraphNode {
  readonly key: string;
  readonly file: string;
  readonly kind: string;
  readonly name: string;
  readonly nameLine: number;
  readonly startLine: number;
  readonly endLine: number;
  readonly parentKey: string | null;
}

/** Where a node's declaration is in its file: the name find-references is asked at, and the text it spans. */
export interface PlacedNode {
  readonly node: GraphNode;
  readonly namePosition: number;
  /** The syntax kind of the declaration (a Parameter for a constructor parameter property). */
  readonly declarationKind: ts.SyntaxKind;
  readonly start: number;
  readonly end: number;
}

/** TypeScript declarations that may make a node of each kind (docs/graph.md, "Nodes"). */
const DECLARATION_KINDS: Record<string, readonly ts.SyntaxKind[]> = {
  Function: [ts.SyntaxKind.FunctionDeclaration, ts.SyntaxKind.VariableDeclaration, ts.SyntaxKind.FunctionExpression],
  Class: [ts.SyntaxKind.ClassDeclaration, ts.SyntaxKind.VariableDeclaration, ts.SyntaxKind.ClassExpression],
  Method: [
    ts.SyntaxKind.MethodDeclaration,
    ts.SyntaxKind.MethodSignature,
    ts.SyntaxKind.GetAccessor,
    ts.SyntaxKind.SetAccessor,
    ts.SyntaxKind.PropertyAssignment,
    ts.SyntaxKind.PropertyDeclaration,
  ],
  Property: [
    ts.SyntaxKind.PropertyDeclaration,
    ts.SyntaxKind.PropertySignature,
    ts.SyntaxKind.Parameter,
    ts.SyntaxKind.PropertyAssignment,
    ts.SyntaxKind.ShorthandPropertyAssignment,
  ],
  Variable: [ts.SyntaxKind.VariableDeclaration, ts.SyntaxKind.BindingElement],
  Interface: [ts.SyntaxKind.InterfaceDeclaration],
  TypeAlias: [ts.SyntaxKind.TypeAliasDeclaration],
  Enum: [ts.SyntaxKind.EnumDeclaration],
  Namespace: [ts.SyntaxKind.ModuleDeclaration],
  Constructor: [ts.SyntaxKind.Constructor],
};

const PLACEABLE: ReadonlySet<ts.SyntaxKind> = new Set(Object.values(DECLARATION_KINDS).flat());

function nameText(name: ts.Node): string | undefined {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))
    return name.text;
  if (ts.isComputedPropertyName(name)) return `[${name.expression.getText()}]`;
  return undefined;
}

/**
 * An overload signature's node spans to its implementation, or an interface method's to its last overload
 * (ts-graph makes one node of them).
 */
function endWithImplementation(declaration: ts.Node): number {
  const overloadable =
    ts.isFunctionDeclaration(declaration) ||
    ts.isMethodDeclaration(declaration) ||
    ts.isConstructorDeclaration(declaration) ||
    ts.isMethodSignature(declaration);
  if (!overloadable || ("body" in declaration && declaration.body !== undefined)) return declaration.getEnd();
  const siblings = declaration.parent
    .getChildren()
    .flatMap((child) => (child.kind === ts.SyntaxKind.SyntaxList ? child.getChildren() : [child]));
  const own = nameText(declaration.name ?? declaration);
  let end = declaration.getEnd();
  for (const sibling of siblings.slice(siblings.indexOf(declaration) + 1)) {
    if (sibling.kind !== declaration.kind) break;
    const other = sibling as
      | ts.FunctionDeclaration
      | ts.MethodDeclaration
      | ts.ConstructorDeclaration
      | ts.MethodSignature;
    if (nameText(other.name ?? other) !== own) break;
    end = other.getEnd();
    if ("body" in other && other.body !== undefined) break;
  }
  return end;
}

/** Every named declaration of a file, by `<line of its name>\0<name>`. */
function declarationsByName(sourceFile: ts.SourceFile): Map<string, { declaration: ts.Node; name: ts.Node }[]> {
  const found = new Map<string, { declaration: ts.Node; name: ts.Node }[]>();
  const add = (declaration: ts.Node, name: ts.Node, text: string): void => {
    const line = sourceFile.getLineAndCharacterOfPosition(name.getStart(sourceFile)).line + 1;
    const key = `${line}\u0000${text}`;
    const list = found.get(key) ?? [];
    list.push({ declaration, name });
    found.set(key, list);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isConstructorDeclaration(node)) {
      const keyword = node.getChildren(sourceFile).find((child) => child.kind === ts.SyntaxKind.ConstructorKeyword);
      if (keyword !== undefined) add(node, keyword, "constructor");
    } else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name === undefined) {
      // `export default function () {}`: ts-graph names it `default`.
      const keyword = ts.getModifiers(node)?.find((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
      if (keyword !== undefined) add(node, keyword, "default");
    } else if (PLACEABLE.has(node.kind)) {
      const name = ts.getNameOfDeclaration(node as ts.Declaration);
      const text = name === undefined ? undefined : nameText(name);
      if (name !== undefined && text !== undefined) add(node, name, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * Places each node of one file on its declaration: the declaration of the node's kind whose name is the
 * node's name on the node's name line. Nodes that cannot be placed are returned apart.
 */
export function placeNodes(
  sourceFile: ts.SourceFile,
  nodes: readonly GraphNode[],
): { placed: PlacedNode[]; unplaced: GraphNode[] } {
  const byName = declarationsByName(sourceFile);
  const placed: PlacedNode[] = [];
  const unplaced: GraphNode[] = [];
  const taken = new Set<ts.Node>();
  for (const node of nodes) {
    if (node.kind === "File") continue;
    const candidates = (byName.get(`${node.nameLine}\u0000${node.name}`) ?? []).filter(
      (candidate) => !taken.has(candidate.declaration),
    );
    const allowed = DECLARATION_KINDS[node.kind] ?? [];
    const chosen = candidates.find((candidate) => allowed.includes(candidate.declaration.kind)) ?? candidates[0];
    if (chosen === undefined) {
      unplaced.push(node);
      continue;
    }
    taken.add(chosen.declaration);
    placed.push({
      node,
      namePosition: chosen.name.getStart(sourceFile),
      declarationKind: chosen.declaration.kind,
      start: chosen.declaration.getStart(sourceFile),
      end: endWithImplementation(chosen.declaration),
    });
  }
  return { placed, unplaced };
}

/** The innermost placed node whose declaration contains a position (undefined: top-level code of the file). */
export function enclosingNode(placed: readonly PlacedNode[], position: number): PlacedNode | undefined {
  let best: PlacedNode | undefined;
  for (const candidate of placed) {
    if (
      candidate.start <= position &&
      position < candidate.end &&
      (best === undefined || candidate.end - candidate.start < best.end - best.start)
    )
      best = candidate;
  }
  return best;
}

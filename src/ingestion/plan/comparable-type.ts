import { ts } from "../../engine/ts6/typescript6.js";
import type { ExtractedNode } from "../../model/extracted.js";
import { skipOuterExpressions } from "../extract/declaration-text.js";
import type { FileDeclarations } from "../extract/extract-declarations.js";

/**
 * What other files can see of a declaration whose type is inferred, as a text to compare before and after a
 * change (ADR 0012): its kind, modifiers and the type the checker infers for it, printed without truncation
 * and with every name qualified by its module. Undefined whenever equal texts might hide different types
 * (the caller then keeps the text rule of ADR 0004): a type that refers to a declaration inside the
 * declaration's own text (a local type, or a node nested in it that other files' edges could reach), an
 * `any` that is not the plain `any` (an error), a type that prints longer than MAX_TYPE_TEXT, or one too
 * large to look through.
 */

/** Printed types longer than this are not compared (ADR 0012). */
export const MAX_TYPE_TEXT = 20_000;
/** Types looked at for references to local declarations, at most, per declaration. */
export const MAX_TYPES_WALKED = 4_000;
/** Properties looked at per object type, at most. */
export const MAX_PROPERTIES = 400;

const PRINT_FLAGS =
  ts.NodeBuilderFlags.NoTruncation |
  ts.NodeBuilderFlags.UseFullyQualifiedType |
  ts.NodeBuilderFlags.AllowUniqueESSymbolType |
  ts.NodeBuilderFlags.GenerateNamesForShadowedTypeParams |
  ts.NodeBuilderFlags.WriteClassExpressionAsTypeLiteral |
  ts.NodeBuilderFlags.IgnoreErrors;

let printer: ts.Printer | undefined;

/**
 * What a checker tells of a declaration's type (a node of the file the declarations were found in), as
 * comparableTypesOf asks it: TypeScript 6's checker (comparableTypes) or TypeScript 7's (through its session).
 */
export interface DeclarationTypes {
  /**
   * The type node the checker prints for the declaration's type, with the meaning of PRINT_FLAGS (no truncation,
   * names qualified by their module), as a TypeScript 6 node of `sourceFile`; undefined if it prints none.
   */
  typeNode(declaration: ts.Node): { readonly node: ts.TypeNode; readonly sourceFile: ts.SourceFile } | undefined;
  /**
   * Whether the types the declaration's type is made of show no declaration isLocal finds local and no `any`
   * that stands for an error, within MAX_TYPES_WALKED types and MAX_PROPERTIES properties per object type.
   */
  isClean(declaration: ts.Node, isLocal: (declaration: ts.Declaration) => boolean): boolean;
}

/** The comparable text of each declaration asked for that has one, by key (see the module's comment), on TypeScript 6's checker. */
export function comparableTypes(
  checker: ts.TypeChecker,
  sourceFile: ts.SourceFile,
  declarations: FileDeclarations,
  keys: readonly string[],
): Map<string, string> {
  return comparableTypesOf(ts6DeclarationTypes(checker, sourceFile), sourceFile, declarations, keys);
}

/** The comparable text of each declaration asked for that has one, by key, on any checker. */
export function comparableTypesOf(
  types: DeclarationTypes,
  sourceFile: ts.SourceFile,
  declarations: FileDeclarations,
  keys: readonly string[],
): Map<string, string> {
  const wanted = new Set(keys);
  const astNodes = new Map<string, ts.Node[]>();
  for (const [astNode, node] of declarations.nodeOf) {
    if (!wanted.has(node.key)) continue;
    const list = astNodes.get(node.key);
    if (list === undefined) astNodes.set(node.key, [astNode]);
    else list.push(astNode);
  }
  const texts = new Map<string, string>();
  for (const node of declarations.nodes) {
    const nodes = astNodes.get(node.key);
    if (nodes === undefined) continue;
    const text = comparableType(types, sourceFile, declarations, node, nodes);
    if (text !== undefined) texts.set(node.key, text);
  }
  return texts;
}

function ts6DeclarationTypes(checker: ts.TypeChecker, sourceFile: ts.SourceFile): DeclarationTypes {
  return {
    typeNode: (declaration) => {
      const node = checker.typeToTypeNode(typeOfDeclaration(checker, declaration), sourceFile, PRINT_FLAGS);
      return node === undefined ? undefined : { node, sourceFile };
    },
    isClean: (declaration, isLocal) => new TypeWalk(checker, isLocal).clean(typeOfDeclaration(checker, declaration)),
  };
}

/**
 * A type as a TypeScript 6 type node, parsed from the text another printer gave (TypeScript 7's), with the
 * file it was parsed in; undefined when the text is not one type alone.
 */
export function parsedTypeNode(
  text: string,
): { readonly node: ts.TypeNode; readonly sourceFile: ts.SourceFile } | undefined {
  const sourceFile = ts.createSourceFile(
    "type.ts",
    `type T = ${text};`,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TS,
  );
  const statement = sourceFile.statements[0];
  const parseErrors =
    (sourceFile as ts.SourceFile & { readonly parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
  if (
    sourceFile.statements.length !== 1 ||
    statement === undefined ||
    !ts.isTypeAliasDeclaration(statement) ||
    parseErrors.length > 0
  ) {
    return undefined;
  }
  return { node: statement.type, sourceFile };
}

/** A declaration's own text, as far as its AST nodes reach. */
interface Extent {
  readonly pos: number;
  readonly end: number;
}

function comparableType(
  types: DeclarationTypes,
  sourceFile: ts.SourceFile,
  declarations: FileDeclarations,
  node: ExtractedNode,
  astNodes: readonly ts.Node[],
): string | undefined {
  const first = astNodes[0];
  if (first === undefined) return undefined;
  const texts = astNodes.map(wholeDeclaration);
  const extent: Extent = { pos: Math.min(...texts.map((n) => n.pos)), end: Math.max(...texts.map((n) => n.end)) };
  const typeNode = types.typeNode(first);
  if (typeNode === undefined) return undefined;
  const printed = printType(withSortedUnions(typeNode.node, typeNode.sourceFile), typeNode.sourceFile);
  if (printed.length > MAX_TYPE_TEXT) return undefined;
  const localNames = namesDeclaredWithin(texts);
  localNames.add(node.name);
  if (refersToNames(typeNode.node, localNames)) return undefined;
  const own = ownNodes(declarations, node, astNodes);
  const isLocal = (declaration: ts.Declaration): boolean =>
    declaration.getSourceFile() === sourceFile &&
    declaration.pos >= extent.pos &&
    declaration.end <= extent.end &&
    !own.has(declarations.nodeOf.get(declaration)?.key ?? "") &&
    (printsByName(declaration) || declarations.nodeOf.has(declaration));
  if (!types.isClean(first, isLocal)) return undefined;
  return `${node.kind} ${node.modifiers.join(" ")} ${printed}`;
}

function printType(typeNode: ts.Node, sourceFile: ts.SourceFile): string {
  printer ??= ts.createPrinter({ removeComments: true });
  return printer.printNode(ts.EmitHint.Unspecified, typeNode, sourceFile);
}

/**
 * The printed type with each union's members in the order of their texts: a checker orders them by when it
 * created their types, so two checkers can print one union in two orders.
 */
function withSortedUnions(typeNode: ts.TypeNode, sourceFile: ts.SourceFile): ts.TypeNode {
  let hasUnion = false;
  const findUnion = (node: ts.Node): void => {
    hasUnion ||= ts.isUnionTypeNode(node);
    if (!hasUnion) ts.forEachChild(node, findUnion);
  };
  findUnion(typeNode);
  if (!hasUnion) return typeNode;
  const sortUnions: ts.TransformerFactory<ts.TypeNode> = (context) => (root) => {
    const visit = (node: ts.Node): ts.Node => {
      const visited = ts.visitEachChild(node, visit, context);
      if (!ts.isUnionTypeNode(visited)) return visited;
      const members = visited.types.map((member) => ({ member, text: printType(member, sourceFile) }));
      members.sort((left, right) => (left.text < right.text ? -1 : left.text > right.text ? 1 : 0));
      return ts.factory.updateUnionTypeNode(visited, ts.factory.createNodeArray(members.map(({ member }) => member)));
    };
    return ts.visitNode(root, visit, ts.isTypeNode) ?? root;
  };
  const result = ts.transform(typeNode, [sortUnions]);
  const sorted = result.transformed[0] ?? typeNode;
  result.dispose();
  return sorted;
}

/** The declaration a binding of a destructuring belongs to (its initializer is part of its text), else the node. */
function wholeDeclaration(astNode: ts.Node): ts.Node {
  let node = astNode;
  while (ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node))
    node = node.parent;
  return node;
}

/** The type other files see of a declaration (an `export default` expression's type for `export default`). */
function typeOfDeclaration(checker: ts.TypeChecker, declaration: ts.Node): ts.Type {
  return checker.getTypeAtLocation(ts.isExportAssignment(declaration) ? declaration.expression : declaration);
}

/**
 * The declaration itself and, for a variable holding an object literal, the literal's members: other files
 * reach those by the property names the printed type shows (`o.m` is the key of `m` in `const o = { m() {} }`).
 */
function ownNodes(declarations: FileDeclarations, node: ExtractedNode, astNodes: readonly ts.Node[]): Set<string> {
  const own = new Set([node.key]);
  for (const astNode of astNodes) {
    if (!ts.isVariableDeclaration(astNode) || astNode.initializer === undefined) continue;
    const literal = skipOuterExpressions(astNode.initializer);
    if (!ts.isObjectLiteralExpression(literal)) continue;
    for (const property of literal.properties) {
      const member = declarations.nodeOf.get(property);
      if (member !== undefined && member.parentKey === node.key) own.add(member.key);
    }
  }
  return own;
}

/** Declarations a printed type names rather than spells out: a local one of these prints the same when it changes. */
function printsByName(declaration: ts.Declaration): boolean {
  return (
    ts.isClassLike(declaration) ||
    ts.isInterfaceDeclaration(declaration) ||
    ts.isTypeAliasDeclaration(declaration) ||
    ts.isEnumDeclaration(declaration) ||
    ts.isEnumMember(declaration) ||
    ts.isModuleDeclaration(declaration) ||
    ts.isFunctionDeclaration(declaration) ||
    ts.isVariableDeclaration(declaration) ||
    ts.isBindingElement(declaration) ||
    ts.isImportEqualsDeclaration(declaration)
  );
}

/** Names declared inside the declaration's text that a printed type could name (type parameters and parameters left out). */
function namesDeclaredWithin(astNodes: readonly ts.Node[]): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (!ts.isParameter(node) && !ts.isTypeParameterDeclaration(node)) {
      const name = (node as ts.NamedDeclaration).name;
      if (name !== undefined && ts.isIdentifier(name) && printsByName(node as ts.Declaration)) names.add(name.text);
    }
    ts.forEachChild(node, visit);
  };
  for (const astNode of astNodes) ts.forEachChild(astNode, visit);
  return names;
}

/** The leftmost identifier of a name (`a` of `a.b.c`). */
function leftmost(name: ts.EntityName | ts.Expression): ts.Identifier | undefined {
  if (ts.isIdentifier(name)) return name;
  if (ts.isQualifiedName(name)) return leftmost(name.left);
  if (ts.isPropertyAccessExpression(name)) return leftmost(name.expression);
  return undefined;
}

/** The rightmost identifier of a name (`c` of `a.b.c`). */
function rightmost(name: ts.EntityName): ts.Identifier {
  return ts.isIdentifier(name) ? name : name.right;
}

/**
 * Whether a printed type names one of the names (a type reference, `typeof x`, a heritage expression), or
 * something the printer could not spell (`(Anonymous class)`, a truncation's `...`).
 */
function refersToNames(typeNode: ts.Node, names: ReadonlySet<string>): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    let name: ts.Identifier | undefined;
    if (ts.isTypeReferenceNode(node)) name = leftmost(node.typeName);
    else if (ts.isTypeQueryNode(node)) name = leftmost(node.exprName);
    else if (ts.isExpressionWithTypeArguments(node)) name = leftmost(node.expression);
    // `typeof import("…").f`: the declaration itself when a function with expando properties prints so.
    else if (ts.isImportTypeNode(node) && node.isTypeOf && node.qualifier !== undefined)
      name = rightmost(node.qualifier);
    if (name !== undefined && (names.has(name.text) || /^\(|\.\.\./.test(name.text))) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(typeNode);
  return found;
}

/**
 * A walk through the types a type is made of, looking for what its printed text may not show: a symbol
 * declared inside the declaration (isLocal), or an `any` that stands for an error. Named classes and
 * interfaces are not entered (their members are declared where they are); type arguments, aliases' type
 * arguments, object literal and function types, unions and the parts of conditional, indexed and template
 * types are.
 */
class TypeWalk {
  private readonly seen = new Set<ts.Type>();
  private readonly anyType: ts.Type;

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly isLocal: (declaration: ts.Declaration) => boolean,
  ) {
    this.anyType = checker.getAnyType();
  }

  /** Whether the walk found nothing local, no error and stayed within its bounds. */
  clean(type: ts.Type): boolean {
    try {
      this.visit(type);
      return true;
    } catch (error) {
      if (error instanceof NotComparable) return false;
      throw error;
    }
  }

  private visit(type: ts.Type | undefined): void {
    if (type === undefined || this.seen.has(type)) return;
    this.seen.add(type);
    if (this.seen.size > MAX_TYPES_WALKED) throw new NotComparable();
    if (type.flags & ts.TypeFlags.Any && type !== this.anyType) throw new NotComparable();
    this.checkSymbol(type.symbol);
    this.checkSymbol(type.aliasSymbol);
    for (const argument of type.aliasTypeArguments ?? []) this.visit(argument);
    if (type.isUnionOrIntersection()) for (const member of type.types) this.visit(member);
    else if (type.flags & ts.TypeFlags.Object) this.visitObject(type as ts.ObjectType);
    else this.visitInstantiable(type);
  }

  private visitObject(type: ts.ObjectType): void {
    if (type.objectFlags & ts.ObjectFlags.Reference) {
      for (const argument of this.checker.getTypeArguments(type as ts.TypeReference)) this.visit(argument);
      return;
    }
    if (type.objectFlags & ts.ObjectFlags.ClassOrInterface) return;
    const properties = this.checker.getPropertiesOfType(type);
    if (properties.length > MAX_PROPERTIES) throw new NotComparable();
    for (const property of properties) {
      this.checkSymbol(property);
      this.visit(this.checker.getTypeOfSymbol(property));
    }
    for (const kind of [ts.SignatureKind.Call, ts.SignatureKind.Construct]) {
      for (const signature of this.checker.getSignaturesOfType(type, kind)) {
        if (signature.declaration !== undefined && this.isLocal(signature.declaration)) throw new NotComparable();
        for (const parameter of signature.parameters) this.visit(this.checker.getTypeOfSymbol(parameter));
        this.visit(this.checker.getReturnTypeOfSignature(signature));
      }
    }
    for (const info of this.checker.getIndexInfosOfType(type)) {
      this.visit(info.keyType);
      this.visit(info.type);
    }
  }

  /** Conditional, index, indexed access, template literal, string mapping and substitution types: their parts. */
  private visitInstantiable(type: ts.Type): void {
    if (type.flags & ts.TypeFlags.Conditional) {
      const conditional = type as ts.ConditionalType;
      // The printer resolves both branches; one it has not is a part this walk cannot see.
      if (conditional.resolvedTrueType === undefined || conditional.resolvedFalseType === undefined)
        throw new NotComparable();
      for (const part of [
        conditional.checkType,
        conditional.extendsType,
        conditional.resolvedTrueType,
        conditional.resolvedFalseType,
      ])
        this.visit(part);
    } else if (type.flags & ts.TypeFlags.Index) this.visit((type as ts.IndexType).type);
    else if (type.flags & ts.TypeFlags.IndexedAccess) {
      this.visit((type as ts.IndexedAccessType).objectType);
      this.visit((type as ts.IndexedAccessType).indexType);
    } else if (type.flags & ts.TypeFlags.TemplateLiteral)
      for (const part of (type as ts.TemplateLiteralType).types) this.visit(part);
    else if (type.flags & ts.TypeFlags.StringMapping) this.visit((type as ts.StringMappingType).type);
    else if (type.flags & ts.TypeFlags.Substitution) {
      this.visit((type as ts.SubstitutionType).baseType);
      this.visit((type as ts.SubstitutionType).constraint);
    }
  }

  private checkSymbol(symbol: ts.Symbol | undefined): void {
    if (symbol?.declarations?.some(this.isLocal) === true) throw new NotComparable();
  }
}

class NotComparable extends Error {}

import crypto from "node:crypto";
import { ts } from "ts-morph";
import type { ExtractedEdge, ExtractedNode } from "../../model/extracted.js";
import { MODIFIER_ORDER, type Modifier, type NodeKind } from "../../model/graph-kinds.js";
import { declarationKey, disambiguatedName, fileKey, memberName, type NodeKey } from "../../model/node-key.js";
import {
  docCommentRanges,
  docSummary,
  headerBetween,
  initializerPreview,
  lineOf,
  propertyNameText,
  skipOuterExpressions,
  startAfterDecorators,
  truncate,
  collapseWhitespace,
} from "./declaration-text.js";
import { expandoAssignments, isJavaScriptFile, jsDocTypedefsText } from "./surface-text.js";

/**
 * The declarations of one file, found from its syntax alone (no type checker):
 * graph nodes in source order (the File node first), the CONTAINS edges between them,
 * and, for every AST node that stands for a graph node, that node.
 */
export interface FileDeclarations {
  /** A global script, or a module with `declare global` or `declare module "x"`. */
  readonly declaresGlobals: boolean;
  readonly nodes: readonly ExtractedNode[];
  readonly contains: readonly ExtractedEdge[];
  readonly nodeOf: ReadonlyMap<ts.Node, ExtractedNode>;
  /** Where the text each node's surface hashes is, by key (File node excluded); only when asked for (planning). */
  readonly surfaceRanges?: ReadonlyMap<string, readonly SurfaceRange[]>;
}

export interface SurfaceRange {
  readonly start: number;
  readonly end: number;
}

export interface DeclarationOptions {
  /** Also return where every surface is (FileDeclarations.surfaceRanges). */
  readonly surfaceRanges?: boolean;
  /**
   * Leave every surface hash, signature and doc summary empty: for readers that need only names and line spans
   * (co-change maps the lines of past versions to declarations), the texts are most of the cost.
   */
  readonly withoutSurfaces?: boolean;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type NodeDraft = Mutable<ExtractedNode>;

interface Scope {
  readonly node: NodeDraft;
  /** Qualified name of the container; undefined for the file. */
  readonly qualifiedName: string | undefined;
  /** Whether this scope holds module-level declarations (file or namespace body). */
  readonly moduleLevel: boolean;
  /** Whether `export`ed declarations in this scope are visible outside the file. */
  readonly exportsVisible: boolean;
  /** Whether every declaration in this scope is visible (ambient module, global script). */
  readonly implicitlyExported: boolean;
  readonly seenNames: Map<string, number>;
  readonly seenVariants: Map<string, number>;
  /**
   * Member names already taken under each name of this scope. Declarations that merge (an interface and a
   * namespace called `Money`) share one: their members are `Money.x` whichever declaration holds them.
   */
  readonly memberSpaces: Map<string, { readonly seenNames: Map<string, number>; readonly seenVariants: Map<string, number> }>;
  /** The last overload group, open while its declarations have no body. */
  openOverload: { readonly name: string; readonly node: NodeDraft } | undefined;
}

interface Registration {
  readonly name: string;
  readonly kind: NodeKind;
  /** What tells this declaration apart from others of the same name: its kind, or `get`/`set`. */
  readonly variant: string;
  /** AST nodes that stand for the new graph node (declaration, initializer, binding). */
  readonly astNodes: readonly ts.Node[];
  readonly rangeStart: number;
  readonly rangeEnd: number;
  readonly nameNode: ts.Node;
  readonly exported: boolean;
  readonly signature: string;
  readonly doc: string;
  readonly modifiers: readonly Modifier[];
  /** An overload signature (no body) that a following declaration of the same name may join. */
  readonly overloadable?: "open" | "closing";
  /**
   * Where the part other files can see ends: the header's end when the type is written out (`typed`),
   * otherwise the declaration's end (an inferred type depends on the whole text).
   */
  readonly surfaceEnd: number;
  readonly typed: boolean;
}

/** Hash of a surface text, prefixed `d:` (declared type) or `i:` (inferred type). */
function surfaceHash(text: string, typed: boolean, previous = ""): string {
  const digest = crypto.createHash("sha1").update(previous).update(collapseWhitespace(text)).digest("hex").slice(0, 16);
  return `${typed ? "d" : "i"}:${digest}`;
}

/**
 * Re-export and export-list statements: what importers see of a file besides its declarations
 * (and, in a JavaScript file, its `@typedef` and `@callback` comments).
 */
function exportStatementsSurface(sourceFile: ts.SourceFile): string {
  const parts = sourceFile.statements
    .filter((statement) => ts.isExportDeclaration(statement) || ts.isExportAssignment(statement))
    .map((statement) => statement.getText(sourceFile));
  const typedefs = jsDocTypedefsText(sourceFile);
  if (typedefs !== "") parts.push(typedefs);
  return parts.length === 0 ? "" : surfaceHash(parts.join("\n"), true);
}

/** Folds expando assignments (`f.helper = …`) into the surface of the module-level declaration they extend. */
function foldExpandoAssignments(sourceFile: ts.SourceFile, nodes: readonly NodeDraft[], surfaceRanges: Map<string, SurfaceRange[]> | undefined): void {
  const assignments = expandoAssignments(sourceFile);
  if (assignments.size === 0) return;
  const fileKeyOfNodes = nodes[0]?.key;
  for (const node of nodes) {
    const statements = assignments.get(node.name);
    if (statements === undefined || node.parentKey !== fileKeyOfNodes || node.qualifiedName !== node.name) continue;
    node.surface = surfaceHash(statements.map((statement) => statement.getText(sourceFile)).join("\n"), false, node.surface);
    const ranges = statements.map((statement) => ({ start: statement.getStart(sourceFile), end: statement.end }));
    surfaceRanges?.set(node.key, [...(surfaceRanges.get(node.key) ?? []), ...ranges]);
  }
}

function sortModifiers(modifiers: Iterable<Modifier>): Modifier[] {
  const set = new Set(modifiers);
  return MODIFIER_ORDER.filter((modifier) => set.has(modifier));
}

function flagModifiers(declaration: ts.Node): Modifier[] {
  const flags = ts.getCombinedModifierFlags(declaration as ts.Declaration);
  const modifiers: Modifier[] = [];
  const table: [ts.ModifierFlags, Modifier][] = [
    [ts.ModifierFlags.Export, "export"],
    [ts.ModifierFlags.Default, "default"],
    [ts.ModifierFlags.Ambient, "declare"],
    [ts.ModifierFlags.Public, "public"],
    [ts.ModifierFlags.Protected, "protected"],
    [ts.ModifierFlags.Private, "private"],
    [ts.ModifierFlags.Static, "static"],
    [ts.ModifierFlags.Abstract, "abstract"],
    [ts.ModifierFlags.Override, "override"],
    [ts.ModifierFlags.Readonly, "readonly"],
    [ts.ModifierFlags.Async, "async"],
  ];
  for (const [flag, modifier] of table) if (flags & flag) modifiers.push(modifier);
  return modifiers;
}

function isFunctionValue(expression: ts.Expression | undefined): expression is ts.ArrowFunction | ts.FunctionExpression {
  return expression !== undefined && (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression));
}

/** The initializer of a binding with parentheses, `as`, `satisfies` and `!` taken off. */
function unwrapInitializer(expression: ts.Expression | undefined): ts.Expression | undefined {
  return expression === undefined ? undefined : skipOuterExpressions(expression);
}

function isConst(declaration: ts.VariableDeclaration): boolean {
  const list = declaration.parent;
  return ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
}

function isPrivateMember(member: ts.ClassElement | ts.ParameterDeclaration): boolean {
  if (member.name !== undefined && ts.isPrivateIdentifier(member.name)) return true;
  return (ts.getCombinedModifierFlags(member as ts.Declaration) & ts.ModifierFlags.Private) !== 0;
}

/** Local names exported by `export { a, b as c }` and `export default a` statements of a statement list. */
function locallyExportedNames(statements: readonly ts.Statement[]): Set<string> {
  const names = new Set<string>();
  for (const statement of statements) {
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier === undefined && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) names.add((element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) {
      names.add(statement.expression.text);
    }
  }
  return names;
}

export function extractDeclarations(sourceFile: ts.SourceFile, relativePath: string, options: DeclarationOptions = {}): FileDeclarations {
  const nodes: NodeDraft[] = [];
  const surfaceRanges = options.surfaceRanges === true ? new Map<string, SurfaceRange[]>() : undefined;
  const javaScript = isJavaScriptFile(sourceFile.fileName);
  const contains: ExtractedEdge[] = [];
  const nodeOf = new Map<ts.Node, ExtractedNode>();
  const exportedByList = locallyExportedNames(sourceFile.statements);
  const isModule = ts.isExternalModule(sourceFile);
  // Without surfaces, signatures and doc summaries are not wanted either (names and line spans only).
  const headerText = options.withoutSurfaces === true ? (): string => "" : headerBetween;
  const doc = options.withoutSurfaces === true ? (): string => "" : docSummary;

  const fileNode: NodeDraft = {
    key: fileKey(relativePath),
    kind: "File",
    name: relativePath.slice(relativePath.lastIndexOf("/") + 1),
    qualifiedName: relativePath,
    parentKey: undefined,
    startLine: 1,
    endLine: lineOf(sourceFile, sourceFile.end),
    nameLine: 1,
    exported: false,
    signature: "",
    doc: "",
    modifiers: [],
    surface: options.withoutSurfaces === true ? "" : exportStatementsSurface(sourceFile),
  };
  nodes.push(fileNode);
  nodeOf.set(sourceFile, fileNode);

  type ScopeOptions = Partial<Pick<Scope, "moduleLevel" | "exportsVisible" | "implicitlyExported">>;

  function newScope(
    node: NodeDraft,
    qualifiedName: string | undefined,
    options: ScopeOptions,
    names: Pick<Scope, "seenNames" | "seenVariants"> = { seenNames: new Map(), seenVariants: new Map() },
  ): Scope {
    return {
      node,
      qualifiedName,
      moduleLevel: options.moduleLevel ?? false,
      exportsVisible: options.exportsVisible ?? false,
      implicitlyExported: options.implicitlyExported ?? false,
      seenNames: names.seenNames,
      seenVariants: names.seenVariants,
      memberSpaces: new Map(),
      openOverload: undefined,
    };
  }

  function uniqueQualifiedName(scope: Scope, name: string, variant: string): string {
    const seen = scope.seenNames.get(name) ?? 0;
    scope.seenNames.set(name, seen + 1);
    if (seen === 0) return memberName(scope.qualifiedName, name);
    const variantKey = `${name}#${variant}`;
    const occurrence = (scope.seenVariants.get(variantKey) ?? 0) + 1;
    scope.seenVariants.set(variantKey, occurrence);
    return memberName(scope.qualifiedName, disambiguatedName(name, variant, occurrence));
  }

  function register(scope: Scope, registration: Registration): NodeDraft {
    const open = scope.openOverload;
    // In JavaScript, types are written in doc comments.
    const declaration = registration.astNodes[0];
    const ranges = javaScript && declaration !== undefined ? docCommentRanges(declaration) : [];
    ranges.push({ start: registration.rangeStart, end: registration.surfaceEnd });
    const hash = (typed: boolean, previous?: string): string =>
      options.withoutSurfaces === true ? "" : surfaceHash(ranges.map((range) => sourceFile.text.slice(range.start, range.end)).join(""), typed, previous);
    if (registration.overloadable !== undefined && open !== undefined && open.name === registration.name) {
      open.node.endLine = Math.max(open.node.endLine, lineOf(sourceFile, registration.rangeEnd));
      open.node.surface = hash(registration.typed && open.node.surface.startsWith("d:"), open.node.surface);
      surfaceRanges?.set(open.node.key, [...(surfaceRanges.get(open.node.key) ?? []), ...ranges]);
      for (const astNode of registration.astNodes) nodeOf.set(astNode, open.node);
      if (registration.overloadable === "closing") {
        const implementationLine = lineOf(sourceFile, registration.nameNode.getStart(sourceFile));
        if (implementationLine !== open.node.nameLine) open.node.implementationLine = implementationLine;
        open.node.modifiers = sortModifiers([...open.node.modifiers, ...registration.modifiers]);
        scope.openOverload = undefined;
      }
      return open.node;
    }
    const qualifiedName = uniqueQualifiedName(scope, registration.name, registration.variant);
    const node: NodeDraft = {
      key: declarationKey(relativePath, qualifiedName),
      kind: registration.kind,
      name: registration.name,
      qualifiedName,
      parentKey: scope.node.key,
      startLine: lineOf(sourceFile, registration.rangeStart),
      endLine: lineOf(sourceFile, registration.rangeEnd),
      nameLine: lineOf(sourceFile, registration.nameNode.getStart(sourceFile)),
      exported: registration.exported,
      signature: registration.signature,
      doc: registration.doc,
      modifiers: sortModifiers(registration.modifiers),
      surface: hash(registration.typed),
    };
    nodes.push(node);
    surfaceRanges?.set(node.key, ranges);
    for (const astNode of registration.astNodes) nodeOf.set(astNode, node);
    contains.push({ kind: "CONTAINS", source: scope.node.key, target: node.key, lines: [] });
    scope.openOverload = registration.overloadable === "open" ? { name: registration.name, node } : undefined;
    return node;
  }

  /** The scope of a node's members, named under the node's plain name (see Scope.memberSpaces). */
  function childScope(scope: Scope, node: NodeDraft, options: ScopeOptions = {}): Scope {
    let names = scope.memberSpaces.get(node.name);
    if (names === undefined) {
      names = { seenNames: new Map(), seenVariants: new Map() };
      scope.memberSpaces.set(node.name, names);
    }
    return newScope(node, memberName(scope.qualifiedName, node.name), options, names);
  }

  function isExportedHere(scope: Scope, declaration: ts.Node, name: string): boolean {
    if (scope.implicitlyExported) return true;
    if (!scope.moduleLevel) return false;
    const flags = ts.getCombinedModifierFlags(declaration as ts.Declaration);
    if (flags & ts.ModifierFlags.Export) return scope.exportsVisible;
    return scope.node.kind === "File" && exportedByList.has(name);
  }

  function headerUntil(node: ts.Node, end: number | undefined): string {
    const start = startAfterDecorators(node, sourceFile);
    return headerText(sourceFile, start, end ?? node.end);
  }

  // ---- functions and methods -------------------------------------------------------------

  function overloadState(body: ts.Node | undefined): "open" | "closing" {
    return body === undefined ? "open" : "closing";
  }

  /** A function-like's surface: its header when the return type is written (or needs none), else all of it. */
  /** Surface of a binding: up to its type annotation, else up to a typed function value's body, else all of it. */
  function annotatedSurface(
    annotation: ts.TypeNode | undefined,
    value: ts.Expression | undefined,
    end: number,
  ): { surfaceEnd: number; typed: boolean } {
    if (annotation !== undefined) return { surfaceEnd: annotation.end, typed: true };
    if (value !== undefined && isFunctionValue(value) && value.type !== undefined) return { surfaceEnd: value.body.pos, typed: true };
    return { surfaceEnd: end, typed: false };
  }

  function bodySurface(declaration: ts.SignatureDeclaration, body: ts.Node | undefined): { surfaceEnd: number; typed: boolean } {
    const typed =
      body === undefined ||
      declaration.type !== undefined ||
      ts.isConstructorDeclaration(declaration) ||
      ts.isSetAccessorDeclaration(declaration);
    return { surfaceEnd: typed && body !== undefined ? body.pos : declaration.end, typed };
  }

  function visitFunctionDeclaration(declaration: ts.FunctionDeclaration, scope: Scope): void {
    const name = declaration.name?.text ?? "default";
    const modifiers = flagModifiers(declaration);
    if (declaration.asteriskToken) modifiers.push("generator");
    const node = register(scope, {
      name,
      kind: "Function",
      variant: "function",
      astNodes: [declaration],
      rangeStart: startAfterDecorators(declaration, sourceFile),
      rangeEnd: declaration.end,
      nameNode: declaration.name ?? declaration,
      exported: isExportedHere(scope, declaration, name),
      signature: headerUntil(declaration, declaration.body?.pos),
      doc: doc(declaration),
      modifiers,
      overloadable: overloadState(declaration.body),
      ...bodySurface(declaration, declaration.body),
    });
    if (declaration.body) visitChildren(declaration.body, childScope(scope, node));
  }

  function visitClassLike(
    declaration: ts.ClassLikeDeclaration,
    scope: Scope,
    name: string,
    extra: { astNodes: ts.Node[]; rangeNode: ts.Node; nameNode: ts.Node; exported: boolean; signatureStartNode: ts.Node },
  ): void {
    const node = register(scope, {
      name,
      kind: "Class",
      variant: "class",
      astNodes: [declaration, ...extra.astNodes],
      rangeStart: startAfterDecorators(extra.rangeNode, sourceFile),
      rangeEnd: extra.rangeNode.end,
      nameNode: extra.nameNode,
      exported: extra.exported,
      signature: headerText(
        sourceFile,
        startAfterDecorators(extra.signatureStartNode, sourceFile),
        declaration.members.pos,
      ),
      doc: doc(extra.rangeNode === declaration ? declaration : extra.astNodes[0] ?? declaration),
      modifiers: flagModifiers(extra.rangeNode === declaration ? declaration : extra.astNodes[0] ?? declaration),
      surfaceEnd: declaration.members.pos,
      typed: true,
    });
    for (const decorator of ts.canHaveDecorators(declaration) ? (ts.getDecorators(declaration) ?? []) : []) {
      visitChildren(decorator, scope);
    }
    for (const clause of declaration.heritageClauses ?? []) visitChildren(clause, scope);
    const members = childScope(scope, node, { exportsVisible: node.exported });
    for (const member of declaration.members) visitClassMember(member, members, node.exported);
  }

  function visitClassMember(member: ts.ClassElement, scope: Scope, classExported: boolean): void {
    const exported = classExported && !isPrivateMember(member);
    if (ts.isConstructorDeclaration(member)) {
      const node = register(scope, {
        name: "constructor",
        kind: "Constructor",
        variant: "constructor",
        astNodes: [member],
        rangeStart: startAfterDecorators(member, sourceFile),
        rangeEnd: member.end,
        nameNode: member.getFirstToken(sourceFile) ?? member,
        exported,
        signature: headerUntil(member, member.body?.pos),
        doc: doc(member),
        modifiers: flagModifiers(member),
        overloadable: overloadState(member.body),
        ...bodySurface(member, member.body),
      });
      for (const parameter of member.parameters) {
        if (ts.isParameterPropertyDeclaration(parameter, member)) visitParameterProperty(parameter, scope, classExported);
      }
      if (member.body) visitChildren(member.body, childScope(scope, node));
      return;
    }
    if (ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member)) {
      visitMethodLike(member, scope, exported);
      return;
    }
    if (ts.isPropertyDeclaration(member)) {
      visitPropertyDeclaration(member, scope, exported);
      return;
    }
    if (ts.isClassStaticBlockDeclaration(member)) {
      visitChildren(member.body, scope);
    }
  }

  function visitParameterProperty(parameter: ts.ParameterDeclaration, scope: Scope, classExported: boolean): void {
    const name = propertyNameText(parameter.name, sourceFile);
    register(scope, {
      name,
      kind: "Property",
      variant: "property",
      astNodes: [parameter],
      rangeStart: parameter.getStart(sourceFile),
      rangeEnd: parameter.end,
      nameNode: parameter.name,
      exported: classExported && !isPrivateMember(parameter),
      signature: headerText(sourceFile, parameter.getStart(sourceFile), parameter.initializer?.pos ?? parameter.end),
      doc: doc(parameter),
      modifiers: flagModifiers(parameter),
      surfaceEnd: parameter.end,
      typed: parameter.type !== undefined,
    });
  }

  function visitMethodLike(
    member: ts.MethodDeclaration | ts.AccessorDeclaration,
    scope: Scope,
    exported: boolean,
  ): void {
    const name = propertyNameText(member.name, sourceFile);
    const modifiers = flagModifiers(member);
    let variant = "method";
    if (ts.isGetAccessorDeclaration(member)) {
      modifiers.push("get");
      variant = "get";
    } else if (ts.isSetAccessorDeclaration(member)) {
      modifiers.push("set");
      variant = "set";
    } else if (member.asteriskToken) {
      modifiers.push("generator");
    }
    const node = register(scope, {
      name,
      kind: "Method",
      variant,
      astNodes: [member],
      rangeStart: startAfterDecorators(member, sourceFile),
      rangeEnd: member.end,
      nameNode: member.name,
      exported,
      signature: headerUntil(member, member.body?.pos),
      doc: doc(member),
      modifiers,
      ...(ts.isMethodDeclaration(member) ? { overloadable: overloadState(member.body) } : {}),
      ...bodySurface(member, member.body),
    });
    for (const decorator of ts.canHaveDecorators(member) ? (ts.getDecorators(member) ?? []) : []) {
      visitChildren(decorator, scope);
    }
    if (member.body) visitChildren(member.body, childScope(scope, node));
  }

  function visitPropertyDeclaration(member: ts.PropertyDeclaration, scope: Scope, exported: boolean): void {
    const name = propertyNameText(member.name, sourceFile);
    const initializer = unwrapInitializer(member.initializer);
    const modifiers = flagModifiers(member);
    if (isFunctionValue(initializer)) {
      modifiers.push("arrow");
      if (initializer.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword)) modifiers.push("async");
      const node = register(scope, {
        name,
        kind: "Method",
        variant: "method",
        astNodes: [member, initializer],
        rangeStart: startAfterDecorators(member, sourceFile),
        rangeEnd: member.end,
        nameNode: member.name,
        exported,
        signature: headerUntil(member, initializer.body.pos),
        doc: doc(member),
        modifiers,
        ...annotatedSurface(member.type, initializer, member.end),
      });
      visitChildren(initializer.body, childScope(scope, node));
      return;
    }
    const typeEnd = member.type?.end;
    register(scope, {
      name,
      kind: "Property",
      variant: "property",
      astNodes: [member],
      rangeStart: startAfterDecorators(member, sourceFile),
      rangeEnd: member.end,
      nameNode: member.name,
      exported,
      signature:
        typeEnd !== undefined || initializer === undefined
          ? headerUntil(member, typeEnd ?? member.end)
          : truncate(`${headerUntil(member, member.name.end)} = ${initializerPreview(sourceFile, initializer)}`, 240),
      doc: doc(member),
      modifiers,
      ...annotatedSurface(member.type, initializer, member.end),
    });
    if (member.initializer) visitChildren(member.initializer, scope);
  }

  // ---- types ------------------------------------------------------------------------------

  function visitInterface(declaration: ts.InterfaceDeclaration, scope: Scope): void {
    const name = declaration.name.text;
    const node = register(scope, {
      name,
      kind: "Interface",
      variant: "interface",
      astNodes: [declaration],
      rangeStart: declaration.getStart(sourceFile),
      rangeEnd: declaration.end,
      nameNode: declaration.name,
      exported: isExportedHere(scope, declaration, name),
      signature: headerText(sourceFile, declaration.getStart(sourceFile), declaration.members.pos),
      doc: doc(declaration),
      modifiers: flagModifiers(declaration),
      surfaceEnd: declaration.members.pos,
      typed: true,
    });
    const members = childScope(scope, node);
    for (const member of declaration.members) visitTypeMember(member, members, node.exported);
  }

  function visitTypeMember(member: ts.TypeElement, scope: Scope, exported: boolean): void {
    if (member.name === undefined) return;
    const isMethod = ts.isMethodSignature(member);
    const isAccessor = ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member);
    if (!isMethod && !isAccessor && !ts.isPropertySignature(member)) return;
    const modifiers = flagModifiers(member);
    let variant = isMethod ? "method" : "property";
    if (ts.isGetAccessorDeclaration(member)) (modifiers.push("get"), (variant = "get"));
    if (ts.isSetAccessorDeclaration(member)) (modifiers.push("set"), (variant = "set"));
    register(scope, {
      name: propertyNameText(member.name, sourceFile),
      kind: isMethod || isAccessor ? "Method" : "Property",
      variant,
      astNodes: [member],
      rangeStart: member.getStart(sourceFile),
      rangeEnd: member.end,
      nameNode: member.name,
      exported,
      signature: headerText(sourceFile, member.getStart(sourceFile), member.end),
      doc: doc(member),
      modifiers,
      ...(isMethod ? { overloadable: "open" as const } : {}),
      surfaceEnd: member.end,
      typed: true,
    });
  }

  function visitTypeAlias(declaration: ts.TypeAliasDeclaration, scope: Scope): void {
    const name = declaration.name.text;
    register(scope, {
      name,
      kind: "TypeAlias",
      variant: "type",
      astNodes: [declaration],
      rangeStart: declaration.getStart(sourceFile),
      rangeEnd: declaration.end,
      nameNode: declaration.name,
      exported: isExportedHere(scope, declaration, name),
      signature: headerText(sourceFile, declaration.getStart(sourceFile), declaration.end),
      doc: doc(declaration),
      modifiers: flagModifiers(declaration),
      surfaceEnd: declaration.end,
      typed: true,
    });
  }

  function visitEnum(declaration: ts.EnumDeclaration, scope: Scope): void {
    const name = declaration.name.text;
    register(scope, {
      name,
      kind: "Enum",
      variant: "enum",
      astNodes: [declaration],
      rangeStart: declaration.getStart(sourceFile),
      rangeEnd: declaration.end,
      nameNode: declaration.name,
      exported: isExportedHere(scope, declaration, name),
      signature: headerText(sourceFile, declaration.getStart(sourceFile), declaration.members.pos),
      doc: doc(declaration),
      modifiers: flagModifiers(declaration),
      surfaceEnd: declaration.end,
      typed: true,
    });
    for (const member of declaration.members) if (member.initializer) visitChildren(member.initializer, scope);
  }

  function visitModule(declaration: ts.ModuleDeclaration, scope: Scope): void {
    const isGlobal = (declaration.flags & ts.NodeFlags.GlobalAugmentation) !== 0;
    const name = isGlobal ? "global" : ts.isStringLiteral(declaration.name) ? `"${declaration.name.text}"` : declaration.name.text;
    const ambientModule = isGlobal || ts.isStringLiteral(declaration.name);
    const node = register(scope, {
      name,
      kind: "Namespace",
      variant: "namespace",
      astNodes: [declaration],
      rangeStart: declaration.getStart(sourceFile),
      rangeEnd: declaration.end,
      nameNode: declaration.name,
      exported: ambientModule || isExportedHere(scope, declaration, name),
      signature: headerText(sourceFile, declaration.getStart(sourceFile), declaration.body?.pos ?? declaration.end),
      doc: doc(declaration),
      modifiers: flagModifiers(declaration),
      surfaceEnd: declaration.body?.pos ?? declaration.end,
      typed: true,
    });
    const inner = childScope(scope, node, {
      moduleLevel: true,
      exportsVisible: node.exported,
      implicitlyExported: ambientModule,
    });
    const body = declaration.body;
    if (body === undefined) return;
    if (ts.isModuleDeclaration(body)) visitModule(body, inner);
    else visitChildren(body, inner);
  }

  // ---- variables ---------------------------------------------------------------------------

  function visitVariableStatement(statement: ts.VariableStatement, scope: Scope): void {
    const declarations = statement.declarationList.declarations;
    const atModuleLevel = ts.isSourceFile(statement.parent) || ts.isModuleBlock(statement.parent);
    if (!atModuleLevel && scope.moduleLevel) {
      // A binding inside a top-level block is local to that block, not a module-level variable.
      const local = newScope(scope.node, scope.qualifiedName, {}, scope);
      for (const declaration of declarations) visitVariableDeclaration(declaration, local, declaration);
      return;
    }
    for (const declaration of declarations) {
      const rangeNode = declarations.length === 1 ? statement : declaration;
      visitVariableDeclaration(declaration, scope, rangeNode);
    }
  }

  function variableKeyword(declaration: ts.VariableDeclaration): string {
    const flags = declaration.parent.flags;
    if (flags & ts.NodeFlags.Const) return "const";
    if (flags & ts.NodeFlags.Let) return "let";
    if (flags & ts.NodeFlags.Using) return "using";
    return "var";
  }

  function variableSignaturePrefix(declaration: ts.VariableDeclaration): string {
    const modifiers = flagModifiers(declaration).filter((m) => m === "export" || m === "declare" || m === "default");
    return [...modifiers, variableKeyword(declaration)].join(" ");
  }

  function visitVariableDeclaration(declaration: ts.VariableDeclaration, scope: Scope, rangeNode: ts.Node): void {
    if (!ts.isIdentifier(declaration.name)) {
      visitBindingPattern(declaration.name, declaration, scope);
      if (declaration.initializer) visitChildren(declaration.initializer, scope);
      return;
    }
    const name = declaration.name.text;
    const initializer = unwrapInitializer(declaration.initializer);
    const prefix = variableSignaturePrefix(declaration);
    const exported = isExportedHere(scope, declaration, name);
    if (initializer !== undefined && ts.isClassExpression(initializer) && isConst(declaration)) {
      visitClassLike(initializer, scope, name, {
        astNodes: [declaration],
        rangeNode,
        nameNode: declaration.name,
        exported,
        signatureStartNode: declaration,
      });
      return;
    }
    if (isFunctionValue(initializer) && (isConst(declaration) || scope.moduleLevel)) {
      const functionLike = isConst(declaration);
      const modifiers = flagModifiers(declaration);
      if (functionLike) modifiers.push("arrow");
      if (initializer.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword)) modifiers.push("async");
      if (initializer.asteriskToken) modifiers.push("generator");
      const header = headerText(sourceFile, declaration.getStart(sourceFile), initializer.body.pos);
      const node = register(scope, {
        name,
        kind: functionLike ? "Function" : "Variable",
        variant: functionLike ? "function" : "variable",
        astNodes: [declaration, initializer],
        rangeStart: rangeNode.getStart(sourceFile),
        rangeEnd: rangeNode.end,
        nameNode: declaration.name,
        exported,
        signature: truncate(`${prefix} ${header}`, 240),
        doc: doc(declaration),
        modifiers,
        ...annotatedSurface(declaration.type, initializer, rangeNode.end),
      });
      visitChildren(initializer.body, childScope(scope, node));
      return;
    }
    if (!scope.moduleLevel) {
      if (declaration.initializer) visitChildren(declaration.initializer, scope);
      return;
    }
    const typeText = declaration.type ? `: ${headerText(sourceFile, declaration.type.getStart(sourceFile), declaration.type.end)}` : "";
    const valueText = !declaration.type && initializer ? ` = ${initializerPreview(sourceFile, initializer)}` : "";
    const node = register(scope, {
      name,
      kind: "Variable",
      variant: "variable",
      astNodes: [declaration],
      rangeStart: rangeNode.getStart(sourceFile),
      rangeEnd: rangeNode.end,
      nameNode: declaration.name,
      exported,
      signature: truncate(`${prefix} ${name}${typeText}${valueText}`, 240),
      doc: doc(declaration),
      modifiers: flagModifiers(declaration),
      ...annotatedSurface(declaration.type, initializer, rangeNode.end),
    });
    if (initializer !== undefined && ts.isObjectLiteralExpression(initializer)) {
      visitObjectLiteralMembers(initializer, childScope(scope, node), node.exported);
    } else if (declaration.initializer) {
      visitChildren(declaration.initializer, childScope(scope, node));
    }
  }

  function visitBindingPattern(pattern: ts.BindingPattern, declaration: ts.VariableDeclaration, scope: Scope): void {
    if (!scope.moduleLevel) return;
    for (const element of pattern.elements) {
      if (ts.isOmittedExpression(element)) continue;
      if (!ts.isIdentifier(element.name)) {
        visitBindingPattern(element.name, declaration, scope);
        continue;
      }
      const name = element.name.text;
      register(scope, {
        name,
        kind: "Variable",
        variant: "variable",
        astNodes: [element],
        rangeStart: element.getStart(sourceFile),
        rangeEnd: element.end,
        nameNode: element.name,
        exported: isExportedHere(scope, declaration, name),
        signature: `${variableSignaturePrefix(declaration)} ${name}`,
        doc: doc(declaration),
        modifiers: flagModifiers(declaration),
        surfaceEnd: declaration.end,
        typed: false,
      });
    }
  }

  /** Methods and function-valued properties of an object literal bound to a module-level variable. */
  function visitObjectLiteralMembers(literal: ts.ObjectLiteralExpression, scope: Scope, exported: boolean): void {
    for (const property of literal.properties) {
      if (ts.isMethodDeclaration(property) || ts.isGetAccessorDeclaration(property) || ts.isSetAccessorDeclaration(property)) {
        visitMethodLike(property, scope, exported);
        continue;
      }
      if (ts.isPropertyAssignment(property)) {
        const initializer = unwrapInitializer(property.initializer);
        if (isFunctionValue(initializer)) {
          const modifiers: Modifier[] = ["arrow"];
          if (initializer.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword)) modifiers.push("async");
          const node = register(scope, {
            name: propertyNameText(property.name, sourceFile),
            kind: "Method",
            variant: "method",
            astNodes: [property, initializer],
            rangeStart: property.getStart(sourceFile),
            rangeEnd: property.end,
            nameNode: property.name,
            exported,
            signature: headerText(sourceFile, property.getStart(sourceFile), initializer.body.pos),
            doc: doc(property),
            modifiers,
            ...annotatedSurface(undefined, initializer, property.end),
          });
          visitChildren(initializer.body, childScope(scope, node));
          continue;
        }
      }
      visitChildren(property, scope);
    }
  }

  function visitExportAssignment(assignment: ts.ExportAssignment, scope: Scope): void {
    const expression = unwrapInitializer(assignment.expression);
    if (expression !== undefined && isFunctionValue(expression) && !assignment.isExportEquals) {
      const node = register(scope, {
        name: "default",
        kind: "Function",
        variant: "function",
        astNodes: [assignment, expression],
        rangeStart: assignment.getStart(sourceFile),
        rangeEnd: assignment.end,
        nameNode: assignment,
        exported: true,
        signature: headerText(sourceFile, assignment.getStart(sourceFile), expression.body.pos),
        doc: doc(assignment),
        modifiers: ["export", "default", "arrow"],
        ...annotatedSurface(undefined, expression, assignment.end),
      });
      visitChildren(expression.body, childScope(scope, node));
      return;
    }
    if (expression !== undefined && ts.isClassExpression(expression)) {
      visitClassLike(expression, scope, expression.name?.text ?? "default", {
        astNodes: [assignment],
        rangeNode: assignment,
        nameNode: expression.name ?? assignment,
        exported: true,
        signatureStartNode: assignment,
      });
      return;
    }
    visitChildren(assignment, scope);
  }

  // ---- the walk -----------------------------------------------------------------------------

  function visit(node: ts.Node, scope: Scope): void {
    switch (node.kind) {
      case ts.SyntaxKind.FunctionDeclaration:
        return visitFunctionDeclaration(node as ts.FunctionDeclaration, scope);
      case ts.SyntaxKind.ClassDeclaration: {
        const declaration = node as ts.ClassDeclaration;
        const name = declaration.name?.text ?? "default";
        return visitClassLike(declaration, scope, name, {
          astNodes: [],
          rangeNode: declaration,
          nameNode: declaration.name ?? declaration,
          exported: isExportedHere(scope, declaration, name),
          signatureStartNode: declaration,
        });
      }
      case ts.SyntaxKind.InterfaceDeclaration:
        return visitInterface(node as ts.InterfaceDeclaration, scope);
      case ts.SyntaxKind.TypeAliasDeclaration:
        return visitTypeAlias(node as ts.TypeAliasDeclaration, scope);
      case ts.SyntaxKind.EnumDeclaration:
        return visitEnum(node as ts.EnumDeclaration, scope);
      case ts.SyntaxKind.ModuleDeclaration:
        return visitModule(node as ts.ModuleDeclaration, scope);
      case ts.SyntaxKind.VariableStatement:
        return visitVariableStatement(node as ts.VariableStatement, scope);
      case ts.SyntaxKind.VariableDeclaration:
        // for-loop and catch bindings: local to their statement
        return visitVariableDeclaration(node as ts.VariableDeclaration, scope.moduleLevel ? newScope(scope.node, scope.qualifiedName, {}, scope) : scope, node);
      case ts.SyntaxKind.ExportAssignment:
        return visitExportAssignment(node as ts.ExportAssignment, scope);
      case ts.SyntaxKind.MethodDeclaration:
      case ts.SyntaxKind.GetAccessor:
      case ts.SyntaxKind.SetAccessor:
        // A method of an object literal built inside a declaration (`const make = () => ({ pipe() {…} })`)
        // is a member of that declaration. At module level, outside any declaration, it stays anonymous.
        if (ts.isObjectLiteralExpression(node.parent) && !scope.moduleLevel) {
          return visitMethodLike(node as ts.MethodDeclaration | ts.AccessorDeclaration, scope, false);
        }
        return visitChildren(node, scope);
      default:
        return visitChildren(node, scope);
    }
  }

  function visitChildren(node: ts.Node, scope: Scope): void {
    ts.forEachChild(node, (child) => visit(child, scope));
  }

  const topScope = newScope(fileNode, undefined, {
    moduleLevel: true,
    exportsVisible: true,
    implicitlyExported: !isModule,
  });
  visitChildren(sourceFile, topScope);
  if (options.withoutSurfaces !== true) foldExpandoAssignments(sourceFile, nodes, surfaceRanges);
  const declaresGlobals =
    !isModule ||
    sourceFile.statements.some(
      (statement) =>
        ts.isModuleDeclaration(statement) &&
        ((statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0 || ts.isStringLiteral(statement.name)),
    );
  return { declaresGlobals, nodes, contains, nodeOf, ...(surfaceRanges === undefined ? {} : { surfaceRanges }) };
}

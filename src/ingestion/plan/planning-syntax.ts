import { ts } from "../../engine/ts6/typescript6.js";
import { DEFAULT_EXPORT, type Alias, type NameReferences, type PlanningSyntax } from "./change-propagation.js";
import { extractDeclarations, type FileDeclarations, type SurfaceRange } from "../extract/extract-declarations.js";
import { identifiersIn, MEMBER_KINDS } from "./surface-change.js";
import { specifierTarget } from "./module-stem.js";
import { isJavaScriptFile } from "../extract/surface-text.js";

/** A file parsed (syntax only) for planning: its declarations, and how it refers to names (change-propagation.ts). */
export interface ParsedForPlanning {
  readonly declarations: FileDeclarations;
  readonly syntax: PlanningSyntax;
  /** Names exported as default through `export default name`. */
  readonly defaultExportedNames: ReadonlySet<string>;
}

enum Reference {
  Bare,
  Exported,
  Qualified,
  Member,
  Key,
  MemberDefinition,
}

/** Every name occurrence of a file, in source order, with how it refers (and, for an import, the specifier's target). */
interface Occurrences {
  readonly positions: number[];
  readonly names: string[];
  readonly kinds: Reference[];
  readonly specifiers: (string | undefined)[];
}

/** A name an import binds: the name the module exports (`default`, `*` for a namespace) and the specifier's target. */
interface ImportBinding {
  readonly name: string;
  readonly target: string;
}

type MutableReferences = {
  bare: Set<string>;
  exported: Map<string, Set<string>>;
  qualified: Set<string>;
  member: Set<string>;
  key: Set<string>;
  memberDefinitions: Set<string>;
};

function emptyReferences(): MutableReferences {
  return {
    bare: new Set(),
    exported: new Map(),
    qualified: new Set(),
    member: new Set(),
    key: new Set(),
    memberDefinitions: new Set(),
  };
}

function addReference(
  references: MutableReferences,
  kind: Reference | undefined,
  name: string,
  target: string | undefined,
): void {
  switch (kind) {
    case Reference.Bare:
      return void references.bare.add(name);
    case Reference.Exported: {
      const targets = references.exported.get(name) ?? new Set<string>();
      targets.add(target ?? "");
      return void references.exported.set(name, targets);
    }
    case Reference.Qualified:
      return void references.qualified.add(name);
    case Reference.Member:
      return void references.member.add(name);
    case Reference.Key:
      return void references.key.add(name);
    default:
      return void references.memberDefinitions.add(name);
  }
}

/** The target (module-stem.ts) of a module specifier written in the file at `importerPath`. */
function targetOf(node: ts.Node, importerPath: string): string | undefined {
  return ts.isStringLiteralLike(node) ? specifierTarget(importerPath, node.text) : undefined;
}

/** Import bindings by local name, and every other name the file declares (locals and parameters included). */
function bindingsOf(
  sourceFile: ts.SourceFile,
  importerPath: string,
): { imports: Map<string, ImportBinding>; declared: Set<string> } {
  const imports = new Map<string, ImportBinding>();
  const declared = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const specifier = targetOf(node.moduleSpecifier, importerPath);
      const clause = node.importClause;
      if (specifier === undefined || clause === undefined) return;
      if (clause.name !== undefined) imports.set(clause.name.text, { name: DEFAULT_EXPORT, target: specifier });
      const bindings = clause.namedBindings;
      if (bindings !== undefined && ts.isNamespaceImport(bindings))
        imports.set(bindings.name.text, { name: "*", target: specifier });
      else
        for (const element of bindings?.elements ?? [])
          imports.set(element.name.text, { name: (element.propertyName ?? element.name).text, target: specifier });
      return;
    }
    if (ts.isImportEqualsDeclaration(node)) {
      const reference = node.moduleReference;
      const specifier = ts.isExternalModuleReference(reference)
        ? targetOf(reference.expression, importerPath)
        : undefined;
      if (specifier !== undefined) imports.set(node.name.text, { name: "*", target: specifier });
      else declared.add(node.name.text);
      return;
    }
    if (
      (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) &&
      ts.isIdentifier(node.name)
    ) {
      declared.add(node.name.text);
    } else if (
      ts.isFunctionDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isClassExpression(node)
    ) {
      if (node.name !== undefined) declared.add(node.name.text);
    } else if (
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      ts.isEnumDeclaration(node) ||
      ts.isTypeParameterDeclaration(node)
    ) {
      declared.add(node.name.text);
    } else if (ts.isModuleDeclaration(node) && ts.isIdentifier(node.name)) {
      declared.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { imports, declared };
}

function occurrencesOf(
  sourceFile: ts.SourceFile,
  importerPath: string,
  imports: ReadonlyMap<string, ImportBinding>,
  declared: ReadonlySet<string>,
): Occurrences {
  const occurrences: Occurrences = { positions: [], names: [], kinds: [], specifiers: [] };
  const record = (node: ts.Node, name: string, kind: Reference, specifier?: string): void => {
    occurrences.positions.push(node.getStart(sourceFile));
    occurrences.names.push(name);
    occurrences.kinds.push(kind);
    occurrences.specifiers.push(specifier);
  };
  /** A bare name: an import's export when it is an import binding. */
  const recordBare = (id: ts.Identifier): void => {
    const binding = imports.get(id.text);
    if (binding === undefined) record(id, id.text, Reference.Bare);
    else record(id, binding.name, Reference.Exported, binding.target);
  };
  /** `q.name`: see change-propagation.ts. */
  const recordQualified = (id: ts.Identifier, qualifier: ts.Node): void => {
    const binding = ts.isIdentifier(qualifier) ? imports.get(qualifier.text) : undefined;
    if (binding?.name === "*") return record(id, id.text, Reference.Exported, binding.target);
    let root = qualifier;
    while (ts.isPropertyAccessExpression(root) || ts.isQualifiedName(root))
      root = ts.isQualifiedName(root) ? root.left : root.expression;
    const outside = ts.isIdentifier(root) && (imports.has(root.text) || !declared.has(root.text));
    record(id, id.text, outside ? Reference.Qualified : Reference.Member);
  };
  /** The key of `x[key]` or of a computed member name: a literal's text, else the last identifier. */
  const recordKey = (expression: ts.Expression, kind: Reference.Key | Reference.MemberDefinition): void => {
    if (ts.isStringLiteralLike(expression) || ts.isNumericLiteral(expression))
      record(expression, expression.text, kind === Reference.Key ? Reference.Member : kind);
    else if (ts.isIdentifier(expression)) record(expression, expression.text, kind);
    else if (ts.isPropertyAccessExpression(expression)) record(expression.name, expression.name.text, kind);
  };
  const classify = (id: ts.Identifier): void => {
    const parent = id.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.name === id) return recordQualified(id, parent.expression);
    if (ts.isQualifiedName(parent) && parent.right === id) return recordQualified(id, parent.left);
    const qualifies =
      (ts.isPropertyAccessExpression(parent) && parent.expression === id) ||
      (ts.isQualifiedName(parent) && parent.left === id);
    // `ns.name` refers to one export of the namespace, recorded with `name`, not to all of them.
    if (qualifies && imports.get(id.text)?.name === "*") return;
    if (ts.isImportTypeNode(parent)) {
      const specifier = ts.isLiteralTypeNode(parent.argument)
        ? targetOf(parent.argument.literal, importerPath)
        : undefined;
      return record(id, id.text, specifier === undefined ? Reference.Qualified : Reference.Exported, specifier);
    }
    if (ts.isImportSpecifier(parent)) {
      if (id !== (parent.propertyName ?? parent.name)) return;
      return record(
        id,
        id.text,
        Reference.Exported,
        targetOf(parent.parent.parent.parent.moduleSpecifier, importerPath),
      );
    }
    if (ts.isExportSpecifier(parent)) {
      if (id !== (parent.propertyName ?? parent.name)) return;
      const specifier = parent.parent.parent.moduleSpecifier;
      return specifier === undefined
        ? recordBare(id)
        : record(id, id.text, Reference.Exported, targetOf(specifier, importerPath));
    }
    if (ts.isBindingElement(parent)) {
      if (parent.propertyName === id) return record(id, id.text, Reference.Member);
      if (parent.propertyName === undefined && ts.isObjectBindingPattern(parent.parent))
        record(id, id.text, Reference.Member);
      return;
    }
    if (ts.isJsxAttribute(parent)) return record(id, id.text, Reference.Member);
    if ("name" in parent && parent.name === id) {
      const isMember =
        ts.isClassElement(parent) ||
        ts.isTypeElement(parent) ||
        ts.isObjectLiteralElementLike(parent) ||
        ts.isEnumMember(parent);
      if (isMember) record(id, id.text, Reference.MemberDefinition);
      if (ts.isShorthandPropertyAssignment(parent)) recordBare(id);
      return;
    }
    recordBare(id);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) classify(node);
    else if (ts.isElementAccessExpression(node)) recordKey(node.argumentExpression, Reference.Key);
    // `T["k"]` names the member `k`; a string key of an object literal sets the member of its contextual type.
    else if (ts.isIndexedAccessTypeNode(node) && ts.isLiteralTypeNode(node.indexType))
      recordKey(node.indexType.literal as ts.Expression, Reference.Key);
    else if (
      (ts.isStringLiteral(node) || ts.isNumericLiteral(node)) &&
      ts.isObjectLiteralElementLike(node.parent) &&
      node.parent.name === node
    ) {
      record(node, node.text, Reference.MemberDefinition);
    } else if (ts.isComputedPropertyName(node) && "name" in node.parent && node.parent.name === node)
      recordKey(node.expression, Reference.MemberDefinition);
    else if (ts.isImportTypeNode(node) && node.qualifier === undefined && ts.isLiteralTypeNode(node.argument)) {
      record(node, "*", Reference.Exported, targetOf(node.argument.literal, importerPath));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined
    ) {
      record(node, "*", Reference.Exported, targetOf(node.arguments[0], importerPath));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return occurrences;
}

/** The references of the occurrences within the ranges (binary search over the sorted positions). */
function referencesWithin(occurrences: Occurrences, ranges: readonly SurfaceRange[]): NameReferences {
  const references = emptyReferences();
  for (const range of ranges) {
    let low = 0;
    let high = occurrences.positions.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((occurrences.positions[middle] ?? 0) < range.start) low = middle + 1;
      else high = middle;
    }
    for (
      let index = low;
      index < occurrences.positions.length && (occurrences.positions[index] ?? 0) < range.end;
      index += 1
    ) {
      const kind = occurrences.kinds[index];
      if (kind !== Reference.MemberDefinition)
        addReference(references, kind, occurrences.names[index] ?? "", occurrences.specifiers[index]);
    }
  }
  return references;
}

/** In JavaScript, types live in comments: every identifier of the text counts as a reference to any change of that name. */
function anyReferences(text: string): NameReferences & { memberDefinitions: ReadonlySet<string> } {
  const names = identifiersIn(text);
  return { ...emptyReferences(), qualified: names, key: names };
}

/** A reference to one name, as an alias's source: the import it comes from, or a bare name of the file. */
function referenceTo(name: string, imports: ReadonlyMap<string, ImportBinding>, specifier?: string): NameReferences {
  const references = emptyReferences();
  const binding = imports.get(name);
  if (specifier !== undefined) addReference(references, Reference.Exported, name, specifier);
  else if (binding !== undefined) addReference(references, Reference.Exported, binding.name, binding.target);
  else addReference(references, Reference.Bare, name, undefined);
  return references;
}

function exportStatements(
  sourceFile: ts.SourceFile,
  importerPath: string,
  imports: ReadonlyMap<string, ImportBinding>,
): Pick<PlanningSyntax, "aliases" | "starReExports" | "reExportedNames" | "reExports"> & {
  defaultExportedNames: Set<string>;
} {
  const aliases: Alias[] = [];
  const starReExports: string[] = [];
  const reExportedNames: string[] = [];
  const defaultExportedNames = new Set<string>();
  let reExports = false;
  for (const statement of sourceFile.statements) {
    if (ts.isExportDeclaration(statement)) {
      const specifier =
        statement.moduleSpecifier === undefined ? undefined : targetOf(statement.moduleSpecifier, importerPath);
      if (statement.moduleSpecifier !== undefined) reExports = true;
      const clause = statement.exportClause;
      if (clause === undefined) {
        if (specifier !== undefined) starReExports.push(specifier);
      } else if (ts.isNamespaceExport(clause)) {
        if (specifier !== undefined) aliases.push({ from: referenceTo("*", imports, specifier), to: clause.name.text });
      } else {
        for (const element of clause.elements) {
          const local = (element.propertyName ?? element.name).text;
          aliases.push({ from: referenceTo(local, imports, specifier), to: element.name.text });
          if (specifier !== undefined) reExportedNames.push(element.name.text, local);
        }
      }
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals && ts.isIdentifier(statement.expression)) {
      defaultExportedNames.add(statement.expression.text);
      aliases.push({ from: referenceTo(statement.expression.text, imports), to: DEFAULT_EXPORT });
    }
  }
  return { aliases, starReExports, reExportedNames, reExports, defaultExportedNames };
}

/** What dependsOnChanged reads of a file. */
export type FileReferences = Pick<PlanningSyntax, "path" | "declaresGlobals" | "ownNames" | "fileReferences">;

/** Parses a file for planning. Doc comments are read as text (declaration-text.ts), so JSDoc is not parsed, as in extraction. */
export function parseSource(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(
    fileName,
    text,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    true,
  );
}

function declaresGlobals(sourceFile: ts.SourceFile): boolean {
  if (!ts.isExternalModule(sourceFile)) return true;
  return sourceFile.statements.some(
    (statement) =>
      ts.isModuleDeclaration(statement) &&
      ((statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0 || ts.isStringLiteral(statement.name)),
  );
}

function allReferences(occurrences: Occurrences): MutableReferences {
  const all = emptyReferences();
  occurrences.names.forEach((name, index) => {
    addReference(all, occurrences.kinds[index], name, occurrences.specifiers[index]);
  });
  return all;
}

/**
 * What a file refers to, without its declarations: enough to tell whether it depends on a change. Its own
 * names are only those of its top-level statements here, fewer than parseForPlanning finds, so that more
 * bare names count as possible globals.
 */
export function fileReferencesOf(sourceFile: ts.SourceFile, relativePath: string): FileReferences {
  let references = referencesCache.get(sourceFile);
  if (references === undefined) {
    references = readFileReferences(sourceFile, relativePath);
    referencesCache.set(sourceFile, references);
  }
  return references;
}

/** Planning's reading of a parse, kept as long as the parse is (a kept program's files are read once). */
const referencesCache = new WeakMap<ts.SourceFile, FileReferences>();
const syntaxCache = new WeakMap<ts.SourceFile, ParsedForPlanning>();

function readFileReferences(sourceFile: ts.SourceFile, relativePath: string): FileReferences {
  const ownNames = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) ownNames.add(declaration.name.text);
    } else if ("name" in statement && statement.name !== undefined && ts.isIdentifier(statement.name as ts.Node)) {
      ownNames.add((statement.name as ts.Identifier).text);
    }
  }
  const fileReferences = isJavaScriptFile(sourceFile.fileName)
    ? anyReferences(sourceFile.text)
    : (() => {
        const { imports, declared } = bindingsOf(sourceFile, relativePath);
        return allReferences(occurrencesOf(sourceFile, relativePath, imports, declared));
      })();
  return { path: relativePath, declaresGlobals: declaresGlobals(sourceFile), ownNames, fileReferences };
}

/** Parses a file for planning (or reads the parse and declarations already made, with surface ranges). */
export function parseForPlanning(
  fileName: string,
  relativePath: string,
  text: string,
  parsed?: ts.SourceFile,
  extracted?: FileDeclarations,
): ParsedForPlanning {
  const sourceFile = parsed ?? parseSource(fileName, text);
  const cached = syntaxCache.get(sourceFile);
  if (cached !== undefined) return cached;
  const declarations = extracted ?? extractDeclarations(sourceFile, relativePath, { surfaceRanges: true });
  const { imports, declared } = bindingsOf(sourceFile, relativePath);
  const { defaultExportedNames, ...statements } = exportStatements(sourceFile, relativePath, imports);
  const ownNames = new Set<string>();
  const aliases = [...statements.aliases];
  for (const node of declarations.nodes) {
    if (node.kind === "File") continue;
    if (!MEMBER_KINDS.has(node.kind)) ownNames.add(node.name);
    if (node.modifiers.includes("default") && node.name !== DEFAULT_EXPORT)
      aliases.push({ from: referenceTo(node.name, new Map()), to: DEFAULT_EXPORT });
  }
  const ranges = declarations.surfaceRanges ?? new Map<string, readonly SurfaceRange[]>();
  const occurrences = isJavaScriptFile(fileName)
    ? undefined
    : occurrencesOf(sourceFile, relativePath, imports, declared);
  const referencesOf = (key: string): NameReferences => {
    const surface = ranges.get(key) ?? [];
    if (occurrences === undefined)
      return anyReferences(surface.map((range) => text.slice(range.start, range.end)).join("\n"));
    return referencesWithin(occurrences, surface);
  };
  const syntax: PlanningSyntax = {
    path: relativePath,
    declaresGlobals: declarations.declaresGlobals,
    ownNames,
    declarations: declarations.nodes
      .filter((node) => node.kind !== "File")
      .map((node) => ({ key: node.key, name: node.name, kind: node.kind, references: referencesOf(node.key) })),
    fileReferences: occurrences === undefined ? anyReferences(text) : allReferences(occurrences),
    ...statements,
    aliases,
  };
  const result = { declarations, syntax, defaultExportedNames };
  syntaxCache.set(sourceFile, result);
  return result;
}

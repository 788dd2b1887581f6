import {
  getTokenAtPosition,
  isBindingElement,
  isClassDeclaration,
  isClassExpression,
  isEnumDeclaration,
  isEnumMember,
  isExportDeclaration,
  isExportSpecifier,
  isGetAccessorDeclaration,
  isIdentifier,
  isImportDeclaration,
  isImportEqualsDeclaration,
  isImportSpecifier,
  isInterfaceDeclaration,
  isMethodDeclaration,
  isMethodSignatureDeclaration,
  isObjectBindingPattern,
  isObjectLiteralExpression,
  isPrivateIdentifier,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isPropertyDeclaration,
  isPropertySignatureDeclaration,
  isQualifiedName,
  isSetAccessorDeclaration,
  isShorthandPropertyAssignment,
  isStringLiteral,
  isTypeLiteralNode,
  type Node as Node7,
  type SourceFile as SourceFile7,
  SyntaxKind,
} from "typescript/unstable/ast";
import {
  type Diagnostic as Diagnostic7,
  type NodeHandle,
  type Project,
  type ReferencedSymbolEntry,
  type Symbol as Symbol7,
  SymbolFlags,
} from "typescript/unstable/sync";

/**
 * What the edit tools ask TypeScript 7 about one project of one snapshot: a file's diagnostics, the references
 * to a declaration, and the places a rename of a declaration changes. TypeScript 7's API has find-references
 * (`getReferencedSymbolsForNode`) but no rename (`findRenameLocations`, `getRenameInfo`): the rename locations
 * are built here from the references with TypeScript 6's rules for a rename started at a declaration's name
 * with aliases kept (`providePrefixAndSuffixTextForRename`). Shapes whose rules are not rebuilt here (default
 * imports, `export =`, `import x = require`, namespace re-exports, numeric property names) are answered
 * `unsupported`, for the caller to ask TypeScript 6.
 */

/** One diagnostic; its message flattened as TypeScript 6's `flattenDiagnosticMessageText(text, " ")` does. */
export interface Ts7EditDiagnostic {
  readonly start: number;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 units. */
  readonly column: number;
  readonly code: number;
  readonly message: string;
}

export interface Ts7Reference {
  readonly file: string;
  readonly start: number;
  /** 1-based. */
  readonly line: number;
  /** The line's text, trimmed. */
  readonly text: string;
}

export interface Ts7RenameSpot {
  readonly file: string;
  readonly start: number;
  readonly length: number;
  readonly prefix: string;
  readonly suffix: string;
}

export type Ts7RenameAnswer =
  | { readonly status: "ok"; readonly locations: readonly Ts7RenameSpot[] }
  | { readonly status: "refused"; readonly reason: string }
  /** A shape this module does not rebuild TypeScript 6's rename rules for (why says which). */
  | { readonly status: "unsupported"; readonly why: string };

/** The scope meanings a collision is looked up with: what TypeScript 6's `getSymbolsInScope` call of the edit tools asks. */
const SCOPE_MEANINGS = SymbolFlags.Value | SymbolFlags.Type | SymbolFlags.Namespace | SymbolFlags.Alias;

/** Declarations reached through a property (a member), not through scope: a shorthand or destructuring keeps the local's name. */
const MEMBER_FLAGS = SymbolFlags.Property | SymbolFlags.Method | SymbolFlags.Accessor | SymbolFlags.EnumMember;

function flatten(diagnostic: Diagnostic7, indent: number): string {
  let text = indent === 0 ? diagnostic.text : ` ${"  ".repeat(indent)}${diagnostic.text}`;
  for (const next of diagnostic.messageChain ?? []) text += flatten(next, indent + 1);
  return text;
}

function sameNode(node: Node7, handle: NodeHandle): boolean {
  const resolved = handle.resolve();
  return (
    resolved !== undefined && resolved.pos === node.pos && resolved.end === node.end && resolved.kind === node.kind
  );
}

/** The name node a declaration node has, if any (`name` of a named declaration). */
function nameOf(node: Node7): Node7 | undefined {
  const name = (node as Node7 & { readonly name?: Node7 }).name;
  return name !== undefined && typeof name === "object" && "kind" in name ? name : undefined;
}

/** Whether a location names the symbol through a property (`a.name`, `{ name: … }`, a member), not through scope. */
function isPropertyName(node: Node7): boolean {
  const parent = node.parent;
  if (parent === undefined) return false;
  if (isPropertyAccessExpression(parent)) return parent.name === node || sameSpan(parent.name, node);
  if (isQualifiedName(parent)) return sameSpan(parent.right, node);
  if (isImportSpecifier(parent) || isExportSpecifier(parent))
    return parent.propertyName !== undefined && sameSpan(parent.propertyName, node);
  return (
    (isPropertyAssignment(parent) ||
      isMethodDeclaration(parent) ||
      isPropertyDeclaration(parent) ||
      isPropertySignatureDeclaration(parent) ||
      isMethodSignatureDeclaration(parent) ||
      isGetAccessorDeclaration(parent) ||
      isSetAccessorDeclaration(parent) ||
      isEnumMember(parent)) &&
    sameSpan(nameOf(parent), node)
  );
}

function sameSpan(a: Node7 | undefined, b: Node7): boolean {
  return a !== undefined && a.pos === b.pos && a.end === b.end && a.kind === b.kind;
}

/** The identifier, private name or string literal starting at `start` of a file (a reference's node). */
function nameAt(sourceFile: SourceFile7, start: number): Node7 | undefined {
  const token = getTokenAtPosition(sourceFile, start);
  return isIdentifier(token) || isPrivateIdentifier(token) || isStringLiteral(token) ? token : undefined;
}

/** The alias kinds whose rename rules are rebuilt here; any other alias definition makes the rename `unsupported`. */
function aliasShape(definition: Node7): "same-name import" | "renamed alias" | "export" | undefined {
  if (isImportSpecifier(definition))
    return definition.propertyName === undefined ? "same-name import" : "renamed alias";
  if (isExportSpecifier(definition)) return definition.propertyName === undefined ? "export" : "renamed alias";
  return undefined;
}

// Long because: one method per question of the edit language (rename, references, diagnostics, declarations) on one project of the session; it holds no mutable state.
export class Ts7EditProject {
  constructor(private readonly project: Project) {}

  hasFile(fileName: string): boolean {
    return this.project.program.getSourceFile(fileName) !== undefined;
  }

  /**
   * Syntactic and semantic diagnostics of a file (semantic ones include declaration diagnostics when the options
   * emit declarations, as TypeScript 6's language service adds them).
   */
  diagnostics(fileName: string): {
    readonly syntactic: readonly Ts7EditDiagnostic[];
    readonly semantic: readonly Ts7EditDiagnostic[];
  } {
    const program = this.project.program;
    const sourceFile = program.getSourceFile(fileName);
    if (sourceFile === undefined) return { syntactic: [], semantic: [] };
    const options = this.project.compilerOptions as { readonly declaration?: boolean; readonly composite?: boolean };
    const convert = (diagnostic: Diagnostic7): Ts7EditDiagnostic => {
      const position = sourceFile.getLineAndCharacterOfPosition(diagnostic.pos);
      return {
        start: diagnostic.pos,
        line: position.line + 1,
        column: position.character + 1,
        code: diagnostic.code,
        message: flatten(diagnostic, 0),
      };
    };
    return {
      syntactic: program.getSyntacticDiagnostics(fileName).map(convert),
      semantic: [
        ...program.getSemanticDiagnostics(fileName),
        ...(options.declaration === true || options.composite === true
          ? program.getDeclarationDiagnostics(fileName)
          : []),
      ].map(convert),
    };
  }

  /** The file's top-level statements: span, and whether it imports or re-exports (what a region comparison keeps). */
  statements(fileName: string): readonly { readonly pos: number; readonly end: number; readonly isImport: boolean }[] {
    const sourceFile = this.project.program.getSourceFile(fileName);
    return (sourceFile?.statements ?? []).map((statement) => ({
      pos: statement.pos,
      end: statement.end,
      isImport:
        isImportDeclaration(statement) ||
        isImportEqualsDeclaration(statement) ||
        (isExportDeclaration(statement) && statement.moduleSpecifier !== undefined),
    }));
  }

  /** Every place the project refers to the declaration named at `position` of a file, its declarations left out. */
  references(fileName: string, position: number): readonly Ts7Reference[] {
    const program = this.project.program;
    const sourceFile = program.getSourceFile(fileName);
    if (sourceFile === undefined) return [];
    const node = getTokenAtPosition(sourceFile, position);
    // As TypeScript 6's find-references: a reference is a definition when it names a declaration of the symbol
    // at the position (an import or a re-export of it is a reference, though it declares an alias).
    const declarations = this.project.checker.getSymbolAtLocation(node)?.declarations ?? [];
    const found: Ts7Reference[] = [];
    for (const entry of this.project.checker.getReferencedSymbolsForNode(node, position)) {
      for (const handle of entry.references) {
        const reference = handle.resolve();
        const file = program.getSourceFile(handle.path);
        if (reference === undefined || file === undefined) continue;
        const parent = reference.parent;
        const isDefinition =
          parent !== undefined &&
          sameSpan(nameOf(parent), reference) &&
          declarations.some((declaration) => sameNode(parent, declaration));
        if (isDefinition) continue;
        const start = spanOf(reference).start;
        const { line } = file.getLineAndCharacterOfPosition(start);
        const lineStart = file.getPositionOfLineAndCharacter(line, 0);
        const lineEnd = file.text.slice(lineStart).search(/\r?\n|\r|\u2028|\u2029/);
        const text = file.text.slice(lineStart, lineEnd < 0 ? file.text.length : lineStart + lineEnd);
        found.push({ file: handle.path, start, line: line + 1, text: text.trim() });
      }
    }
    return found;
  }

  /**
   * The places a rename of the declaration named at `position` changes, from its references: the declaration's
   * own references and those of same-name imports of it, not what is reached through a renamed alias
   * (`import { a as b }`, `export { a as b }`) or through a re-export (which keeps its name: `export { new as old }`).
   * With `checkCollisions`, refused when `newName` is a member of the same container already or names another
   * declaration in scope at a location.
   */
  rename(fileName: string, position: number, newName: string, checkCollisions: boolean): Ts7RenameAnswer {
    const program = this.project.program;
    const checker = this.project.checker;
    const sourceFile = program.getSourceFile(fileName);
    if (sourceFile === undefined) return { status: "unsupported", why: "the file is not in the project" };
    const original = nameAt(sourceFile, position);
    if (original === undefined || isStringLiteral(original))
      return { status: "unsupported", why: "no identifier at the position" };
    const symbol = checker.getSymbolAtLocation(original);
    if (symbol === undefined || symbol.declarations.length === 0)
      return { status: "refused", reason: "You cannot rename this element." };
    const refusal = this.renameRefusal(symbol);
    if (refusal !== undefined) return { status: "refused", reason: refusal };
    // A shorthand property declares a property and names a local at once: TypeScript 6 renames the local there.
    if (original.parent !== undefined && isShorthandPropertyAssignment(original.parent)) {
      return { status: "unsupported", why: "a shorthand property's name" };
    }
    // A destructured local (`{ a }`): only its own uses, not the property it reads (TypeScript 6 writes `{ a: renamed }`).
    const destructured = original.parent !== undefined && isBindingElement(original.parent);
    const oldName = original.getText(sourceFile);
    // A `this` parameter: its uses are `this` keywords, which the rule below leaves out.
    if (oldName === "this") return { status: "unsupported", why: "a this parameter" };
    // Find-references follows the meaning of the name it starts from (a merged interface and namespace: one of
    // them); a rename follows all of them (TypeScript 6 searches every meaning for a rename), so the references of
    // every declaration's name are taken.
    const entries = this.referencesOfEveryDeclaration(symbol, original, position);
    const included = new Set<number>([symbol.id]);
    const kept: { readonly handle: NodeHandle }[] = [];
    // Same-name imports of an included symbol are renamed with it (an import of an import's re-export is not):
    // repeated until no entry is added.
    const pending = [...entries];
    let grew = true;
    while (grew) {
      grew = false;
      for (const entry of [...pending]) {
        const definition = entry.definition.resolve();
        const entrySymbol = entry.symbol;
        if (definition === undefined)
          return { status: "unsupported", why: "a definition TypeScript 7 did not resolve" };
        let take: boolean;
        if (
          entrySymbol !== undefined &&
          (entrySymbol.flags & SymbolFlags.Alias) !== 0 &&
          !included.has(entrySymbol.id)
        ) {
          const shape = aliasShape(definition);
          if (shape === undefined)
            return { status: "unsupported", why: `an alias of kind ${SyntaxKind[definition.kind]}` };
          if (shape === "export") {
            // A re-export of a renamed declaration keeps its name (`export { renamed as old }`); what imports it is left.
            const target = checker.getImmediateAliasedSymbol(entrySymbol);
            if (target === undefined || !included.has(target.id)) continue;
            pending.splice(pending.indexOf(entry), 1);
            const name = nameOf(definition);
            for (const handle of entry.references)
              if (name !== undefined && sameNode(name, handle)) kept.push({ handle });
            grew = true;
            continue;
          }
          if (shape !== "same-name import") {
            pending.splice(pending.indexOf(entry), 1);
            continue;
          }
          const target = checker.getImmediateAliasedSymbol(entrySymbol);
          take = target !== undefined && included.has(target.id);
          if (take) included.add(entrySymbol.id);
        } else {
          const ownDeclaration = original.parent !== undefined && sameSpan(original.parent, definition);
          take =
            ownDeclaration ||
            (!destructured && !(isShorthandPropertyAssignment(definition) || isBindingElement(definition)));
          if (!take) {
            pending.splice(pending.indexOf(entry), 1);
            continue;
          }
        }
        if (!take) continue;
        pending.splice(pending.indexOf(entry), 1);
        for (const handle of entry.references) kept.push({ handle });
        grew = true;
      }
    }
    const isMember = (symbol.flags & MEMBER_FLAGS) !== 0;
    const locations = new Map<string, Ts7RenameSpot>();
    for (const { handle } of kept) {
      // TypeScript 6 leaves the default library and node_modules out (a class member implementing a library interface's).
      if (this.isLibraryOrPackage(handle.path)) continue;
      const node = handle.resolve();
      if (node === undefined) return { status: "unsupported", why: "a reference TypeScript 7 did not resolve" };
      if (node.kind === SyntaxKind.NumericLiteral) return { status: "unsupported", why: "a numeric property name" };
      // `default`, `this` (a class in its static members), `constructor`: references a rename leaves as they are.
      if (!isIdentifier(node) && !isPrivateIdentifier(node) && !isStringLiteral(node)) continue;
      const affixes = this.affixes(node, original, symbol, oldName, isMember);
      const span = spanOf(node);
      locations.set(`${handle.path}:${span.start}`, { file: handle.path, ...span, ...affixes });
    }
    // TypeScript 6 lists the declaration's own file first, in text order (the first collision is reported).
    const found = [...locations.values()].sort(
      (a, b) =>
        (a.file === fileName ? 0 : 1) - (b.file === fileName ? 0 : 1) || (a.file === b.file ? a.start - b.start : 0),
    );
    if (checkCollisions) {
      const why = this.collision(original, symbol, newName, found);
      if (why !== undefined) return { status: "refused", reason: why };
    }
    return { status: "ok", locations: found };
  }

  private referencesOfEveryDeclaration(symbol: Symbol7, original: Node7, position: number): ReferencedSymbolEntry[] {
    const checker = this.project.checker;
    const entries = checker.getReferencedSymbolsForNode(original, position);
    for (const declaration of symbol.declarations) {
      const name = declaration.resolve();
      const declared = name === undefined ? undefined : nameOf(name);
      if (
        declared === undefined ||
        sameSpan(declared, original) ||
        !(isIdentifier(declared) || isPrivateIdentifier(declared))
      )
        continue;
      entries.push(...checker.getReferencedSymbolsForNode(declared, declared.getStart()));
    }
    return entries;
  }

  /**
   * The declaration `name` would name at a location, as TypeScript 6's `getSymbolsInScope` (what its edit tools
   * used) lists it: the innermost one in scope there, counting the parameters and body declarations of a function
   * the location is the name or a parameter of (`resolveName` from there would not see them; `getSymbolsInScope`
   * lists every enclosing node's locals).
   */
  private declaredInScope(node: Node7, name: string, fileName: string): Symbol7 | undefined {
    const checker = this.project.checker;
    for (const scope of functionsSeenFromOutsideTheirBody(node)) {
      const body = (scope as Node7 & { readonly body: Node7 }).body;
      const inner = checker.resolveName(name, SCOPE_MEANINGS, body, false);
      const local = inner?.declarations.some((declaration) => {
        const declared = declaration.path === fileName ? declaration.resolve() : undefined;
        return declared !== undefined && scope.pos <= declared.pos && declared.end <= scope.end;
      });
      if (inner !== undefined && local === true) return inner;
    }
    return checker.resolveName(name, SCOPE_MEANINGS, node, false);
  }

  /** A default library file or a package's (TypeScript 7's own library files lie in node_modules too). */
  private isLibraryOrPackage(fileName: string): boolean {
    if (/[\\/]node_modules[\\/]/.test(fileName)) return true;
    const file = this.project.program.getSourceFile(fileName);
    return file !== undefined && this.project.program.isSourceFileDefaultLibrary(file);
  }

  /** TypeScript 6's `getRenameInfo` refusals for a declaration: one of the default library, or of node_modules. */
  private renameRefusal(symbol: Symbol7): string | undefined {
    const program = this.project.program;
    const files = symbol.declarations.map((declaration) => program.getSourceFile(declaration.path));
    if (
      files.some(
        (file) => file !== undefined && program.isSourceFileDefaultLibrary(file) && file.fileName.endsWith(".d.ts"),
      )
    ) {
      return "You cannot rename elements that are defined in the standard TypeScript library.";
    }
    if (symbol.declarations.some((declaration) => /[\\/]node_modules[\\/]/.test(declaration.path))) {
      return "You cannot rename elements that are defined in a 'node_modules' folder.";
    }
    return undefined;
  }

  /** TypeScript 6's prefix and suffix text of a rename location (a shorthand property, a destructuring, an export specifier). */
  private affixes(
    node: Node7,
    original: Node7,
    symbol: Symbol7,
    oldName: string,
    isMember: boolean,
  ): { prefix: string; suffix: string } {
    const none = { prefix: "", suffix: "" };
    const parent = node.parent;
    if (parent === undefined || !isIdentifier(node)) return none;
    const destructured =
      isBindingElement(parent) &&
      parent.parent !== undefined &&
      isObjectBindingPattern(parent.parent) &&
      parent.propertyName === undefined &&
      parent.dotDotDotToken === undefined &&
      sameSpan(parent.name, node);
    if (isShorthandPropertyAssignment(parent) || destructured) {
      // Where the declaration itself is the shorthand or the binding, TypeScript 6 keeps a binding's property and a shorthand's local.
      const own = sameSpan(original, node);
      if (own)
        return isShorthandPropertyAssignment(parent)
          ? { prefix: "", suffix: `: ${oldName}` }
          : { prefix: `${oldName}: `, suffix: "" };
      return isMember ? { prefix: "", suffix: `: ${oldName}` } : { prefix: `${oldName}: `, suffix: "" };
    }
    if (isExportSpecifier(parent) && parent.propertyName === undefined) {
      if (sameSpan(original, node)) return { prefix: `${oldName} as `, suffix: "" };
      const there = this.project.checker.getSymbolAtLocation(node);
      return there?.id === symbol.id
        ? { prefix: `${oldName} as `, suffix: "" }
        : { prefix: "", suffix: ` as ${oldName}` };
    }
    return none;
  }

  /**
   * Why renaming to `newName` would change what some code means, if it would: the container already has a member
   * of that name, or a location would then name another declaration in scope there (`resolveName` from the
   * location finds a declaration of that name other than the renamed one; TypeScript 6's edit tools list the
   * symbols in scope there and look for the name, which finds the same innermost declaration).
   */
  private collision(
    original: Node7,
    symbol: Symbol7,
    newName: string,
    locations: readonly Ts7RenameSpot[],
  ): string | undefined {
    const checker = this.project.checker;
    const program = this.project.program;
    const declaration = original.parent;
    const container = declaration?.parent;
    if (container !== undefined) {
      let names: readonly string[] | undefined;
      if (isObjectLiteralExpression(container)) {
        const type = checker.getTypeAtLocation(container);
        names = type === undefined ? [] : checker.getPropertiesOfType(type).map((member) => member.name);
      } else if (
        isClassDeclaration(container) ||
        isClassExpression(container) ||
        isInterfaceDeclaration(container) ||
        isEnumDeclaration(container) ||
        isTypeLiteralNode(container)
      ) {
        const containerSymbol = checker.getSymbolAtLocation(nameOf(container) ?? container);
        names =
          containerSymbol === undefined
            ? []
            : [...containerSymbol.getMembers().keys(), ...containerSymbol.getExports().keys()].map(String);
      }
      if (names?.includes(newName) === true) return `${newName} is already a member of the same container`;
    }
    for (const location of locations) {
      const file = program.getSourceFile(location.file);
      const node = file === undefined ? undefined : nameAt(file, location.start);
      if (file === undefined || node === undefined || isStringLiteral(node) || isPropertyName(node)) continue;
      const clash = this.declaredInScope(node, newName, file.fileName);
      if (clash !== undefined && clash.id !== symbol.id) {
        const line = file.getLineAndCharacterOfPosition(location.start).line + 1;
        return `${newName} already names another declaration in scope at ${location.file}:${line}; the renamed code would refer to it`;
      }
    }
    return undefined;
  }
}

/** The function-like nodes around a node whose body does not hold it (the node is their name, a parameter, a return type). */
function functionsSeenFromOutsideTheirBody(node: Node7): Node7[] {
  const found: Node7[] = [];
  for (let ancestor = node.parent; ancestor !== undefined; ancestor = ancestor.parent) {
    const body = (ancestor as Node7 & { readonly body?: Node7 }).body;
    if (body === undefined || typeof body !== "object" || !("kind" in body) || !FUNCTION_KINDS.has(ancestor.kind))
      continue;
    if (!(body.pos <= node.pos && node.end <= body.end)) found.push(ancestor);
  }
  return found;
}

const FUNCTION_KINDS: ReadonlySet<SyntaxKind> = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

/** A reference's span as TypeScript 6's find-references gives it: a string literal's without its quotes. */
function spanOf(node: Node7): { readonly start: number; readonly length: number } {
  const start = node.getStart();
  if (isStringLiteral(node)) return { start: start + 1, length: Math.max(0, node.end - start - 2) };
  return { start, length: node.end - start };
}

import * as path from "node:path";
import ts from "typescript-6";
import { createLanguageService } from "../accuracy/call-hierarchy.js";
import { type DeclarationSpan, declarationItem } from "./items.js";

/**
 * The compiler's answers to the task kinds, from TypeScript 6's language service (the accuracy bench's service,
 * bench/accuracy/call-hierarchy.ts). Every answer is a set of items (items.ts): a reference or call site counts
 * for the declaration that holds it at the level ts-graph keeps declarations ({@link ownerOf}).
 */
export interface Oracle {
  readonly files: readonly string[];
  /** Transitive callers to `depth` steps; a member's callers include those of the members it overrides or implements. */
  callers(item: string, depth: number): string[];
  /** Transitive dependants (find-references, owner of each reference) to `depth` steps, members widened as for callers. */
  dependants(item: string, depth: number): string[];
  /** Every declaration on a call path from `from` to `to` of at most `depth` steps (both ends included; a path ends where it first reaches `to` and does not pass `from` again); null when more than `limit` declarations lie within `depth` calls of `from`. */
  pathNodes(from: string, to: string, depth: number, limit: number): string[] | null;
  /** The callees `depth` calls below a declaration (outgoing call hierarchy), sorted. */
  calleesAt(item: string, depth: number): string[];
  /** Classes and interfaces that extend or implement a type, transitively. */
  subtypes(item: string): string[];
  /** Direct subtypes per class or interface item. */
  directSubtypes(): ReadonlyMap<string, readonly string[]>;
  /** The names a module exports (TypeScript's exports of the module symbol, re-exports included). */
  exportsOf(file: string): string[];
  /** Test files (by name) that import the file, directly or through other files. */
  testsImporting(file: string, isTest: (file: string) => boolean): string[];
  /** Every declaration item at ts-graph's level, with its kind, for task selection. */
  declarations(): readonly { readonly item: string; readonly node: ts.Node }[];
  /** References to a declaration outside its own file and imports, for task selection. */
  referenceCount(item: string): number;
  /** Whether a member has no body (interface member, abstract member). */
  isBodiless(item: string): boolean;
  /** The items declared in a file, each with the lines of its declarations there (to match an answer's lines). */
  declarationSpans(file: string): readonly DeclarationSpan[];
}

function nameOf(node: ts.Node): string | undefined {
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const name = (node as { name?: ts.Node }).name;
  if (name === undefined) return ts.isClassDeclaration(node) || ts.isFunctionDeclaration(node) ? "default" : undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))
    return name.text;
  // `[Hash.symbol]() {…}`: the key's text in brackets, as the CLI prints it.
  if (ts.isComputedPropertyName(name)) return `[${name.expression.getText()}]`;
  return undefined;
}

const isModuleLevel = (node: ts.Node): boolean => ts.isSourceFile(node) || ts.isModuleBlock(node);

function isFunctionValue(node: ts.Expression | undefined): boolean {
  const value = node === undefined ? undefined : withoutWrappers(node);
  return value !== undefined && (ts.isArrowFunction(value) || ts.isFunctionExpression(value));
}

/** An expression without the parentheses and type assertions around it. */
function withoutWrappers(node: ts.Expression): ts.Expression {
  let value = node;
  while (
    ts.isParenthesizedExpression(value) ||
    ts.isAsExpression(value) ||
    ts.isSatisfiesExpression(value) ||
    ts.isTypeAssertionExpression(value)
  )
    value = value.expression;
  return value;
}

/**
 * Whether ts-graph keeps a node of its own for a declaration (its declaration levels, written down here from
 * the language, not read from its database): a declaration at module (or namespace) level, a member of such a
 * class or interface, and every named function inside other code: a function declaration, a variable bound to a
 * function, an object-literal method or a property bound to a function.
 */
function isKeptDeclaration(node: ts.Node): boolean {
  if (ts.isFunctionDeclaration(node)) return node.name !== undefined || isModuleLevel(node.parent);
  if (
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isModuleDeclaration(node)
  )
    return isModuleLevel(node.parent);
  if (ts.isVariableDeclaration(node)) {
    if (!ts.isIdentifier(node.name) || !ts.isVariableDeclarationList(node.parent)) return false;
    return isModuleLevel(node.parent.parent.parent) || isFunctionValue(node.initializer);
  }
  if (node.parent !== undefined && ts.isObjectLiteralExpression(node.parent)) {
    if (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node))
      return ts.isIdentifier(node.name) || ts.isComputedPropertyName(node.name);
    // A property bound to a function counts only in an object literal a kept variable holds.
    const holder = node.parent.parent;
    return (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      isFunctionValue(node.initializer) &&
      ts.isVariableDeclaration(holder) &&
      holder.initializer === node.parent &&
      isKeptDeclaration(holder)
    );
  }
  if (ts.isClassElement(node) || ts.isTypeElement(node)) {
    const owner = node.parent;
    return (
      (ts.isClassDeclaration(owner) || ts.isInterfaceDeclaration(owner)) &&
      isKeptDeclaration(owner) &&
      nameOf(node) !== undefined
    );
  }
  return false;
}

/**
 * The innermost kept declaration holding a node (itself included); undefined for top-level code, which includes
 * the decorators of a module-level class (they run when the module does).
 */
function ownerOf(node: ts.Node): ts.Node | undefined {
  for (
    let current: ts.Node | undefined = node;
    current !== undefined && !ts.isSourceFile(current);
    current = current.parent
  ) {
    if (ts.isDecorator(current) && ts.isClassDeclaration(current.parent) && isModuleLevel(current.parent.parent))
      return undefined;
    if (isKeptDeclaration(current)) return current;
  }
  return undefined;
}

/** The dotted name of a kept declaration: its enclosing kept declarations' names, then its own. */
function qualifiedName(declaration: ts.Node): string {
  const parts: string[] = [];
  for (
    let current: ts.Node | undefined = declaration;
    current !== undefined && !ts.isSourceFile(current);
    current = current.parent
  ) {
    if (isKeptDeclaration(current)) parts.unshift(nameOf(current) ?? "?");
  }
  return parts.join(".");
}

function namePosition(node: ts.Node): number {
  const name = (node as { name?: ts.Node }).name;
  if (name !== undefined) return name.getStart();
  if (ts.isConstructorDeclaration(node)) return node.getStart();
  return node.getStart();
}

/**
 * Whether a declaration is the one that carries an item's code: a function-like one with a body (an overload's
 * implementation, not its signatures), a class rather than an interface merged with it; anything else too.
 */
function isImplementation(node: ts.Node): boolean {
  if (ts.isFunctionLike(node)) return (node as { body?: ts.Node }).body !== undefined;
  return !ts.isInterfaceDeclaration(node) && !ts.isModuleDeclaration(node);
}

function hasBody(node: ts.Node): boolean {
  if (ts.isMethodSignature(node) || ts.isPropertySignature(node)) return false;
  if (ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.AbstractKeyword))
    return false;
  return true;
}

// Long because: the oracle's questions are closures over one language service, program and checker that the returned object keeps alive; the object is the unit.
export function createOracle(root: string, tsconfigPath: string): Oracle {
  const { service, fileNames } = createLanguageService(tsconfigPath);
  const program = service.getProgram();
  if (program === undefined) throw new Error("the language service built no program");
  const checker = program.getTypeChecker();
  const relative = (fileName: string): string => path.relative(root, fileName).split(path.sep).join("/");
  const corpus = new Set(fileNames.map((f) => path.resolve(f)));
  const inCorpus = (fileName: string): boolean => corpus.has(path.resolve(fileName));
  const sourceFiles = program.getSourceFiles().filter((sf) => inCorpus(sf.fileName));

  /** Every declaration of an item, in source order: overloads, accessor pairs and merged declarations share one. */
  const declared = new Map<string, ts.Node[]>();
  const itemOf = new Map<ts.Node, string>();
  /** Variables that share their name with a type declaration, and those type declarations. */
  const sharedValues = new Set<ts.Node>();
  const sharedTypes = new Set<ts.Node>();
  for (const sourceFile of sourceFiles) {
    // A `const` that shares its name with an interface or type alias (`interface ZodType` and `const ZodType`) is
    // an item of its own, `Name#variable`; so is each use, by its position (a type, or a value).
    const typeNames = new Set<string>();
    const valueNames = new Set<string>();
    const collect = (node: ts.Node): void => {
      if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && isKeptDeclaration(node))
        typeNames.add(qualifiedName(node));
      if (ts.isVariableDeclaration(node) && isKeptDeclaration(node)) valueNames.add(qualifiedName(node));
      ts.forEachChild(node, collect);
    };
    collect(sourceFile);
    const visit = (node: ts.Node): void => {
      if (isKeptDeclaration(node)) {
        const name = qualifiedName(node);
        const item = declarationItem(
          relative(sourceFile.fileName),
          ts.isVariableDeclaration(node) && typeNames.has(name) ? `${name}#variable` : name,
        );
        if (item.endsWith("#variable")) sharedValues.add(node);
        else if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && valueNames.has(name))
          sharedTypes.add(node);
        itemOf.set(node, item);
        const nodes = declared.get(item);
        if (nodes === undefined) declared.set(item, [node]);
        else nodes.push(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  // An item is asked about at its implementation ({@link isImplementation}), else at its first declaration: the
  // call hierarchy prepared at an overload's first signature, bodiless, has no outgoing calls.
  const byItem = new Map<string, ts.Node>();
  const all: { item: string; node: ts.Node }[] = [];
  for (const [item, nodes] of declared) {
    const node = nodes.find(isImplementation) ?? nodes[0];
    if (node === undefined) continue;
    byItem.set(item, node);
    all.push({ item, node });
  }
  /** The declarations of an item that hold code (an accessor pair's two, an overload's implementation), else its first. */
  const withCode = (item: string): ts.Node[] => {
    const nodes = declared.get(item) ?? [];
    const coded = nodes.filter((node) => !ts.isFunctionLike(node) || (node as { body?: ts.Node }).body !== undefined);
    return coded.length > 0 ? coded : nodes.slice(0, 1);
  };
  const nodeOf = (item: string): ts.Node => {
    const node = byItem.get(item);
    if (node === undefined) throw new Error(`no declaration ${item}`);
    return node;
  };
  /** Per file, each item's declarations there: from the first's start (a variable's statement) to the last's end. */
  const spansByFile = new Map<string, DeclarationSpan[]>();
  for (const [item, nodes] of declared) {
    const sourceFile = nodes[0]?.getSourceFile();
    if (sourceFile === undefined) continue;
    const line = (position: number): number => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
    const statementOf = (node: ts.Node): ts.Node =>
      ts.isVariableDeclaration(node) && ts.isVariableStatement(node.parent.parent) ? node.parent.parent : node;
    const file = relative(sourceFile.fileName);
    const spans = spansByFile.get(file) ?? [];
    spans.push({
      item,
      start: Math.min(...nodes.map((node) => line(statementOf(node).getStart()))),
      end: Math.max(...nodes.map((node) => line(node.getEnd()))),
      nameLines: nodes.map((node) => line(namePosition(node))),
    });
    spansByFile.set(file, spans);
  }
  /** The item owning a position: its kept declaration, or the file for top-level code. */
  const itemAt = (fileName: string, position: number): string | undefined => {
    const sourceFile = program.getSourceFile(fileName);
    if (sourceFile === undefined || !inCorpus(fileName)) return undefined;
    const token = tokenAt(sourceFile, position);
    const owner = ownerOf(token);
    return owner === undefined ? relative(fileName) : (itemOf.get(owner) ?? relative(fileName));
  };

  /** The members a class member overrides or implements, transitively, itself first. */
  const widenedUp = (node: ts.Node): ts.Node[] => {
    const out: ts.Node[] = [node];
    const name = nameOf(node);
    const owner = node.parent;
    // A constructor overrides nothing (a subclass's runs its base's through `super()`, a call of its own).
    if (name === undefined || ts.isConstructorDeclaration(node) || !(ts.isClassElement(node) || ts.isTypeElement(node)))
      return out;
    if (!ts.isClassDeclaration(owner) && !ts.isInterfaceDeclaration(owner)) return out;
    const seen = new Set<string>([itemOf.get(node) ?? ""]);
    // Every declaration of the owner: an interface merged with it (`class C` and `interface C extends B`) adds bases.
    const ownerItem = itemOf.get(owner);
    const queue: ts.Node[] = ownerItem === undefined ? [owner] : [...(declared.get(ownerItem) ?? [owner])];
    while (queue.length > 0) {
      const type = queue.shift();
      if (type === undefined || !(ts.isClassDeclaration(type) || ts.isInterfaceDeclaration(type))) continue;
      for (const clause of type.heritageClauses ?? []) {
        for (const base of clause.types) {
          for (const declaration of declarationsOf(base.expression)) {
            if (!(ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration))) continue;
            queue.push(declaration);
            for (const member of declaration.members as ts.NodeArray<ts.Node>) {
              // One node per item: an overloaded base member is its implementation (its signatures share its symbol).
              const memberItem = itemOf.get(member);
              if (nameOf(member) !== name || (memberItem !== undefined && seen.has(memberItem))) continue;
              if (memberItem !== undefined) seen.add(memberItem);
              out.push(memberItem === undefined ? member : (byItem.get(memberItem) ?? member));
            }
          }
        }
      }
    }
    return out;
  };
  const declarationsOf = (expression: ts.Node): ts.Declaration[] => {
    let symbol = checker.getSymbolAtLocation(expression);
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return (symbol?.declarations ?? []).filter((d) => inCorpus(d.getSourceFile().fileName));
  };

  /** Whether the name at a position resolves to one of `targets` (the compiler widens to siblings; the rule does not). */
  const refersTo = (fileName: string, position: number, targets: ReadonlySet<ts.Node>): boolean => {
    const sourceFile = program.getSourceFile(fileName);
    if (sourceFile === undefined) return false;
    let symbol = checker.getSymbolAtLocation(tokenAt(sourceFile, position));
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return (symbol?.declarations ?? []).some((declaration) => targets.has(declaration));
  };

  const directCallers = (item: string): string[] => {
    const out = new Set<string>();
    const declaration = nodeOf(item);
    if (ts.isVariableDeclaration(declaration) && !isFunctionValue(declaration.initializer)) {
      // The call hierarchy has no item for a `const` a factory builds (`const ZodObject = $constructor(…)`): a call
      // or `new` of its name calls it.
      const references = service.findReferences(declaration.getSourceFile().fileName, namePosition(declaration)) ?? [];
      for (const group of references)
        for (const reference of group.references) {
          if (reference.isDefinition || !isCallSite(reference.fileName, reference.textSpan.start)) continue;
          if (!refersTo(reference.fileName, reference.textSpan.start, new Set([declaration]))) continue;
          const caller = itemAt(reference.fileName, reference.textSpan.start);
          if (caller !== undefined && caller !== item) out.add(caller);
        }
      return [...out];
    }
    const targets = widenedUp(declaration);
    const targetSet = new Set<ts.Node>(targets);
    for (const member of targets) {
      const fileName = member.getSourceFile().fileName;
      const prepared = service.prepareCallHierarchy(fileName, namePosition(member));
      const items = prepared === undefined ? [] : Array.isArray(prepared) ? prepared : [prepared];
      for (const prepare of items) {
        for (const incoming of service.provideCallHierarchyIncomingCalls(prepare.file, prepare.selectionSpan.start)) {
          for (const span of incoming.fromSpans) {
            const at = span.start + Math.max(0, span.length - 1);
            if (!isCallSite(incoming.from.file, at)) continue;
            if (!refersTo(incoming.from.file, at, targetSet) && !isConstructorTarget(targets)) continue;
            const caller = itemAt(incoming.from.file, span.start);
            if (caller !== undefined) out.add(caller);
          }
        }
      }
    }
    return [...out];
  };

  const directDependants = (item: string): string[] => {
    const out = new Set<string>();
    const targets = widenedUp(nodeOf(item));
    // A constructor's uses name its class (`new C()`) or are `super()`: find-references at the constructor lists those.
    const targetSet = new Set<ts.Node>(
      targets.flatMap((target) => (ts.isConstructorDeclaration(target) ? [target, target.parent] : [target])),
    );
    const constructing = targets.some((target) => ts.isConstructorDeclaration(target));
    for (const target of targets) {
      const referenced = service.findReferences(target.getSourceFile().fileName, namePosition(target)) ?? [];
      for (const group of referenced) {
        for (const reference of group.references) {
          if (reference.isDefinition) continue;
          const isSuperCall =
            constructing &&
            program.getSourceFile(reference.fileName)?.text.startsWith("super", reference.textSpan.start) === true;
          if (!isSuperCall && !refersTo(reference.fileName, reference.textSpan.start, targetSet)) continue;
          const sourceFile = program.getSourceFile(reference.fileName);
          if (sourceFile === undefined || !inCorpus(reference.fileName)) continue;
          const token = tokenAt(sourceFile, reference.textSpan.start);
          // A declaration's own name (an overriding member's, say) is not a use of it.
          if (isInImportOrExport(token) || isDeclarationName(token)) continue;
          // Of a name both a type and a value declare, the variable has the value uses and the type the type uses.
          if (
            (sharedValues.has(target) && isTypePosition(token)) ||
            (sharedTypes.has(target) && !isTypePosition(token))
          )
            continue;
          const owner = itemAt(reference.fileName, reference.textSpan.start);
          if (owner !== undefined && owner !== item) out.add(owner);
        }
      }
    }
    return [...out];
  };

  const transitive = (start: string, depth: number, step: (item: string) => string[]): string[] => {
    const found = new Set<string>();
    let frontier = [start];
    for (let level = 0; level < depth && frontier.length > 0; level += 1) {
      const next: string[] = [];
      for (const item of frontier) {
        for (const reached of step(item)) {
          if (reached === start || found.has(reached)) continue;
          found.add(reached);
          if (byItem.has(reached)) next.push(reached);
        }
      }
      frontier = next;
    }
    return [...found].sort();
  };

  /** Whether the compiler's span is a call: the callee of a call or `new`, a tag, a decorator or a JSX tag, not a value use. */
  const isCallSite = (fileName: string, position: number): boolean => {
    const sourceFile = program.getSourceFile(fileName);
    return sourceFile !== undefined && isCalled(tokenAt(sourceFile, position));
  };

  /** `new C()` and `super()` run C's constructor: the call hierarchy names the class, the callers rule the constructor. */
  const constructorOf = (item: string): string => {
    const node = byItem.get(item);
    if (node === undefined || !ts.isClassDeclaration(node)) return item;
    const ownConstructor = node.members.find(
      (member) => ts.isConstructorDeclaration(member) && member.body !== undefined,
    );
    return (ownConstructor === undefined ? undefined : itemOf.get(ownConstructor)) ?? item;
  };
  /** Whether a call site names a member through `super` (`super.m()`). */
  const isSuperMember = (fileName: string, position: number): boolean => {
    const sourceFile = program.getSourceFile(fileName);
    const parent = sourceFile === undefined ? undefined : tokenAt(sourceFile, position).parent;
    return (
      parent !== undefined &&
      ts.isPropertyAccessExpression(parent) &&
      parent.expression.kind === ts.SyntaxKind.SuperKeyword
    );
  };

  /**
   * Where a step into an implementation goes on, by what go-to-implementation landed on (a position the item `item`
   * owns). An object literal's property runs the function it holds, not its holder's other code:
   * - a function written there (`new Relay({ done: () => record() })` inside `watch`), when ts-graph keeps no node of
   *   its own for it: a literal entry, keyed apart from the whole item, whose calls are the owner's inside it;
   * - a property naming a function (`{ complete }`, `{ next: handler }`): that function's item, if it is one;
   * - any other value (a parameter, a call's result): no code the compiler can name, so no step; so for a parameter
   *   or a local variable not bound to a function that go-to-implementation names itself.
   * Anywhere else, the item itself.
   */
  const literalEntries = new Map<
    string,
    { item: string; fileName: string; start: number; end: number; node: ts.Node }
  >();
  const implementationSteps = (fileName: string, position: number, item: string): string[] => {
    const sourceFile = program.getSourceFile(fileName);
    if (sourceFile === undefined) return [item];
    const owner = nodeOf(item);
    const token = tokenAt(sourceFile, position);
    // A parameter, or a local variable not bound to a function, holds whatever value reaches it: no code to name.
    const declared = token.parent;
    if (
      declared !== undefined &&
      (ts.isParameter(declared) || ts.isBindingElement(declared) || ts.isVariableDeclaration(declared)) &&
      declared.name === token &&
      declared !== owner
    )
      return [];
    for (
      let current: ts.Node | undefined = token;
      current !== undefined && current !== owner && !ts.isSourceFile(current);
      current = current.parent
    ) {
      if (!ts.isObjectLiteralExpression(current.parent)) continue;
      if (ts.isPropertyAssignment(current) || ts.isShorthandPropertyAssignment(current)) {
        const value = ts.isPropertyAssignment(current) ? withoutWrappers(current.initializer) : undefined;
        if (value !== undefined && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)))
          return [literalEntry(item, fileName, value)];
        const symbol = ts.isShorthandPropertyAssignment(current)
          ? checker.getShorthandAssignmentValueSymbol(current)
          : value !== undefined && (ts.isIdentifier(value) || ts.isPropertyAccessExpression(value))
            ? checker.getSymbolAtLocation(value)
            : undefined;
        const named = symbol === undefined ? undefined : resolvedDeclarations(symbol);
        return (named ?? []).map((declaration) => itemOf.get(declaration)).filter(isFunctionItem);
      }
      if (
        ts.isMethodDeclaration(current) ||
        ts.isGetAccessorDeclaration(current) ||
        ts.isSetAccessorDeclaration(current)
      )
        return [literalEntry(item, fileName, current)];
    }
    return [item];
  };
  const literalEntry = (item: string, fileName: string, fn: ts.Node): string => {
    const start = fn.getStart();
    const key = `${item}@literal:${start}-${fn.getEnd()}`;
    if (!literalEntries.has(key)) literalEntries.set(key, { item, fileName, start, end: fn.getEnd(), node: fn });
    return key;
  };
  /** A symbol's declarations, through an import alias. */
  const resolvedDeclarations = (symbol: ts.Symbol): readonly ts.Declaration[] =>
    (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol).declarations ?? [];
  /** Whether an item is a function (a declaration with a body, or a variable bound to a function). */
  const isFunctionItem = (found: string | undefined): found is string => {
    const node = found === undefined ? undefined : byItem.get(found);
    if (node === undefined) return false;
    return ts.isVariableDeclaration(node) ? isFunctionValue(node.initializer) : ts.isFunctionLike(node);
  };
  /** The item a walk key stands for: a literal entry's owner, else the key itself. */
  const itemOfKey = (key: string): string => literalEntries.get(key)?.item ?? key;

  /**
   * The callees of a declaration (outgoing call hierarchy, call sites only); with `dispatch`, the members overriding
   * them too. A literal entry's callees are its owner's calls whose sites lie inside the literal's function.
   */
  const outgoing = (key: string, dispatch: boolean): string[] => {
    const entry = literalEntries.get(key);
    const item = entry?.item ?? key;
    const items = withCode(item).flatMap((node) => {
      const prepared = service.prepareCallHierarchy(node.getSourceFile().fileName, namePosition(node));
      return prepared === undefined ? [] : Array.isArray(prepared) ? prepared : [prepared];
    });
    const inEntry = (file: string, span: ts.TextSpan): boolean =>
      entry === undefined || (file === entry.fileName && span.start >= entry.start && span.start < entry.end);
    const out = new Set<string>();
    const add = (found: string | undefined, virtual: boolean): void => {
      const callee = found === undefined ? undefined : constructorOf(found);
      if (callee === undefined || !byItem.has(callee) || callee === item || out.has(callee)) return;
      out.add(callee);
      if (!dispatch || !virtual) return;
      const calleeNode = nodeOf(callee);
      // A constructor overrides nothing and is overridden by nothing.
      if ((!ts.isClassElement(calleeNode) && !ts.isTypeElement(calleeNode)) || ts.isConstructorDeclaration(calleeNode))
        return;
      for (const implementation of service.getImplementationAtPosition(
        calleeNode.getSourceFile().fileName,
        namePosition(calleeNode),
      ) ?? []) {
        const found = itemAt(implementation.fileName, implementation.textSpan.start);
        if (found === undefined || !byItem.has(found) || found === item) continue;
        for (const step of implementationSteps(implementation.fileName, implementation.textSpan.start, found))
          if (step !== item) out.add(step);
      }
    };
    for (const prepare of items) {
      for (const call of service.provideCallHierarchyOutgoingCalls(prepare.file, prepare.selectionSpan.start)) {
        const sites = call.fromSpans.filter(
          (span) => inEntry(prepare.file, span) && isCallSite(prepare.file, span.start + Math.max(0, span.length - 1)),
        );
        if (sites.length === 0) continue;
        // `super.m()` runs the member it names: no override of it.
        add(
          itemAt(call.to.file, call.to.selectionSpan.start),
          sites.some((span) => !isSuperMember(prepare.file, span.start)),
        );
      }
    }
    for (const node of entry === undefined ? withCode(item) : [entry.node])
      for (const member of hiddenCallees(node)) add(itemOf.get(member), true);
    return [...out].sort();
  };

  /**
   * Whether a declaration is a property (not a method) of a class or interface whose type is a function
   * (`error: (err: any) => void`, `next?: (value: T) => void`): the call hierarchy leaves out a call of it, which
   * calls the member all the same, and runs whatever implements it.
   */
  const isFunctionTypedProperty = (declaration: ts.Declaration): boolean => {
    if (!(ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration))) return false;
    if (!inCorpus(declaration.getSourceFile().fileName) || !isKeptDeclaration(declaration)) return false;
    return checker.getNonNullableType(checker.getTypeAtLocation(declaration)).getCallSignatures().length > 0;
  };

  /**
   * The members a declaration's own code calls that the call hierarchy leaves out: a function-typed property
   * ({@link isFunctionTypedProperty}), and a member called on a union-typed receiver (`destination.next(v)` with
   * `destination: Subscriber | Observer`): the checker's symbol there is one made up for the union, with every
   * type's member as a declaration and no value declaration, and the call hierarchy drops such a call. The call
   * runs the member of whichever type the value has: each of them is a callee.
   */
  const hiddenCallees = (declaration: ts.Node): ts.Node[] => {
    const found: ts.Node[] = [];
    const visit = (node: ts.Node): void => {
      if (node !== declaration && isKeptDeclaration(node)) return;
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isPropertyAccessExpression(node.expression)) {
        const symbol = checker.getSymbolAtLocation(node.expression.name);
        if (symbol !== undefined && symbol.valueDeclaration === undefined && symbol.flags & ts.SymbolFlags.Transient)
          for (const member of symbol.declarations ?? [])
            if (inCorpus(member.getSourceFile().fileName)) found.push(member);
        const property = symbol?.valueDeclaration;
        if (property !== undefined && isFunctionTypedProperty(property)) found.push(property);
      }
      ts.forEachChild(node, visit);
    };
    visit(declaration);
    return found;
  };

  const subtypeMap = new Map<string, string[]>();
  // Every declaration's heritage clauses: a merged interface's second declaration may add the base.
  for (const [node, item] of itemOf) {
    if (!(ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node))) continue;
    for (const clause of node.heritageClauses ?? []) {
      for (const base of clause.types) {
        for (const declaration of declarationsOf(base.expression)) {
          const baseItem = itemOf.get(declaration);
          if (baseItem === undefined) continue;
          const list = subtypeMap.get(baseItem) ?? [];
          if (!list.includes(item)) list.push(item);
          subtypeMap.set(baseItem, list);
        }
      }
    }
  }

  const importers = new Map<string, Set<string>>();
  for (const sourceFile of sourceFiles) {
    for (const statement of sourceFile.statements) {
      const specifier =
        ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
      if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
      const resolved = ts.resolveModuleName(specifier.text, sourceFile.fileName, program.getCompilerOptions(), ts.sys)
        .resolvedModule?.resolvedFileName;
      if (resolved === undefined || !inCorpus(resolved)) continue;
      const set = importers.get(relative(resolved)) ?? new Set<string>();
      set.add(relative(sourceFile.fileName));
      importers.set(relative(resolved), set);
    }
  }

  return {
    files: sourceFiles.map((sf) => relative(sf.fileName)).sort(),
    declarationSpans: (file) => spansByFile.get(file) ?? [],
    callers: (item, depth) => transitive(item, depth, directCallers),
    dependants: (item, depth) => transitive(item, depth, directDependants),
    pathNodes(from, to, depth, limit) {
      // One edge relation both ways: forward from `from` (calls, and the members overriding a called one), keeping
      // every edge the walk finds; then back from `to` over those same edges. A declaration is on a path when its
      // distance from `from` plus its distance to `to` is at most `depth`.
      const distanceFrom = new Map<string, number>([[from, 0]]);
      const callersSeen = new Map<string, string[]>();
      let frontier = [from];
      for (let level = 1; level <= depth && frontier.length > 0; level += 1) {
        const next: string[] = [];
        for (const item of frontier) {
          // A path ends where it first reaches `to`: what `to` calls is past the end.
          if (itemOfKey(item) === to) continue;
          for (const callee of outgoing(item, true)) {
            callersSeen.set(callee, [...(callersSeen.get(callee) ?? []), item]);
            if (distanceFrom.has(callee)) continue;
            distanceFrom.set(callee, level);
            next.push(callee);
          }
        }
        if (distanceFrom.size > limit) return null;
        frontier = next;
      }
      // A literal entry of `to` reaches `to`: the function runs as part of it, at ts-graph's level.
      const ends = [...distanceFrom.keys()].filter((key) => itemOfKey(key) === to);
      if (ends.length === 0) return [];
      const distanceTo = new Map<string, number>(ends.map((key) => [key, 0]));
      frontier = ends;
      for (let level = 1; level <= depth && frontier.length > 0; level += 1) {
        const next: string[] = [];
        for (const item of frontier) {
          // A path starts at `from`: what calls `from` is before the start.
          if (item === from) continue;
          for (const caller of callersSeen.get(item) ?? []) {
            if (distanceTo.has(caller)) continue;
            distanceTo.set(caller, level);
            next.push(caller);
          }
        }
        frontier = next;
      }
      const onPath = [...distanceFrom]
        .filter(([key, d]) => d + (distanceTo.get(key) ?? Number.POSITIVE_INFINITY) <= depth)
        .map(([key]) => itemOfKey(key));
      return [...new Set(onPath)].sort();
    },
    calleesAt(item, depth) {
      const seen = new Set<string>([item]);
      let frontier = [item];
      for (let level = 0; level < depth; level += 1) {
        const next: string[] = [];
        for (const current of frontier)
          for (const callee of outgoing(current, false)) {
            if (seen.has(callee)) continue;
            seen.add(callee);
            next.push(callee);
          }
        frontier = next;
      }
      return frontier.sort();
    },
    subtypes(item) {
      const found = new Set<string>();
      const queue = [item];
      while (queue.length > 0) {
        const current = queue.shift() ?? "";
        for (const sub of subtypeMap.get(current) ?? []) {
          if (found.has(sub)) continue;
          found.add(sub);
          queue.push(sub);
        }
      }
      return [...found].sort();
    },
    directSubtypes: () => subtypeMap,
    exportsOf(file) {
      const sourceFile = program.getSourceFile(path.join(root, file));
      const symbol = sourceFile === undefined ? undefined : checker.getSymbolAtLocation(sourceFile);
      return symbol === undefined
        ? []
        : checker
            .getExportsOfModule(symbol)
            .map((s) => s.getName())
            .sort();
    },
    testsImporting(file, isTest) {
      const found = new Set<string>();
      const queue = [file];
      const seen = new Set(queue);
      while (queue.length > 0) {
        const current = queue.shift() ?? "";
        for (const importer of importers.get(current) ?? []) {
          if (seen.has(importer)) continue;
          seen.add(importer);
          queue.push(importer);
          if (isTest(importer)) found.add(importer);
        }
      }
      return [...found].sort();
    },
    declarations: () => all,
    referenceCount(item) {
      const node = nodeOf(item);
      const referenced = service.findReferences(node.getSourceFile().fileName, namePosition(node)) ?? [];
      let count = 0;
      for (const group of referenced)
        for (const reference of group.references) {
          if (reference.isDefinition || reference.fileName === node.getSourceFile().fileName) continue;
          const sourceFile = program.getSourceFile(reference.fileName);
          if (sourceFile !== undefined && !isInImportOrExport(tokenAt(sourceFile, reference.textSpan.start)))
            count += 1;
        }
      return count;
    },
    isBodiless: (item) => !hasBody(nodeOf(item)),
  };
}

/** Whether a name is used as a type (`x: Foo`, `implements Foo`), not as a value (`typeof Foo` and `extends Foo` of a class are values). */
function isTypePosition(token: ts.Node): boolean {
  for (let current: ts.Node | undefined = token.parent; current !== undefined; current = current.parent) {
    if (ts.isTypeQueryNode(current)) return false;
    if (ts.isExpressionWithTypeArguments(current)) {
      const clause = current.parent;
      return !(
        ts.isHeritageClause(clause) &&
        clause.token === ts.SyntaxKind.ExtendsKeyword &&
        ts.isClassLike(clause.parent)
      );
    }
    if (ts.isTypeNode(current)) return true;
    if (ts.isStatement(current) || ts.isSourceFile(current) || ts.isBlock(current)) return false;
  }
  return false;
}

function isDeclarationName(token: ts.Node): boolean {
  const parent = token.parent;
  if (parent === undefined || ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) return false;
  return (parent as { name?: ts.Node }).name === token;
}

/** Whether a name is called: the callee of a call or `new` (through `a.b` and `a["b"]`), a tag, a decorator, a JSX tag. */
function isCalled(token: ts.Node): boolean {
  let expression: ts.Node = token;
  while (
    (ts.isPropertyAccessExpression(expression.parent) && expression.parent.name === expression) ||
    (ts.isElementAccessExpression(expression.parent) && expression.parent.argumentExpression === expression) ||
    ts.isParenthesizedExpression(expression.parent) ||
    ts.isNonNullExpression(expression.parent)
  )
    expression = expression.parent;
  const parent = expression.parent;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression === expression) return true;
  if (ts.isTaggedTemplateExpression(parent) && parent.tag === expression) return true;
  if (ts.isDecorator(parent)) return true;
  if ((ts.isJsxOpeningElement(parent) || ts.isJsxSelfClosingElement(parent)) && parent.tagName === expression)
    return true;
  return token.kind === ts.SyntaxKind.SuperKeyword || ts.isConstructorDeclaration(token.parent);
}

/** Calls of a constructor name the class (`new C()`), not the constructor: keep every site the compiler gives. */
function isConstructorTarget(targets: readonly ts.Node[]): boolean {
  return targets.some((target) => ts.isConstructorDeclaration(target));
}

function tokenAt(sourceFile: ts.SourceFile, position: number): ts.Node {
  let node: ts.Node = sourceFile;
  for (;;) {
    const child: ts.Node | undefined = node
      .getChildren(sourceFile)
      .find((c) => c.getStart(sourceFile) <= position && position < c.getEnd());
    if (child === undefined) return node;
    node = child;
  }
}

function isInImportOrExport(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current !== undefined; current = current.parent) {
    if (ts.isImportDeclaration(current) || ts.isExportDeclaration(current) || ts.isImportEqualsDeclaration(current))
      return true;
    if (ts.isStatement(current)) return false;
  }
  return false;
}

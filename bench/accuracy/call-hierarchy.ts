import * as path from "node:path";
import ts from "typescript-6";
import {
  callerItemOfDeclaration,
  callerKey,
  callerKeyOfItem,
  callerKindOf,
  enclosingCallHierarchyDeclaration,
  itemAt,
} from "./caller-rule.js";
import { declarationFinder, type DeclaredNode } from "./node-declarations.js";
import type { CallTriple, SiteCategory } from "./triples.js";

/**
 * The ground truth: TypeScript's own call hierarchy (`prepareCallHierarchy` + `provideCallHierarchyIncomingCalls`,
 * the engine behind tsserver), asked at every function-like declaration of a corpus: functions, methods,
 * constructors, accessors, arrow functions and function expressions bound to a variable or class property,
 * and object-literal methods.
 */
export interface GroundTruth {
  readonly triples: readonly CallTriple[];
  /** Call hierarchy items asked (after removing duplicates, e.g. a constructor and its class). */
  readonly items: number;
  /** Each item's declaration as `<file>:<line of its name>` with its name. */
  readonly itemDeclarations: readonly { readonly callee: string; readonly name: string }[];
  readonly ms: number;
  readonly categorize: (triple: CallTriple) => SiteCategory;
  /** The text of a line of a corpus file, for reports. */
  readonly lineText: (file: string, line: number) => string;
  /**
   * The declarations find-references relates to a member (`<file>:<line>` of every definition it lists,
   * the member's own included): the compiler's answer to "which members does this one override or
   * implement, and which share a base with it". `answers` caches it between runs.
   */
  readonly relatedDeclarations: (
    member: { readonly file: string; readonly line: number; readonly name: string },
    answers: Map<string, readonly string[]>,
  ) => readonly string[];
  /**
   * The caller item (caller-rule.ts) that owns the code of a ts-graph node, found structurally from the
   * node's declaration in the source: a Constructor or a property initialiser maps to its class, a Variable
   * whose initialiser is not a function to its enclosing item, a File to the file. Undefined when the
   * node's declaration is not found in the source.
   */
  readonly callerOfNode: (node: DeclaredNode) => { readonly caller: string; readonly callerKind: string } | undefined;
  /** The ts-graph node's declaration in the source, if found. */
  readonly declarationOfNode: (node: DeclaredNode) => ts.Node | undefined;
  /** The caller item that encloses a position of a corpus file (the compiler's rule). */
  readonly callerAt: (file: string, position: number) => { readonly caller: string; readonly callerKind: string };
  readonly program: ts.Program;
  readonly service: ts.LanguageService;
  /** Corpus files, as paths relative to the root. */
  readonly files: readonly string[];
  readonly sourceFileOf: (file: string) => ts.SourceFile | undefined;
}

export function createLanguageService(tsconfigPath: string): {
  service: ts.LanguageService;
  fileNames: readonly string[];
} {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (parsed === undefined) throw new Error(`cannot read ${tsconfigPath}`);
  const snapshots = new Map<string, ts.IScriptSnapshot>();
  const snapshot = (fileName: string): ts.IScriptSnapshot | undefined => {
    let cached = snapshots.get(fileName);
    if (cached === undefined) {
      const text = ts.sys.readFile(fileName);
      if (text === undefined) return undefined;
      cached = ts.ScriptSnapshot.fromString(text);
      snapshots.set(fileName, cached);
    }
    return cached;
  };
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => parsed.options,
    getScriptFileNames: () => parsed.fileNames,
    getScriptVersion: () => "1",
    getScriptSnapshot: snapshot,
    getCurrentDirectory: () => path.dirname(tsconfigPath),
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return { service: ts.createLanguageService(host, ts.createDocumentRegistry()), fileNames: parsed.fileNames };
}

function isConstVariable(node: ts.VariableDeclaration): boolean {
  return (ts.getCombinedNodeFlags(node) & ts.NodeFlags.Const) !== 0;
}

/** A function or class expression bound to a `const` or a class property by an identifier (a call hierarchy item). */
function isAssignedExpression(node: ts.Node): boolean {
  if (!(ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isClassExpression(node))) return false;
  const parent = node.parent;
  if (
    !(ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent)) ||
    parent.initializer !== node ||
    !ts.isIdentifier(parent.name)
  )
    return false;
  return ts.isPropertyDeclaration(parent) || isConstVariable(parent);
}

/**
 * Where to ask the call hierarchy, for every declaration the compiler accepts as a call hierarchy item
 * (TypeScript's services/callHierarchy.ts): functions, classes, methods (class and object literal), method
 * signatures, accessors, named function and class expressions, and function or class expressions bound to a
 * `const` or a class property. A constructor's item is its class. Source files, namespaces and static blocks
 * are items too, but their incoming calls are always empty.
 */
function callHierarchyNames(sourceFile: ts.SourceFile): ts.Node[] {
  const names: ts.Node[] = [];
  const defaultKeyword = (node: ts.HasModifiers): ts.Node | undefined =>
    ts.getModifiers(node)?.find((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) {
      const at = node.name ?? defaultKeyword(node);
      if (at !== undefined) names.push(at);
    } else if (
      ts.isMethodDeclaration(node) ||
      ts.isMethodSignature(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      names.push(node.name);
    } else if ((ts.isFunctionExpression(node) || ts.isClassExpression(node)) && node.name !== undefined) {
      names.push(node.name);
    } else if (isAssignedExpression(node)) {
      names.push((node.parent as ts.VariableDeclaration | ts.PropertyDeclaration).name);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

function deepestNodeAt(sourceFile: ts.SourceFile, position: number): ts.Node {
  let node: ts.Node = sourceFile;
  for (;;) {
    const child: ts.Node | undefined = node
      .getChildren(sourceFile)
      .find((candidate) => candidate.getStart(sourceFile) <= position && position < candidate.getEnd());
    if (child === undefined) return node;
    node = child;
  }
}

function skipParentheses(node: ts.Node): ts.Node {
  let current = node;
  while (ts.isParenthesizedExpression(current.parent) || ts.isNonNullExpression(current.parent))
    current = current.parent;
  return current;
}

/** What the call hierarchy answered, kept between runs with --reuse-truth (the slow part of a run). */
export interface CachedAnswers {
  readonly triples: readonly CallTriple[];
  readonly positions: readonly (readonly [string, number])[];
  readonly itemDeclarations: readonly { readonly callee: string; readonly name: string }[];
}

// Long because: the truth's helpers (site labels, forms, callers) close over one language service, program and checker; as module functions each would take all three.
export function buildGroundTruth(
  root: string,
  tsconfigPath: string,
  cached?: CachedAnswers,
): GroundTruth & { readonly answers: CachedAnswers } {
  const startedAt = performance.now();
  const { service, fileNames } = createLanguageService(tsconfigPath);
  const maybeProgram = service.getProgram();
  if (maybeProgram === undefined) throw new Error("the language service built no program");
  const program: ts.Program = maybeProgram;
  const checker = program.getTypeChecker();
  const corpusFiles = new Set(fileNames.map((fileName) => path.resolve(fileName)));
  const relative = (fileName: string): string => path.relative(root, fileName).split(path.sep).join("/");

  const triples: CallTriple[] = [];
  const positions = new Map<string, number>();
  const seenItems = new Set<string>();
  const itemDeclarations: { callee: string; name: string }[] = [];
  if (cached !== undefined) {
    triples.push(...cached.triples);
    for (const [key, position] of cached.positions) positions.set(key, position);
    for (const item of cached.itemDeclarations) {
      seenItems.add(item.callee + item.name);
      itemDeclarations.push(item);
    }
  }
  for (const sourceFile of cached === undefined ? program.getSourceFiles() : []) {
    if (!corpusFiles.has(path.resolve(sourceFile.fileName))) continue;
    for (const name of callHierarchyNames(sourceFile)) {
      const prepared = service.prepareCallHierarchy(sourceFile.fileName, name.getStart(sourceFile));
      const items = prepared === undefined ? [] : Array.isArray(prepared) ? prepared : [prepared];
      for (const item of items) {
        const itemFile = program.getSourceFile(item.file);
        if (itemFile === undefined || !corpusFiles.has(path.resolve(item.file))) continue;
        const itemLine = itemFile.getLineAndCharacterOfPosition(item.selectionSpan.start).line + 1;
        const callee = `${relative(item.file)}:${itemLine}`;
        if (seenItems.has(callee + item.name)) continue;
        seenItems.add(callee + item.name);
        itemDeclarations.push({ callee, name: item.name });
        for (const incoming of service.provideCallHierarchyIncomingCalls(item.file, item.selectionSpan.start)) {
          const callerFile = program.getSourceFile(incoming.from.file);
          if (callerFile === undefined || !corpusFiles.has(path.resolve(incoming.from.file))) continue;
          const callerRelative = relative(incoming.from.file);
          const caller = callerKeyOfItem(incoming.from, callerFile, callerRelative);
          const callerKind = callerKindOf(
            itemAt(callerFile, incoming.from.selectionSpan.start, caller === callerRelative),
          );
          for (const span of incoming.fromSpans) {
            const line = callerFile.getLineAndCharacterOfPosition(span.start).line + 1;
            const triple: CallTriple = {
              callee,
              calleeName: item.name,
              callerFile: callerRelative,
              line,
              caller,
              callerKind,
            };
            triples.push(triple);
            positions.set(`${triple.callerFile}:${line}:${item.name}`, span.start);
          }
        }
      }
    }
  }

  const sourceFileOf = (file: string): ts.SourceFile | undefined => program.getSourceFile(path.join(root, file));

  /** Where on the line the callee is named: the compiler's span, or the first mention of the name. */
  function sitePosition(triple: CallTriple): number | undefined {
    const known = positions.get(`${triple.callerFile}:${triple.line}:${triple.calleeName}`);
    if (known !== undefined) return known;
    const sourceFile = sourceFileOf(triple.callerFile);
    if (sourceFile === undefined) return undefined;
    const start = sourceFile.getPositionOfLineAndCharacter(triple.line - 1, 0);
    const end =
      triple.line < sourceFile.getLineStarts().length
        ? sourceFile.getPositionOfLineAndCharacter(triple.line, 0)
        : sourceFile.end;
    const at = sourceFile.text
      .slice(start, end)
      .search(new RegExp(`(?<![\\w$])${triple.calleeName.replace(/[^\w$]/g, "\\$&")}(?![\\w$])`));
    return at < 0 ? undefined : start + at;
  }

  function labelsAt(site: ts.Node, sourceFile: ts.SourceFile): string[] {
    const labels: string[] = [];
    for (let node: ts.Node | undefined = site.parent; node !== undefined && node !== sourceFile; node = node.parent) {
      if (
        (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) &&
        (ts.isCallExpression(node.parent) || ts.isNewExpression(node.parent)) &&
        node.parent.arguments?.includes(node)
      ) {
        labels.push("in callback");
        break;
      }
      if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isClassLike(node)) break;
    }
    if (
      ts.isPropertyAccessExpression(site.parent) &&
      site.parent.name === site &&
      checker.getNonNullableType(checker.getTypeAtLocation(site.parent.expression)).isUnion()
    ) {
      labels.push("union receiver");
    }
    const symbol = checker.getSymbolAtLocation(site);
    if (symbol !== undefined) {
      const resolved = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declarations = resolved.declarations ?? [];
      const abstractOrInterface = declarations.some(
        (declaration) =>
          ts.isMethodSignature(declaration) ||
          ts.isPropertySignature(declaration) ||
          (ts.canHaveModifiers(declaration) &&
            (ts.getModifiers(declaration) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AbstractKeyword)),
      );
      if (abstractOrInterface) labels.push("via interface/abstract");
      if (symbol.flags & ts.SymbolFlags.Alias) {
        const aliasDeclaration = symbol.declarations?.[0];
        const isDefault = aliasDeclaration !== undefined && ts.isImportClause(aliasDeclaration);
        const specifierFile = aliasDeclaration === undefined ? undefined : aliasedModuleFile(aliasDeclaration);
        const targetFile = declarations[0]?.getSourceFile().fileName;
        if (isDefault || (specifierFile !== undefined && targetFile !== undefined && specifierFile !== targetFile))
          labels.push("via re-export/default import");
      }
    }
    return labels;
  }

  function aliasedModuleFile(aliasDeclaration: ts.Declaration): string | undefined {
    const importDeclaration = ts.findAncestor(aliasDeclaration, ts.isImportDeclaration);
    if (importDeclaration === undefined) return undefined;
    const moduleSymbol = checker.getSymbolAtLocation(importDeclaration.moduleSpecifier);
    return moduleSymbol?.declarations?.find(ts.isSourceFile)?.fileName;
  }

  function formOf(site: ts.Node): string {
    let expression: ts.Node = site;
    if (ts.isPropertyAccessExpression(site.parent) && site.parent.name === site) expression = site.parent;
    expression = skipParentheses(expression);
    const parent = expression.parent;
    if (ts.isNewExpression(parent) && parent.expression === expression) return "new C()";
    if (ts.isCallExpression(parent) && parent.expression === expression) {
      // `@d(…)`: a decorator factory's call is the decorator's expression, applied like `@d`.
      if (ts.isDecorator(parent.parent)) return "decorator";
      if (ts.isPropertyAccessExpression(expression)) {
        if (expression.expression.kind === ts.SyntaxKind.ThisKeyword) return "this.m()";
        if (expression.expression.kind === ts.SyntaxKind.SuperKeyword) return "super.m()";
        if (expression.questionDotToken !== undefined || parent.questionDotToken !== undefined) return "a?.b()";
        return "obj.m()";
      }
      return parent.questionDotToken !== undefined ? "a?.b()" : "f()";
    }
    if (ts.isTaggedTemplateExpression(parent) && parent.tag === expression) return "tagged template";
    if ((ts.isJsxOpeningElement(parent) || ts.isJsxSelfClosingElement(parent)) && parent.tagName === expression)
      return "JSX";
    if (ts.isDecorator(parent) || ts.isDecorator(parent.parent)) return "decorator";
    if (ts.isPropertyAccessExpression(expression) || ts.isIdentifier(expression)) {
      const symbol = checker.getSymbolAtLocation(site);
      if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Accessor) return "accessor";
      return ts.isIdentifier(expression) ? "reference by name" : "reference";
    }
    return "other";
  }

  const categories = new Map<string, SiteCategory>();
  /** A site's category, read once per file, line and callee name. */
  function categorize(triple: CallTriple): SiteCategory {
    const key = `${triple.callerFile}:${triple.line}:${triple.calleeName}`;
    let category = categories.get(key);
    if (category === undefined) {
      category = categorizeSite(triple);
      categories.set(key, category);
    }
    return category;
  }

  function categorizeSite(triple: CallTriple): SiteCategory {
    const sourceFile = sourceFileOf(triple.callerFile);
    const position = sitePosition(triple);
    if (sourceFile === undefined) return { form: "other", labels: [] };
    if (position === undefined)
      return { form: /\bsuper\s*\(/.test(lineText(triple.callerFile, triple.line)) ? "super()" : "other", labels: [] };
    const site = deepestNodeAt(sourceFile, position);
    return { form: formOf(site), labels: labelsAt(site, sourceFile) };
  }

  function lineText(file: string, line: number): string {
    const sourceFile = sourceFileOf(file);
    if (sourceFile === undefined) return "";
    const lines = sourceFile.text.split(/\r?\n/);
    return (lines[line - 1] ?? "").trim();
  }

  function relatedDeclarations(
    member: { readonly file: string; readonly line: number; readonly name: string },
    cache: Map<string, readonly string[]>,
  ): readonly string[] {
    const id = `${member.file}:${member.line}:${member.name}`;
    const known = cache.get(id);
    if (known !== undefined) return known;
    const position = sitePosition({ callee: "", calleeName: member.name, callerFile: member.file, line: member.line });
    const definitions = new Set<string>();
    const add = (fileName: string, start: number): void => {
      const sourceFile = program.getSourceFile(fileName);
      if (sourceFile !== undefined)
        definitions.add(`${relative(fileName)}:${sourceFile.getLineAndCharacterOfPosition(start).line + 1}`);
    };
    // One group per symbol find-references searched for (the member and the members it relates it to), each
    // with its definition; every declaration of a symbol is also a reference marked as a definition.
    for (const referenced of position === undefined
      ? []
      : (service.findReferences(path.join(root, member.file), position) ?? [])) {
      add(referenced.definition.fileName, referenced.definition.textSpan.start);
      for (const reference of referenced.references)
        if (reference.isDefinition === true) add(reference.fileName, reference.textSpan.start);
    }
    const found = [...definitions].sort();
    cache.set(id, found);
    return found;
  }

  const declarationOfNode = declarationFinder(sourceFileOf);
  const callerOf = (item: ts.Node): { caller: string; callerKind: string } => ({
    caller: callerKey(item, relative(item.getSourceFile().fileName)),
    callerKind: callerKindOf(item),
  });
  function callerOfNode(node: DeclaredNode): { caller: string; callerKind: string } | undefined {
    const declaration = declarationOfNode(node);
    return declaration === undefined ? undefined : callerOf(callerItemOfDeclaration(declaration));
  }
  function callerAt(file: string, position: number): { caller: string; callerKind: string } {
    const sourceFile = sourceFileOf(file);
    if (sourceFile === undefined) throw new Error(`${file} is not in the program`);
    return callerOf(enclosingCallHierarchyDeclaration(deepestNodeAt(sourceFile, position)));
  }

  const answers: CachedAnswers = { triples, positions: [...positions], itemDeclarations };
  const files = [...corpusFiles].map(relative).sort();
  return {
    answers,
    triples,
    items: seenItems.size,
    itemDeclarations,
    ms: Math.round(performance.now() - startedAt),
    categorize,
    lineText,
    relatedDeclarations,
    callerOfNode,
    declarationOfNode,
    callerAt,
    program,
    service,
    files,
    sourceFileOf,
  };
}

import ts from "typescript-6";

/**
 * The compiler's rule for *who* calls: its call hierarchy names, as the `from` item of an incoming call, the
 * innermost enclosing declaration that is a call hierarchy item (TypeScript's services/callHierarchy.ts,
 * `isValidCallHierarchyDeclaration`): a function, a class (so constructors and property initialisers belong
 * to their class), a method or accessor, a namespace with an identifier name, a class static block, a named
 * function or class expression, or a function or class expression bound to a `const` or a class property;
 * else the source file (top-level code).
 *
 * The bench applies this one rule to both sides: to the compiler's `from` items, and, structurally, to the
 * declaration of each caller node ts-graph answers (a Constructor maps to its class, a Variable whose
 * initialiser is not a function to its enclosing item, and so on). Both are named by a caller key.
 */

/** A function or class expression bound to a `const` variable or a class property by an identifier. */
function isAssignedExpression(node: ts.Node): boolean {
  if (!(ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isClassExpression(node))) return false;
  const parent = node.parent;
  if (
    !(ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent)) ||
    parent.initializer !== node ||
    !ts.isIdentifier(parent.name)
  )
    return false;
  return ts.isPropertyDeclaration(parent) || (ts.getCombinedNodeFlags(parent) & ts.NodeFlags.Const) !== 0;
}

function isCallHierarchyDeclaration(node: ts.Node): boolean {
  return (
    ts.isSourceFile(node) ||
    (ts.isModuleDeclaration(node) && ts.isIdentifier(node.name)) ||
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isClassStaticBlockDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ((ts.isFunctionExpression(node) || ts.isClassExpression(node)) && node.name !== undefined) ||
    isAssignedExpression(node)
  );
}

/** The innermost call hierarchy declaration that contains `node` (itself included), else its source file. */
export function enclosingCallHierarchyDeclaration(node: ts.Node): ts.Node {
  return ts.findAncestor(node, isCallHierarchyDeclaration) ?? node.getSourceFile();
}

/**
 * A call hierarchy declaration's own item, for a declaration ts-graph has a node for: a `const` or class
 * property bound to a function is the function expression (the item), anything else is itself.
 */
function itemOfDeclaration(declaration: ts.Node): ts.Node {
  if (
    (ts.isVariableDeclaration(declaration) || ts.isPropertyDeclaration(declaration)) &&
    declaration.initializer !== undefined
  ) {
    if (isAssignedExpression(declaration.initializer)) return declaration.initializer;
  }
  return declaration;
}

/**
 * The implementation of an overloaded function or method named at one of its signatures (ts-graph names an
 * overload set at its first signature; the compiler's item is the implementation, the declaration with a
 * body): the same-named declaration with a body among its siblings.
 */
function implementationOf(declaration: ts.Node): ts.Node {
  if (
    !(ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) ||
    declaration.body !== undefined ||
    declaration.name === undefined
  )
    return declaration;
  const name = declaration.name.getText();
  const siblings: readonly ts.Node[] = ts.isClassLike(declaration.parent)
    ? declaration.parent.members
    : ts.isObjectLiteralExpression(declaration.parent)
      ? declaration.parent.properties
      : ts.isSourceFile(declaration.parent) || ts.isBlock(declaration.parent) || ts.isModuleBlock(declaration.parent)
        ? declaration.parent.statements
        : [];
  const implementation = siblings.find(
    (sibling) =>
      (ts.isFunctionDeclaration(sibling) || ts.isMethodDeclaration(sibling)) &&
      sibling.body !== undefined &&
      sibling.name?.getText() === name,
  );
  return implementation ?? declaration;
}

/** The item that owns the code of a declaration ts-graph has a node for (its caller item). */
export function callerItemOfDeclaration(declaration: ts.Node): ts.Node {
  return enclosingCallHierarchyDeclaration(itemOfDeclaration(implementationOf(declaration)));
}

/** Where the compiler names an item (its selection span's start). */
function itemNamePosition(item: ts.Node, sourceFile: ts.SourceFile): number {
  if (ts.isSourceFile(item)) return 0;
  if (isAssignedExpression(item))
    return (item.parent as ts.VariableDeclaration | ts.PropertyDeclaration).name.getStart(sourceFile);
  if (ts.isClassStaticBlockDeclaration(item)) return item.getStart(sourceFile);
  const name = ts.getNameOfDeclaration(item as ts.Declaration);
  if (name !== undefined) return name.getStart(sourceFile);
  const defaultKeyword = ts.canHaveModifiers(item)
    ? ts.getModifiers(item)?.find((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)
    : undefined;
  return (defaultKeyword ?? item).getStart(sourceFile);
}

/**
 * The caller key of an item: `<file>` for a source file (top-level code), else `<file>:<line of its name>`,
 * the form the compiler's `from` item gives (its file and the line of its selection span).
 */
export function callerKey(item: ts.Node, relativeFile: string): string {
  if (ts.isSourceFile(item)) return relativeFile;
  const sourceFile = item.getSourceFile();
  return `${relativeFile}:${sourceFile.getLineAndCharacterOfPosition(itemNamePosition(item, sourceFile)).line + 1}`;
}

/** The caller key of a compiler `from` item: the file alone for a source file, else its file and name line. */
export function callerKeyOfItem(item: ts.CallHierarchyItem, sourceFile: ts.SourceFile, relativeFile: string): string {
  if (item.name === item.file && item.selectionSpan.start === 0 && item.selectionSpan.length === 0) return relativeFile;
  return `${relativeFile}:${sourceFile.getLineAndCharacterOfPosition(item.selectionSpan.start).line + 1}`;
}

/**
 * The kind of a caller item, in ts-graph's node kinds where it has one: File, Function, Class, Method (methods,
 * method signatures and accessors), Namespace, Variable or Property (a function bound to a `const` or a class
 * property), and the two items ts-graph has no node kind for.
 */
export function callerKindOf(item: ts.Node): string {
  if (ts.isSourceFile(item)) return "File";
  if (ts.isModuleDeclaration(item)) return "Namespace";
  if (ts.isFunctionDeclaration(item)) return "Function";
  if (ts.isClassDeclaration(item)) return "Class";
  if (ts.isClassStaticBlockDeclaration(item)) return "class static block";
  if (
    ts.isMethodDeclaration(item) ||
    ts.isMethodSignature(item) ||
    ts.isGetAccessorDeclaration(item) ||
    ts.isSetAccessorDeclaration(item)
  )
    return "Method";
  if (isAssignedExpression(item)) return ts.isPropertyDeclaration(item.parent) ? "Property" : "Variable";
  return ts.isClassExpression(item) ? "named class expression" : "named function expression";
}

/** The caller item the compiler names for the item that a `from` selection span starts in. */
export function itemAt(sourceFile: ts.SourceFile, position: number, isFile: boolean): ts.Node {
  if (isFile) return sourceFile;
  let node: ts.Node = sourceFile;
  for (;;) {
    const child: ts.Node | undefined = node
      .getChildren(sourceFile)
      .find((candidate) => candidate.getStart(sourceFile) <= position && position < candidate.getEnd());
    if (child === undefined) break;
    node = child;
  }
  // The name (or `default`, or `static`) of an item: its item is the closest call hierarchy declaration, or
  // the function expression a `const` or class property binds.
  for (let current: ts.Node | undefined = node; current !== undefined; current = current.parent) {
    if (isCallHierarchyDeclaration(current)) return current;
    if (
      (ts.isVariableDeclaration(current) || ts.isPropertyDeclaration(current)) &&
      current.initializer !== undefined &&
      isAssignedExpression(current.initializer)
    ) {
      return current.initializer;
    }
  }
  return sourceFile;
}

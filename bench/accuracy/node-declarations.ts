import ts from "typescript-6";
import { propertyNameText } from "../../src/ingestion/extract/declaration-text.js";

/** What the bench knows of a ts-graph node to find its declaration in the source. */
export interface DeclaredNode {
  readonly file: string;
  readonly name: string;
  readonly nameLine: number;
  readonly kind: string;
}

/** The name a declaration is known by, as ts-graph names its nodes (`constructor`, `default`, `[Symbol.iterator]`). */
function declarationName(
  node: ts.Node,
  sourceFile: ts.SourceFile,
): { readonly text: string; readonly at: number } | undefined {
  if (ts.isConstructorDeclaration(node)) {
    const keyword = node.getChildren(sourceFile).find((child) => child.kind === ts.SyntaxKind.ConstructorKeyword);
    return { text: "constructor", at: (keyword ?? node).getStart(sourceFile) };
  }
  if (ts.isExportAssignment(node)) return { text: "default", at: node.getStart(sourceFile) };
  if (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) {
    if (node.name !== undefined) return { text: node.name.text, at: node.name.getStart(sourceFile) };
    return { text: "default", at: node.getStart(sourceFile) };
  }
  const isNamed =
    ts.isClassExpression(node) ||
    ts.isFunctionExpression(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertySignature(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isParameter(node) ||
    ts.isModuleDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node);
  if (!isNamed) return undefined;
  const name = (node as ts.NamedDeclaration).name;
  if (name === undefined) return undefined;
  return { text: propertyNameText(name as ts.PropertyName, sourceFile), at: name.getStart(sourceFile) };
}

/**
 * Finds a ts-graph node's declaration in the source: the declaration of the node's name whose name starts on
 * the node's name line (a constructor is named `constructor` at its keyword, an anonymous default export
 * `default`). A File node is its source file. Identity only: calls play no part in it.
 */
export function declarationFinder(
  sourceFileOf: (file: string) => ts.SourceFile | undefined,
): (node: DeclaredNode) => ts.Node | undefined {
  const byFile = new Map<string, Map<string, ts.Node[]>>();
  const index = (file: string): Map<string, ts.Node[]> | undefined => {
    const known = byFile.get(file);
    if (known !== undefined) return known;
    const sourceFile = sourceFileOf(file);
    if (sourceFile === undefined) return undefined;
    const found = new Map<string, ts.Node[]>();
    const visit = (node: ts.Node): void => {
      const name = declarationName(node, sourceFile);
      if (name !== undefined) {
        const key = `${sourceFile.getLineAndCharacterOfPosition(name.at).line + 1}\u0000${name.text}`;
        const list = found.get(key);
        if (list === undefined) found.set(key, [node]);
        else list.push(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    byFile.set(file, found);
    return found;
  };
  return (node) => {
    if (node.kind === "File") return sourceFileOf(node.file);
    // Several declarations may share a name and a line (`const f = function f() {}`): the outermost is the node's.
    return index(node.file)?.get(`${node.nameLine}\u0000${node.name}`)?.[0];
  };
}

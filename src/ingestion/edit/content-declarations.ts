import { ts } from "../../engine/ts6/typescript6.js";
import type { ContentDeclarations, DeclarationContainer } from "../../model/edit-ports.js";
import { propertyNameText } from "../extract/declaration-text.js";

/**
 * What a replace's content declares, read from its syntax: the names it declares (as the graph names them:
 * `default` for `export default <expression>`), and which of them it gives overload signatures (a function or
 * method without a body). Pure: the content is parsed as what its container holds.
 */

/** How content parsed alone is wrapped so that it parses as what its container holds (edit-syntax.ts uses them too). */
export const WRAPPERS: Record<DeclarationContainer, { readonly before: string; readonly after: string }> = {
  statements: { before: "", after: "" },
  class: { before: "class __TsGraphEdit__ {\n", after: "\n}\n" },
  interface: { before: "interface __TsGraphEdit__ {\n", after: "\n}\n" },
  object: { before: "const __tsGraphEdit__ = {\n", after: "\n};\n" },
  enum: { before: "enum __TsGraphEdit__ {\n", after: "\n}\n" },
};

/** The elements of the wrapped content: its statements, or the members of the wrapper's class, interface, object or enum. */
function elementsOf(sourceFile: ts.SourceFile, container: DeclarationContainer): readonly ts.Node[] {
  if (container === "statements") return sourceFile.statements;
  const [wrapper] = sourceFile.statements;
  if (wrapper === undefined) return [];
  if (ts.isClassDeclaration(wrapper) || ts.isInterfaceDeclaration(wrapper) || ts.isEnumDeclaration(wrapper))
    return wrapper.members;
  if (ts.isVariableStatement(wrapper)) {
    const initializer = wrapper.declarationList.declarations[0]?.initializer;
    return initializer !== undefined && ts.isObjectLiteralExpression(initializer) ? initializer.properties : [];
  }
  return [];
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

/** The names one element declares; undefined when it declares one the syntax cannot name (a computed key, an index signature). */
function namesOf(element: ts.Node, sourceFile: ts.SourceFile): string[] | undefined {
  if (ts.isVariableStatement(element))
    return element.declarationList.declarations.flatMap((declaration) => bindingNames(declaration.name));
  if (ts.isExportAssignment(element)) return ["default"];
  if (ts.isConstructorDeclaration(element)) return ["constructor"];
  if (
    ts.isCallSignatureDeclaration(element) ||
    ts.isConstructSignatureDeclaration(element) ||
    ts.isIndexSignatureDeclaration(element) ||
    ts.isClassStaticBlockDeclaration(element) ||
    ts.isSpreadAssignment(element)
  ) {
    return undefined;
  }
  const name = (element as ts.Node & { readonly name?: ts.PropertyName | ts.BindingName }).name;
  if (name === undefined) {
    // `export default function () {}`, `export default class {}`: the graph names them default.
    return ts.isFunctionDeclaration(element) || ts.isClassDeclaration(element) ? ["default"] : [];
  }
  if (ts.isComputedPropertyName(name)) return undefined;
  if (ts.isModuleDeclaration(element) && ts.isStringLiteral(name)) return undefined;
  const names =
    ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name)
      ? bindingNames(name)
      : [propertyNameText(name, sourceFile)];
  // `export default function f() {}` still declares the module's default export.
  const isDefault =
    ts.canHaveModifiers(element) &&
    (ts.getModifiers(element) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
  return isDefault ? [...names, "default"] : names;
}

function isBodiless(element: ts.Node): boolean {
  return (
    (ts.isFunctionDeclaration(element) || ts.isMethodDeclaration(element) || ts.isConstructorDeclaration(element)) &&
    element.body === undefined
  );
}

export function contentDeclarations(
  fileName: string,
  content: string,
  container: DeclarationContainer,
): ContentDeclarations {
  const wrapper = WRAPPERS[container];
  const scriptKind = /\.[cm]?tsx$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.[cm]?jsx?$/.test(fileName)
      ? ts.ScriptKind.JSX
      : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(
    fileName,
    wrapper.before + content + wrapper.after,
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    true,
    scriptKind,
  );
  const names: string[] = [];
  const signatures: string[] = [];
  const implementations: string[] = [];
  let unnamed = false;
  for (const element of elementsOf(sourceFile, container)) {
    const declared = namesOf(element, sourceFile);
    if (declared === undefined) {
      unnamed = true;
      continue;
    }
    names.push(...declared);
    if (isBodiless(element)) signatures.push(...declared);
    else implementations.push(...declared);
  }
  return {
    names: [...new Set(names)],
    signatures: [...new Set(signatures)],
    implementations: [...new Set(implementations)],
    unnamed,
  };
}

import * as path from "node:path";
import ts from "typescript-6";
import type { PlacedNode } from "./graph-declarations.js";
import type { ReferenceAnswer } from "./reference-oracle.js";
import { referenceForm } from "./reference-form.js";

/**
 * find-references for every node at once: one pass over every name of every corpus file, asking the checker
 * which declared symbols it refers to, the way find-references decides that a name is a reference of a
 * symbol (services/findAllReferences.ts): through import aliases to the declaration, from a mapped or
 * instantiated property to the property it comes from (`getRootSymbols`; a property of a union of several
 * declarations to the first), from a shorthand property to the variable it reads and the contextual type's
 * property, from an object literal's key and a destructured name to the property of the contextual or
 * destructured type. About as slow as one type check, where asking find-references node by node took 2,000 to
 * 2,500 s on effect@3.22.4 (16,191 nodes). `npm run bench:references -- --validate` compares the two.
 *
 * Long because: its steps share the checker and the declaration map built at its start; the order of the two passes (names, then literal members) is the rule, and reads best in one place.
 */
export function symbolReferenceAnswers(
  program: ts.Program,
  root: string,
  placedByFile: ReadonlyMap<string, readonly PlacedNode[]>,
): { answers: Map<PlacedNode, ReferenceAnswer>; unionUses: number } {
  const checker = program.getTypeChecker();
  const byDeclaration = new Map<ts.Node, PlacedNode>();
  const sourceFiles: ts.SourceFile[] = [];
  for (const [file, placed] of placedByFile) {
    const sourceFile = program.getSourceFile(path.join(root, file));
    if (sourceFile === undefined) continue;
    sourceFiles.push(sourceFile);
    for (const entry of placed) {
      const name = findNameAt(sourceFile, entry.namePosition);
      if (name !== undefined) byDeclaration.set(name.parent, entry);
    }
  }
  const found = new Map<PlacedNode, { definitions: Set<string>; sites: [string, number][] }>();
  let unionUses = 0;
  const answerOf = (entry: PlacedNode) => {
    let answer = found.get(entry);
    if (answer === undefined) {
      answer = { definitions: new Set([`${entry.node.file}:${entry.namePosition}`]), sites: [] };
      found.set(entry, answer);
    }
    return answer;
  };

  /** The type an object literal's keys name properties of: its contextual type, or the assigned value's type in `({ a } = value)`. */
  const literalType = (literal: ts.ObjectLiteralExpression): ts.Type | undefined => {
    const parent = literal.parent;
    if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      parent.left === literal
    )
      return checker.getTypeAtLocation(parent.right);
    return checker.getContextualType(literal);
  };
  const propertiesOf = (type: ts.Type | undefined, name: string): ts.Symbol[] => {
    if (type === undefined) return [];
    return (type.isUnion() ? type.types : [type]).flatMap((member) => {
      const property = checker.getPropertyOfType(member, name);
      return property === undefined ? [] : [property];
    });
  };

  /**
   * The declared property a use of a member names. A property of a union of several declarations stands for
   * the first of them, as find-references has it (`issue.code` on a union of issue interfaces is listed at the
   * first interface's `code` only).
   */
  const declaredProperty = (symbols: readonly ts.Symbol[]): readonly ts.Symbol[] => {
    const roots = [...new Set(symbols.flatMap((symbol) => checker.getRootSymbols(symbol)))];
    if (roots.length > 1) unionUses++;
    return roots.slice(0, 1);
  };

  /**
   * The properties an object literal's key names: of its contextual type, and of a union the members its
   * literal-typed keys do not rule out (`{ code: "invalid_type", … }` names the `code` of the issue whose
   * `code` is "invalid_type"), as find-references has it.
   */
  const keyProperties = (literal: ts.ObjectLiteralExpression, name: string): readonly ts.Symbol[] => {
    const type = literalType(literal);
    if (type === undefined) return [];
    if (!type.isUnion()) return declaredProperty(propertiesOf(type, name));
    const discriminants = literal.properties.flatMap((property) => {
      if (!ts.isPropertyAssignment(property)) return [];
      const valueType = checker.getTypeAtLocation(property.initializer);
      return valueType.isLiteral() || valueType.flags & ts.TypeFlags.BooleanLiteral
        ? [{ key: property.name.getText(), valueType }]
        : [];
    });
    const allowed = type.types.filter((member) =>
      discriminants.every(({ key, valueType }) => {
        const property = checker.getPropertyOfType(member, key);
        return (
          property === undefined ||
          checker.isTypeAssignableTo(valueType, checker.getTypeOfSymbolAtLocation(property, literal))
        );
      }),
    );
    const properties = (allowed.length > 0 ? allowed : type.types).flatMap((member) => propertiesOf(member, name));
    return [...new Set(properties.flatMap((property) => checker.getRootSymbols(property)))];
  };

  /** The declared symbols a name refers to (none for the name of a declaration). */
  const referencedSymbols = (name: ts.Identifier | ts.PrivateIdentifier | ts.StringLiteral): readonly ts.Symbol[] => {
    const parent = name.parent;
    if (ts.isShorthandPropertyAssignment(parent) && parent.name === name) {
      const value = checker.getShorthandAssignmentValueSymbol(parent);
      return [...(value === undefined ? [] : [value]), ...keyProperties(parent.parent, name.text)];
    }
    if (
      (ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isAccessor(parent)) &&
      parent.name === name
    ) {
      return ts.isObjectLiteralExpression(parent.parent) ? keyProperties(parent.parent, name.text) : [];
    }
    if (
      ts.isBindingElement(parent) &&
      ts.isObjectBindingPattern(parent.parent) &&
      (parent.propertyName ?? parent.name) === name
    ) {
      return declaredProperty(propertiesOf(checker.getTypeAtLocation(parent.parent), name.text));
    }
    if (isDeclarationName(name)) return [];
    const symbol = checker.getSymbolAtLocation(name);
    if (symbol === undefined) return [];
    return declaredProperty([symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol]);
  };

  for (const sourceFile of sourceFiles) {
    const file = path.relative(root, sourceFile.fileName).split(path.sep).join("/");
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || (ts.isStringLiteral(node) && isPropertyKey(node))) {
        if (!referenceForm(node).excluded) {
          const targets = new Set<PlacedNode>();
          for (const symbol of referencedSymbols(node)) {
            for (const declaration of declarationsMeant(symbol, node)) {
              const entry = byDeclaration.get(declaration);
              if (entry !== undefined) targets.add(entry);
            }
          }
          const position = node.getStart(sourceFile);
          for (const entry of targets) {
            const answer = answerOf(entry);
            answer.sites.push([file, position]);
            for (const other of targets) answer.definitions.add(`${other.node.file}:${other.namePosition}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  // A member of an object literal also answers for the member of the literal's contextual type it implements
  // (find-references relates them one way: `provider.now()` through the interface counts for the literal's
  // `now`), and that member's declaration is one of its sites.
  for (const [declaration, entry] of byDeclaration) {
    if (!ts.isObjectLiteralExpression(declaration.parent)) continue;
    for (const property of propertiesOf(literalType(declaration.parent), entry.node.name)) {
      for (const related of (property.declarations ?? []).map((other) => byDeclaration.get(other))) {
        if (related === undefined || related === entry) continue;
        const answer = answerOf(entry);
        answer.sites.push([related.node.file, related.namePosition], ...(found.get(related)?.sites ?? []));
        answer.definitions.add(`${related.node.file}:${related.namePosition}`);
      }
    }
  }
  const answers = new Map<PlacedNode, ReferenceAnswer>();
  for (const placed of placedByFile.values()) {
    for (const entry of placed) {
      const answer = found.get(entry);
      answers.set(entry, {
        definitions: [...(answer?.definitions ?? [`${entry.node.file}:${entry.namePosition}`])].sort(),
        sites: answer?.sites ?? [],
      });
    }
  }
  return { answers, unionUses };
}

function findNameAt(sourceFile: ts.SourceFile, position: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined || position < node.pos || position >= node.end) return;
    if (
      node.getStart(sourceFile) === position &&
      node.parent !== undefined &&
      (ts.isIdentifier(node) ||
        ts.isPrivateIdentifier(node) ||
        ts.isStringLiteral(node) ||
        ts.isNumericLiteral(node) ||
        ts.isComputedPropertyName(node) ||
        node.kind === ts.SyntaxKind.ConstructorKeyword ||
        node.kind === ts.SyntaxKind.DefaultKeyword)
    ) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** A string literal that names a property: `x["f"]`, `{ "f": 1 }`, `"f": T` in a type, `T["f"]`. */
function isPropertyKey(node: ts.StringLiteral): boolean {
  const parent = node.parent;
  return (
    (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) ||
    ((ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent)) &&
      parent.name === node) ||
    (ts.isLiteralTypeNode(parent) && ts.isIndexedAccessTypeNode(parent.parent))
  );
}

/** The name a declaration introduces (not a use): find-references lists it as a definition. */
function isDeclarationName(name: ts.Node): boolean {
  const parent = name.parent;
  if (
    ts.isPropertyAccessExpression(parent) ||
    ts.isQualifiedName(parent) ||
    ts.isJsxAttribute(parent) ||
    ts.isElementAccessExpression(parent)
  )
    return false;
  return "name" in parent && (parent as { name?: ts.Node }).name === name;
}

type Meaning = "value" | "type" | "namespace";

/** What a name may mean where it is written (after services' getMeaningFromLocation, simplified). */
function meaningsAt(name: ts.Node): readonly Meaning[] {
  const form = referenceForm(name).form;
  if (form.startsWith("type reference (namespace qualifier)")) return ["namespace"];
  if (form.startsWith("heritage")) {
    const clause = ts.findAncestor(name, ts.isHeritageClause);
    const classExtends = clause?.token === ts.SyntaxKind.ExtendsKeyword && ts.isClassLike(clause.parent);
    return classExtends ? ["value", "type", "namespace"] : ["type", "namespace"];
  }
  if (form.startsWith("type") && !form.startsWith("typeof (type query)")) return ["type"];
  if (form.startsWith("indexed access") || form.startsWith("import(")) return ["type"];
  return ["value", "namespace"];
}

function declarationMeanings(declaration: ts.Node): readonly Meaning[] {
  if (
    ts.isInterfaceDeclaration(declaration) ||
    ts.isTypeAliasDeclaration(declaration) ||
    ts.isTypeParameterDeclaration(declaration)
  )
    return ["type"];
  if (ts.isClassLike(declaration) || ts.isEnumDeclaration(declaration)) return ["value", "type", "namespace"];
  if (ts.isModuleDeclaration(declaration)) return ["namespace", "value"];
  return ["value"];
}

/**
 * The declarations of a symbol a use refers to: all of them, except for a symbol merged from declarations of
 * different meanings (`interface E` and `const E`), whose value uses refer to the value and type uses to the type,
 * as find-references has it.
 */
function declarationsMeant(symbol: ts.Symbol, name: ts.Node): readonly ts.Declaration[] {
  const declarations = symbol.declarations ?? [];
  if (declarations.length < 2) return declarations;
  const meanings = declarations.map(declarationMeanings);
  if (meanings.every((list) => list.join() === meanings[0]?.join())) return declarations;
  const here = meaningsAt(name);
  return declarations.filter((_, index) => (meanings[index] ?? []).some((meaning) => here.includes(meaning)));
}

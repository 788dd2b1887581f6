import { ts } from "../../../engine/ts6/typescript6.js";
import { staticMemberName } from "../../../model/node-key.js";
import { initializerPreview, propertyNameText, skipOuterExpressions, truncate } from "../declaration-text.js";
import {
  annotatedSurface,
  bodySurface,
  flagModifiers,
  isAsync,
  isFunctionValue,
  overloadState,
  type DeclarationCollector,
  type Scope,
} from "./declaration-collector.js";

/** How a class is written: a declaration, or a class expression bound to a `const` or exported as default. */
interface ClassForm {
  /** AST nodes besides the class that stand for it (the variable declaration, the export assignment). */
  readonly astNodes: readonly ts.Node[];
  /** The node whose text is the class's range: the class, or the statement holding the class expression. */
  readonly rangeNode: ts.Node;
  readonly nameNode: ts.Node;
  readonly exported: boolean;
  readonly signatureStartNode: ts.Node;
}

function isPrivateMember(member: ts.ClassElement | ts.ParameterDeclaration): boolean {
  if (member.name !== undefined && ts.isPrivateIdentifier(member.name)) return true;
  return (ts.getCombinedModifierFlags(member as ts.Declaration) & ts.ModifierFlags.Private) !== 0;
}

function visitDecorators(c: DeclarationCollector, node: ts.Node, scope: Scope): void {
  for (const decorator of ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [])
    c.visitChildren(decorator, scope);
}

/** A class: its node, then its decorators and heritage (code of the scope around it), then its members. */
export function declareClassLike(
  c: DeclarationCollector,
  declaration: ts.ClassLikeDeclaration,
  scope: Scope,
  name: string,
  form: ClassForm,
): void {
  const docHost = form.rangeNode === declaration ? declaration : (form.astNodes[0] ?? declaration);
  const node = c.register(scope, {
    name,
    kind: "Class",
    variant: "class",
    astNodes: [declaration, ...form.astNodes],
    rangeStart: c.startAfterDecorators(form.rangeNode),
    rangeEnd: form.rangeNode.end,
    nameNode: form.nameNode,
    exported: form.exported,
    signature: c.header(c.startAfterDecorators(form.signatureStartNode), declaration.members.pos),
    doc: c.doc(docHost),
    modifiers: flagModifiers(docHost),
    surfaceEnd: declaration.members.pos,
    typed: true,
  });
  visitDecorators(c, declaration, scope);
  for (const clause of declaration.heritageClauses ?? []) c.visitChildren(clause, scope);
  const members = c.childScope(scope, node, { exportsVisible: node.exported });
  const instanceNames = instanceMemberNames(c, declaration);
  for (const member of declaration.members) {
    const name = member.name === undefined ? undefined : propertyNameText(member.name, c.sourceFile);
    const staticNamesake = name !== undefined && isStatic(member) && instanceNames.has(name);
    declareClassMember(c, member, members, node.exported, staticNamesake ? staticMemberName(name) : undefined);
  }
}

function isStatic(member: ts.ClassElement): boolean {
  return (ts.getCombinedModifierFlags(member as ts.Declaration) & ts.ModifierFlags.Static) !== 0;
}

/** The names of a class's instance members, parameter properties included: a static member of one of these names is keyed apart. */
function instanceMemberNames(c: DeclarationCollector, declaration: ts.ClassLikeDeclaration): Set<string> {
  const names = new Set<string>();
  for (const member of declaration.members) {
    if (ts.isConstructorDeclaration(member)) {
      for (const parameter of member.parameters) {
        if (ts.isParameterPropertyDeclaration(parameter, member))
          names.add(propertyNameText(parameter.name, c.sourceFile));
      }
    } else if (member.name !== undefined && !isStatic(member)) {
      names.add(propertyNameText(member.name, c.sourceFile));
    }
  }
  return names;
}

/** keyName: the name a static member is keyed by beside an instance namesake (staticMemberName). */
function declareClassMember(
  c: DeclarationCollector,
  member: ts.ClassElement,
  scope: Scope,
  classExported: boolean,
  keyName: string | undefined,
): void {
  const exported = classExported && !isPrivateMember(member);
  if (ts.isConstructorDeclaration(member)) {
    declareConstructor(c, member, scope, classExported);
  } else if (
    ts.isMethodDeclaration(member) ||
    ts.isGetAccessorDeclaration(member) ||
    ts.isSetAccessorDeclaration(member)
  ) {
    declareMethodLike(c, member, scope, exported, keyName);
  } else if (ts.isPropertyDeclaration(member)) {
    declareProperty(c, member, scope, exported, keyName);
  } else if (ts.isClassStaticBlockDeclaration(member)) {
    c.visitChildren(member.body, scope);
  }
}

function declareConstructor(
  c: DeclarationCollector,
  member: ts.ConstructorDeclaration,
  scope: Scope,
  classExported: boolean,
): void {
  const node = c.register(scope, {
    name: "constructor",
    kind: "Constructor",
    variant: "constructor",
    astNodes: [member],
    rangeStart: c.startAfterDecorators(member),
    rangeEnd: member.end,
    nameNode: member.getFirstToken(c.sourceFile) ?? member,
    exported: classExported && !isPrivateMember(member),
    signature: c.headerUntil(member, member.body?.pos),
    doc: c.doc(member),
    modifiers: flagModifiers(member),
    overloadable: overloadState(member.body),
    ...bodySurface(member, member.body),
  });
  for (const parameter of member.parameters) {
    if (ts.isParameterPropertyDeclaration(parameter, member))
      declareParameterProperty(c, parameter, scope, classExported);
  }
  if (member.body) c.visitChildren(member.body, c.childScope(scope, node));
}

function declareParameterProperty(
  c: DeclarationCollector,
  parameter: ts.ParameterDeclaration,
  scope: Scope,
  classExported: boolean,
): void {
  c.register(scope, {
    name: propertyNameText(parameter.name, c.sourceFile),
    kind: "Property",
    variant: "property",
    astNodes: [parameter],
    rangeStart: c.start(parameter),
    rangeEnd: parameter.end,
    nameNode: parameter.name,
    exported: classExported && !isPrivateMember(parameter),
    signature: c.header(c.start(parameter), parameter.initializer?.pos ?? parameter.end),
    doc: c.doc(parameter),
    modifiers: flagModifiers(parameter),
    surfaceEnd: parameter.end,
    typed: parameter.type !== undefined,
  });
}

/** A method or accessor of a class, or of an object literal (a module-level variable's, or one built in a declaration). */
export function declareMethodLike(
  c: DeclarationCollector,
  member: ts.MethodDeclaration | ts.AccessorDeclaration,
  scope: Scope,
  exported: boolean,
  keyName?: string,
): void {
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
  const node = c.register(scope, {
    name: propertyNameText(member.name, c.sourceFile),
    ...(keyName === undefined ? {} : { keyName }),
    kind: "Method",
    variant,
    astNodes: [member],
    rangeStart: c.startAfterDecorators(member),
    rangeEnd: member.end,
    nameNode: member.name,
    exported,
    signature: c.headerUntil(member, member.body?.pos),
    doc: c.doc(member),
    modifiers,
    ...(ts.isMethodDeclaration(member) ? { overloadable: overloadState(member.body) } : {}),
    ...bodySurface(member, member.body),
  });
  visitDecorators(c, member, scope);
  if (member.body) c.visitChildren(member.body, c.childScope(scope, node));
}

/** A property; one whose initializer is a function or arrow is a Method (`handle = () => {…}`). */
function declareProperty(
  c: DeclarationCollector,
  member: ts.PropertyDeclaration,
  scope: Scope,
  exported: boolean,
  keyName: string | undefined,
): void {
  const name = propertyNameText(member.name, c.sourceFile);
  const key = keyName === undefined ? {} : { keyName };
  const initializer = member.initializer === undefined ? undefined : skipOuterExpressions(member.initializer);
  const modifiers = flagModifiers(member);
  if (isFunctionValue(initializer)) {
    modifiers.push("arrow");
    if (isAsync(initializer)) modifiers.push("async");
    const node = c.register(scope, {
      name,
      ...key,
      kind: "Method",
      variant: "method",
      astNodes: [member, initializer],
      rangeStart: c.startAfterDecorators(member),
      rangeEnd: member.end,
      nameNode: member.name,
      exported,
      signature: c.headerUntil(member, initializer.body.pos),
      doc: c.doc(member),
      modifiers,
      ...annotatedSurface(member.type, initializer, member.end),
    });
    c.visitChildren(initializer.body, c.childScope(scope, node));
    return;
  }
  const typeEnd = member.type?.end;
  c.register(scope, {
    name,
    ...key,
    kind: "Property",
    variant: "property",
    astNodes: [member],
    rangeStart: c.startAfterDecorators(member),
    rangeEnd: member.end,
    nameNode: member.name,
    exported,
    signature:
      typeEnd !== undefined || initializer === undefined
        ? c.headerUntil(member, typeEnd ?? member.end)
        : truncate(`${c.headerUntil(member, member.name.end)} = ${initializerPreview(c.sourceFile, initializer)}`, 240),
    doc: c.doc(member),
    modifiers,
    ...annotatedSurface(member.type, initializer, member.end),
  });
  if (member.initializer) c.visitChildren(member.initializer, scope);
}

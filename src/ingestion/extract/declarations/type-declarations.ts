import { ts } from "ts-morph";
import { propertyNameText } from "../declaration-text.js";
import { flagModifiers, type DeclarationCollector, type Scope } from "./declaration-collector.js";

/** An interface and its members (each typed: the whole member is its surface). */
export function declareInterface(c: DeclarationCollector, declaration: ts.InterfaceDeclaration, scope: Scope): void {
  const name = declaration.name.text;
  const node = c.register(scope, {
    name,
    kind: "Interface",
    variant: "interface",
    astNodes: [declaration],
    rangeStart: c.start(declaration),
    rangeEnd: declaration.end,
    nameNode: declaration.name,
    exported: c.isExportedHere(scope, declaration, name),
    signature: c.header(c.start(declaration), declaration.members.pos),
    doc: c.doc(declaration),
    modifiers: flagModifiers(declaration),
    surfaceEnd: declaration.members.pos,
    typed: true,
  });
  const members = c.childScope(scope, node);
  for (const member of declaration.members) declareTypeMember(c, member, members, node.exported);
}

/** A named method, accessor or property signature of an interface (call and index signatures have no name). */
function declareTypeMember(c: DeclarationCollector, member: ts.TypeElement, scope: Scope, exported: boolean): void {
  if (member.name === undefined) return;
  const isMethod = ts.isMethodSignature(member);
  const isAccessor = ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member);
  if (!isMethod && !isAccessor && !ts.isPropertySignature(member)) return;
  const modifiers = flagModifiers(member);
  let variant = isMethod ? "method" : "property";
  if (ts.isGetAccessorDeclaration(member)) (modifiers.push("get"), (variant = "get"));
  if (ts.isSetAccessorDeclaration(member)) (modifiers.push("set"), (variant = "set"));
  c.register(scope, {
    name: propertyNameText(member.name, c.sourceFile),
    kind: isMethod || isAccessor ? "Method" : "Property",
    variant,
    astNodes: [member],
    rangeStart: c.start(member),
    rangeEnd: member.end,
    nameNode: member.name,
    exported,
    signature: c.header(c.start(member), member.end),
    doc: c.doc(member),
    modifiers,
    ...(isMethod ? { overloadable: "open" as const } : {}),
    surfaceEnd: member.end,
    typed: true,
  });
}

export function declareTypeAlias(c: DeclarationCollector, declaration: ts.TypeAliasDeclaration, scope: Scope): void {
  const name = declaration.name.text;
  c.register(scope, {
    name,
    kind: "TypeAlias",
    variant: "type",
    astNodes: [declaration],
    rangeStart: c.start(declaration),
    rangeEnd: declaration.end,
    nameNode: declaration.name,
    exported: c.isExportedHere(scope, declaration, name),
    signature: c.header(c.start(declaration), declaration.end),
    doc: c.doc(declaration),
    modifiers: flagModifiers(declaration),
    surfaceEnd: declaration.end,
    typed: true,
  });
}

/** An enum (its members are no nodes; their initializers are code of the scope around it). */
export function declareEnum(c: DeclarationCollector, declaration: ts.EnumDeclaration, scope: Scope): void {
  const name = declaration.name.text;
  c.register(scope, {
    name,
    kind: "Enum",
    variant: "enum",
    astNodes: [declaration],
    rangeStart: c.start(declaration),
    rangeEnd: declaration.end,
    nameNode: declaration.name,
    exported: c.isExportedHere(scope, declaration, name),
    signature: c.header(c.start(declaration), declaration.members.pos),
    doc: c.doc(declaration),
    modifiers: flagModifiers(declaration),
    surfaceEnd: declaration.end,
    typed: true,
  });
  for (const member of declaration.members) if (member.initializer) c.visitChildren(member.initializer, scope);
}

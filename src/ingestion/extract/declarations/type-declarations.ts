import { ts } from "../../../engine/ts6/typescript6.js";
import { propertyNameText } from "../declaration-text.js";
import { flagModifiers, type DeclarationCollector, type NodeDraft, type Scope } from "./declaration-collector.js";

type NamedTypeKind = "Interface" | "TypeAlias" | "Enum";
const VARIANTS: Readonly<Record<NamedTypeKind, string>> = { Interface: "interface", TypeAlias: "type", Enum: "enum" };

type NamedTypeDeclaration = ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.EnumDeclaration;

/** An interface, type alias or enum: typed, named by its identifier; its header ends at signatureEnd. */
function registerNamedType(
  c: DeclarationCollector,
  declaration: NamedTypeDeclaration,
  scope: Scope,
  kind: NamedTypeKind,
  ends: { readonly signatureEnd: number; readonly surfaceEnd: number },
): NodeDraft {
  const name = declaration.name.text;
  return c.register(scope, {
    name,
    kind,
    variant: VARIANTS[kind],
    astNodes: [declaration],
    rangeStart: c.start(declaration),
    rangeEnd: declaration.end,
    nameNode: declaration.name,
    exported: c.isExportedHere(scope, declaration, name),
    signature: c.header(c.start(declaration), ends.signatureEnd),
    doc: c.doc(declaration),
    modifiers: flagModifiers(declaration),
    surfaceEnd: ends.surfaceEnd,
    typed: true,
  });
}

/** An interface and its members (each typed: the whole member is its surface). */
export function declareInterface(c: DeclarationCollector, declaration: ts.InterfaceDeclaration, scope: Scope): void {
  const node = registerNamedType(c, declaration, scope, "Interface", {
    signatureEnd: declaration.members.pos,
    surfaceEnd: declaration.members.pos,
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
  if (ts.isGetAccessorDeclaration(member)) {
    modifiers.push("get");
    variant = "get";
  }
  if (ts.isSetAccessorDeclaration(member)) {
    modifiers.push("set");
    variant = "set";
  }
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
  registerNamedType(c, declaration, scope, "TypeAlias", { signatureEnd: declaration.end, surfaceEnd: declaration.end });
}

/** An enum (its members are no nodes; their initializers are code of the scope around it). */
export function declareEnum(c: DeclarationCollector, declaration: ts.EnumDeclaration, scope: Scope): void {
  registerNamedType(c, declaration, scope, "Enum", {
    signatureEnd: declaration.members.pos,
    surfaceEnd: declaration.end,
  });
  for (const member of declaration.members) if (member.initializer) c.visitChildren(member.initializer, scope);
}

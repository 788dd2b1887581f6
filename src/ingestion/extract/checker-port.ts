import type { ts } from "../../engine/ts6/typescript6.js";

/**
 * What edge extraction asks of a type checker, and nothing more: the port both engines answer (ADR 0021).
 * The questions are about TypeScript 6 syntax trees (the extractor walks those), and the answers name
 * declarations as nodes of such trees. TypeScript 6's own checker fits the port as it is; the TypeScript 7
 * engine (engine/ts7/) answers it through TypeScript 7's API, mapping nodes between the two trees.
 */
export interface CheckerPort {
  getSymbolAtLocation(node: ts.Node): PortSymbol | undefined;
  getTypeAtLocation(node: ts.Node): PortType;
  getContextualType(node: ts.Expression): PortType | undefined;
  getResolvedSignature(node: ts.CallLikeExpression): PortSignature | undefined;
  getShorthandAssignmentValueSymbol(node: ts.Node | undefined): PortSymbol | undefined;
  getExportSpecifierLocalTargetSymbol(node: ts.ExportSpecifier | ts.Identifier): PortSymbol | undefined;
  getAliasedSymbol(symbol: PortSymbol): PortSymbol;
  getTypeOfSymbol(symbol: PortSymbol): PortType;
  getDeclaredTypeOfSymbol(symbol: PortSymbol): PortType;
  getTypeOfSymbolAtLocation(symbol: PortSymbol, node: ts.Node): PortType;
  getPropertyOfType(type: PortType, propertyName: string): PortSymbol | undefined;
  getPropertiesOfType(type: PortType): readonly PortSymbol[];
  isTypeAssignableTo(source: PortType, target: PortType): boolean;
  /** `"/abs/path/module".Outer.member` for a member of a module, `Array.push` for a global's. */
  getFullyQualifiedName(symbol: PortSymbol): string;
}

/** A symbol: the same object for the same symbol within one checker, so it may key maps. */
export interface PortSymbol {
  readonly flags: ts.SymbolFlags;
  readonly name: string;
  readonly declarations?: readonly ts.Declaration[] | undefined;
  readonly valueDeclaration?: ts.Declaration | undefined;
}

export interface PortType {
  readonly flags: ts.TypeFlags;
  /** Set on object types only. */
  readonly objectFlags?: ts.ObjectFlags;
  isUnion(): this is PortUnionType;
  isLiteral(): boolean;
  isStringLiteral(): this is PortLiteralType<string>;
  isNumberLiteral(): this is PortLiteralType<number>;
  getSymbol(): PortSymbol | undefined;
  getCallSignatures(): readonly PortSignature[];
  getConstructSignatures(): readonly PortSignature[];
}

export interface PortUnionType extends PortType {
  readonly types: readonly PortType[];
}

export interface PortLiteralType<T> extends PortType {
  readonly value: T;
}

export interface PortSignature {
  readonly declaration?: ts.SignatureDeclaration | ts.JSDocSignature | undefined;
  getParameters(): readonly PortSymbol[];
}

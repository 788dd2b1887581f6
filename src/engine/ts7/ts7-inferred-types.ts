import { ts } from "../ts6/typescript6.js";
import type { SourceFile as SourceFile7 } from "typescript/unstable/ast";
import {
  type Checker,
  NodeBuilderFlags,
  type NodeHandle,
  ObjectFlags,
  type ObjectType,
  type Project,
  SignatureKind,
  type Symbol as Symbol7,
  type Type as Type7,
  TypeFlags,
  type TypeReference,
} from "typescript/unstable/sync";
import type { NodeMap } from "./node-map.js";

/** How far a walk through a type's parts goes before it gives up (the comparison then keeps the text rule). */
export interface TypeWalkLimits {
  readonly maxTypes: number;
  readonly maxProperties: number;
}

/**
 * Planning's questions about the type TypeScript 7 infers for a declaration (ADR 0012), on one project of one
 * snapshot: its printed text, and whether the types it is made of hold a local declaration or an error.
 * Declarations are TypeScript 6 nodes of the snapshot's trees (the view's `sourceFile`).
 */
export interface Ts7InferredTypes {
  /** The declaration's type printed without truncation, every name qualified by its module; undefined if none. */
  printedType(declaration: ts.Node): string | undefined;
  /** Whether the walk through the type's parts found no declaration isLocal finds local, no error `any`, within the limits. */
  isClean(declaration: ts.Node, isLocal: (declaration: ts.Declaration) => boolean, limits: TypeWalkLimits): boolean;
}

const PRINT_FLAGS =
  NodeBuilderFlags.NoTruncation |
  NodeBuilderFlags.UseFullyQualifiedType |
  NodeBuilderFlags.AllowUniqueESSymbolType |
  NodeBuilderFlags.GenerateNamesForShadowedTypeParams |
  NodeBuilderFlags.WriteClassExpressionAsTypeLiteral |
  NodeBuilderFlags.IgnoreErrors;

export function ts7InferredTypes(project: Project, nodes: NodeMap): Ts7InferredTypes {
  const types = new Map<ts.Node, Type7 | null>();
  const typeOf = (declaration: ts.Node): Type7 | undefined => {
    let type = types.get(declaration);
    if (type === undefined) {
      const located = nodes.ts7Of(ts.isExportAssignment(declaration) ? declaration.expression : declaration);
      type = (located === undefined ? undefined : project.checker.getTypeAtLocation(located)) ?? null;
      types.set(declaration, type);
    }
    return type ?? undefined;
  };
  return {
    printedType(declaration) {
      const type = typeOf(declaration);
      const sourceFile = nodes.ts7Of(declaration.getSourceFile());
      if (type === undefined || sourceFile === undefined) return undefined;
      const typeNode = project.checker.typeToTypeNode(type, sourceFile, PRINT_FLAGS);
      return typeNode === undefined ? undefined : project.emitter.printNode(typeNode);
    },
    isClean(declaration, isLocal, limits) {
      const type = typeOf(declaration);
      const sourceFile = nodes.ts7Of(declaration.getSourceFile()) as SourceFile7 | undefined;
      if (type === undefined || sourceFile === undefined) return false;
      const inFile = (handle: NodeHandle): ts.Declaration | undefined => {
        if (handle.path !== sourceFile.path) return undefined;
        const node7 = handle.resolve(project);
        return node7 === undefined ? undefined : (nodes.ts6Of(node7) as ts.Declaration | undefined);
      };
      return new Ts7TypeWalk(
        project.checker,
        (handle) => {
          const local = inFile(handle);
          return local !== undefined && isLocal(local);
        },
        limits,
      ).clean(type);
    },
  };
}

/**
 * comparable-type.ts's walk on TypeScript 7's checker: the types a type is made of, looking for a symbol or a
 * signature declared inside the declaration (isLocal) or an `any` that stands for an error. Named classes and
 * interfaces are not entered; type arguments, aliases' type arguments, object literal and function types,
 * unions and the parts of conditional, indexed and template types are.
 */
class Ts7TypeWalk {
  private readonly seen = new Set<number>();
  private readonly anyType: Type7;

  constructor(
    private readonly checker: Checker,
    private readonly isLocal: (handle: NodeHandle) => boolean,
    private readonly limits: TypeWalkLimits,
  ) {
    this.anyType = checker.getAnyType();
  }

  clean(type: Type7): boolean {
    try {
      this.visit(type);
      return true;
    } catch (error) {
      if (error instanceof NotComparable) return false;
      throw error;
    }
  }

  private visit(type: Type7 | undefined): void {
    if (type === undefined || this.seen.has(type.id)) return;
    this.seen.add(type.id);
    if (this.seen.size > this.limits.maxTypes) throw new NotComparable();
    if ((type.flags & TypeFlags.Any) !== 0 && (type.id !== this.anyType.id || type.isErrorType()))
      throw new NotComparable();
    this.checkSymbol(type.getSymbol());
    this.checkSymbol(type.getAliasSymbol());
    for (const argument of type.getAliasTypeArguments()) this.visit(argument);
    if (type.isUnionType() || type.isIntersectionType()) for (const member of type.getTypes()) this.visit(member);
    else if (type.isObjectType()) this.visitObject(type);
    else this.visitInstantiable(type);
  }

  private visitObject(type: ObjectType): void {
    if ((type.objectFlags & ObjectFlags.Reference) !== 0) {
      for (const argument of this.checker.getTypeArguments(type as TypeReference)) this.visit(argument);
      return;
    }
    if ((type.objectFlags & ObjectFlags.ClassOrInterface) !== 0) return;
    const properties = this.checker.getPropertiesOfType(type);
    if (properties.length > this.limits.maxProperties) throw new NotComparable();
    for (const property of properties) this.checkSymbol(property);
    if (properties.length > 0)
      for (const propertyType of this.checker.getTypeOfSymbol(properties)) this.visit(propertyType);
    for (const kind of [SignatureKind.Call, SignatureKind.Construct]) {
      for (const signature of this.checker.getSignaturesOfType(type, kind)) {
        if (signature.declaration !== undefined && this.isLocal(signature.declaration)) throw new NotComparable();
        const parameters = signature.getParameters();
        if (parameters.length > 0)
          for (const parameterType of this.checker.getTypeOfSymbol(parameters)) this.visit(parameterType);
        this.visit(this.checker.getReturnTypeOfSignature(signature));
      }
    }
    for (const info of this.checker.getIndexInfosOfType(type)) {
      this.visit(info.keyType);
      this.visit(info.valueType);
    }
  }

  /** Conditional, index, indexed access, template literal, string mapping and substitution types: their parts. */
  private visitInstantiable(type: Type7): void {
    if (type.isConditionalType())
      for (const part of [type.getCheckType(), type.getExtendsType(), type.getTrueType(), type.getFalseType()])
        this.visit(part);
    else if (type.isIndexType()) this.visit(type.getTarget());
    else if (type.isIndexedAccessType()) {
      this.visit(type.getObjectType());
      this.visit(type.getIndexType());
    } else if (type.isTemplateLiteralType()) for (const part of type.getTypes()) this.visit(part);
    else if (type.isStringMappingType()) this.visit(type.getTarget());
    else if (type.isSubstitutionType()) {
      this.visit(type.getBaseType());
      this.visit(type.getConstraint());
    }
  }

  private checkSymbol(symbol: Symbol7 | undefined): void {
    if (symbol?.declarations.some((handle) => this.isLocal(handle)) === true) throw new NotComparable();
  }
}

class NotComparable extends Error {}

import { ts } from "../ts6/typescript6.js";
import type { Node as Node7 } from "typescript/unstable/ast";
import {
  type Checker,
  type NodeHandle,
  type Project,
  type Signature as Signature7,
  SignatureKind,
  SymbolFlags,
  type Symbol as Symbol7,
  type Type as Type7,
  type LiteralType,
  type ObjectType,
  TypeFlags,
  type UnionOrIntersectionType,
} from "typescript/unstable/sync";
import type {
  CheckerPort,
  PortLiteralType,
  PortSignature,
  PortSymbol,
  PortType,
  PortUnionType,
} from "../../ingestion/extract/checker-port.js";
import type { NodeMap } from "./node-map.js";
import { ts6KindOf } from "./syntax-kind-names.js";

/**
 * The extractor's checker port (ingestion/extract/checker-port.ts) answered by TypeScript 7's checker for one
 * project of one snapshot. Questions name TypeScript 6 nodes, mapped to TypeScript 7's (NodeMap); answers
 * are wrappers whose declarations are TypeScript 6 nodes again. Each wrapper is made once per TypeScript 7
 * object, so the same symbol is the same object, as the extractor's caches expect.
 *
 * Every question is a round trip to the native checker, except what `prefetchSymbols` asked in one batch:
 * the extraction of a file first asks the symbols of all its names at once.
 *
 * Long because: it answers the whole CheckerPort interface, one method per question, over the wrapper caches every answer shares (one wrapper per TypeScript 7 object).
 */
export class Ts7CheckerPort implements CheckerPort {
  private readonly symbols = new Map<Symbol7, Ts7Symbol>();
  private readonly types = new Map<Type7, Ts7Type>();
  private readonly signatures = new Map<Signature7, Ts7Signature>();
  private readonly symbolAt = new WeakMap<ts.Node, Ts7Symbol | null>();
  /** A heritage clause's type is asked once for each member of the class (heritage-edges.ts), first in the file's batch. */
  private readonly typeAt = new WeakMap<ts.Node, Ts7Type>();
  private readonly aliased = new Map<Ts7Symbol, PortSymbol>();
  /** Asked again and again for the members of a namespace import (`Effect.map`): one round trip each, once. */
  private readonly typeOfSymbol = new Map<Ts7Symbol, Ts7Type>();
  private readonly declaredTypeOfSymbol = new Map<Ts7Symbol, Ts7Type>();
  private readonly properties = new Map<Ts7Type, Map<string, Ts7Symbol | null>>();
  private readonly qualifiedNames = new Map<Ts7Symbol, string>();
  /** A callee's signatures, asked for each object literal passed to it (declared-argument-type.ts). */
  private readonly callSignatures = new Map<Ts7Type, readonly PortSignature[]>();
  private readonly constructSignatures = new Map<Ts7Type, readonly PortSignature[]>();
  /** A discriminant's literal type against each union member's property (member-key-edges.ts). */
  private readonly assignable = new Map<Ts7Type, Map<Ts7Type, boolean>>();
  private readonly typeInLiteral = new Map<Ts7Symbol, Ts7Type>();
  private readonly contextualTypes = new WeakMap<ts.Node, Ts7Type | null>();
  /** The namespace-object type of a source file's module symbol (`import * as ns`), by that type. */
  private readonly moduleOfType = new Map<Ts7Type, Ts7Symbol>();
  private readonly moduleExports = new Map<Ts7Symbol, ReadonlyMap<string, Symbol7>>();
  private anyType: Ts7Type | undefined;

  constructor(
    private readonly project: Project,
    private readonly nodes: NodeMap,
  ) {}

  private get checker(): Checker {
    return this.project.checker;
  }

  /** Asks the symbols of these nodes in one round trip; getSymbolAtLocation then answers them from memory. */
  prefetchSymbols(nodes: readonly ts.Node[]): void {
    this.prefetch(
      nodes,
      this.symbolAt,
      (mapped) => this.checker.getSymbolAtLocation(mapped),
      (answer) => this.symbol(answer) ?? null,
    );
  }

  /** Asks the types of these nodes in one round trip; getTypeAtLocation then answers them from memory. */
  prefetchTypes(nodes: readonly ts.Node[]): void {
    this.prefetch(
      nodes,
      this.typeAt,
      (mapped) => this.checker.getTypeAtLocation(mapped),
      (answer) => this.typeOrAny(answer),
    );
  }

  /** One batched question about the nodes not answered yet (and found in TypeScript 7's tree), kept in `known`. */
  private prefetch<Raw, Answer>(
    nodes: readonly ts.Node[],
    known: WeakMap<ts.Node, Answer>,
    ask: (mapped: readonly Node7[]) => readonly (Raw | undefined)[],
    wrap: (raw: Raw | undefined) => Answer,
  ): void {
    const asked: ts.Node[] = [];
    const mapped: Node7[] = [];
    for (const node of nodes) {
      if (known.has(node)) continue;
      const node7 = this.nodes.ts7Of(node);
      if (node7 === undefined) continue;
      asked.push(node);
      mapped.push(node7);
    }
    if (mapped.length === 0) return;
    const answers = ask(mapped);
    asked.forEach((node, index) => {
      known.set(node, wrap(answers[index]));
    });
  }

  getSymbolAtLocation(node: ts.Node): PortSymbol | undefined {
    const known = this.symbolAt.get(node);
    if (known !== undefined) return known ?? undefined;
    const node7 = this.nodes.ts7Of(node);
    const symbol = node7 === undefined ? undefined : this.symbol(this.checker.getSymbolAtLocation(node7));
    this.symbolAt.set(node, symbol ?? null);
    return symbol;
  }

  getTypeAtLocation(node: ts.Node): PortType {
    let type = this.typeAt.get(node);
    if (type === undefined) {
      const node7 = this.nodes.ts7Of(node);
      type = this.typeOrAny(node7 === undefined ? undefined : this.checker.getTypeAtLocation(node7));
      this.typeAt.set(node, type);
    }
    return type;
  }

  /** Asked for each method of an object literal, for the members it implements (heritage-edges.ts): once. */
  getContextualType(node: ts.Expression): PortType | undefined {
    let type = this.contextualTypes.get(node);
    if (type === undefined) {
      const node7 = this.nodes.ts7Of(node);
      type =
        this.type(
          node7 === undefined
            ? undefined
            : this.checker.getContextualType(node7 as Parameters<Checker["getContextualType"]>[0]),
        ) ?? null;
      this.contextualTypes.set(node, type);
    }
    return type ?? undefined;
  }

  getResolvedSignature(node: ts.CallLikeExpression): PortSignature | undefined {
    const node7 = this.nodes.ts7Of(node);
    return this.signature(node7 === undefined ? undefined : this.checker.getResolvedSignature(node7));
  }

  getShorthandAssignmentValueSymbol(node: ts.Node | undefined): PortSymbol | undefined {
    const node7 = node === undefined ? undefined : this.nodes.ts7Of(node);
    return node7 === undefined ? undefined : this.symbol(this.checker.getShorthandAssignmentValueSymbol(node7));
  }

  getExportSpecifierLocalTargetSymbol(node: ts.ExportSpecifier | ts.Identifier): PortSymbol | undefined {
    const node7 = this.nodes.ts7Of(node);
    return node7 === undefined ? undefined : this.symbol(this.checker.getExportSpecifierLocalTargetSymbol(node7));
  }

  getAliasedSymbol(symbol: PortSymbol): PortSymbol {
    const own = this.own(symbol);
    let target = this.aliased.get(own);
    if (target === undefined) {
      target = this.importedExport(own) ?? this.symbol(this.checker.getAliasedSymbol(own.raw)) ?? own;
      this.aliased.set(own, target);
    }
    return target;
  }

  getTypeOfSymbol(symbol: PortSymbol): PortType {
    const own = this.own(symbol);
    let type = this.typeOfSymbol.get(own);
    if (type === undefined) {
      type = this.typeOrAny(this.checker.getTypeOfSymbol(own.raw));
      this.typeOfSymbol.set(own, type);
      if (isSourceFileModule(own.raw)) this.moduleOfType.set(type, own);
    }
    return type;
  }

  getDeclaredTypeOfSymbol(symbol: PortSymbol): PortType {
    const own = this.own(symbol);
    let type = this.declaredTypeOfSymbol.get(own);
    if (type === undefined) {
      type = this.typeOrAny(this.checker.getDeclaredTypeOfSymbol(own.raw));
      this.declaredTypeOfSymbol.set(own, type);
    }
    return type;
  }

  getTypeOfSymbolAtLocation(symbol: PortSymbol, node: ts.Node): PortType {
    const own = this.own(symbol);
    // The checker narrows a symbol's type at a reference to it only; at an object literal (a discriminated
    // union's member, member-key-edges.ts) it answers the symbol's own type, the same for every literal.
    const inLiteral = ts.isObjectLiteralExpression(node);
    const known = inLiteral ? this.typeInLiteral.get(own) : undefined;
    if (known !== undefined) return known;
    const node7 = this.nodes.ts7Of(node);
    const type = this.typeOrAny(
      node7 === undefined
        ? this.checker.getTypeOfSymbol(own.raw)
        : this.checker.getTypeOfSymbolAtLocation(own.raw, node7),
    );
    if (inLiteral && node7 !== undefined) this.typeInLiteral.set(own, type);
    return type;
  }

  getPropertyOfType(type: PortType, propertyName: string): PortSymbol | undefined {
    const own = this.ownType(type);
    let known = this.properties.get(own);
    if (known === undefined) {
      known = new Map();
      this.properties.set(own, known);
    }
    let property = known.get(propertyName);
    if (property === undefined) {
      property =
        this.moduleExportValue(own, propertyName) ??
        this.symbol(this.checker.getPropertyOfType(own.raw, propertyName)) ??
        null;
      known.set(propertyName, property);
    }
    return property ?? undefined;
  }

  /**
   * A property of a source file module's namespace object, answered from the module's exports (one round trip
   * per module, `export *` included) where that is exactly the checker's answer: an export declared in the
   * module's own file, no alias, a value (TypeScript's getPropertyOfType keeps the members that are values; the
   * module's own exports are never left out as type-only `export *` names). Undefined: ask the checker.
   */
  private moduleExportValue(type: Ts7Type, name: string): Ts7Symbol | undefined {
    const module = this.moduleOfType.get(type);
    const raw = module === undefined ? undefined : this.ownExport(module, name);
    return raw === undefined || (raw.flags & SymbolFlags.Value) === 0 ? undefined : this.symbol(raw);
  }

  /**
   * The target of `import { name } from "./m"` (or `{ name as local }`), from m's exports: when m is a source
   * file module without `export =`, and m's export of that name is no alias and declared in m's own file, that
   * export is what the checker resolves the import to. Undefined: ask the checker.
   */
  private importedExport(alias: Ts7Symbol): Ts7Symbol | undefined {
    const handle = alias.raw.declarations.length === 1 ? alias.raw.declarations[0] : undefined;
    if (handle === undefined || ts6KindOf(handle.kind) !== ts.SyntaxKind.ImportSpecifier) return undefined;
    const specifier = this.declarationOf(handle);
    if (specifier === undefined || !ts.isImportSpecifier(specifier)) return undefined;
    const imported = specifier.propertyName ?? specifier.name;
    if (!ts.isIdentifier(imported) || imported.text === "default") return undefined;
    const module = this.symbolAt.get(specifier.parent.parent.parent.moduleSpecifier);
    const file = module?.declarations?.[0];
    if (
      module === undefined ||
      module === null ||
      !isSourceFileModule(module.raw) ||
      file === undefined ||
      !ts.isSourceFile(file)
    )
      return undefined;
    if (file.statements.some((statement) => ts.isExportAssignment(statement) && statement.isExportEquals === true))
      return undefined;
    const raw = this.ownExport(module, imported.text);
    return raw === undefined ? undefined : this.symbol(raw);
  }

  /** A module's export of this name that is no alias and is declared in the module's own file (its exports are fetched once). */
  private ownExport(module: Ts7Symbol, name: string): Symbol7 | undefined {
    if (name.startsWith("__")) return undefined;
    let exports = this.moduleExports.get(module);
    if (exports === undefined) {
      exports = new Map(this.checker.getExportsOfModule(module.raw).map((raw) => [raw.name, raw]));
      this.moduleExports.set(module, exports);
    }
    const raw = exports.get(name);
    if (raw === undefined || (raw.flags & SymbolFlags.Alias) !== 0) return undefined;
    const file = module.raw.declarations[0]?.path;
    return raw.declarations.length > 0 && raw.declarations.every((handle) => handle.path === file) ? raw : undefined;
  }

  getPropertiesOfType(type: PortType): readonly PortSymbol[] {
    return this.checker.getPropertiesOfType(this.ownType(type).raw).flatMap((raw) => this.symbol(raw) ?? []);
  }

  isTypeAssignableTo(source: PortType, target: PortType): boolean {
    const from = this.ownType(source);
    const to = this.ownType(target);
    let known = this.assignable.get(from);
    if (known === undefined) {
      known = new Map();
      this.assignable.set(from, known);
    }
    let answer = known.get(to);
    if (answer === undefined) {
      answer = this.checker.isTypeAssignableTo(from.raw, to.raw);
      known.set(to, answer);
    }
    return answer;
  }

  /** As TypeScript 6 builds it: the parent's qualified name, a dot, the symbol's name (a module's is its quoted path). */
  getFullyQualifiedName(symbol: PortSymbol): string {
    const own = this.own(symbol);
    let name = this.qualifiedNames.get(own);
    if (name === undefined) {
      const parent = this.symbol(own.raw.getParent());
      const text = nameAsWritten(own.name);
      name = parent === undefined ? text : `${this.getFullyQualifiedName(parent)}.${text}`;
      this.qualifiedNames.set(own, name);
    }
    return name;
  }

  /** The TypeScript 6 node a declaration handle stands for (the file's tree is parsed on first use). */
  declarationOf(handle: NodeHandle): ts.Declaration | undefined {
    const node7 = handle.resolve(this.project);
    return node7 === undefined ? undefined : (this.nodes.ts6Of(node7) as ts.Declaration | undefined);
  }

  symbol(raw: Symbol7 | undefined): Ts7Symbol | undefined {
    if (raw === undefined) return undefined;
    let wrapped = this.symbols.get(raw);
    if (wrapped === undefined) {
      wrapped = new Ts7Symbol(raw, this);
      this.symbols.set(raw, wrapped);
    }
    return wrapped;
  }

  type(raw: Type7 | undefined): Ts7Type | undefined {
    if (raw === undefined) return undefined;
    let wrapped = this.types.get(raw);
    if (wrapped === undefined) {
      wrapped = new Ts7Type(raw, this);
      this.types.set(raw, wrapped);
    }
    return wrapped;
  }

  signature(raw: Signature7 | undefined): Ts7Signature | undefined {
    if (raw === undefined) return undefined;
    let wrapped = this.signatures.get(raw);
    if (wrapped === undefined) {
      wrapped = new Ts7Signature(raw, this);
      this.signatures.set(raw, wrapped);
    }
    return wrapped;
  }

  signaturesOf(type: Ts7Type, kind: SignatureKind): readonly PortSignature[] {
    const known = kind === SignatureKind.Call ? this.callSignatures : this.constructSignatures;
    let signatures = known.get(type);
    if (signatures === undefined) {
      signatures = this.checker.getSignaturesOfType(type.raw, kind).flatMap((raw) => this.signature(raw) ?? []);
      known.set(type, signatures);
    }
    return signatures;
  }

  /** TypeScript 6's checker answers `any` (its error type) where it knows no type; so does this port. */
  private typeOrAny(raw: Type7 | undefined): Ts7Type {
    if (raw !== undefined) return this.type(raw) as Ts7Type;
    this.anyType ??= this.type(this.checker.getAnyType()) as Ts7Type;
    return this.anyType;
  }

  private own(symbol: PortSymbol): Ts7Symbol {
    if (symbol instanceof Ts7Symbol) return symbol;
    throw new Error("a symbol from another checker was passed to TypeScript 7's checker port");
  }

  private ownType(type: PortType): Ts7Type {
    if (type instanceof Ts7Type) return type;
    throw new Error("a type from another checker was passed to TypeScript 7's checker port");
  }
}

/** A module symbol whose only declaration is a source file (no merged namespace or augmentation). */
function isSourceFileModule(raw: Symbol7): boolean {
  const declaration = raw.declarations.length === 1 ? raw.declarations[0] : undefined;
  return (
    (raw.flags & SymbolFlags.ValueModule) !== 0 &&
    declaration !== undefined &&
    ts6KindOf(declaration.kind) === ts.SyntaxKind.SourceFile
  );
}

/** A name as TypeScript 6 prints it in a qualified name: quoted unless it is an identifier, a number or quoted already. */
function nameAsWritten(name: string): string {
  if (
    name.startsWith('"') ||
    name.startsWith("[") ||
    /^\d/.test(name) ||
    /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u.test(name)
  )
    return name;
  return JSON.stringify(name);
}

/** TypeScript 7 names a private member `__#1@#name`; TypeScript 6 names it `#name`. */
function displayName(raw: Symbol7): string {
  const privateName = /^__#\d+@(#.*)$/.exec(raw.name);
  return privateName?.[1] ?? raw.name;
}

class Ts7Symbol implements PortSymbol {
  readonly flags: ts.SymbolFlags;
  readonly name: string;
  private mapped: readonly ts.Declaration[] | undefined;
  private mappedValue: ts.Declaration | null | undefined;

  constructor(
    readonly raw: Symbol7,
    private readonly port: Ts7CheckerPort,
  ) {
    this.flags = raw.flags as number as ts.SymbolFlags;
    this.name = displayName(raw);
  }

  /** Undefined when the symbol has none, as TypeScript 6 has it (an unresolved alias's target). */
  get declarations(): readonly ts.Declaration[] | undefined {
    if (this.raw.declarations.length === 0) return undefined;
    this.mapped ??= this.raw.declarations.flatMap((handle) => this.port.declarationOf(handle) ?? []);
    return this.mapped;
  }

  get valueDeclaration(): ts.Declaration | undefined {
    if (this.mappedValue === undefined) {
      const handle = this.raw.valueDeclaration;
      this.mappedValue = (handle === undefined ? undefined : this.port.declarationOf(handle)) ?? null;
    }
    return this.mappedValue ?? undefined;
  }
}

const LITERAL_FLAGS = ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BigIntLiteral;

function isObjectType(type: Type7): type is ObjectType {
  return (type.flags & TypeFlags.Object) !== 0;
}

function isUnionOrIntersection(type: Type7): type is UnionOrIntersectionType {
  return (type.flags & (TypeFlags.Union | TypeFlags.Intersection)) !== 0;
}

function isLiteralType(type: Type7): type is LiteralType {
  return (
    (type.flags &
      (TypeFlags.StringLiteral | TypeFlags.NumberLiteral | TypeFlags.BigIntLiteral | TypeFlags.BooleanLiteral)) !==
    0
  );
}

class Ts7Type implements PortType, PortUnionType, PortLiteralType<string | number> {
  readonly flags: ts.TypeFlags;
  readonly objectFlags: ts.ObjectFlags;
  private members: readonly PortType[] | undefined;

  constructor(
    readonly raw: Type7,
    private readonly port: Ts7CheckerPort,
  ) {
    this.flags = raw.flags as number as ts.TypeFlags;
    this.objectFlags = (isObjectType(raw) ? raw.objectFlags : 0) as number as ts.ObjectFlags;
  }

  get types(): readonly PortType[] {
    const raw = this.raw;
    this.members ??= isUnionOrIntersection(raw) ? raw.getTypes().flatMap((member) => this.port.type(member) ?? []) : [];
    return this.members;
  }

  get value(): string | number {
    const value = isLiteralType(this.raw) ? this.raw.value : undefined;
    return typeof value === "string" || typeof value === "number" ? value : String(value);
  }

  isUnion(): this is PortUnionType {
    return (this.flags & ts.TypeFlags.Union) !== 0;
  }

  isLiteral(): boolean {
    return (this.flags & LITERAL_FLAGS) !== 0;
  }

  isStringLiteral(): this is PortLiteralType<string> {
    return (this.flags & ts.TypeFlags.StringLiteral) !== 0;
  }

  isNumberLiteral(): this is PortLiteralType<number> {
    return (this.flags & ts.TypeFlags.NumberLiteral) !== 0;
  }

  getSymbol(): PortSymbol | undefined {
    return this.port.symbol(this.raw.getSymbol());
  }

  getCallSignatures(): readonly PortSignature[] {
    return this.port.signaturesOf(this, SignatureKind.Call);
  }

  getConstructSignatures(): readonly PortSignature[] {
    return this.port.signaturesOf(this, SignatureKind.Construct);
  }
}

class Ts7Signature implements PortSignature {
  private mapped: ts.SignatureDeclaration | null | undefined;

  constructor(
    readonly raw: Signature7,
    private readonly port: Ts7CheckerPort,
  ) {}

  get declaration(): ts.SignatureDeclaration | undefined {
    if (this.mapped === undefined) {
      const handle = this.raw.declaration;
      this.mapped =
        ((handle === undefined ? undefined : this.port.declarationOf(handle)) as ts.SignatureDeclaration | undefined) ??
        null;
    }
    return this.mapped ?? undefined;
  }

  getParameters(): readonly PortSymbol[] {
    return this.raw.getParameters().flatMap((raw) => this.port.symbol(raw) ?? []);
  }
}

import { ts } from "../../engine/ts6/typescript6.js";
import type { CheckerPort, PortSymbol } from "./checker-port.js";
import { externalKey, type ExternalKey } from "../../model/node-key.js";

/**
 * Keys for members declared outside the indexed files: in TypeScript's default library (`lib:Iterator.next`)
 * or in a declaration under node_modules (`node_modules/effect/dist/dts/Effect.d.ts:Effect.pipe`). They are
 * not graph nodes. The graph keeps two relations with them (external_edges): a call of such a member, and
 * a member of the project that overrides or implements one (and, by ExternalTypeKey, the library types a
 * project type extends or implements). Together they tell which project members a call
 * through a library interface may run, as the compiler's find-references counts it (docs/accuracy.md).
 *
 * A library member comes with the library members it overrides (`Generator.next` with `Iterator.next`), so
 * that a call through one and an implementation of the other meet at the shared base.
 */
export type ExternalMemberKeys = (symbol: PortSymbol) => readonly ExternalKey[];

/**
 * The key of a class, interface or type alias declared only outside the indexed files (`lib:Error`,
 * `node_modules/@types/node/events.d.ts:EventEmitter`), which a project type extends or implements; undefined
 * for anything else.
 */
export type ExternalTypeKey = (symbol: PortSymbol) => ExternalKey | undefined;

const TYPE_FLAGS = ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias;

export function createExternalTypeKey(
  isDefaultLibrary: (sourceFile: ts.SourceFile) => boolean,
  checker: CheckerPort,
  isIndexed: (sourceFile: ts.SourceFile) => boolean,
): ExternalTypeKey {
  return (symbol) => {
    const declarations = symbol.declarations ?? [];
    const first = declarations[0];
    if ((symbol.flags & TYPE_FLAGS) === 0 || first === undefined) return undefined;
    if (declarations.some((declaration) => isIndexed(declaration.getSourceFile()))) return undefined;
    const origin = externalOrigin(isDefaultLibrary, first.getSourceFile());
    return origin === undefined ? undefined : externalKey(origin, qualifiedNameOf(checker, symbol));
  };
}

const MEMBER_FLAGS = ts.SymbolFlags.Method | ts.SymbolFlags.Property;
const NONE: readonly ExternalKey[] = [];

/** Where an external declaration file comes from: `lib`, or its path from the last node_modules folder. */
function externalOrigin(
  isDefaultLibrary: (sourceFile: ts.SourceFile) => boolean,
  sourceFile: ts.SourceFile,
): string | undefined {
  if (isDefaultLibrary(sourceFile)) return "lib";
  const fileName = sourceFile.fileName.replace(/\\/g, "/");
  const at = fileName.lastIndexOf("/node_modules/");
  return at < 0 ? undefined : fileName.slice(at + 1);
}

/** Whether a declaration is a member of a class, an interface or an object type. */
function isTypeMember(declaration: ts.Declaration): boolean {
  const parent = declaration.parent;
  return (
    parent !== undefined &&
    (ts.isClassLike(parent) || ts.isInterfaceDeclaration(parent) || ts.isTypeLiteralNode(parent))
  );
}

/**
 * The member's name inside its declaration file: the checker's fully qualified name without the module
 * path it starts with for a member of a module (`"/abs/node_modules/x/index".Foo.bar` → `Foo.bar`). Ambient
 * module names stay (`"fs".ReadStream.close`).
 */
function qualifiedNameOf(checker: CheckerPort, symbol: PortSymbol): string {
  const name = checker.getFullyQualifiedName(symbol);
  const modulePath = /^"(?:[A-Za-z]:)?[\\/][^"]*"\./.exec(name);
  return modulePath === null ? name : name.slice(modulePath[0].length);
}

/** The symbol a declaration declares (a member of an instantiated or combined type is a symbol of its own). */
function declaredSymbol(checker: CheckerPort, declaration: ts.Declaration): PortSymbol | undefined {
  const name = ts.getNameOfDeclaration(declaration);
  return name === undefined ? undefined : checker.getSymbolAtLocation(name);
}

/**
 * The keys of a method or property declared only outside the indexed files (a declaration the project adds
 * to a library interface is a node, and is resolved as one), followed by those of the library members it
 * overrides, transitively; empty for anything else. Cached by symbol: library symbols are shared by every
 * file of a program.
 */
export function createExternalMemberKeys(
  isDefaultLibrary: (sourceFile: ts.SourceFile) => boolean,
  checker: CheckerPort,
  isIndexed: (sourceFile: ts.SourceFile) => boolean,
): ExternalMemberKeys {
  const cache = new Map<PortSymbol, readonly ExternalKey[]>();

  function ownKey(symbol: PortSymbol): { key: ExternalKey; declared: PortSymbol } | undefined {
    const declarations = symbol.declarations ?? [];
    const first = declarations[0];
    if ((symbol.flags & MEMBER_FLAGS) === 0 || first === undefined || !declarations.every(isTypeMember))
      return undefined;
    if (declarations.some((declaration) => isIndexed(declaration.getSourceFile()))) return undefined;
    const origin = externalOrigin(isDefaultLibrary, first.getSourceFile());
    if (origin === undefined) return undefined;
    const declared = declaredSymbol(checker, first) ?? symbol;
    return { key: externalKey(origin, qualifiedNameOf(checker, declared)), declared };
  }

  /** Library members the member overrides: the same name in the types its interface or class extends. */
  function basesOf(symbol: PortSymbol): PortSymbol[] {
    const bases: PortSymbol[] = [];
    for (const declaration of symbol.declarations ?? []) {
      const container = declaration.parent;
      if (container === undefined || !(ts.isClassLike(container) || ts.isInterfaceDeclaration(container))) continue;
      for (const clause of container.heritageClauses ?? []) {
        for (const typeNode of clause.types) {
          const base = checker.getPropertyOfType(checker.getTypeAtLocation(typeNode), symbol.name);
          if (base !== undefined && !bases.includes(base)) bases.push(base);
        }
      }
    }
    return bases;
  }

  function keysOf(symbol: PortSymbol, visiting: Set<PortSymbol>): readonly ExternalKey[] {
    const cached = cache.get(symbol);
    if (cached !== undefined) return cached;
    const own = ownKey(symbol);
    if (own === undefined) {
      cache.set(symbol, NONE);
      return NONE;
    }
    if (visiting.has(own.declared)) return NONE;
    visiting.add(own.declared);
    const keys = [own.key];
    for (const base of basesOf(own.declared)) {
      for (const key of keysOf(base, visiting)) if (!keys.includes(key)) keys.push(key);
    }
    cache.set(symbol, keys);
    return keys;
  }

  return (symbol) => keysOf(symbol, new Set());
}

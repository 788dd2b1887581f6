/**
 * A node key names a declaration stably and readably: `<file relative to the root>:<qualified name>`,
 * e.g. `src/models/user.ts:User.save`. A file's own key is its relative path alone.
 * This module is the only place that builds or takes apart key strings.
 */
export type NodeKey = string & { readonly __brand: "NodeKey" };

const SEPARATOR = ":";

export function fileKey(relativePath: string): NodeKey {
  return relativePath as NodeKey;
}

export function declarationKey(relativePath: string, qualifiedName: string): NodeKey {
  return `${relativePath}${SEPARATOR}${qualifiedName}` as NodeKey;
}

/**
 * The key of a declaration outside the indexed files (not a node): `<origin>:<qualified name>`, where the
 * origin is `lib` for TypeScript's default library or the declaration file's path from its last
 * node_modules folder (`node_modules/effect/dist/dts/Effect.d.ts`). The same for every machine.
 */
export type ExternalKey = string & { readonly __brand: "ExternalKey" };

export function externalKey(origin: string, qualifiedName: string): ExternalKey {
  return `${origin}${SEPARATOR}${qualifiedName}` as ExternalKey;
}

const LIBRARY_ORIGIN = "lib";
const PACKAGE_ORIGIN_PREFIX = "node_modules/";

/** Whether a key names a library member (an ExternalKey) rather than a node: indexed files are never `lib` or under node_modules. */
export function isExternalKey(key: string): boolean {
  const { file } = parseNodeKey(key);
  return file === LIBRARY_ORIGIN || file.startsWith(PACKAGE_ORIGIN_PREFIX);
}

export interface ParsedNodeKey {
  readonly file: string;
  /** Undefined for a file node. */
  readonly qualifiedName: string | undefined;
}

/** File paths never contain the separator in keys this tool writes (see docs/graph.md, Node keys). */
export function parseNodeKey(key: string): ParsedNodeKey {
  const at = key.indexOf(SEPARATOR);
  if (at < 0) return { file: key, qualifiedName: undefined };
  return { file: key.slice(0, at), qualifiedName: key.slice(at + 1) };
}

/** Qualified name of a member inside a container (`Cart` + `total` → `Cart.total`). */
export function memberName(containerQualifiedName: string | undefined, name: string): string {
  return containerQualifiedName === undefined ? name : `${containerQualifiedName}.${name}`;
}

/**
 * The name a static member is keyed by when an instance member of its class has its name too (`static get x` beside
 * `get x`): `x#static`. The instance member keeps the plain name, whichever comes first in the class.
 */
export function staticMemberName(name: string): string {
  return `${name}#static`;
}

/** The name given to the second and later declarations of one name in one scope. */
export function disambiguatedName(name: string, variant: string, occurrence: number): string {
  return occurrence <= 1 ? `${name}#${variant}` : `${name}#${variant}${occurrence}`;
}

import type { EdgeKind, Modifier, NodeKind } from "./graph-kinds.js";
import type { ExternalKey, NodeKey } from "./node-key.js";

/** One graph node as extraction produces it, before it is written. */
export interface ExtractedNode {
  readonly key: NodeKey;
  readonly kind: NodeKind;
  readonly name: string;
  /** Name inside its file: `Cart.total`; the file path for a File node. */
  readonly qualifiedName: string;
  readonly parentKey: NodeKey | undefined;
  readonly startLine: number;
  readonly endLine: number;
  /** Line of the name of the first declaration (an overloaded function's first signature). */
  readonly nameLine: number;
  /**
   * Overloads: line of the name of the implementation (the declaration with a body), when it is not nameLine.
   * The compiler's call hierarchy names an overloaded function by its implementation.
   */
  readonly implementationLine?: number;
  readonly exported: boolean;
  readonly signature: string;
  readonly doc: string;
  readonly modifiers: readonly Modifier[];
  /**
   * What other files can see of this declaration, hashed: its header when its type is written out
   * (`d:` prefix), its whole text when its type is inferred (`i:` prefix), with the expando assignments
   * that extend it (`f.helper = …`) and, in JavaScript, its doc comments. For a File node, its re-export
   * statements (and `@typedef` comments), after SCRIPT_SURFACE_PREFIX in a global script. Planning compares
   * surfaces to decide which other files to re-resolve.
   */
  readonly surface: string;
}

/** Begins a File node's surface when the file is a global script (no import or export): its declarations are global. */
export const SCRIPT_SURFACE_PREFIX = "script:";

/** One graph edge as extraction produces it; site edges carry every site's line. */
export interface ExtractedEdge {
  readonly kind: EdgeKind;
  readonly source: NodeKey;
  readonly target: NodeKey;
  /** Sorted line numbers of every site (calls, `new`, JSX, references); empty for structural edges. */
  readonly lines: readonly number[];
  /** IMPORTS only: imported names, sorted (`default`, `*` for a namespace or `export *`). */
  readonly names?: readonly string[];
  /** IMPORTS only: every import of the target is type-only. */
  readonly typeOnly?: boolean;
  /**
   * CALLS of a member only, when no site may run just any override of it: the classes whose overrides its
   * sites may dispatch to (each site's receiver class, narrower than the member's class: `this` inside Mid,
   * `x: Mid`), sorted; empty when every site is `super.m()`, which runs the member named and no override.
   */
  readonly receivers?: readonly NodeKey[];
  /**
   * HOLDS_IMPLEMENTATION only: the lines of each function of an object literal that implements the target (a
   * literal's `next: (v) => …` spans its first to its last line), sorted. Only the source's sites on those lines
   * are that function's code: a walk entering the source through this edge goes on from them alone.
   */
  readonly spans?: readonly LineSpan[];
}

/** The first and last line of a piece of code (1-based, inclusive). */
export type LineSpan = readonly [start: number, end: number];

/**
 * An edge from a node to a member declared outside the indexed files (external-members.ts): a call of a
 * library method or property, or a member that overrides or implements one.
 */
export interface ExtractedExternalEdge {
  readonly kind: "CALLS" | "OVERRIDES" | "EXTENDS" | "IMPLEMENTS";
  readonly source: NodeKey;
  readonly target: ExternalKey;
  /** Sorted call-site lines; empty for OVERRIDES. */
  readonly lines: readonly number[];
  /** CALLS only: the receiver classes its dispatch to the project's overrides is narrowed to, as ExtractedEdge's. */
  readonly receivers?: readonly NodeKey[];
}

/**
 * A call site whose callee has no static target: it resolves to no node and to nothing declared outside the
 * indexed files (a parameter, a local, a call result, an element access with a computed key).
 */
export interface ExtractedDynamicCall {
  /** The node that owns the site, by the same rule as CALLS edges. */
  readonly source: NodeKey;
  /** Where the callee is named, as for CALLS lines. */
  readonly line: number;
  /** The callee expression as written, whitespace collapsed, at most DYNAMIC_CALL_EXPRESSION_MAX characters. */
  readonly expression: string;
}

/** The longest callee expression a dynamic call site keeps; longer ones are cut and end with `…`. */
export const DYNAMIC_CALL_EXPRESSION_MAX = 60;

/** An import whose target is outside the indexed files (a package, a builtin, or unresolved). */
export interface ExternalImport {
  readonly specifier: string;
  /** Package name for a bare specifier (`@scope/pkg`, `pkg`, `node:fs`); undefined if unresolved and relative. */
  readonly packageName: string | undefined;
  readonly resolved: boolean;
  readonly typeOnly: boolean;
}

export interface FileDiagnostic {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/**
 * A name the file exports that is not the declaration's own (`export { Impl as Public }`, `export default Impl`),
 * or that it re-exports from another file, with the node it reaches (schema.ts, export_names).
 */
export interface ExtractedExportName {
  readonly name: string;
  readonly target: NodeKey;
}

/** Everything one file contributes to the graph. */
export interface FileExtraction {
  readonly path: string;
  readonly nodes: readonly ExtractedNode[];
  readonly edges: readonly ExtractedEdge[];
  readonly externalEdges: readonly ExtractedExternalEdge[];
  readonly externalImports: readonly ExternalImport[];
  /** Call sites with no static target, sorted by source, line and expression. */
  readonly dynamicCalls: readonly ExtractedDynamicCall[];
  /** Export aliases and re-exports, sorted by name and target. */
  readonly exportNames: readonly ExtractedExportName[];
  readonly syntaxErrors: readonly FileDiagnostic[];
  /** A global script, or a module with `declare global` or `declare module "x"`: it affects files that never import it. */
  readonly declaresGlobals: boolean;
  /** What the file's computed member names stand for (member-names.ts `computedNamesOf`); absent when it has none. */
  readonly computedNames?: ComputedMemberNames;
}

/** The names a file's computed member names (`[Key]`) stand for: of its accessors, and of all its declarations. */
export interface ComputedMemberNames {
  readonly accessors: readonly string[];
  readonly members: readonly string[];
}

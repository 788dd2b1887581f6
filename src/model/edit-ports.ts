/**
 * The edit tools' ports: what the tool slices (tools/edit/) ask of TypeScript and oxc-parser, and what
 * ingestion/edit/ answers them with. Types only, here so that neither layer imports the other (ingestion/ never
 * imports tools/, src/layering.test.ts).
 */

/** A line and column (both from 1) and what is wrong there: a syntax error or a TypeScript diagnostic. */
export interface SourceProblem {
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** What holds a declaration, which decides how its content is parsed alone and how members are separated. */
export type DeclarationContainer = "statements" | "class" | "interface" | "object" | "enum";

/**
 * Where one graph node's declaration is in a file's text (UTF-16 offsets into the text without its BOM), found by
 * parsing that text: always the text being edited, never a stale graph.
 */
export interface DeclarationSite {
  readonly key: string;
  readonly container: DeclarationContainer;
  /** Why the declaration cannot be edited as a whole (one name of a destructuring, one of several `let a, b`), if so. */
  readonly notEditable?: string | undefined;
  /** Start of its doc and other comments directly above it (no blank line between), else `start`. */
  readonly commentStart: number;
  /** Start of the declaration, decorators included. */
  readonly start: number;
  /** Start after its decorators (`start` when it has none). */
  readonly startAfterDecorators: number;
  readonly end: number;
  /** Where its name is (for rename). */
  readonly nameStart: number;
  /**
   * An overloaded function or method: where its implementation (the last declaration, the one with a body)
   * starts, its own comments and decorators included, and how many overload signatures come before it.
   */
  readonly implementation?: {
    readonly commentStart: number;
    readonly start: number;
    readonly startAfterDecorators: number;
    /** Where the implementation's own name is. */
    readonly nameStart: number;
    readonly signatures: number;
  };
}

/** What a replace's content declares (EditSyntax.contentDeclarations). */
export interface ContentDeclarations {
  /** Every name it declares, in order, once each (`default` for an `export default` without a name). */
  readonly names: readonly string[];
  /** The names it gives an overload signature (a function or method without a body). */
  readonly signatures: readonly string[];
  /** The names it declares otherwise (with a body, or not a function). */
  readonly implementations: readonly string[];
  /** It declares something the syntax cannot name (a computed key, an index signature, a spread). */
  readonly unnamed: boolean;
}

/** The TypeScript syntax the edit tools need, loaded on first use (the query tools never load TypeScript). */
export interface EditSyntax {
  /** Every declaration of the file that makes a graph node, by node key (`relativePath` names them). */
  declarations(relativePath: string, text: string): ReadonlyMap<string, DeclarationSite>;
  /**
   * Where one graph node is declared in the text (undefined when it is not): found by oxc-parser when it can
   * match the node exactly, else by the TypeScript parser (`parser` says which).
   */
  locate(
    relativePath: string,
    text: string,
    node: DeclarationTarget,
  ): { readonly site: DeclarationSite | undefined; readonly parser: "oxc" | "typescript" };
  /** The syntax errors of a whole file (`as` undefined) or of content alone, parsed as what `as` holds; lines are the content's own. */
  syntaxErrors(fileName: string, text: string, as?: DeclarationContainer): readonly SourceProblem[];
  /**
   * What other files can see of a file's text (its declarations' keys and surfaces, as the indexer's planning
   * hashes them): when an edit leaves it equal, no importer's diagnostics can change.
   */
  surface(relativePath: string, text: string): string;
  /** The lines (from 0) of a text that start inside a string or template literal: re-indenting them would change the string. */
  literalLines(fileName: string, text: string): ReadonlySet<number>;
  /** What content declares, parsed as what `container` holds. */
  contentDeclarations(fileName: string, content: string, container: DeclarationContainer): ContentDeclarations;
}

/** A graph node as the edit tools look for it in a file's text: its key, qualified name and lines. */
export interface DeclarationTarget {
  readonly key: string;
  readonly qualifiedName: string;
  readonly startLine: number;
  readonly endLine: number;
}

/** A TypeScript diagnostic in one file, as the edit tools compare them before and after an edit. */
export interface FileDiagnostic extends SourceProblem {
  /** Canonical absolute path. */
  readonly file: string;
  readonly code: number;
}

/** One place a rename changes: replace `length` UTF-16 units at `start` of `file` with prefix + new name + suffix. */
export interface RenameLocation {
  readonly file: string;
  readonly start: number;
  readonly length: number;
  readonly prefix: string;
  readonly suffix: string;
}

export type RenamePlan =
  | { readonly status: "ok"; readonly locations: readonly RenameLocation[] }
  | { readonly status: "refused"; readonly reason: string };

/** The root's TypeScript projects as a language service (type-aware rename, diagnostics), kept warm between calls. */
export interface EditLanguage {
  /**
   * Syntactic and semantic diagnostics of these files (canonical absolute paths) as they are on disk now. A file
   * `regions` names gets its semantic diagnostics only in the top-level statements that overlap those ranges
   * (offsets into its text without BOM) and in its imports and re-exports.
   */
  diagnostics(
    files: readonly string[],
    regions?: ReadonlyMap<string, readonly { readonly start: number; readonly end: number }[]>,
  ): readonly FileDiagnostic[];
  /** Every place a rename of the declaration named at `position` of `file` changes, or why it cannot be done. */
  planRename(
    file: string,
    position: number,
    newName: string,
    options: { readonly strings: boolean; readonly comments: boolean },
  ): RenamePlan;
  /**
   * Every place any project of the root refers to the declaration named at `position` of `file` (not its
   * declarations): uses the graph has no edge for, such as `export default x` or `export { x as y }` in its
   * own file, and uses through re-exports and default imports.
   */
  references(file: string, position: number): readonly CodeReference[];
  /** Ends what the language holds outside this process (TypeScript 7's session); the next call starts it again. */
  close?(): void;
}

/** One place code refers to a declaration (EditLanguage.references). */
export interface CodeReference {
  /** Canonical absolute path. */
  readonly file: string;
  readonly start: number;
  readonly line: number;
  /** The line's text, trimmed. */
  readonly text: string;
}

export interface EditSupport {
  readonly syntax: EditSyntax;
  /** Built on first use: it loads every project of the root. */
  language(): EditLanguage;
  /** Ends the language's session, if one was built (the next language() builds a new one). */
  close?(): void;
}

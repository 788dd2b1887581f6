import type { z } from "../vendor/zod.js";
import type { SqliteDb } from "../db/open-graph-db.js";
import type { RenameHint } from "../model/rename-hint.js";
import type { PathValidator } from "./inputs/path-validator.js";

/**
 * The contract between a tool slice and its two front ends (the MCP server and the CLI).
 * A slice's handler.ts exports one ToolDefinition; src/tools/all-tools.ts lists them; the server and the
 * CLI loop over that list. No front end switches on a tool's name or casts its arguments.
 */

/** MCP tool annotations (the subset ts-graph sets). */
export interface ToolAnnotations {
  readonly title?: string;
  /** The tool only reads (every query tool). */
  readonly readOnlyHint?: boolean;
  /** The tool may change files (edit tools). */
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  /** The tool reaches outside the workspace (none of ts-graph's do). */
  readonly openWorldHint?: boolean;
}

/** How fresh the graph an answer came from is. The front ends add it to every answer. */
export interface GraphFreshness {
  /** When the last index run committed (ISO 8601), or undefined before the first. */
  readonly indexedAt: string | undefined;
  /** Files known to have changed and not re-indexed yet (0 when the graph is current). */
  readonly pendingFiles: number;
  /** Why the last index run failed, if it did (the graph then still holds the last good run). */
  readonly indexError?: string | undefined;
  /**
   * What else the answer's reader should know about the graph's freshness, as sentences: an index run under
   * way or interrupted (the answer is from the last complete graph), a graph that cannot be updated here.
   */
  readonly notes?: readonly string[] | undefined;
}

/**
 * The git history of a root, brought up to date for co-change (src/history/ingest-history.ts): unavailable
 * (no git, no repository, no commit) with why and how to fix it, or read, completely or partially (a shallow
 * clone), into the history tables of the root's graph.
 */
export type HistoryRefresh =
  | { readonly status: "unavailable"; readonly why: string; readonly fix: string }
  | {
      readonly status: "complete" | "partial";
      readonly why?: string | undefined;
      readonly fix?: string | undefined;
      /** The root's path relative to the repository's top level, '/'-separated ("" when they are the same). */
      readonly rootInRepository: string;
      /** The commit-size limit of the root's ts-graph.config.json (`history.maxFilesPerCommit`), when it sets one. */
      readonly maxFilesPerCommit?: number | undefined;
    };

export interface HistoryRefreshOptions {
  readonly symbols: boolean | "if-read";
  /**
   * Accept a refresh made this recently (milliseconds) instead of asking git again: for answers where the
   * history is a side note (impact), so that a burst of them pays for git once.
   */
  readonly reuseWithinMs?: number | undefined;
}

/** One root a front end serves, as the status tool reports it. */
export interface RootState {
  /** Canonical absolute path of the root. */
  readonly root: string;
  readonly dbPath: string;
  /** The root's graph, or undefined when it has none to read yet (see `error`). */
  readonly db: SqliteDb | undefined;
  readonly freshness: GraphFreshness;
  /** Whether a file watcher keeps this graph up to date (the MCP server's roots; never the CLI's). */
  readonly watching: boolean;
  /** Why the root has no graph to answer from, when it has none. */
  readonly error?: string | undefined;
  /** What the server keeps in memory for this root (the MCP server's roots; never the CLI's). */
  readonly memory?: RootMemory | undefined;
}

/**
 * What a served root keeps warm: its indexer's TypeScript programs (in the indexing thread) and the edit tools'
 * language service (in the server's thread). Released ones are rebuilt on demand (docs/mcp.md, Memory).
 */
export interface RootMemory {
  /**
   * not built: before the first warm-up; building; kept (every project's whole program); released (the next
   * change builds what it needs); as needed (since a release: the narrow programs the changes built, kept).
   */
  readonly programs: "not built" | "building" | "kept" | "released" | "as needed";
  /** The indexing thread's JavaScript heap after its last task (its programs, mostly); absent when unknown. */
  readonly indexerHeapBytes?: number | undefined;
  /** Whether the edit tools' language service is loaded (it holds every project of the root once used). */
  readonly editLanguageService: boolean;
  /** When a call last answered from this root, or a change was applied (ISO 8601). */
  readonly lastUsed: string;
}

/** The server process's memory and its limits (the MCP server; never the CLI). */
export interface ServerMemory {
  /** Resident set size of the whole process (every thread). */
  readonly rssBytes: number;
  /** Above this RSS, the least recently used roots release their programs. */
  readonly budgetBytes: number;
  /** A root unused this long releases its programs; 0 means never. */
  readonly idleReleaseMinutes: number;
}

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
  planRename(file: string, position: number, newName: string, options: { readonly strings: boolean; readonly comments: boolean }): RenamePlan;
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

/** One indexed project the tools answer from. Paths and node keys in the DB are relative to `root`. */
export interface ToolContext {
  /** Canonical absolute path of the indexed root. */
  readonly root: string;
  /** Canonical absolute path of the graph database (never written through a tool). */
  readonly dbPath: string;
  /** The open graph database. Tools only read it. */
  readonly db: SqliteDb;
  /** Guards every path a tool touches (see path-validator.ts). */
  readonly paths: PathValidator;
  /**
   * Re-indexes these files (absolute paths) first if they changed on disk since they were indexed. `rename`: the
   * rename tool's edits, which let the indexer patch the graph instead of re-extracting (RunOptions.rename).
   */
  ensureFresh(absolutePaths: readonly string[], rename?: RenameHint): Promise<void>;
  freshness(): GraphFreshness;
  /**
   * Brings the root's git history up to date in its graph (co-change), with the declarations each commit changed
   * when `symbols` (`if-read`: only when they were read before); absent where the front end cannot.
   */
  readonly refreshHistory?: (options: HistoryRefreshOptions) => Promise<HistoryRefresh>;
  /** Every root the front end serves, this one included; absent where there is only this one (the CLI). */
  readonly workspace?: () => readonly RootState[];
  /** The server's memory and budget; absent where there is no server (the CLI). */
  readonly serverMemory?: () => ServerMemory;
  /** TypeScript syntax and a language service for the edit tools, loaded on first use; absent where the front end cannot. */
  readonly editSupport?: () => Promise<EditSupport>;
}

/** What a tool returns: the text an agent reads and the same answer as a JSON object (MCP structuredContent). */
export interface ToolResult {
  readonly text: string;
  readonly structured: Readonly<Record<string, unknown>>;
}

export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  /** snake_case tool name, also the CLI command name (with dashes). */
  readonly name: string;
  /** What the tool answers and when to use it instead of grep or reading files; written for an agent. */
  readonly description: string;
  /** zod input shape; the CLI derives its options from it, the server validates with it. */
  readonly inputShape: Shape;
  /**
   * CLI: the inputs taken as positional arguments, in order (the rest become --options). Plain strings here so
   * that every definition fits `ToolDefinition` (`keyof Shape` would make Shape contravariant); `defineTool`
   * checks them against the shape.
   */
  readonly positional: readonly string[];
  readonly annotations: ToolAnnotations;
  /**
   * What `run`'s structured answer holds (src/tools/answer-schema.ts). The MCP server declares it, with the
   * error shapes and the freshness it adds, as the tool's `outputSchema` (src/mcp/output-schema.ts). Every tool of
   * all-tools.ts has one; a tool without (the tests' own) lists no `outputSchema`.
   */
  readonly answer?: z.ZodObject | undefined;
  /**
   * "root" (the default): the tool answers from one root's graph, which the front end picks (MCP: the
   * `root` input, a path input, or the only root). "workspace": the tool reports on every root
   * (context.workspace) and needs no root picked; the context is the hinted root's, else the first one's.
   */
  readonly scope?: "root" | "workspace";
  run(input: z.infer<z.ZodObject<Shape>>, context: ToolContext): Promise<ToolResult>;
}

/** Helps a slice keep its input type inferred from its shape without repeating it. */
export function defineTool<Shape extends z.ZodRawShape>(
  definition: ToolDefinition<Shape> & { readonly positional: readonly (keyof Shape & string)[] },
): ToolDefinition<Shape> {
  return definition;
}

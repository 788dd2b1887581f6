import type { z } from "../vendor/zod.js";
import type { SqliteDb } from "../db/open-graph-db.js";
import type { EditSupport } from "../model/edit-ports.js";
import type { RenameHint } from "../model/rename-hint.js";
import type { PathValidator } from "./inputs/path-validator.js";
import type { RootMemoryView, ServerMemoryView } from "./status/memory-view.js";

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
  readonly memory?: RootMemoryView | undefined;
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
   * rename tool's edits, which let the indexer patch the graph instead of re-extracting (RunOptions.rename):
   * given to the run this call starts, and to no other.
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
  readonly serverMemory?: () => ServerMemoryView;
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
   * What `run`'s structured answer holds (src/tools/answer/answer-schema.ts). The MCP server declares it, with the
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

/**
 * What the status tool reads of a server's memory, and reports as is (its answer's `roots[].memory` and
 * `server`, docs/tools.md): the status slice's port. The MCP server's own states (mcp/memory-budget.ts) satisfy
 * it; the CLI has no server and reports none. A state the server adds must be given one of these values where
 * the server fills RootState (mcp/served-root.ts), so the answer's vocabulary changes only here.
 */

/**
 * What a served root keeps warm: its indexer's TypeScript programs (in the indexing thread) and the edit tools'
 * language service (in the server's thread). Released ones are rebuilt on demand (docs/mcp.md, Memory).
 */
export interface RootMemoryView {
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

/** The server process's memory and its limits. */
export interface ServerMemoryView {
  /** Resident set size of the whole process (every thread). */
  readonly rssBytes: number;
  /** Above this RSS, the least recently used roots release their programs. */
  readonly budgetBytes: number;
  /** A root unused this long releases its programs; 0 means never. */
  readonly idleReleaseMinutes: number;
}

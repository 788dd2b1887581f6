/**
 * The two failures a tool reports as answers rather than crashes. They live apart from the tool contract so that
 * the path validator, the symbol resolution and the front ends can import them without importing each other.
 */

/**
 * An expected failure the caller can fix: symbol not found, ambiguous address, path outside the roots,
 * invalid pattern. The message says what to do next. Front ends show it as an error result
 * (`isError: true`, CLI exit 1/2), never as a stack trace.
 */
export class ToolInputError extends Error {
  constructor(
    message: string,
    /** Extra data for structuredContent (candidates, suggestions). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "ToolInputError";
  }
}

/** A dependency the tool needs is missing or failed to start (ripgrep, git, the TypeScript program). */
export class ToolUnavailableError extends Error {
  constructor(
    /** Why the tool cannot answer. */
    readonly why: string,
    /** How the user can fix it. */
    readonly fix: string,
  ) {
    super(`unavailable: ${why}. ${fix}`);
    this.name = "ToolUnavailableError";
  }
}

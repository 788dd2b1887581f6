import type { CallToolResult } from "../vendor/mcp-sdk.js";
import { echoed } from "../tools/answer/text.js";
import type { ToolResult } from "../tools/tool-contract.js";
import { type AnswerFreshness, structuredFreshness } from "../tools/answer/answer-freshness.js";
import { ToolInputError, ToolUnavailableError } from "../tools/tool-errors.js";

function age(indexedAt: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(indexedAt)) / 1000));
  if (seconds < 120) return `${seconds} s ago`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

/** The one line appended to every answer: when the graph was indexed and what it may miss. */
export function freshnessLine(freshness: readonly AnswerFreshness[], now = Date.now()): string {
  const parts = freshness.map((entry) => {
    const indexed =
      entry.indexedAt === undefined ? "never indexed" : `indexed ${entry.indexedAt} (${age(entry.indexedAt, now)})`;
    const pending =
      entry.pendingFiles === 0
        ? "up to date"
        : `${entry.pendingFiles} changed ${entry.pendingFiles === 1 ? "file is" : "files are"} not re-indexed yet (this answer may miss them)`;
    const failed = entry.indexError === undefined ? "" : `; last index failed: ${entry.indexError}`;
    const notes = (entry.notes ?? []).map((note) => `; ${note}`).join("");
    return `${freshness.length > 1 ? `${entry.root}: ` : ""}${indexed}, ${pending}${failed}${notes}`;
  });
  return `[graph ${parts.join(" | ")}]`;
}

/** A tool's answer as MCP content: its text with the freshness line, its structured form with a `freshness` field. */
export function answerResult(result: ToolResult, freshness: readonly AnswerFreshness[]): CallToolResult {
  const text = result.text.endsWith("\n") ? result.text : `${result.text}\n`;
  return {
    content: [{ type: "text", text: `${text}${freshnessLine(freshness)}` }],
    structuredContent: { ...result.structured, freshness: structuredFreshness(freshness) },
  };
}

function errorResult(text: string, structured: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: "text", text }], structuredContent: structured };
}

/**
 * A failed call as an MCP error result: what went wrong and what to do next, never a stack trace.
 * Unexpected errors are reported to `logUnexpected` (the server's stderr) with their stack.
 */
export function failureResult(
  toolName: string,
  error: unknown,
  logUnexpected: (error: unknown) => void,
): CallToolResult {
  if (error instanceof ToolUnavailableError) {
    return errorResult(error.message, { unavailable: { why: error.why, fix: error.fix } });
  }
  if (error instanceof ToolInputError) {
    return errorResult(error.message, { error: error.message, ...error.details });
  }
  logUnexpected(error);
  const message = echoed((error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "");
  const text = `${toolName} failed unexpectedly: ${message}. The details are in the server's log (stderr); try again, or check the input.`;
  return errorResult(text, { error: text });
}

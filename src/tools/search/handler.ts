import { z } from "../../vendor/zod.js";
import {
  boundedList,
  globString,
  MAX_GLOBS,
  MAX_SEARCH_PATHS,
  patternString,
  pathString,
} from "../inputs/input-limits.js";
import { defineTool, type ToolDefinition } from "../tool-contract.js";
import { someObject } from "../answer/answer-schema.js";

const matchSymbol = z
  .object({ name: z.string(), kind: z.string(), startLine: z.number(), endLine: z.number() })
  .nullable();

/** The search answer (format.ts `searchStructured`), declared as the tool's output schema. */
const searchAnswer = z.looseObject({
  pattern: z.string(),
  literal: z.boolean(),
  matchCount: z.number(),
  truncated: z.boolean(),
  matches: z.array(
    z.looseObject({ file: z.string(), line: z.number(), column: z.number(), text: z.string(), symbol: matchSymbol }),
  ),
  contextLines: z.array(z.looseObject({ file: z.string(), line: z.number(), text: z.string() })),
  warnings: z.array(z.string()).optional(),
  noFilesSearched: z.boolean().optional(),
  filters: someObject.optional(),
});

const searchInputShape = {
  pattern: patternString().describe("a Rust regex (ripgrep syntax), or the text itself with literal"),
  literal: z.boolean().default(false).describe("search for the pattern as plain text"),
  ignoreCase: z.boolean().default(false).describe("match upper and lower case alike"),
  glob: boundedList(globString(), MAX_GLOBS)
    .default([])
    .describe("only files matching these globs (ripgrep --glob; !glob excludes)"),
  paths: boundedList(pathString(), MAX_SEARCH_PATHS)
    .default([])
    .describe("search only these files or folders (relative to the root)"),
  context: z.number().int().min(0).max(10).default(0).describe("lines of context before and after each match"),
  limit: z.number().int().min(1).max(5_000).default(100).describe("stop after this many matching lines"),
};

export type SearchInput = z.infer<z.ZodObject<typeof searchInputShape>>;

/** The search tool, with the way to find ripgrep given (tests give a missing binary). */
export function createSearchTool(findRipgrep: () => Promise<string>): ToolDefinition {
  return defineTool({
    name: "search",
    description:
      "Searches file contents with ripgrep and names the declaration around each match.\n" +
      "A Rust regex, or literal text; .gitignore is honoured and binary files are skipped. Each match is shown " +
      "under the declaration that encloses it (from the code graph), which grep cannot do. Results are grouped by " +
      "file and capped (truncated flag). Use it for text that is not a declaration name (strings, comments, call " +
      "patterns); use find for names.",
    inputShape: searchInputShape,
    positional: ["pattern"],
    answer: searchAnswer,
    annotations: { title: "Search file contents", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    // The search and its answer are loaded on the first call: listing the tools needs only the schemas above.
    run: async (input, context) => (await import("./run.js")).runSearch(findRipgrep, input, context),
  });
}

export const searchTool = createSearchTool(async () => (await import("./ripgrep.js")).locateRipgrep());

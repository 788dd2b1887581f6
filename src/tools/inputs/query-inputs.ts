import { z } from "../../vendor/zod.js";
import { pathString, symbolString } from "./input-limits.js";

/**
 * The inputs the query slices share, as zod shapes and the values they allow. Apart from the modules that
 * answer (graph-walk.ts, query-output.ts, symbol-input.ts) so that listing the tools (every slice's handler.ts)
 * loads none of those: the MCP server answers tools/list before it loads any slice's run.ts.
 */

/** How a walk follows overriding members (graph-walk.ts). */
export const DISPATCH_MODES = ["none", "up", "all"] as const;
export type Dispatch = (typeof DISPATCH_MODES)[number];

/** How the query slices describe a symbol input to an agent. */
export const SYMBOL_DESCRIPTION =
  "the declaration: a name (total), a qualified name (Cart.total), a node key (src/cart.ts:Cart.total) or a file path";
export const FILE_DESCRIPTION = "file that declares it, relative to the root: narrows an ambiguous name";

export const symbolShape = {
  symbol: symbolString().describe(SYMBOL_DESCRIPTION),
  file: pathString().min(1).optional().describe(FILE_DESCRIPTION),
};

export const OUTPUT_FORMATS = ["text", "json", "toon", "mermaid"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const DEFAULT_MAX_NODES = 100;
const DEFAULT_MAX_TOKENS = 4000;

/** The inputs every query slice takes: output format and budget. */
export const outputShape = {
  format: z
    .enum(OUTPUT_FORMATS)
    .default("text")
    .describe(
      "text: compact, grouped, for reading (default); json: the structured result; toon: the same as tables; mermaid: a diagram",
    ),
  maxNodes: z.number().int().min(1).max(10_000).default(DEFAULT_MAX_NODES).describe("most result entries to return"),
  maxTokens: z
    .number()
    .int()
    .min(200)
    .max(200_000)
    .default(DEFAULT_MAX_TOKENS)
    .describe(
      "cap on the answer's size in tokens (o200k, as GPT-4o counts them), counted on its text rendering: a longer answer is cut (impact, callers and callees: summarised) and says how to narrow; json and toon list the same entries as text",
    ),
};

/**
 * The output inputs of the walk answers (impact, callers, callees): no fixed cap on entries by default, the token
 * budget decides how many are listed (briefly, by name only, past the first ones: query-output.ts `present`).
 */
export const walkOutputShape = {
  ...outputShape,
  maxNodes: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe(
      "most result entries to return (default: as many as maxTokens leaves room for, past the first ones by name only)",
    ),
};

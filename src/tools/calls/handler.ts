import { z } from "zod";
import type { WalkDirection } from "../graph-walk.js";
import { outputShape, present } from "../query-output.js";
import { symbolFromInput, symbolShape } from "../symbol-input.js";
import { defineTool } from "../tool-contract.js";
import { callsAnswer } from "./format.js";
import { queryCalls } from "./query.js";

const DESCRIPTIONS: Record<WalkDirection, string> = {
  in: [
    "Who calls this symbol, transitively: callers, their callers, and so on, from the type-checked call graph",
    "(calls through interfaces, `this`, imports and re-exports resolved; `new`, JSX and callbacks passed by reference included).",
    "Grouped by depth and file, each caller with its line range and the lines of its call sites.",
    "Use it instead of grepping for the name, which misses aliases and finds unrelated same-named code.",
  ].join("\n"),
  out: [
    "What this symbol calls, transitively: callees, their callees, and so on, from the type-checked call graph",
    "(`new`, JSX and callbacks it passes by reference included). Grouped by depth and file, each callee with its",
    "line range and the lines where it is called. Use it to learn what a function relies on before changing or testing it.",
  ].join("\n"),
};

/** `callers` and `callees` are one walk in two directions: one definition each, built here. */
function callTool(direction: WalkDirection) {
  return defineTool({
    name: direction === "in" ? "callers" : "callees",
    description: DESCRIPTIONS[direction],
    inputShape: {
      ...symbolShape,
      depth: z.number().int().min(1).max(10).default(3).describe("how many call steps to follow (default 3)"),
      ...outputShape,
    },
    positional: ["symbol"],
    annotations: { title: direction === "in" ? "Callers" : "Callees", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    async run(input, context) {
      const symbol = await symbolFromInput(context, input.symbol, input.file);
      return present(callsAnswer(queryCalls(context.db, symbol, direction, input.depth)), input);
    },
  });
}

export const callersTool = callTool("in");
export const calleesTool = callTool("out");

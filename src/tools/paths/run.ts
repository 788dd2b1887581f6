import type { ToolContext, ToolResult } from "../tool-contract.js";
import { present } from "../answer/query-output.js";
import { callableNode } from "../inputs/symbol-address.js";
import { answerFromOneGraph, symbolFromInput } from "../inputs/symbol-input.js";
import { testFilesOf } from "../workspace/test-files.js";
import { ToolInputError } from "../tool-errors.js";
import { pathsAnswer } from "./format.js";
import { queryPaths } from "./query.js";
import type { PathsInput } from "./handler.js";

/** paths' answer (handler.ts loads this module on the tool's first call). */
export async function runPaths(input: PathsInput, context: ToolContext): Promise<ToolResult> {
  const from = callableNode(context.db, await symbolFromInput(context, input.from, input.fromFile));
  const to = callableNode(context.db, await symbolFromInput(context, input.to, input.toFile));
  if (from.key === to.key)
    throw new ToolInputError(`from and to are the same declaration (${from.key}); give two different symbols.`);
  const { isTest } = await testFilesOf(context.root);
  return answerFromOneGraph(context, [from, to], () =>
    present(pathsAnswer(queryPaths(context.db, from, to, { ...input, isTest })), input),
  );
}

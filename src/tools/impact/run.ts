import { present } from "../answer/query-output.js";
import { answerFromOneGraph, graphFolderInput, symbolFromInput } from "../inputs/symbol-input.js";
import { testFilesOf } from "../workspace/test-files.js";
import type { ToolContext, ToolResult } from "../tool-contract.js";
import { alsoChangesWith } from "./also-changes.js";
import { impactAnswer } from "./format.js";
import type { ImpactInput } from "./handler.js";
import { queryImpact } from "./query.js";

/** impact's answer (handler.ts loads this module on the tool's first call). */
export async function runImpact(input: ImpactInput, context: ToolContext): Promise<ToolResult> {
  const symbol = await symbolFromInput(context, input.symbol, input.file);
  const testFiles = await testFilesOf(context.root);
  const within = graphFolderInput(context, input.in);
  const request = {
    depth: input.depth,
    dispatch: input.dispatch,
    tests: input.tests,
    kinds: input.kinds,
    isTest: testFiles.isTest,
    within,
  };
  const result = answerFromOneGraph(context, [symbol], () => queryImpact(context.db, symbol, request));
  // The history's section comes after: it may first bring the history up to date (git), and it only adds to the answer.
  const alsoChanges =
    input.alsoChanges === 0
      ? undefined
      : await alsoChangesWith(context, result, {
          limit: input.alsoChanges,
          tests: input.tests,
          isTest: testFiles.isTest,
        });
  return present(impactAnswer(result, alsoChanges, testFiles.notes), input);
}

import type { ToolResult } from "../tool-contract.js";
import { present } from "../answer/query-output.js";
import { describeNode, type SymbolNode } from "../inputs/symbol-address.js";
import { answerFromOneGraph, symbolFromInput } from "../inputs/symbol-input.js";
import type { ToolContext } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import { hierarchyAnswer } from "./format.js";
import { HIERARCHY_KINDS, queryHierarchy } from "./query.js";
import type { HierarchyInput } from "./handler.js";

/**
 * The type asked about. A name that several declarations have, of which exactly one is a type (a class `Badge`
 * beside a component function `Badge`), is that type; any other ambiguity lists the candidates.
 */
async function typeFromInput(context: ToolContext, symbol: string, file: string | undefined): Promise<SymbolNode> {
  try {
    return await symbolFromInput(context, symbol, file);
  } catch (error) {
    const details =
      error instanceof ToolInputError
        ? (error.details as { reason?: string; candidates?: readonly SymbolNode[] } | undefined)
        : undefined;
    const types =
      details?.reason === "ambiguous"
        ? (details.candidates ?? []).filter((candidate) => HIERARCHY_KINDS.has(candidate.kind))
        : [];
    const [only] = types;
    if (only === undefined || types.length > 1) throw error;
    await context.ensureFresh([context.paths.validate(only.file, { mustExist: false }).absolute]);
    return only;
  }
}

/** hierarchy's answer (handler.ts loads this module on the tool's first call). */
export async function runHierarchy(input: HierarchyInput, context: ToolContext): Promise<ToolResult> {
  const node = await typeFromInput(context, input.symbol, input.file);
  if (!HIERARCHY_KINDS.has(node.kind)) {
    throw new ToolInputError(
      `${describeNode(node)} is not a class, an interface or a type alias: it has no type hierarchy. Give a type (find can list them: ts-graph find <name>).`,
    );
  }
  return answerFromOneGraph(context, [node], () =>
    present(hierarchyAnswer(queryHierarchy(context.db, node, input.direction, input.depth)), input),
  );
}

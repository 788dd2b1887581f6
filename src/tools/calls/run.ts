import type { SqliteDb } from "../../db/open-graph-db.js";
import type { WalkDirection } from "../walk/graph-walk.js";
import { present } from "../answer/query-output.js";
import { callableNode, resolveSymbol, type SymbolNode } from "../inputs/symbol-address.js";
import { answerFromOneGraph, graphFolderInput, symbolFromInput } from "../inputs/symbol-input.js";
import { testFilesOf } from "../workspace/test-files.js";
import type { ToolContext, ToolResult } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import { callsAnswer } from "./format.js";
import type { CallsInput } from "./handler.js";
import { accessorsOf, queryCalls, type AccessorNode } from "./query.js";
import { callsWithin } from "./summary.js";

const ACCESSOR_VARIANT = /#(get|set)$/;

/**
 * The symbol of a call query, and the accessors it stands for. `X.p#get` / `X.p#set` name one accessor of a
 * property (even when that accessor's key is the plain name); a plain address of an accessor stands for the
 * property: its getter and its setter. A bare name that matches just the two accessors of one property is
 * that property, not an ambiguity.
 */
async function callSymbol(
  context: ToolContext,
  symbol: string,
  file: string | undefined,
): Promise<{ node: SymbolNode; accessors: AccessorNode[] }> {
  const variant = ACCESSOR_VARIANT.exec(symbol.trim())?.[1];
  if (variant !== undefined) {
    const property = await propertySymbol(context, symbol.trim().replace(ACCESSOR_VARIANT, ""), file);
    const access = variant === "get" ? "read" : "write";
    const accessor = accessorsOf(context.db, property).find((candidate) => candidate.access === access);
    if (accessor === undefined)
      throw new ToolInputError(`${property.key} has no ${variant === "get" ? "getter" : "setter"}.`);
    const node = resolveSymbol(context.db, { symbol: accessor.key });
    if (node.status !== "found") throw new ToolInputError(`No declaration "${accessor.key}" in the graph.`);
    return { node: node.node, accessors: [accessor] };
  }
  const node = await propertySymbol(context, symbol, file);
  return { node, accessors: accessorsOf(context.db, node) };
}

async function propertySymbol(context: ToolContext, symbol: string, file: string | undefined): Promise<SymbolNode> {
  try {
    return callableNode(context.db, await symbolFromInput(context, symbol, file));
  } catch (error) {
    const property = error instanceof ToolInputError ? onePropertyOf(context.db, error) : undefined;
    if (property === undefined) throw error;
    return property;
  }
}

/** The first accessor when an ambiguity lists exactly the accessors of one property. */
function onePropertyOf(db: SqliteDb, error: ToolInputError): SymbolNode | undefined {
  const details = error.details as { reason?: string; candidates?: readonly SymbolNode[] } | undefined;
  const [first, ...rest] = details?.reason === "ambiguous" ? (details.candidates ?? []) : [];
  if (first === undefined) return undefined;
  const accessors = new Set(accessorsOf(db, first).map((accessor) => accessor.key as string));
  return accessors.has(first.key) && rest.every((candidate) => accessors.has(candidate.key)) ? first : undefined;
}

/** callers' (direction in) or callees' (out) answer (handler.ts loads this module on the tools' first call). */
export async function runCalls(direction: WalkDirection, input: CallsInput, context: ToolContext): Promise<ToolResult> {
  const { node, accessors } = await callSymbol(context, input.symbol, input.file);
  const { isTest } = await testFilesOf(context.root);
  const request = { direction, depth: input.depth, dispatch: input.dispatch, tests: input.tests, isTest };
  const within = graphFolderInput(context, input.in);
  return answerFromOneGraph(context, [node], () =>
    present(callsAnswer(callsWithin(queryCalls(context.db, node, request, accessors), within), within), input),
  );
}

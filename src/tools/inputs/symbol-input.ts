import { graphGeneration, type GraphGeneration } from "../../db/graph-generation.js";
import { readConsistently } from "../../db/read-transaction.js";
import { requireSymbol, resolveSymbol, type SymbolNode } from "./symbol-address.js";
import type { ToolContext } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import { graphPathOf } from "../workspace/workspace-files.js";

/**
 * The handler edge of symbol addressing: validates `file` against the roots, brings the symbol's file up to
 * date in the graph, then resolves the address (ambiguous or unknown addresses throw ToolInputError).
 */
export async function symbolFromInput(
  context: ToolContext,
  symbol: string,
  file: string | undefined,
): Promise<SymbolNode> {
  const validated = file === undefined ? undefined : context.paths.validate(file, { mustExist: false });
  if (validated !== undefined) await context.ensureFresh([validated.absolute]);
  const address = { symbol, file: validated?.relative };
  // Read before resolving: a graph that commits meanwhile changes it, and the node is resolved again.
  const before = graphGeneration(context.db);
  const node = requireSymbol(context.db, address);
  if (validated === undefined)
    await context.ensureFresh([context.paths.validate(node.file, { mustExist: false }).absolute]);
  const generation = graphGeneration(context.db);
  const resolved = generation === before ? node : requireSymbol(context.db, address);
  resolvedIn.set(resolved, generation);
  return resolved;
}

/** The graph generation each node of symbolFromInput was resolved in: in that same graph it needs no second look. */
const resolvedIn = new WeakMap<SymbolNode, GraphGeneration>();

/**
 * Builds an answer from one committed graph (db/read-transaction.ts): an index run that commits while the
 * query runs is seen by the next answer, never by half of this one. The declarations resolved before must
 * still be in that graph; one an index run removed meanwhile is reported as such.
 */
export function answerFromOneGraph<T>(context: ToolContext, resolved: readonly SymbolNode[], answer: () => T): T {
  return readConsistently(context.db, () => {
    const generation = graphGeneration(context.db);
    for (const node of resolved) {
      if (resolvedIn.get(node) !== generation && resolveSymbol(context.db, { symbol: node.key }).status !== "found") {
        throw new ToolInputError(
          `${node.key} left the graph while answering (an index run removed or renamed it); ask again.`,
        );
      }
    }
    return answer();
  });
}

/**
 * A folder or file input that narrows an answer to what lies in it (impact's and callers' `in`), as a path
 * relative to the indexed root ("" when absent or the root itself). It must exist.
 */
export function graphFolderInput(context: ToolContext, input: string | undefined): string {
  if (input === undefined) return "";
  const relative = graphPathOf(context.root, context.paths.validate(input).absolute);
  if (relative === undefined) throw new ToolInputError(`${input} is outside the indexed root ${context.root}.`);
  return relative;
}

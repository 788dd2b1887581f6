import type { ToolContext, ToolResult } from "../tool-contract.js";
import { readConsistently } from "../../db/read-transaction.js";
import { perDatabase } from "../per-database.js";
import { ToolInputError } from "../tool-errors.js";
import { graphPathOf } from "../workspace/workspace-files.js";
import { findStructured, formatFindText } from "./format.js";
import { createSymbolQueries, MIN_SUBSTRING_LENGTH } from "./query.js";
import { rankSymbols } from "./rank.js";
import type { FindInput } from "./handler.js";

const queriesOf = perDatabase(createSymbolQueries);

/** find's answer (handler.ts loads this module on the tool's first call). */
export async function runFind(input: FindInput, context: ToolContext): Promise<ToolResult> {
  // The schema trims the name and bounds it.
  const query = input.name;
  let under: string | undefined;
  if (input.path !== undefined) {
    const validated = context.paths.validate(input.path);
    under = graphPathOf(context.root, validated.absolute);
    if (under === undefined) throw new ToolInputError(`${input.path} is outside the indexed root ${context.root}.`);
  }
  const candidates = readConsistently(context.db, () =>
    queriesOf(context.db).candidates(query, { kind: input.kind, exported: input.exported, under }),
  );
  const ranked = rankSymbols(query, candidates);
  const filters: Record<string, string | boolean> = {};
  if (input.kind !== undefined) filters.kind = input.kind;
  if (input.exported !== undefined) filters.exported = input.exported;
  if (under !== undefined) filters.path = under === "" ? "." : under;
  const answer = {
    query,
    filters,
    total: ranked.length,
    shown: ranked.slice(0, input.limit),
    shortQuery: [...query].length < MIN_SUBSTRING_LENGTH,
  };
  return { text: formatFindText(answer), structured: findStructured(answer) };
}

import { plural } from "../answer/text.js";
import type { RankedSymbol } from "./rank.js";

export interface FindAnswer {
  readonly query: string;
  readonly filters: Readonly<Record<string, string | boolean>>;
  /** Every match, before the limit. */
  readonly total: number;
  readonly shown: readonly RankedSymbol[];
  /** The query is too short for substring matches. */
  readonly shortQuery: boolean;
}

function describeFilters(filters: FindAnswer["filters"]): string {
  const parts = Object.entries(filters).map(([name, value]) => `${name}=${String(value)}`);
  return parts.length === 0 ? "" : ` (${parts.join(", ")})`;
}

/** One line per symbol: where it is, what it is, and its signature. */
export function formatFindText(answer: FindAnswer): string {
  const query = JSON.stringify(answer.query);
  const where = describeFilters(answer.filters);
  if (answer.total === 0) {
    const hint = answer.shortQuery ? " Substring matches need at least 3 characters." : "";
    return `No symbol matches ${query}${where}.${hint}`;
  }
  const more = answer.total - answer.shown.length;
  const header =
    more > 0
      ? `${answer.shown.length} of ${answer.total} symbols matching ${query}${where}; ${more} more: narrow with kind, exported or path, or raise limit.`
      : `${plural(answer.total, "symbol")} matching ${query}${where}:`;
  return [header, ...answer.shown.map(symbolLine)].join("\n");
}

/** ` (alias of Impl, exported by src/index.ts)` for a declaration found by a name a file exports it as. */
function aliasNote(symbol: RankedSymbol): string {
  if (symbol.alias === undefined) return "";
  const of = symbol.kind === "File" ? `namespace of ${symbol.file}` : `alias of ${symbol.qualifiedName}`;
  return ` (${of}, exported by ${symbol.aliasFiles.join(", ")})`;
}

function symbolLine(symbol: RankedSymbol): string {
  if (symbol.kind === "File")
    return symbol.alias === undefined
      ? `${symbol.file} File`
      : `${symbol.file} File ${symbol.alias}${aliasNote(symbol)}`;
  const signature = symbol.signature === "" ? "" : `: ${symbol.signature}`;
  const name = symbol.alias === undefined ? symbol.qualifiedName : `${symbol.alias}${aliasNote(symbol)}`;
  return `${symbol.file}:${symbol.startLine} ${symbol.kind} ${name}${signature}`;
}

export function findStructured(answer: FindAnswer): Record<string, unknown> {
  return {
    query: answer.query,
    ...answer.filters,
    total: answer.total,
    more: answer.total - answer.shown.length,
    matches: answer.shown.map((symbol) => ({
      name: symbol.name,
      qualifiedName: symbol.qualifiedName,
      kind: symbol.kind,
      file: symbol.file,
      line: symbol.startLine,
      endLine: symbol.endLine,
      exported: symbol.exported === 1,
      signature: symbol.signature,
      match: symbol.match,
      ...(symbol.alias === undefined ? {} : { exportedAs: symbol.alias, exportedBy: symbol.aliasFiles }),
    })),
  };
}

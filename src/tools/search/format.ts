import { echoed, lineSpan, plural } from "../answer/text.js";
import { enclosingSymbol, type SpanRow } from "./enclosing.js";
import type { RipgrepLine } from "./ripgrep.js";

/** Lines of one file that share an enclosing declaration (undefined: top level, or a file outside the graph). */
export interface SymbolGroup {
  readonly symbol: SpanRow | undefined;
  readonly lines: readonly RipgrepLine[];
}

export interface FileHits {
  readonly file: string;
  readonly groups: readonly SymbolGroup[];
}

/** Longer lines are cut (minified code, generated data). */
const MAX_LINE_LENGTH = 300;

function groupOf(file: string, lines: readonly RipgrepLine[], spans: readonly SpanRow[], context: number): FileHits {
  const groups: { symbol: SpanRow | undefined; lines: RipgrepLine[] }[] = [];
  let pending: RipgrepLine[] = [];
  let lastMatch: RipgrepLine | undefined;
  for (const line of lines) {
    if (!line.isMatch) {
      // Context right after a match stays with it; the rest waits for the match it leads up to.
      const current = groups[groups.length - 1];
      if (
        current !== undefined &&
        lastMatch !== undefined &&
        pending.length === 0 &&
        line.line <= lastMatch.line + context
      )
        current.lines.push(line);
      else pending.push(line);
      continue;
    }
    const symbol = enclosingSymbol(spans, line.line);
    const current = groups[groups.length - 1];
    if (current === undefined || current.symbol !== symbol) groups.push({ symbol, lines: [...pending, line] });
    else current.lines.push(...pending, line);
    pending = [];
    lastMatch = line;
  }
  const last = groups[groups.length - 1];
  if (last !== undefined) last.lines.push(...pending);
  return { file, groups };
}

/**
 * Ripgrep's lines per file, each match under the declaration that encloses it. `spansOf` gives a file's
 * declaration spans (empty for a file outside the graph); it is called once per file.
 */
export function groupHits(
  lines: readonly RipgrepLine[],
  spansOf: (file: string) => readonly SpanRow[],
  context: number,
): FileHits[] {
  const byFile = new Map<string, RipgrepLine[]>();
  for (const line of lines) {
    const list = byFile.get(line.file);
    if (list === undefined) byFile.set(line.file, [line]);
    else list.push(line);
  }
  return [...byFile].map(([file, fileLines]) => groupOf(file, fileLines, spansOf(file), context));
}

export interface SearchAnswer {
  readonly pattern: string;
  readonly literal: boolean;
  readonly hits: readonly FileHits[];
  readonly matches: number;
  readonly truncated: boolean;
  readonly timedOut: boolean;
  readonly limit: number;
  readonly warnings: readonly string[];
  /** The filters left no file to search; `glob` and `paths` are what the call asked for. */
  readonly noFilesSearched: boolean;
  readonly glob: readonly string[];
  readonly paths: readonly string[];
}

/** What a search that searched no file filtered by, as a sentence. */
function filtersApplied(answer: SearchAnswer): string {
  const asked = [
    ...(answer.glob.length > 0 ? [`glob ${answer.glob.map((glob) => JSON.stringify(echoed(glob))).join(", ")}`] : []),
    ...(answer.paths.length > 0
      ? [`paths ${answer.paths.map((entry) => JSON.stringify(echoed(entry))).join(", ")}`]
      : []),
  ];
  return `${asked.length > 0 ? `${asked.join(" and ")}, ` : ""}.gitignore, hidden and binary files, node_modules and .ts-graph (always skipped)`;
}

function clip(text: string): string {
  return text.length <= MAX_LINE_LENGTH ? text : `${text.slice(0, MAX_LINE_LENGTH - 1)}…`;
}

function symbolHeader(symbol: SpanRow | undefined): string {
  if (symbol === undefined) return "  (top level)";
  return `  in ${symbol.qualifiedName} (${symbol.kind}, ${lineSpan(symbol.startLine, symbol.endLine)})`;
}

/** Per file, per enclosing declaration, `line: text` for matches and `line- text` for context, as grep prints them. */
export function formatSearchText(answer: SearchAnswer): string {
  const what = answer.literal ? JSON.stringify(answer.pattern) : `/${answer.pattern}/`;
  if (answer.noFilesSearched)
    return `No file to search for ${what}: the filters leave none (${filtersApplied(answer)}).`;
  if (answer.matches === 0)
    return `No match for ${what}.${answer.warnings.length > 0 ? `\n${answer.warnings.join("\n")}` : ""}`;
  const files = plural(answer.hits.length, "file");
  const stop = answer.timedOut
    ? "; stopped by the time limit, results are partial"
    : answer.truncated
      ? `; stopped at ${answer.limit}: narrow with glob or paths, or raise limit`
      : "";
  const lines = [`${plural(answer.matches, "match", "matches")} in ${files} for ${what}${stop}:`];
  for (const { file, groups } of answer.hits) {
    lines.push(file);
    for (const group of groups) {
      lines.push(symbolHeader(group.symbol));
      for (const line of group.lines) lines.push(`    ${line.line}${line.isMatch ? ":" : "-"} ${clip(line.text)}`);
    }
  }
  if (answer.warnings.length > 0)
    lines.push(`warnings:\n${answer.warnings.map((warning) => `  ${warning}`).join("\n")}`);
  return lines.join("\n");
}

export function searchStructured(answer: SearchAnswer): Record<string, unknown> {
  const symbolOf = (symbol: SpanRow | undefined) =>
    symbol === undefined
      ? null
      : { name: symbol.qualifiedName, kind: symbol.kind, startLine: symbol.startLine, endLine: symbol.endLine };
  return {
    pattern: answer.pattern,
    literal: answer.literal,
    matchCount: answer.matches,
    truncated: answer.truncated,
    matches: answer.hits.flatMap(({ file, groups }) =>
      groups.flatMap((group) =>
        group.lines
          .filter((line) => line.isMatch)
          .map((line) => ({
            file,
            line: line.line,
            column: line.column,
            text: clip(line.text),
            symbol: symbolOf(group.symbol),
          })),
      ),
    ),
    contextLines: answer.hits.flatMap(({ file, groups }) =>
      groups.flatMap((group) =>
        group.lines.filter((line) => !line.isMatch).map((line) => ({ file, line: line.line, text: clip(line.text) })),
      ),
    ),
    ...(answer.warnings.length > 0 ? { warnings: answer.warnings } : {}),
    ...(answer.noFilesSearched ? { noFilesSearched: true, filters: { glob: answer.glob, paths: answer.paths } } : {}),
  };
}

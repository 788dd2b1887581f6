import fs from "node:fs";
import path from "node:path";
import { readConsistently } from "../../db/read-transaction.js";
import { perDatabase } from "../per-database.js";
import { testFilesOf } from "../workspace/test-files.js";
import type { ToolContext, ToolResult } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import type { ValidatedPath } from "../inputs/path-validator.js";
import {
  folderOf,
  graphPathOf,
  isSourcePath,
  MAX_LINE_SCAN_BYTES,
  readCappedText,
  readLineSpan,
} from "../workspace/workspace-files.js";
import { formatCount } from "../../model/kind-counts.js";
import { createIgnoreCheck } from "../workspace/workspace-walk.js";
import {
  formatFileOutline,
  formatFileText,
  formatFolderZoom,
  formatLines,
  type LevelOneAdds,
  linesOutcome,
  type LinesView,
} from "./format.js";
import { declarationsAround, linesThatFit, parseLineRange, rangeText } from "./line-range.js";
import {
  type FileOutline,
  fileOutline,
  folderZoom,
  type OutlineLevel,
  type OutlineSymbol,
  mayListTypeAliasMembers,
  withTypeAliasMembers,
} from "./outline.js";
import { createOutlineQueries } from "./query.js";
import { plural } from "../answer/text.js";
import type { ZoomInput } from "./handler.js";

/** Overlapping declarations a line range's header names at most (enclosing ones are always named). */
const MAX_RANGE_DECLARATIONS = 30;

const queriesOf = perDatabase(createOutlineQueries);

/** zoom's answer (handler.ts loads this module on the tool's first call). */
export async function runZoom(input: ZoomInput, context: ToolContext): Promise<ToolResult> {
  const validated = context.paths.validate(input.path, { forRead: true });
  const shownAs = validated.relative === "" ? "." : validated.relative;
  const stat = fs.statSync(validated.absolute);
  const ignored = input.includeIgnored ? undefined : createIgnoreCheck(validated.root);
  if (ignored !== undefined && validated.relative !== "" && ignored(validated.relative, stat.isDirectory())) {
    throw new ToolInputError(
      `${shownAs} is ignored by .gitignore; zoom shows it with includeIgnored: true (CLI --include-ignored).`,
      {
        ignored: shownAs,
      },
    );
  }
  if (input.lines !== undefined) {
    if (stat.isDirectory()) {
      throw new ToolInputError(
        `${shownAs} is a folder; lines reads one file. Give a file's path, or zoom the folder at level 0 or 1.`,
      );
    }
    if (stat.isFile()) return readLines(input, input.lines, context, validated, shownAs);
  }
  if (stat.isDirectory()) return zoomFolder(input, context, validated.absolute, shownAs, ignored);
  if (!stat.isFile()) throw new ToolInputError(`${shownAs} is neither a file nor a folder.`);
  return input.level === 2
    ? readText(input, validated, shownAs)
    : zoomFile(input, context, validated.absolute, shownAs);
}

function readText(input: ZoomInput, validated: ValidatedPath, shownAs: string): ToolResult {
  const { text, totalBytes, omittedBytes } = readCappedText(
    validated.absolute,
    validated.root,
    input.maxBytes,
    shownAs,
  );
  return {
    text: formatFileText(shownAs, text, totalBytes, omittedBytes),
    structured: { path: shownAs, level: 2, text, totalBytes, truncated: omittedBytes > 0, omittedBytes },
  };
}

async function readLines(
  input: ZoomInput,
  lines: string,
  context: ToolContext,
  validated: ValidatedPath,
  shownAs: string,
): Promise<ToolResult> {
  const asked = parseLineRange(lines);
  const graphPath = graphPathOf(context.root, validated.absolute);
  const source = graphPath !== undefined && isSourcePath(graphPath) ? graphPath : undefined;
  if (source !== undefined) await context.ensureFresh([validated.absolute]);
  const span = readLineSpan(validated.absolute, validated.root, asked.from, asked.to, input.maxBytes, shownAs);
  if (asked.from > span.totalLines && span.countStopped) {
    throw new ToolInputError(
      `lines "${lines}" starts past the first ${formatCount(MAX_LINE_SCAN_BYTES)} bytes of ${shownAs} (${span.totalLines} lines), which is as far as zoom reads lines; zoom level 2 or search shows the file's start.`,
      { totalLines: span.totalLines },
    );
  }
  if (span.totalLines === 0)
    throw new ToolInputError(`${shownAs} is empty: it has no lines to read.`, { totalLines: 0 });
  if (asked.from > span.totalLines) {
    throw new ToolInputError(
      `${shownAs} has ${plural(span.totalLines, "line")}; lines "${lines}" starts after its end. Give a range that starts within 1-${span.totalLines}.`,
      { totalLines: span.totalLines },
    );
  }
  const shown = span.lines.slice(0, linesThatFit(span.lines, asked.from, input.maxBytes));
  const to = asked.from + shown.length - 1;
  const rows =
    source === undefined ? [] : readConsistently(context.db, () => queriesOf(context.db).declarationsOf(source));
  const around = declarationsAround(rows, asked.from, to, MAX_RANGE_DECLARATIONS);
  const view: LinesView = {
    path: shownAs,
    asked,
    totalLines: span.totalLines,
    from: asked.from,
    lines: shown,
    lineCut: span.lineCut,
    countStopped: span.countStopped,
    declarations: around.declarations,
    omittedDeclarations: around.omitted,
  };
  const outcome = linesOutcome(view);
  return {
    text: formatLines(view, input.maxBytes),
    structured: {
      level: 2,
      path: shownAs,
      from: asked.from,
      to,
      totalLines: span.totalLines,
      requested: rangeText(asked.from, asked.to),
      clamped: outcome.clamped,
      ...(span.countStopped ? { countStopped: true } : {}),
      truncated: outcome.next !== undefined || span.lineCut,
      ...(outcome.next === undefined ? {} : { next: outcome.next }),
      text: shown.join("\n"),
      declarations: around.declarations,
      omittedDeclarations: around.omitted,
    },
  };
}

function graphPathIn(context: ToolContext, absolute: string, shownAs: string): string {
  const graphPath = graphPathOf(context.root, absolute);
  if (graphPath === undefined) {
    throw new ToolInputError(
      `${shownAs} is outside the indexed root ${context.root}; zoom level 2 shows a file's text.`,
    );
  }
  return graphPath;
}

async function zoomFile(
  input: ZoomInput,
  context: ToolContext,
  absolute: string,
  shownAs: string,
): Promise<ToolResult> {
  const graphPath = graphPathIn(context, absolute, shownAs);
  if (!isSourcePath(graphPath)) {
    throw new ToolInputError(`${shownAs} is not a TypeScript or JavaScript source file; zoom level 2 shows its text.`);
  }
  await context.ensureFresh([absolute]);
  return readConsistently(context.db, () => outlineOfFile(input, context, graphPath, shownAs));
}

function outlineOfFile(input: ZoomInput, context: ToolContext, graphPath: string, shownAs: string): ToolResult {
  const queries = queriesOf(context.db);
  const file = queries.file(graphPath);
  if (file === undefined) {
    throw new ToolInputError(
      `${shownAs} is not in the graph: no project of this root includes it (tsconfig include/exclude, ts-graph.config.json). zoom level 2 shows its text.`,
    );
  }
  const level = input.level as OutlineLevel;
  // Every declaration is read: level 0 says whether its types have members, which level 1 shows.
  const read = fileOutline(file, queries.declarationsOf(graphPath), level, queries.exportNamesOf(graphPath));
  // An object type alias is written as its head (`type Options = {…}`), its members under it (level 1).
  const outline = { ...read, symbols: withAliasMembers(read.symbols, context, graphPath) };
  if (level === 0) return mapOfFile(outline, input.maxBytes);
  const formatted = formatFileOutline(outline, level, input.maxBytes);
  const symbols = outline.symbols.slice(0, formatted.shownSymbols);
  const reExports = formatted.truncated ? [] : outline.reExports;
  return {
    text: formatted.text,
    structured: { level, ...outline, symbols, reExports, truncated: formatted.truncated },
  };
}

/** Level 0, the map: one line per export, and what level 1 adds; the structured answer lists the same, members left out. */
function mapOfFile(outline: FileOutline, maxBytes: number): ToolResult {
  const adds: LevelOneAdds = {
    members: outline.symbols.some((symbol) => symbol.members.length > 0),
    docs: outline.symbols.some((symbol) => symbol.doc !== ""),
    notExported: outline.exportedTopLevel > 0 ? outline.topLevel - outline.exportedTopLevel : 0,
  };
  const map = {
    ...outline,
    symbols: outline.symbols.map(({ omittedMembers: _omitted, ...symbol }) => ({ ...symbol, members: [] })),
  };
  const formatted = formatFileOutline(map, 0, maxBytes, adds);
  const symbols = map.symbols.slice(0, formatted.shownSymbols);
  const reExports = formatted.truncated ? [] : map.reExports;
  return { text: formatted.text, structured: { level: 0, ...map, symbols, reExports, truncated: formatted.truncated } };
}

/** The file holds its own copy of a type alias's members only in its text: the text is read when an alias may have some. */
const MAX_ALIAS_SOURCE_BYTES = 8 * 1024 * 1024;

function mayHaveObjectAlias(symbols: readonly OutlineSymbol[]): boolean {
  return symbols.some((symbol) => mayListTypeAliasMembers(symbol) || mayHaveObjectAlias(symbol.members));
}

/**
 * The symbols with object type aliases' members (outline.ts withTypeAliasMembers), from the file's text; the file
 * was brought up to date before the graph was read. A text that cannot be read leaves the aliases on one line.
 */
function withAliasMembers(
  symbols: readonly OutlineSymbol[],
  context: ToolContext,
  graphPath: string,
): readonly OutlineSymbol[] {
  if (!mayHaveObjectAlias(symbols)) return symbols;
  let text: string;
  try {
    text = readCappedText(path.join(context.root, graphPath), context.root, MAX_ALIAS_SOURCE_BYTES, graphPath).text;
  } catch {
    return symbols;
  }
  return withTypeAliasMembers(symbols, graphPath, text.split("\n"));
}

type IgnoreCheck = ReturnType<typeof createIgnoreCheck>;

async function zoomFolder(
  input: ZoomInput,
  context: ToolContext,
  absolute: string,
  shownAs: string,
  ignored: IgnoreCheck | undefined,
): Promise<ToolResult> {
  if (input.level === 2)
    throw new ToolInputError(`${shownAs} is a folder; zoom level 2 reads one file. Zoom a folder at level 0 or 1.`);
  const dir = graphPathIn(context, absolute, shownAs);
  const queries = queriesOf(context.db);
  // Every indexed file under the folder: subfolders' counts are shown too. New files join at the next index run.
  await context.ensureFresh(queries.pathsIn(dir).map((file) => path.join(context.root, file)));
  const { isTest } = await testFilesOf(context.root);
  return readConsistently(context.db, () => outlineOfFolder(input, context, dir, { ignored, isTest }));
}

function outlineOfFolder(
  input: ZoomInput,
  context: ToolContext,
  dir: string,
  { ignored, isTest }: { ignored: IgnoreCheck | undefined; isTest: (file: string) => boolean },
): ToolResult {
  const queries = queriesOf(context.db);
  const level = input.level as OutlineLevel;
  const files = queries
    .filesIn(dir)
    .filter((file) => (input.tests || !isTest(file.path)) && ignored?.(file.path, false) !== true);
  const rows = input.recursive
    ? level === 0
      ? queries.exportedTopLevelIn(dir)
      : queries.declarationsIn(dir)
    : files
        .filter((file) => folderOf(file.path) === dir)
        .flatMap((file) => (level === 0 ? queries.exportedTopLevelOf(file.path) : queries.declarationsOf(file.path)));
  const zoom = folderZoom(dir, files, rows, level, input.recursive);
  const formatted = formatFolderZoom(zoom, level, input.maxBytes);
  const folders = zoom.folders.map((folder) => ({
    ...folder,
    outlines: folder.outlines.filter((outline) => formatted.shownFiles.has(outline.path)),
  }));
  return { text: formatted.text, structured: { level, ...zoom, folders, truncated: formatted.truncated } };
}

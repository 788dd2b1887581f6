import fs from "node:fs";
import path from "node:path";
import { z } from "../../vendor/zod.js";
import { pathString } from "../input-limits.js";
import { readConsistently } from "../../db/read-transaction.js";
import { perDatabase } from "../per-database.js";
import { defineTool, type ToolContext, type ToolResult } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import type { ValidatedPath } from "../path-validator.js";
import { folderOf, graphPathOf, isSourcePath, isTestPath, readCappedText } from "../workspace-files.js";
import { createIgnoreCheck } from "../workspace-walk.js";
import { formatFileOutline, formatFileText, formatFolderZoom } from "./format.js";
import { fileOutline, folderZoom, type OutlineLevel } from "./outline.js";
import { createOutlineQueries } from "./query.js";
import { objects } from "../answer-schema.js";

/** The zoom answer: a file's text (level 2), a file's outline, or a folder's, as the handler builds them. */
const zoomAnswer = z.looseObject({
  level: z.number(),
  path: z.string(),
  truncated: z.boolean(),
  text: z.string().optional(),
  totalBytes: z.number().optional(),
  omittedBytes: z.number().optional(),
  lines: z.number().optional(),
  topLevel: z.number().optional(),
  exportedTopLevel: z.number().optional(),
  symbols: objects.optional(),
  recursive: z.boolean().optional(),
  folders: objects.optional(),
  subfolders: objects.optional(),
});

const queriesOf = perDatabase(createOutlineQueries);

const inputShape = {
  path: pathString().default(".").describe("file or folder, relative to the root"),
  level: z.number().int().min(0).max(2).default(0).describe("0 exported symbols, 1 all symbols, 2 the file's text"),
  recursive: z.boolean().default(false).describe("folder: list every subfolder's files too"),
  tests: z.boolean().default(false).describe("folder: include test files (*.test.*, *.spec.*, and files under __tests__/, test/ or tests/)"),
  maxBytes: z.number().int().min(1_000).max(10_000_000).default(100_000).describe("cap on the answer's size in bytes"),
  includeIgnored: z.boolean().default(false).describe("show a file or folder that .gitignore hides (never ts-graph's own database)"),
};

type ZoomInput = z.infer<z.ZodObject<typeof inputShape>>;

export const zoomTool = defineTool({
  name: "zoom",
  description:
    "Shows the shape of a file or folder from the code graph, at three levels of detail.\n" +
    "Use it instead of reading whole files. Level 0: exported declarations with one-line signatures, line ranges " +
    "and doc summaries, with the other names the file exports a declaration as (`export { Impl as Public }`, " +
    "`export default`) and what it re-exports under which name from where. Level 1: every declaration, class and interface members nested. Level 2: the file's text " +
    "(capped). On a folder: level 0 (or 1) of every indexed source file in it, tests left out unless asked, files " +
    "without exports omitted, a summary line per folder; subfolders only summed up unless recursive. A file " +
    "changed since it was indexed is re-indexed first.",
  inputShape,
  positional: ["path"],
  answer: zoomAnswer,
  annotations: { title: "Zoom into a file or folder", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(input, context) {
    const validated = context.paths.validate(input.path, { forRead: true });
    const shownAs = validated.relative === "" ? "." : validated.relative;
    const stat = fs.statSync(validated.absolute);
    const ignored = input.includeIgnored ? undefined : createIgnoreCheck(validated.root);
    if (ignored !== undefined && validated.relative !== "" && ignored(validated.relative, stat.isDirectory())) {
      throw new ToolInputError(`${shownAs} is ignored by .gitignore; zoom shows it with includeIgnored: true (CLI --include-ignored).`, {
        ignored: shownAs,
      });
    }
    if (stat.isDirectory()) return zoomFolder(input, context, validated.absolute, shownAs, ignored);
    if (!stat.isFile()) throw new ToolInputError(`${shownAs} is neither a file nor a folder.`);
    return input.level === 2 ? readText(input, validated, shownAs) : zoomFile(input, context, validated.absolute, shownAs);
  },
});

function readText(input: ZoomInput, validated: ValidatedPath, shownAs: string): ToolResult {
  const { text, totalBytes, omittedBytes } = readCappedText(validated.absolute, validated.root, input.maxBytes, shownAs);
  return {
    text: formatFileText(shownAs, text, totalBytes, omittedBytes),
    structured: { path: shownAs, level: 2, text, totalBytes, truncated: omittedBytes > 0, omittedBytes },
  };
}

function graphPathIn(context: ToolContext, absolute: string, shownAs: string): string {
  const graphPath = graphPathOf(context.root, absolute);
  if (graphPath === undefined) {
    throw new ToolInputError(`${shownAs} is outside the indexed root ${context.root}; zoom level 2 shows a file's text.`);
  }
  return graphPath;
}

async function zoomFile(input: ZoomInput, context: ToolContext, absolute: string, shownAs: string): Promise<ToolResult> {
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
  const rows = level === 0 ? queries.exportedTopLevelOf(graphPath) : queries.declarationsOf(graphPath);
  const outline = fileOutline(file, rows, level, queries.exportNamesOf(graphPath));
  const formatted = formatFileOutline(outline, level, input.maxBytes);
  const symbols = outline.symbols.slice(0, formatted.shownSymbols);
  const reExports = formatted.truncated ? [] : outline.reExports;
  return { text: formatted.text, structured: { level, ...outline, symbols, reExports, truncated: formatted.truncated } };
}

type IgnoreCheck = ReturnType<typeof createIgnoreCheck>;

async function zoomFolder(
  input: ZoomInput,
  context: ToolContext,
  absolute: string,
  shownAs: string,
  ignored: IgnoreCheck | undefined,
): Promise<ToolResult> {
  if (input.level === 2) throw new ToolInputError(`${shownAs} is a folder; zoom level 2 reads one file. Zoom a folder at level 0 or 1.`);
  const dir = graphPathIn(context, absolute, shownAs);
  const queries = queriesOf(context.db);
  // Every indexed file under the folder: subfolders' counts are shown too. New files join at the next index run.
  await context.ensureFresh(queries.pathsIn(dir).map((file) => path.join(context.root, file)));
  return readConsistently(context.db, () => outlineOfFolder(input, context, dir, ignored));
}

function outlineOfFolder(input: ZoomInput, context: ToolContext, dir: string, ignored: IgnoreCheck | undefined): ToolResult {
  const queries = queriesOf(context.db);
  const level = input.level as OutlineLevel;
  const files = queries.filesIn(dir).filter((file) => (input.tests || !isTestPath(file.path)) && ignored?.(file.path, false) !== true);
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

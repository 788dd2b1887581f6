import type { ToolResult } from "../tool-contract.js";
import fs from "node:fs";
import path from "node:path";
import { perDatabase } from "../per-database.js";
import type { ToolContext } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import { graphPathOf, isBinaryFile } from "../workspace/workspace-files.js";
import { stillResolvesToItself } from "../workspace/open-inside.js";
import { formatSearchText, groupHits, searchStructured } from "./format.js";
import { createSpanQueries } from "./query.js";
import { runRipgrep } from "./ripgrep.js";
import type { SearchInput } from "./handler.js";

const queriesOf = perDatabase(createSpanQueries);

const TIMEOUT_MS = 30_000;

interface SearchablePath {
  /** Canonical absolute path, as validated. */
  readonly absolute: string;
  /** Relative to the root, as ripgrep is given it ("." for the root). */
  readonly relative: string;
  readonly input: string;
}

/** A path to search: inside the indexed root, neither git's folder nor ts-graph's database, and not a binary file. */
function searchablePath(input: string, context: ToolContext): SearchablePath {
  const validated = context.paths.validate(input, { forRead: true });
  const relative = graphPathOf(context.root, validated.absolute);
  if (relative === undefined) throw new ToolInputError(`${input} is outside the indexed root ${context.root}.`);
  if (fs.statSync(validated.absolute).isFile() && isBinaryFile(validated.absolute, validated.root, input)) {
    throw new ToolInputError(`${input} is a binary file; search reads text files only.`);
  }
  return { absolute: validated.absolute, relative: relative === "" ? "." : relative, input };
}

/**
 * ripgrep follows a symbolic link named on its command line (with or without --follow), so each path given is
 * checked to still resolve to itself (no component swapped for a link since it was validated) right before
 * ripgrep starts and again after it ends; an answer read through such a link is refused.
 */
function refuseMovedPaths(paths: readonly SearchablePath[]): void {
  const moved = paths.find((entry) => !stillResolvesToItself(entry.absolute));
  if (moved !== undefined) {
    throw new ToolInputError(
      `${moved.input} changed while it was being searched: a symbolic link now stands in its path, so the answer is withheld. Give the real path inside the root.`,
    );
  }
}

/** ripgrep globs that keep it out of git's folder and ts-graph's database wherever --db puts it in the root. */
function ownFilesExcluded(context: ToolContext): string[] {
  const database = graphPathOf(context.root, context.dbPath);
  return [
    "!.git",
    "!.ts-graph",
    ...(database === undefined || database.startsWith(".ts-graph/") ? [] : [`!/${database}`, `!/${database}-*`]),
  ];
}

/** search's answer, with ripgrep where findRipgrep finds it (handler.ts loads this module on the tool's first call). */
export async function runSearch(
  findRipgrep: () => Promise<string>,
  input: SearchInput,
  context: ToolContext,
): Promise<ToolResult> {
  const paths = input.paths.map((entry) => searchablePath(entry, context));
  const rgPath = await findRipgrep();
  refuseMovedPaths(paths);
  const result = await runRipgrep(rgPath, {
    cwd: context.root,
    pattern: input.pattern,
    literal: input.literal,
    ignoreCase: input.ignoreCase,
    globs: [...input.glob, ...ownFilesExcluded(context)],
    paths: paths.map((entry) => entry.relative),
    context: input.context,
    maxMatches: input.limit,
    timeoutMs: TIMEOUT_MS,
  });
  refuseMovedPaths(paths);
  // ripgrep prints ./file when given "." as a path.
  const lines = result.lines.map((line) => ({ ...line, file: line.file.replace(/^\.\//, "") }));
  const queries = queriesOf(context.db);
  // Indexed files with matches are brought up to date; the others have no declarations to name.
  const indexed = [...new Set(lines.map((line) => line.file))].filter(queries.isIndexed);
  await context.ensureFresh(indexed.map((file) => path.join(context.root, file)));
  const answer = {
    pattern: input.pattern,
    literal: input.literal,
    hits: groupHits(lines, queries.spansOf, input.context),
    matches: lines.filter((line) => line.isMatch).length,
    truncated: result.truncated,
    timedOut: result.timedOut,
    limit: input.limit,
    warnings: result.warnings,
    noFilesSearched: result.noFilesSearched,
    glob: input.glob,
    paths: input.paths,
  };
  return { text: formatSearchText(answer), structured: searchStructured(answer) };
}

import type { ToolResult } from "../tool-contract.js";
import fs from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { perDatabase } from "../per-database.js";
import type { ToolContext } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import { folderOf, graphPathOf, isSourcePath } from "../workspace/workspace-files.js";
import { walkWorkspace, type WalkEntry } from "../workspace/workspace-walk.js";
import { formatListText, listStructured, type ListedEntry } from "./format.js";
import { createCountQueries } from "./query.js";
import type { ListInput } from "./handler.js";

const queriesOf = perDatabase(createCountQueries);

/** With a glob, at most this many entries are walked before filtering. */
const MAX_WALKED_ENTRIES = 50_000;

/** Files matching the glob (relative to the listed folder), and the folders that lead to them. */
function filterByGlob(entries: readonly WalkEntry[], dir: string, glob: string): WalkEntry[] {
  const matches = picomatch(glob, { dot: true });
  const files = new Set(
    entries.filter(
      (entry) => entry.type === "file" && matches(dir === "" ? entry.path : entry.path.slice(dir.length + 1)),
    ),
  );
  const folders = new Set<string>();
  for (const file of files)
    for (let folder = folderOf(file.path); folder.length > dir.length; folder = folderOf(folder)) folders.add(folder);
  return entries.filter((entry) => (entry.type === "file" ? files.has(entry) : folders.has(entry.path)));
}

/** Entries under the folder, with the graph's counts for source files, after bringing indexed ones up to date. */
async function withGraphCounts(
  entries: readonly WalkEntry[],
  dir: string,
  context: ToolContext,
): Promise<ListedEntry[]> {
  const queries = queriesOf(context.db);
  const indexed = new Set(queries.countsIn(dir).map((file) => file.path));
  const listedIndexed = entries.filter((entry) => entry.type === "file" && indexed.has(entry.path));
  await context.ensureFresh(listedIndexed.map((entry) => path.join(context.root, entry.path)));
  const counts = new Map(queries.countsIn(dir).map((file) => [file.path, file]));
  return entries.map((entry) =>
    entry.type === "file" && isSourcePath(entry.path) ? { ...entry, graph: counts.get(entry.path) ?? null } : entry,
  );
}

/** The graph database's files when --db puts them in the root under another name (never listed): its -wal, -shm, …. */
function ownDatabaseFiles(context: ToolContext): (relative: string) => boolean {
  const database = graphPathOf(context.root, context.dbPath);
  if (database === undefined) return () => false;
  return (relative) =>
    relative === database || relative.startsWith(`${database}-`) || relative.startsWith(`${database}.`);
}

/** list's answer (handler.ts loads this module on the tool's first call). */
export async function runList(input: ListInput, context: ToolContext): Promise<ToolResult> {
  const validated = context.paths.validate(input.path, { forRead: true });
  const shownAs = validated.relative === "" ? "." : validated.relative;
  if (!fs.statSync(validated.absolute).isDirectory())
    throw new ToolInputError(`${shownAs} is a file, not a folder; zoom shows a file.`);
  const dir = graphPathOf(context.root, validated.absolute);
  if (dir === undefined) throw new ToolInputError(`${shownAs} is outside the indexed root ${context.root}.`);
  const maxEntries = input.glob === undefined ? input.limit : MAX_WALKED_ENTRIES;
  const walk = walkWorkspace(context.root, dir, {
    recursive: input.recursive,
    maxEntries,
    hidden: ownDatabaseFiles(context),
  });
  const kept = input.glob === undefined ? [...walk.entries] : filterByGlob(walk.entries, dir, input.glob);
  const answer = {
    path: dir,
    recursive: input.recursive,
    glob: input.glob,
    entries: await withGraphCounts(kept.slice(0, input.limit), dir, context),
    truncated: walk.truncated || kept.length > input.limit,
  };
  return { text: formatListText(answer), structured: listStructured(answer) };
}

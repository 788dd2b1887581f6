import fs from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { z } from "../../vendor/zod.js";
import { globString, pathString } from "../input-limits.js";
import { perDatabase } from "../per-database.js";
import { defineTool, type ToolContext } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import { folderOf, graphPathOf, isSourcePath } from "../workspace-files.js";
import { walkWorkspace, type WalkEntry } from "../workspace-walk.js";
import { formatListText, listStructured, type ListedEntry } from "./format.js";
import { createCountQueries } from "./query.js";

/** The list answer (format.ts `listStructured`), declared as the tool's output schema. */
const listAnswer = z.looseObject({
  path: z.string(),
  recursive: z.boolean(),
  glob: z.string().optional(),
  entries: z.array(
    z.looseObject({
      path: z.string(),
      type: z.enum(["file", "folder"]),
      size: z.number().optional(),
      closed: z.string().optional(),
      indexed: z.boolean().optional(),
      symbols: z.number().optional(),
      exports: z.number().optional(),
    }),
  ),
  truncated: z.boolean(),
});

const queriesOf = perDatabase(createCountQueries);

/** With a glob, at most this many entries are walked before filtering. */
const MAX_WALKED_ENTRIES = 50_000;

/** Files matching the glob (relative to the listed folder), and the folders that lead to them. */
function filterByGlob(entries: readonly WalkEntry[], dir: string, glob: string): WalkEntry[] {
  const matches = picomatch(glob, { dot: true });
  const files = new Set(entries.filter((entry) => entry.type === "file" && matches(dir === "" ? entry.path : entry.path.slice(dir.length + 1))));
  const folders = new Set<string>();
  for (const file of files) for (let folder = folderOf(file.path); folder.length > dir.length; folder = folderOf(folder)) folders.add(folder);
  return entries.filter((entry) => (entry.type === "file" ? files.has(entry) : folders.has(entry.path)));
}

/** Entries under the folder, with the graph's counts for source files, after bringing indexed ones up to date. */
async function withGraphCounts(entries: readonly WalkEntry[], dir: string, context: ToolContext): Promise<ListedEntry[]> {
  const queries = queriesOf(context.db);
  const indexed = new Set(queries.countsIn(dir).map((file) => file.path));
  const listedIndexed = entries.filter((entry) => entry.type === "file" && indexed.has(entry.path));
  await context.ensureFresh(listedIndexed.map((entry) => path.join(context.root, entry.path)));
  const counts = new Map(queries.countsIn(dir).map((file) => [file.path, file]));
  return entries.map((entry) => (entry.type === "file" && isSourcePath(entry.path) ? { ...entry, graph: counts.get(entry.path) ?? null } : entry));
}

/** The graph database's files when --db puts them in the root under another name (never listed): its -wal, -shm, …. */
function ownDatabaseFiles(context: ToolContext): (relative: string) => boolean {
  const database = graphPathOf(context.root, context.dbPath);
  if (database === undefined) return () => false;
  return (relative) => relative === database || relative.startsWith(`${database}-`) || relative.startsWith(`${database}.`);
}

export const listTool = defineTool({
  name: "list",
  description:
    "Lists a folder honouring .gitignore, with file sizes and graph symbol counts.\n" +
    "Like ls, with the root's and nested .gitignore files applied: folders, files with their sizes, and for " +
    "source files the number of declarations and exports in the code graph (or 'not indexed'). recursive lists " +
    "the whole tree, glob keeps matching files. .git is never shown; node_modules and ts-graph's own .ts-graph " +
    "folder are shown but not entered.",
  inputShape: {
    path: pathString().default(".").describe("folder to list, relative to the root"),
    recursive: z.boolean().default(false).describe("list subfolders' content too"),
    glob: globString().optional().describe("only files matching this glob, relative to the folder (e.g. **/*.ts)"),
    limit: z.number().int().min(1).max(20_000).default(500).describe("at most this many entries"),
  },
  positional: ["path"],
  answer: listAnswer,
  annotations: { title: "List a folder", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(input, context) {
    const validated = context.paths.validate(input.path, { forRead: true });
    const shownAs = validated.relative === "" ? "." : validated.relative;
    if (!fs.statSync(validated.absolute).isDirectory()) throw new ToolInputError(`${shownAs} is a file, not a folder; zoom shows a file.`);
    const dir = graphPathOf(context.root, validated.absolute);
    if (dir === undefined) throw new ToolInputError(`${shownAs} is outside the indexed root ${context.root}.`);
    const maxEntries = input.glob === undefined ? input.limit : MAX_WALKED_ENTRIES;
    const walk = walkWorkspace(context.root, dir, { recursive: input.recursive, maxEntries, hidden: ownDatabaseFiles(context) });
    const kept = input.glob === undefined ? [...walk.entries] : filterByGlob(walk.entries, dir, input.glob);
    const answer = {
      path: dir,
      recursive: input.recursive,
      glob: input.glob,
      entries: await withGraphCounts(kept.slice(0, input.limit), dir, context),
      truncated: walk.truncated || kept.length > input.limit,
    };
    return { text: formatListText(answer), structured: listStructured(answer) };
  },
});

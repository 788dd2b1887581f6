import { plural } from "../answer/text.js";
import type { WalkEntry } from "../workspace/workspace-walk.js";
import type { FileCounts } from "./query.js";

/** A listed entry with what the graph knows of it. */
export interface ListedEntry extends WalkEntry {
  /** Source files only: the graph's counts, or null when the file is not indexed. */
  readonly graph?: FileCounts | null;
}

export interface ListAnswer {
  /** The listed folder, relative to the root ("" for the root). */
  readonly path: string;
  readonly recursive: boolean;
  readonly glob: string | undefined;
  readonly entries: readonly ListedEntry[];
  /** The limit cut the listing short. */
  readonly truncated: boolean;
}

export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

function entryLine(entry: ListedEntry, base: string): string {
  const relative = base === "" ? entry.path : entry.path.slice(base.length + 1);
  const depth = relative.split("/").length - 1;
  const name = relative.slice(relative.lastIndexOf("/") + 1);
  const indent = "  ".repeat(depth);
  if (entry.type === "folder") return `${indent}${name}/${entry.closed === undefined ? "" : `  (${entry.closed})`}`;
  const graph =
    entry.graph === undefined
      ? ""
      : entry.graph === null
        ? "  not indexed"
        : `  ${plural(entry.graph.symbols, "symbol")}, ${entry.graph.exports} exported`;
  return `${indent}${name}  ${humanSize(entry.size)}${graph}`;
}

/** A header, then one line per entry indented by depth: folders end in `/`, files show size and graph counts. */
export function formatListText(answer: ListAnswer): string {
  const files = answer.entries.filter((entry) => entry.type === "file").length;
  const folders = answer.entries.length - files;
  const label = answer.path === "" ? "./" : `${answer.path}/`;
  const how = [answer.recursive ? "recursive" : "", answer.glob === undefined ? "" : `glob ${answer.glob}`].filter(
    (part) => part !== "",
  );
  const header = `${label}${how.length > 0 ? ` (${how.join(", ")})` : ""}: ${plural(folders, "folder")}, ${plural(files, "file")}`;
  const lines = [header, ...answer.entries.map((entry) => entryLine(entry, answer.path))];
  if (answer.entries.length === 0)
    lines.push(
      answer.glob === undefined ? "empty (or everything in it is ignored by .gitignore)" : "nothing matches the glob",
    );
  if (answer.truncated)
    lines.push(`… truncated after ${answer.entries.length} entries; list a subfolder, add a glob, or raise limit.`);
  return lines.join("\n");
}

export function listStructured(answer: ListAnswer): Record<string, unknown> {
  return {
    path: answer.path === "" ? "." : answer.path,
    recursive: answer.recursive,
    ...(answer.glob === undefined ? {} : { glob: answer.glob }),
    entries: answer.entries.map((entry) => ({
      path: entry.path,
      type: entry.type,
      ...(entry.type === "file" ? { size: entry.size } : {}),
      ...(entry.closed === undefined ? {} : { closed: entry.closed }),
      ...(entry.graph === undefined
        ? {}
        : entry.graph === null
          ? { indexed: false }
          : { indexed: true, symbols: entry.graph.symbols, exports: entry.graph.exports }),
    })),
    truncated: answer.truncated,
  };
}

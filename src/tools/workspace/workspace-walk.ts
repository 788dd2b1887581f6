import fs from "node:fs";
import path from "node:path";
import { type IgnoreFile, isIgnored, readIgnoreFile } from "../../config/gitignore-rules.js";
import { stillResolvesToItself } from "./open-inside.js";
import { isInside } from "../inputs/path-validator.js";
import { ToolInputError } from "../tool-errors.js";

/** A folder shown but never entered, and why. */
const CLOSED_FOLDERS: Readonly<Record<string, string>> = {
  ".ts-graph": "ts-graph's database",
  node_modules: "dependencies, not indexed",
};
/** Never shown. */
const HIDDEN = new Set([".git"]);

export interface WalkEntry {
  /** Relative to the root, `/`-separated. */
  readonly path: string;
  readonly type: "file" | "folder";
  /** Bytes, for a file. */
  readonly size: number;
  /** Why a folder is not entered (ts-graph's database, dependencies, a symbolic link). */
  readonly closed?: string;
}

export interface WalkOptions {
  readonly recursive: boolean;
  /** Stop after this many entries. */
  readonly maxEntries: number;
  /** Entries never shown besides `.git` (relative paths): the graph database when --db puts it in the root. */
  readonly hidden?: (relative: string) => boolean;
}

export interface WalkResult {
  readonly entries: readonly WalkEntry[];
  /** True when maxEntries stopped the walk. */
  readonly truncated: boolean;
}

/** The .gitignore files of the folders above `dir`, from the root down (dir's own is read by the walk). */
function ignoreFilesAbove(root: string, dir: string): IgnoreFile[] {
  if (dir === "") return [];
  const parts = dir.split("/");
  const bases = parts.map((_, index) => parts.slice(0, index).join("/"));
  return bases.map((base) => readIgnoreFile(root, base)).filter((file): file is IgnoreFile => file !== undefined);
}

/** Whether a symbolic link leads to a file or folder inside the root that is not the link's own folder or one above it. */
function linkStaysInside(root: string, link: string): boolean {
  let real: string;
  try {
    real = fs.realpathSync.native(link);
  } catch {
    return false;
  }
  return isInside(root, real) && !isInside(real, path.dirname(link));
}

/**
 * Whether git would ignore a path under the root (relative, '/'-separated, not ""): a .gitignore from the root
 * down to its folder ignores it, or one of the folders above it is ignored (git never looks inside those).
 * The returned check reads each folder's .gitignore once.
 */
export function createIgnoreCheck(root: string): (relative: string, isFolder: boolean) => boolean {
  const read = new Map<string, IgnoreFile | undefined>();
  const ignoreFileOf = (base: string): IgnoreFile | undefined => {
    if (!read.has(base)) read.set(base, readIgnoreFile(root, base));
    return read.get(base);
  };
  return (relative, isFolder) => {
    const parts = relative.split("/");
    const rules: IgnoreFile[] = [];
    for (const [index, part] of parts.entries()) {
      const base = parts.slice(0, index).join("/");
      const own = ignoreFileOf(base);
      if (own !== undefined) rules.push(own);
      const isLast = index === parts.length - 1;
      if (isIgnored(rules, base === "" ? part : `${base}/${part}`, isLast ? isFolder : true)) return true;
    }
    return false;
  };
}

/**
 * A folder's entries, sorted; refused when the folder (or one above it) is a symbolic link before or after the
 * read: swapped in after the path was validated, it would show a folder outside the root (open-inside.ts).
 */
function readFolderInside(root: string, folder: string): fs.Dirent[] {
  const absolute = path.join(root, folder);
  const moved = (): ToolInputError =>
    new ToolInputError(
      `${folder === "" ? "." : folder} changed while it was being listed: a symbolic link now stands in its path, so nothing is shown. Give the real path inside the root.`,
    );
  if (!stillResolvesToItself(absolute)) throw moved();
  const dirents = fs.readdirSync(absolute, { withFileTypes: true }).sort(byTypeThenName);
  if (!stillResolvesToItself(absolute)) throw moved();
  return dirents;
}

function byTypeThenName(a: fs.Dirent, b: fs.Dirent): number {
  const folderFirst = Number(b.isDirectory()) - Number(a.isDirectory());
  return folderFirst !== 0 ? folderFirst : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * The entries under `dir` (relative to root) that git would not ignore: the root's and nested .gitignore
 * files apply (read with the `ignore` package); `.git` is never shown; ts-graph's `.ts-graph` folder and
 * `node_modules` are shown but never entered. Folders come before files, each sorted by name; a recursive
 * walk lists a folder's content right after it.
 */
export function walkWorkspace(root: string, dir: string, options: WalkOptions): WalkResult {
  const entries: WalkEntry[] = [];
  let truncated = false;

  function visit(folder: string, ignoreFiles: readonly IgnoreFile[]): void {
    const own = readIgnoreFile(root, folder);
    const rules = own === undefined ? ignoreFiles : [...ignoreFiles, own];
    const dirents = readFolderInside(root, folder);
    for (const dirent of dirents) {
      if (truncated) return;
      if (HIDDEN.has(dirent.name)) continue;
      const relative = folder === "" ? dirent.name : `${folder}/${dirent.name}`;
      if (options.hidden?.(relative) === true) continue;
      const absolute = path.join(root, relative);
      // A link is shown only when it stays inside the root: never a loop, a dangling link, or a way out.
      if (dirent.isSymbolicLink() && !linkStaysInside(root, absolute)) continue;
      const stat = dirent.isSymbolicLink() ? fs.statSync(absolute) : undefined;
      const isFolder = dirent.isDirectory() || stat?.isDirectory() === true;
      if (!isFolder && !dirent.isFile() && stat?.isFile() !== true) continue;
      if (isIgnored(rules, relative, isFolder)) continue;
      if (entries.length >= options.maxEntries) {
        truncated = true;
        return;
      }
      if (!isFolder) {
        entries.push({ path: relative, type: "file", size: (stat ?? fs.statSync(absolute)).size });
        continue;
      }
      const closed =
        CLOSED_FOLDERS[dirent.name] ?? (dirent.isSymbolicLink() ? "symbolic link, not followed" : undefined);
      entries.push(
        closed === undefined
          ? { path: relative, type: "folder", size: 0 }
          : { path: relative, type: "folder", size: 0, closed },
      );
      if (options.recursive && closed === undefined) visit(relative, rules);
    }
  }

  visit(dir, ignoreFilesAbove(root, dir));
  return { entries, truncated };
}

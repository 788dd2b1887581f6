import fs from "node:fs";
import path from "node:path";
import { echoed } from "../answer/text.js";
import { ToolInputError } from "../tool-errors.js";
import { formatCount } from "../../model/kind-counts.js";

/** A path that passed the validator. */
export interface ValidatedPath {
  /** Canonical absolute path (symlinks resolved; for a path that does not exist yet, its nearest existing parent's). */
  readonly absolute: string;
  /** The root it lies in (canonical). */
  readonly root: string;
  /** Relative to that root, with forward slashes ("" for the root itself). */
  readonly relative: string;
  readonly exists: boolean;
}

export interface PathRequest {
  /** The path must exist (default true). */
  readonly mustExist?: boolean;
  /** The tool will write to it: ts-graph's own config and database are refused (default false). */
  readonly forWrite?: boolean;
  /**
   * The tool will read it or list it: git's folder (`.git`, whose config may hold tokens in remote URLs) and
   * ts-graph's own database folder and files (the configured --db too) are refused (default false).
   */
  readonly forRead?: boolean;
}

/** Names under any root that no tool may write: ts-graph's database folder and its configuration. */
const DATABASE_FOLDER = ".ts-graph";
const PROTECTED_NAMES = [DATABASE_FOLDER, "ts-graph.config.json"];
/** Git's folder: no tool reads or lists it (its config may hold credentials in remote URLs). */
const GIT_FOLDER = ".git";

export interface PathValidator {
  readonly roots: readonly string[];
  /**
   * Replaces the roots (MCP roots/list) and, when given, the extra protected files (their databases).
   * Each root is canonicalized; roots that do not exist are dropped and returned.
   */
  setRoots(roots: readonly string[], extraProtected?: readonly string[]): { readonly dropped: readonly string[] };
  /**
   * Canonicalizes `input` (absolute, or relative to the first root) and checks that it lies inside a root.
   * Throws ToolInputError with what to do otherwise.
   */
  validate(input: string, request?: PathRequest): ValidatedPath;
}

/** Whether `child` is `parent` or lies under it (both absolute and canonical). */
export function isInside(parent: string, child: string): boolean {
  if (child === parent) return true;
  const withSep = parent.endsWith(path.sep) ? parent : parent + path.sep;
  return child.startsWith(withSep);
}

/** realpath of the nearest existing ancestor, with the missing tail appended. */
function canonicalize(absolute: string): { readonly canonical: string; readonly exists: boolean } {
  let existing = absolute;
  const tail: string[] = [];
  for (;;) {
    try {
      const real = fs.realpathSync.native(existing);
      return { canonical: tail.length === 0 ? real : path.join(real, ...tail.reverse()), exists: tail.length === 0 };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENAMETOOLONG")
        throw new ToolInputError(
          `The path is longer than the file system allows (${formatCount(absolute.length)} characters).`,
        );
      if (code === "ELOOP")
        throw new ToolInputError(`${echoed(absolute)} goes through a symbolic link loop; give the real path.`);
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
      const parent = path.dirname(existing);
      if (parent === existing) return { canonical: absolute, exists: false };
      // A dangling symlink is not a missing file: refuse to write through it.
      if (fs.lstatSync(existing, { throwIfNoEntry: false })?.isSymbolicLink() === true) {
        throw new ToolInputError(
          `${echoed(absolute)} is a symbolic link whose target does not exist; give the real path.`,
        );
      }
      tail.push(path.basename(existing));
      existing = parent;
    }
  }
}

function canonicalRoots(roots: readonly string[]): { readonly kept: string[]; readonly dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const root of roots) {
    try {
      const real = fs.realpathSync.native(path.resolve(root));
      if (fs.statSync(real).isDirectory() && !kept.includes(real)) kept.push(real);
      else if (!kept.includes(real)) dropped.push(root);
    } catch {
      dropped.push(root);
    }
  }
  return { kept, dropped };
}

/** The one guard every tool path goes through. `extraProtected` adds files no tool may write (a --db outside the root). */
export function createPathValidator(roots: readonly string[], extraProtected: readonly string[] = []): PathValidator {
  let current = canonicalRoots(roots).kept;
  const canonicalFiles = (files: readonly string[]): string[] =>
    files.map((file) => canonicalize(path.resolve(file)).canonical);
  let protectedExtra = canonicalFiles(extraProtected);

  function isProtected(absolute: string, root: string): boolean {
    const relative = path.relative(root, absolute).split(path.sep);
    return relative.some((segment) => PROTECTED_NAMES.includes(segment)) || isOwnDatabase(absolute, root);
  }

  function isOwnDatabase(absolute: string, root: string): boolean {
    if (path.relative(root, absolute).split(path.sep).includes(DATABASE_FOLDER)) return true;
    // The database, its -wal/-shm/-checked files, a database being built beside it and one moved aside as damaged.
    return protectedExtra.some(
      (file) =>
        absolute === file ||
        absolute.startsWith(`${file}-`) ||
        absolute.startsWith(`${file}.building-`) ||
        absolute.startsWith(`${file}.corrupt-`) ||
        isInside(file, absolute),
    );
  }

  return {
    get roots() {
      return current;
    },
    setRoots(roots, extra) {
      const { kept, dropped } = canonicalRoots(roots);
      current = kept;
      if (extra !== undefined) protectedExtra = canonicalFiles(extra);
      return { dropped };
    },
    validate(input, request = {}) {
      const first = current[0];
      if (first === undefined)
        throw new ToolInputError(
          "No workspace root is set; start ts-graph with -r <root> or offer roots from the client.",
        );
      if (input.includes("\0")) throw new ToolInputError("The path contains a NUL character.");
      const resolved = path.resolve(first, input);
      const { canonical, exists } = canonicalize(resolved);
      const root = current.find((candidate) => isInside(candidate, canonical));
      if (root === undefined) {
        const viaLink = current.some((candidate) => isInside(candidate, resolved));
        throw new ToolInputError(
          viaLink
            ? // Where the link leads is not said: no answer names anything outside the roots.
              `${echoed(input)} leads outside the workspace through a symbolic link; only paths inside ${current.join(", ")} are allowed.`
            : `${echoed(input)} is outside the workspace; give a path inside ${current.join(", ")}.`,
        );
      }
      if ((request.mustExist ?? true) && !exists) {
        throw new ToolInputError(`${echoed(input)} does not exist (looked for ${echoed(canonical)}).`);
      }
      if (request.forWrite === true && isProtected(canonical, root)) {
        throw new ToolInputError(`${echoed(input)} is ts-graph's own database or configuration; no tool writes it.`);
      }
      if (request.forRead === true && isOwnDatabase(canonical, root)) {
        throw new ToolInputError(
          `${echoed(input)} is ts-graph's own database; the tools answer from it, none shows its bytes or lists its folder.`,
        );
      }
      if (request.forRead === true && path.relative(root, canonical).split(path.sep).includes(GIT_FOLDER)) {
        throw new ToolInputError(
          `${echoed(input)} is inside git's own folder (.git), which may hold credentials; no tool reads or lists it. Use git itself.`,
        );
      }
      return { absolute: canonical, root, relative: path.relative(root, canonical).split(path.sep).join("/"), exists };
    },
  };
}

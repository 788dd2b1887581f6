import fs from "node:fs";
import path from "node:path";
import ignore, { type Ignore } from "ignore";

/**
 * Git's ignore rules as the root's and nested `.gitignore` files give them (read with the `ignore` package):
 * shared by the `list` tool's walk and discovery's count of the files no tsconfig lists. Needs no TypeScript.
 */

export interface IgnoreFile {
  /** The folder the .gitignore is in, relative to the root ("" for the root). */
  readonly base: string;
  readonly rules: Ignore;
}

/** The .gitignore of a folder (relative to the root), or undefined when it has none or it cannot be read. */
export function readIgnoreFile(root: string, base: string): IgnoreFile | undefined {
  const file = path.join(root, base, ".gitignore");
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  return { base, rules: ignore().add(text) };
}

/** Whether the .gitignore files (from the root down) ignore a path: git's order, the deeper decides last, a `!pattern` re-includes. */
export function isIgnored(files: readonly IgnoreFile[], relative: string, isFolder: boolean): boolean {
  let ignored = false;
  for (const { base, rules } of files) {
    const inside = base === "" ? relative : relative.slice(base.length + 1);
    const result = rules.test(isFolder ? `${inside}/` : inside);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

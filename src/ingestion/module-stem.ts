import path from "node:path";

/**
 * Module paths without extensions, to tell which files an import specifier may resolve to without
 * resolving it: `src/lib.ts`, `src/lib/index.ts` and `src/lib.d.ts` all have the stem `src/lib`.
 * A specifier is turned into a *target*: a relative one into the stem it names from the importer's folder.
 * Any other (a package, a workspace package, a `paths` alias) may name any file: its target is
 * NON_RELATIVE, and the importer's own imports, as the last extraction resolved them, tell which.
 */

const MODULE_EXTENSION = /(?:\.d)?\.[cm]?[jt]sx?$/;
/** The target of a specifier that is not relative: which file it names is not known from its text. */
export const NON_RELATIVE = "…";

function withoutIndex(stem: string): string {
  return stem === "index" ? "" : stem.replace(/\/index$/, "");
}

/** The stem of a file's path relative to the root (`/` separators). */
export function moduleStem(relativePath: string): string {
  return withoutIndex(relativePath.replace(MODULE_EXTENSION, ""));
}

/** What a specifier written in the importer may name. */
export function specifierTarget(importerPath: string, specifier: string): string {
  const bare = withoutIndex(specifier.replace(MODULE_EXTENSION, ""));
  if (!bare.startsWith(".")) return NON_RELATIVE;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(importerPath), bare));
  return withoutIndex(joined === "." ? "" : joined);
}

/** Whether a specifier written in the importer may name the file: a relative one by stem, any other always. */
export function mayName(importerPath: string, specifier: string, filePath: string): boolean {
  const target = specifierTarget(importerPath, specifier);
  return target === NON_RELATIVE || target === moduleStem(filePath);
}

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

/**
 * Whether a specifier written in the importer may name a file that was just added, by its text alone: a
 * relative one when it names the file's stem or a folder above it (a folder's package.json may point
 * anywhere in it); any other when its last segment is the file's stem's last segment or one of the file's
 * folders (`@shared/money` → `shared/money.ts`, `@scope/core` → `packages/core/src/index.ts`). Conservative:
 * what module resolution against the files on disk may miss (a project reference's redirect to sources).
 */
export function mayNameAdded(importerPath: string, specifier: string, addedPath: string): boolean {
  const target = specifierTarget(importerPath, specifier);
  const stem = moduleStem(addedPath);
  if (target !== NON_RELATIVE) return target === stem || (target !== "" && stem.startsWith(`${target}/`));
  const last = withoutIndex(specifier.replace(MODULE_EXTENSION, "")).split("/").at(-1) ?? "";
  if (last === "") return false;
  return [...addedPath.split("/").slice(0, -1), stem.split("/").at(-1)].includes(last);
}

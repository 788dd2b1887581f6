import path from "node:path";

/**
 * Module paths without extensions, to tell which files an import specifier may resolve to without
 * resolving it: `src/lib.ts`, `src/lib/index.ts` and `src/lib.d.ts` all have the stem `src/lib`.
 * A specifier is turned into a *target*: a relative one into the stem it names from the importer's folder;
 * any other (a `paths` alias, a workspace package) into its last segment only, as `…/segment`. A file
 * answers to two targets: its stem, and `…/` with the stem's last segment.
 */

const MODULE_EXTENSION = /(?:\.d)?\.[cm]?[jt]sx?$/;
const ANY_FOLDER = "…/";

function withoutIndex(stem: string): string {
  return stem === "index" ? "" : stem.replace(/\/index$/, "");
}

function lastSegment(stem: string): string {
  return stem.slice(stem.lastIndexOf("/") + 1);
}

/** The stem of a file's path relative to the root (`/` separators). */
export function moduleStem(relativePath: string): string {
  return withoutIndex(relativePath.replace(MODULE_EXTENSION, ""));
}

/** What a specifier written in the importer may name. */
export function specifierTarget(importerPath: string, specifier: string): string {
  const bare = withoutIndex(specifier.replace(MODULE_EXTENSION, ""));
  if (!bare.startsWith(".")) return ANY_FOLDER + lastSegment(bare);
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(importerPath), bare));
  return withoutIndex(joined === "." ? "" : joined);
}

/** The targets a file answers to. */
export function fileTargets(relativePath: string): readonly [string, string] {
  const stem = moduleStem(relativePath);
  return [stem, ANY_FOLDER + lastSegment(stem)];
}

/** Whether a specifier written in the importer may name the file. */
export function mayName(importerPath: string, specifier: string, filePath: string): boolean {
  return fileTargets(filePath).includes(specifierTarget(importerPath, specifier));
}

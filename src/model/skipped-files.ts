/** What discovery leaves out so that nothing from outside a root is indexed, and nothing twice (docs/graph.md, Which files). */

/** What discovery left out, and why. Paths are relative to the root; no path outside the root is ever named. */
export interface SkippedFiles {
  /** Files listed (by a tsconfig, a glob or through a link) whose real path lies outside the root. */
  readonly outside: number;
  /** Files listed through a link inside the root: indexed under their real path, once. */
  readonly throughLinks: number;
  /** Symbolic links inside the root that lead outside it (sorted). */
  readonly outsideLinks: readonly string[];
  /** Symbolic links that loop, to themselves or to a folder above them (sorted). */
  readonly loops: readonly string[];
  /**
   * TypeScript files under the root that no tsconfig lists (not declaration files, nor hidden, nor ignored by
   * a .gitignore), counted by the indexer's discovery. Absent in older graphs and in other discoveries.
   */
  readonly unlisted?: number;
  /** The first of them (sorted). */
  readonly unlistedSample?: readonly string[];
}

export const NOTHING_SKIPPED: SkippedFiles = { outside: 0, throughLinks: 0, outsideLinks: [], loops: [] };

/** One line for a summary: what was skipped and why (counts, and the links inside the root). */
export function describeSkipped(skipped: SkippedFiles, maxListed = 5): string | undefined {
  const list = (paths: readonly string[]): string =>
    paths.length === 0
      ? ""
      : ` (${paths.slice(0, maxListed).join(", ")}${paths.length > maxListed ? `, … ${paths.length - maxListed} more` : ""})`;
  const parts: string[] = [];
  if (skipped.outside > 0)
    parts.push(`${skipped.outside} ${skipped.outside === 1 ? "file" : "files"} whose real path is outside the root`);
  if (skipped.outsideLinks.length > 0)
    parts.push(
      `${skipped.outsideLinks.length} symbolic ${skipped.outsideLinks.length === 1 ? "link" : "links"} leading outside the root${list(skipped.outsideLinks)}`,
    );
  if (skipped.loops.length > 0)
    parts.push(
      `${skipped.loops.length} symbolic link ${skipped.loops.length === 1 ? "loop" : "loops"}${list(skipped.loops)}`,
    );
  const unlisted = skipped.unlisted ?? 0;
  if (unlisted > 0) {
    const sample = skipped.unlistedSample ?? [];
    const shown = sample.slice(0, maxListed);
    const names =
      shown.length === 0
        ? ""
        : ` (${shown.join(", ")}${unlisted > shown.length ? `, … ${unlisted - shown.length} more` : ""})`;
    parts.push(`${unlisted} TypeScript ${unlisted === 1 ? "file" : "files"} that no tsconfig lists${names}`);
  }
  if (skipped.throughLinks > 0) {
    const files = skipped.throughLinks === 1 ? "file" : "files";
    parts.push(
      `${skipped.throughLinks} ${files} reached through a link inside the root (indexed once, under the real path)`,
    );
  }
  return parts.length === 0 ? undefined : parts.join("; ");
}

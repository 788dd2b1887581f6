import fs from "node:fs";
import path from "node:path";
import type { SkippedFiles } from "../model/skipped-files.js";
import { relativeTo } from "./project-paths.js";

/**
 * Nothing from outside the root is indexed, by construction: every file discovery lists is replaced by its
 * real path (symbolic links resolved), and a file whose real path lies outside the root is dropped. A file
 * listed twice (once through a link inside the root) is kept once, under its real path.
 */

/** Whether `child` is `parent` or lies under it (both absolute and canonical). */
export function isWithin(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** The real path of a file, or undefined when it cannot be resolved (missing, a dangling link, a loop). */
export function realPathOf(fileName: string): string | undefined {
  try {
    return fs.realpathSync.native(fileName);
  } catch {
    return undefined;
  }
}

/** What a symbolic link inside the root is: one to follow, a way out of the root, or a loop. */
function classifyLink(root: string, link: string): "inside" | "outside" | "loop" | "dangling" {
  let real: string;
  try {
    real = fs.realpathSync.native(link);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ELOOP" ? "loop" : "dangling";
  }
  if (!isWithin(root, real)) return "outside";
  // A link to the folder it is in, or to one above it, leads back to itself.
  return isWithin(real, path.dirname(link)) ? "loop" : "inside";
}

export interface ContainedFiles {
  /** Real paths inside the root, in the order first listed, each once. */
  readonly kept: readonly string[];
  /** Files listed whose real path lies outside the root. */
  readonly outside: number;
  /** Files listed through a link inside the root (kept under their real path, once). */
  readonly throughLinks: number;
}

/**
 * The real paths of `fileNames` that lie inside `root` (canonical), each once, in the order listed, leaving
 * out those in `alreadyKept` (kept earlier, by another project).
 */
export function containFiles(
  root: string,
  fileNames: readonly string[],
  alreadyKept: ReadonlySet<string> = new Set(),
): ContainedFiles {
  const kept: string[] = [];
  const seen = new Set<string>();
  let outside = 0;
  let throughLinks = 0;
  for (const fileName of fileNames) {
    // A listed file that cannot be resolved (missing, dangling) is kept as listed when it lies inside the
    // root: the scan reports it unreadable, and never reads through a link.
    const real = realPathOf(fileName) ?? (isWithin(root, fileName) ? fileName : undefined);
    if (real === undefined) continue;
    if (!isWithin(root, real)) {
      outside += 1;
      continue;
    }
    if (real !== fileName) throughLinks += 1;
    if (seen.has(real) || alreadyKept.has(real)) continue;
    seen.add(real);
    kept.push(real);
  }
  return { kept, outside, throughLinks };
}

export interface LinkReport {
  /** Notes a symbolic link found inside the root: it is reported if it leads outside or loops. */
  note(link: string): void;
  skipped(outside: number, throughLinks: number): SkippedFiles;
}

/** Collects the symbolic links a walk of the root's folders passed, to report the ones it did not follow. */
export function createLinkReport(root: string): LinkReport {
  const outsideLinks = new Set<string>();
  const loops = new Set<string>();
  return {
    note(link) {
      const kind = classifyLink(root, link);
      if (kind === "outside") outsideLinks.add(relativeTo(root, link));
      if (kind === "loop") loops.add(relativeTo(root, link));
    },
    skipped: (outside, throughLinks) => ({
      outside,
      throughLinks,
      outsideLinks: [...outsideLinks].sort(),
      loops: [...loops].sort(),
    }),
  };
}

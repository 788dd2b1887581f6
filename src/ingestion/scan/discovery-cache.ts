import fs from "node:fs";
import type { SkippedFiles } from "../../model/skipped-files.js";
import { absoluteFromRoot, rootRelativePath } from "./root-relative.js";

/**
 * What the last discovery found, with the stat of every path it depended on. While every one of those
 * paths stats the same, discovery would find the same projects and files, so a run can plan without
 * loading TypeScript; this is what keeps a run with nothing to do fast.
 */
export interface DiscoveryCache {
  /** Changes with ts-graph's version: a cache written by another version is never used. */
  readonly version: string;
  readonly fingerprint: string;
  readonly inputs: readonly InputStat[];
  readonly projects: readonly { readonly id: string; readonly files: readonly string[] }[];
  readonly warnings: readonly string[];
  /** Absent in a cache written before ts-graph reported what it skipped. */
  readonly skipped?: SkippedFiles;
}

/**
 * A path and its stat: `[path, mtimeMs, size]`, or `[path, null, null]` for a path that did not exist. The
 * path is relative to the root (`<root>/…`, root-relative.ts): in a checkout restored elsewhere the cache
 * stats that checkout's files, not those of the folder the graph was made in.
 */
export type InputStat = readonly [string, number | null, number | null];

export function statInput(absolute: string, root: string): InputStat {
  const stored = rootRelativePath(absolute, root);
  try {
    const stat = fs.statSync(absolute);
    return [stored, stat.mtimeMs, stat.isDirectory() ? 0 : stat.size];
  } catch {
    return [stored, null, null];
  }
}

export function isFresh(cache: DiscoveryCache, version: string, root: string): boolean {
  if (cache.version !== version) return false;
  return cache.inputs.every((input) => {
    const now = statInput(absoluteFromRoot(input[0], root), root);
    return now[1] === input[1] && now[2] === input[2];
  });
}

export function parseDiscoveryCache(text: string | undefined): DiscoveryCache | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as DiscoveryCache;
    return Array.isArray(value.inputs) && Array.isArray(value.projects) ? value : undefined;
  } catch {
    return undefined;
  }
}

import path from "node:path";

/** A relative path with forward slashes, as paths are stored and shown. */
function toPosix(relative: string): string {
  return relative.split(path.sep).join("/");
}

/** fileName relative to root, with forward slashes. */
export function relativeTo(root: string, fileName: string): string {
  return toPosix(path.relative(root, fileName));
}

/** Globs no discovery ever lists: dependencies, git metadata and ts-graph's own folder. */
export const ALWAYS_IGNORED = ["**/node_modules/**", "**/.git/**", "**/.ts-graph/**"];

import path from "node:path";
import { globSync } from "tinyglobby";
import { ALWAYS_IGNORED, relativeTo } from "./project-paths.js";
import { isWithin, realPathOf } from "./root-containment.js";
import { readSmallFile } from "./small-file.js";

/**
 * Workspace packages (npm/yarn `workspaces`, pnpm-workspace.yaml). No TypeScript here: query tools use it
 * to roll dependencies up by package without loading the compiler.
 */

/**
 * Package folders declared by npm/yarn `workspaces` or `pnpm-workspace.yaml`, by real path; a folder whose real
 * path lies outside the root (a symbolic link leading out) is left out. `root` is canonical.
 */
export function workspacePackageDirs(root: string): string[] {
  return workspacePatterns(root)
    .flatMap((pattern) => expandWorkspacePattern(root, pattern))
    .map((dir) => realPathOf(path.resolve(dir)))
    .filter((dir): dir is string => dir !== undefined && isWithin(root, dir))
    .filter((dir, index, all) => all.indexOf(dir) === index)
    .sort();
}

/** The workspace globs of npm/yarn `workspaces` and pnpm-workspace.yaml, negations left out. */
export function workspacePatterns(root: string): string[] {
  const patterns: string[] = [];
  const packageJson = readSmallFile(path.join(root, "package.json"));
  if ("text" in packageJson) {
    try {
      const manifest = JSON.parse(packageJson.text) as { workspaces?: unknown };
      const workspaces = manifest.workspaces;
      if (Array.isArray(workspaces)) patterns.push(...workspaces.filter((w): w is string => typeof w === "string"));
      else if (typeof workspaces === "object" && workspaces !== null && "packages" in workspaces) {
        const listed = (workspaces as { packages: unknown }).packages;
        if (Array.isArray(listed)) patterns.push(...listed.filter((w): w is string => typeof w === "string"));
      }
    } catch {
      // an unreadable package.json declares no workspaces
    }
  }
  const pnpmWorkspace = readSmallFile(path.join(root, "pnpm-workspace.yaml"));
  if ("text" in pnpmWorkspace) patterns.push(...pnpmWorkspacePatterns(pnpmWorkspace.text));
  return patterns.filter((pattern) => !pattern.startsWith("!"));
}

/** The `packages:` list of a pnpm-workspace.yaml (the only key ts-graph reads from it). */
export function pnpmWorkspacePatterns(text: string): string[] {
  const patterns: string[] = [];
  let inPackages = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, "");
    if (/^packages\s*:/.test(line)) {
      inPackages = true;
      continue;
    }
    if (!inPackages) continue;
    const item = /^\s+-\s*(.+?)\s*$/.exec(line);
    if (item?.[1] !== undefined) patterns.push(item[1].replace(/^['"]|['"]$/g, ""));
    else if (/^\S/.test(line)) inPackages = false;
  }
  return patterns;
}

function expandWorkspacePattern(root: string, pattern: string): string[] {
  const cleaned = pattern.replace(/^\.\//, "").replace(/\/$/, "");
  if (cleaned.startsWith("!")) return [];
  return globSync(cleaned, { cwd: root, onlyDirectories: true, absolute: true, ignore: ALWAYS_IGNORED });
}

export interface WorkspacePackage {
  /** `name` from its package.json, else the folder's relative path. */
  readonly name: string;
  /** Folder relative to the root, with forward slashes. */
  readonly dir: string;
}

/** The workspace packages under root with their names, sorted by folder. */
export function workspacePackages(root: string): WorkspacePackage[] {
  return workspacePackageDirs(root).map((dir) => {
    const relative = relativeTo(root, dir);
    let name = relative;
    try {
      const read = readSmallFile(path.join(dir, "package.json"));
      const manifest = ("text" in read ? JSON.parse(read.text) : {}) as { name?: unknown };
      if (typeof manifest.name === "string" && manifest.name !== "") name = manifest.name;
    } catch {
      // a folder without a readable package.json is named by its path
    }
    return { name, dir: relative };
  });
}

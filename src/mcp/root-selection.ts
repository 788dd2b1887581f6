import fs from "node:fs";
import path from "node:path";
import type { PathValidator } from "../tools/inputs/path-validator.js";
import { ToolInputError } from "../tools/tool-errors.js";

/** Inputs whose value, a path or a list of paths, tells which root a call is about. */
const PATH_INPUTS = ["path", "paths", "file", "files"] as const;

export interface RootRequest {
  /** The call's `root` input, if given. */
  readonly root: string | undefined;
  /** The call's other inputs. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The tool reports on every root (status): no root needs to be picked. */
  readonly workspaceWide: boolean;
}

function severalRoots(roots: readonly string[], why: string): ToolInputError {
  return new ToolInputError(`${why}; pass "root" with one of: ${roots.join(", ")}.`, { roots });
}

/** The root a `root` input names: a root's path, any path inside one, or a root's folder name. */
function namedRoot(name: string, roots: readonly string[], paths: PathValidator): string {
  const byName = roots.filter((root) => path.basename(root) === name);
  if (byName.length === 1 && !path.isAbsolute(name)) return byName[0] as string;
  if (byName.length > 1) throw severalRoots(byName, `several roots are named ${name}`);
  if (!path.isAbsolute(name)) {
    throw new ToolInputError(
      `"${name}" is not a root; pass one of: ${roots.join(", ")} (an absolute path, or a root's folder name).`,
      { roots },
    );
  }
  return paths.validate(name).root;
}

function pathValues(input: Readonly<Record<string, unknown>>): string[] {
  return PATH_INPUTS.flatMap((name) => {
    const value = input[name];
    if (typeof value === "string") return [value];
    if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
    return [];
  });
}

/** The roots a path can belong to: the root holding it when absolute, else every root where it exists. */
function rootsOfPath(value: string, roots: readonly string[], paths: PathValidator): string[] {
  if (path.isAbsolute(value)) return [paths.validate(value, { mustExist: false }).root];
  return roots.filter((root) => fs.existsSync(path.join(root, value)));
}

/**
 * Which root a tool call answers from. In order: the `root` input; the only root; for a workspace-wide
 * tool, the first root; the root that the call's path inputs lie in. Several roots and no hint is an
 * error that lists them, never a silent first pick.
 */
export function pickRoot(roots: readonly string[], request: RootRequest, paths: PathValidator): string {
  const first = roots[0];
  if (first === undefined)
    throw new ToolInputError(
      "No workspace root is served; start ts-graph serve with -r <root>, or offer roots from the client.",
    );
  if (request.root !== undefined) return namedRoot(request.root, roots, paths);
  if (roots.length === 1 || request.workspaceWide) return first;
  const candidates = new Set<string>();
  for (const value of pathValues(request.input)) {
    const holders = rootsOfPath(value, roots, paths);
    if (holders.length > 1) throw severalRoots(holders, `${value} exists in several roots`);
    for (const holder of holders) candidates.add(holder);
  }
  if (candidates.size === 1) return [...candidates][0] as string;
  if (candidates.size > 1) throw severalRoots([...candidates], "the paths lie in several roots");
  throw severalRoots(roots, "this server serves several roots and the call does not say which");
}

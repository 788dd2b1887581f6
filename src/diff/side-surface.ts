/**
 * The IO edge of the API surface (api-surface.ts): a side's package.json files (the root's and each workspace
 * package's), their tsconfigs' `outDir`/`rootDir`, and the texts of the modules the entry points re-export
 * from, read from the side's sources on disk (a folder, or a git ref's temporary worktree while it is open).
 */
import fs from "node:fs";
import path from "node:path";
import { relativeTo } from "../config/project-paths.js";
import { workspacePackageDirs } from "../config/workspace-packages.js";
import { apiSurface, type SurfacePackage } from "./api-surface.js";
import type { GraphSideData } from "./graph-diff.js";
import { moduleExports } from "./module-exports.js";
import { declaresEntryPoints, packageEntries } from "./package-entries.js";

/** The subpath of a package whose declared entry points map to no indexed source: each of its files stands for one. */
const UNMAPPED = "every export: its entry points map to no indexed source";

export interface SideSurface {
  /** Each package with entry points: its name (or folder) and its entry subpaths. */
  readonly packages: readonly { readonly name: string; readonly subpaths: readonly string[] }[];
  readonly keys: ReadonlySet<string>;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** A tsconfig's JSON with comments and trailing commas (strings kept whole); undefined when it does not parse. */
function readJsonc(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const stripped = text.replace(
    /("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g,
    (_, string: string | undefined) => string ?? "",
  );
  try {
    return JSON.parse(stripped.replace(/,(\s*[}\]])/g, "$1"));
  } catch {
    return undefined;
  }
}

/** `compilerOptions.outDir` and `rootDir` of the package's tsconfig.build.json or tsconfig.json (the first that sets outDir). */
function compiledFolders(dir: string): { outDir: string | undefined; rootDir: string | undefined } {
  for (const name of ["tsconfig.build.json", "tsconfig.json"]) {
    const options = (
      readJsonc(path.join(dir, name)) as { compilerOptions?: { outDir?: unknown; rootDir?: unknown } } | undefined
    )?.compilerOptions;
    if (typeof options?.outDir === "string")
      return { outDir: options.outDir, rootDir: typeof options.rootDir === "string" ? options.rootDir : undefined };
  }
  return { outDir: undefined, rootDir: undefined };
}

/** The side's public API by its packages' entry points; undefined when no package.json under the root declares one that maps to an indexed file. */
export function sideSurface(sourceRoot: string, side: GraphSideData): SideSurface | undefined {
  const files = new Set(side.nodes.filter((node) => node.kind === "File").map((node) => node.key));
  const sortedFiles = [...files].sort();
  const dirs = [sourceRoot, ...workspacePackageDirs(sourceRoot).filter((dir) => dir !== sourceRoot)];
  const packages: (SurfacePackage & { label: string })[] = [];
  for (const dir of dirs) {
    const manifest = readJson(path.join(dir, "package.json"));
    if (manifest === undefined) continue;
    const relative = relativeTo(sourceRoot, dir);
    const packageDir = relative === "." ? "" : relative;
    const mapped = packageEntries({ dir: packageDir, manifest, ...compiledFolders(dir) }, files, sortedFiles);
    const name = (manifest as { name?: unknown }).name;
    // Entry points declared that map to no indexed source (built files only): every file of the package is one, rather than none.
    const entries =
      mapped.length > 0 || !declaresEntryPoints(manifest)
        ? mapped
        : sortedFiles
            .filter((file) => packageDir === "" || file.startsWith(`${packageDir}/`))
            .map((file) => ({ subpath: UNMAPPED, file }));
    if (entries.length === 0) continue;
    packages.push({
      name: typeof name === "string" ? name : undefined,
      entries,
      label: typeof name === "string" ? name : packageDir || ".",
    });
  }
  if (packages.length === 0) return undefined;
  const keys = apiSurface({
    packages,
    nodes: side.nodes,
    edges: side.edges,
    exportsOf: (file) => {
      try {
        return moduleExports(file, fs.readFileSync(path.join(sourceRoot, file), "utf8"));
      } catch {
        return undefined;
      }
    },
  });
  return {
    packages: packages.map((pack) => ({
      name: pack.label,
      subpaths: [...new Set(pack.entries.map((entry) => entry.subpath))].sort(),
    })),
    keys,
  };
}

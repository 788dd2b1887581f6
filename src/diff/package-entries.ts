/**
 * A package's entry points, from its package.json (`exports` with its conditions and subpaths, `types`,
 * `typings`, `main`, `module`), mapped back to the indexed TypeScript sources: a `.ts` named directly, or the
 * source a built file (`dist/index.js`, `dist/index.d.ts`) was compiled from, by the package's tsconfig
 * `outDir` → `rootDir`, a same-named `.ts` beside it, or `dist`/`lib`/`build`/`out` → `src`. Pure: the
 * manifest, the tsconfig's folders and the graph's files in, entry files out.
 */
import path from "node:path";

/** An entry point of a package: the subpath importers name (`.`, `./sub`, `./features/*`) and the indexed file it is. */
export interface PackageEntry {
  readonly subpath: string;
  readonly file: string;
}

export interface PackageInput {
  /** The package's folder relative to the root, `/`-separated (`""` for the root itself). */
  readonly dir: string;
  readonly manifest: unknown;
  /** The tsconfig's `compilerOptions.outDir` and `rootDir`, relative to the package's folder, when set. */
  readonly outDir: string | undefined;
  readonly rootDir: string | undefined;
}

/** Every (subpath, target) pair of an `exports` value: a string, an array of fallbacks, a subpath map or conditions. */
function exportTargets(value: unknown, subpath: string, into: [string, string][]): void {
  if (typeof value === "string") into.push([subpath, value]);
  else if (Array.isArray(value)) for (const item of value) exportTargets(item, subpath, into);
  else if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) exportTargets(inner, key.startsWith(".") ? key : subpath, into);
  }
}

/** The (subpath, target) pairs a manifest declares: `exports`, then `types`, `typings`, `main`, `module` as `.`. */
function manifestTargets(manifest: unknown): [string, string][] {
  if (typeof manifest !== "object" || manifest === null) return [];
  const fields = manifest as Record<string, unknown>;
  const targets: [string, string][] = [];
  if (fields.exports !== undefined) exportTargets(fields.exports, ".", targets);
  for (const field of ["types", "typings", "main", "module"]) {
    const value = fields[field];
    if (typeof value === "string") targets.push([".", value]);
  }
  return targets;
}

const BUILT_EXTENSION = /(\.d)?\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".d.ts"];
const BUILD_FOLDER = /^(dist|lib|build|out|esm|cjs|types)(\/|$)/;

function normalized(relative: string): string {
  const joined = path.posix.normalize(relative);
  return joined === "." ? "" : joined.replace(/^\.\//, "").replace(/\/$/, "");
}

/** The source stems (paths without extension, relative to the package) a target may have been built from, most likely first. */
function sourceStems(target: string, input: PackageInput): string[] {
  const stem = normalized(target).replace(BUILT_EXTENSION, "");
  const stems = [stem];
  const outDir = input.outDir === undefined ? undefined : normalized(input.outDir);
  if (outDir !== undefined && outDir !== "" && (stem === outDir || stem.startsWith(`${outDir}/`))) {
    const rest = stem.slice(outDir.length).replace(/^\//, "");
    const rootDir = input.rootDir === undefined ? "src" : normalized(input.rootDir);
    stems.push(rootDir === "" ? rest : `${rootDir}/${rest}`, rest);
  }
  if (BUILD_FOLDER.test(stem)) stems.push(stem.replace(BUILD_FOLDER, "src$2"), stem.replace(BUILD_FOLDER, ""));
  return stems.filter((candidate) => candidate !== "");
}

function patternRegExp(pattern: string): RegExp {
  const escaped = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join("[^]+")}$`);
}

/** The indexed files a target names: one, or every match of a subpath pattern (`./src/features/*.ts`). */
function targetFiles(
  target: string,
  input: PackageInput,
  files: ReadonlySet<string>,
  sortedFiles: readonly string[],
): string[] {
  const prefix = input.dir === "" ? "" : `${input.dir}/`;
  for (const stem of sourceStems(target, input)) {
    const candidates = [
      ...SOURCE_EXTENSIONS.map((extension) => stem + extension),
      ...SOURCE_EXTENSIONS.map((extension) => `${stem}/index${extension}`),
    ];
    if (stem.includes("*")) {
      const patterns = candidates.map((candidate) => patternRegExp(prefix + candidate));
      const matched = sortedFiles.filter((file) => patterns.some((pattern) => pattern.test(file)));
      if (matched.length > 0) return matched;
      continue;
    }
    const found = candidates.map((candidate) => prefix + candidate).find((candidate) => files.has(candidate));
    if (found !== undefined) return [found];
  }
  return [];
}

/** Whether a manifest declares any entry point (mapped to a source or not). */
export function declaresEntryPoints(manifest: unknown): boolean {
  return manifestTargets(manifest).length > 0;
}

/** A package's entry points as indexed files (none when its manifest declares none, or none maps to an indexed file). */
export function packageEntries(
  input: PackageInput,
  files: ReadonlySet<string>,
  sortedFiles: readonly string[],
): PackageEntry[] {
  const entries = new Map<string, PackageEntry>();
  for (const [subpath, target] of manifestTargets(input.manifest)) {
    for (const file of targetFiles(target, input, files, sortedFiles))
      entries.set(`${subpath}\u0000${file}`, { subpath, file });
  }
  return [...entries.values()];
}

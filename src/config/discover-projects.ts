import { ts } from "../engine/ts6/typescript6.js";
import fs from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { globSync } from "tinyglobby";
import { CONFIG_FILE_NAME, ConfigError, tsconfigList, type TsGraphConfig } from "./config-file.js";
import { ALWAYS_IGNORED, relativeTo } from "./project-paths.js";
import { type IgnoreFile, isIgnored, readIgnoreFile } from "./gitignore-rules.js";
import type { SkippedFiles } from "../model/skipped-files.js";
import { containFiles, createLinkReport, isWithin, type LinkReport } from "./root-containment.js";
import { workspacePackageDirs, workspacePatterns } from "./workspace-packages.js";

/** One TypeScript project to load: its compiler options and the files it owns in the index. */
export interface ProjectSpec {
  /** tsconfig path relative to the root; "" for the fallback project when no tsconfig exists. */
  readonly id: string;
  readonly options: ts.CompilerOptions;
  readonly projectReferences: readonly ts.ProjectReference[] | undefined;
  /** Real (canonical) absolute paths of the files this project owns, all inside the root (each file belongs to exactly one project). */
  readonly fileNames: readonly string[];
}

export interface DiscoveredProjects {
  readonly projects: readonly ProjectSpec[];
  readonly warnings: readonly string[];
  /** What was left out so that no file from outside the root is indexed, and none twice. */
  readonly skipped: SkippedFiles;
  /**
   * Absolute paths whose stat decides this result: every file read (tsconfigs, the files they extend,
   * workspace manifests, the config file) or looked for, and every folder whose listing was used.
   * While none of them changes, discovery would find the same projects and files.
   */
  readonly inputs: readonly string[];
}

/** Compiler options used when the root has no tsconfig. */
const FALLBACK_COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.Preserve,
  strict: true,
  allowJs: false,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  noEmit: true,
};

const FALLBACK_GLOB = "**/*.{ts,tsx,mts,cts}";
const IGNORED_FOLDER_NAMES = new Set(["node_modules", ".git", ".ts-graph"]);
const SOURCE_EXTENSION = /\.(?:[cm]?tsx?|[cm]?jsx?)$/;

/** A tsconfig diagnostic as `file:line:column: message` (the file's path as TypeScript knows it), or the message alone when it has no place. */
function formatDiagnostic(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  const { file, start } = diagnostic;
  if (file === undefined || start === undefined) return message;
  const { line, character } = ts.getLineAndCharacterOfPosition(file, start);
  return `${file.fileName}:${line + 1}:${character + 1}: ${message}`;
}

interface ParsedTsconfig {
  readonly fileName: string;
  readonly parsed: ts.ParsedCommandLine;
  /** The tsconfig and every file it extends. */
  readonly readFiles: readonly string[];
}

function readTsconfig(fileName: string): ParsedTsconfig {
  if (ts.sys.readFile(fileName) === undefined) throw new ConfigError(`cannot read ${fileName}`);
  const json = ts.readJsonConfigFile(fileName, ts.sys.readFile);
  const syntaxError = (json as { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics?.[0];
  if (syntaxError !== undefined) throw new ConfigError(`cannot parse a tsconfig: ${formatDiagnostic(syntaxError)}`);
  const parsed = ts.parseJsonSourceFileConfigFileContent(json, ts.sys, path.dirname(fileName), undefined, fileName);
  return { fileName, parsed, readFiles: [fileName, ...(json.extendedSourceFiles ?? [])] };
}

/**
 * A folder and every folder below it that discovery could list, except ignored ones. The symbolic links
 * met inside the root go to `links` (which reports those leading outside and the loops); they are not entered.
 */
function foldersBelow(dir: string, recursive: boolean, out: Set<string>, links: LinkReport, root: string): void {
  if (out.has(dir) || !fs.existsSync(dir)) return;
  out.add(dir);
  if (!recursive) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED_FOLDER_NAMES.has(entry.name)) continue;
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) foldersBelow(child, true, out, links, root);
    else if (entry.isSymbolicLink() && isWithin(root, child)) links.note(child);
  }
}

/** A tsconfig and every project it references, leaves after the projects that reference them are read. */
function collectReferencedTsconfigs(start: string, seen: Set<string>, out: ParsedTsconfig[], warnings: string[]): void {
  const fileName = path.resolve(start);
  if (seen.has(fileName)) return;
  seen.add(fileName);
  if (!fs.existsSync(fileName)) {
    warnings.push(`referenced project ${fileName} does not exist; skipped`);
    return;
  }
  const config = readTsconfig(fileName);
  const blocking = config.parsed.errors.filter((error) => error.code !== 18003);
  for (const error of blocking)
    warnings.push(
      error.file === undefined ? `${path.basename(fileName)}: ${formatDiagnostic(error)}` : formatDiagnostic(error),
    );
  out.push(config);
  for (const reference of config.parsed.projectReferences ?? []) {
    collectReferencedTsconfigs(ts.resolveProjectReferencePath(reference), seen, out, warnings);
  }
}

/** The folder a glob starts from: its path up to the first segment with a wildcard. */
function globBase(pattern: string): string {
  const segments = pattern.replace(/^\.\//, "").split("/");
  const firstWild = segments.findIndex((segment) => /[*?{[]/.test(segment));
  return segments.slice(0, firstWild < 0 ? segments.length : firstWild).join("/");
}

/** The nearest folder at or above fileName that exists: the one whose listing changes when fileName appears. */
function nearestExistingFolder(fileName: string): string {
  let current = path.dirname(fileName);
  while (!fs.existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

/** Files whose content decides which tsconfigs are candidates (they may not exist). */
function candidateInputs(root: string): string[] {
  return [
    root,
    path.join(root, "tsconfig.json"),
    path.join(root, "package.json"),
    path.join(root, "pnpm-workspace.yaml"),
  ];
}

function tsconfigCandidates(root: string, config: TsGraphConfig, explicit: readonly string[] | undefined): string[] {
  const listed = explicit !== undefined && explicit.length > 0 ? explicit : tsconfigList(config);
  if (listed !== undefined) {
    return listed.map((entry) => {
      const resolved = path.resolve(root, entry);
      const fileName =
        fs.existsSync(resolved) && fs.statSync(resolved).isDirectory()
          ? path.join(resolved, "tsconfig.json")
          : resolved;
      if (!fs.existsSync(fileName)) throw new ConfigError(`tsconfig ${entry} does not exist (looked for ${fileName})`);
      // The root is canonical: so must the tsconfig be, or none of its files would lie under the root.
      return fs.realpathSync.native(fileName);
    });
  }
  const candidates: string[] = [];
  const rootTsconfig = path.join(root, "tsconfig.json");
  if (fs.existsSync(rootTsconfig)) candidates.push(rootTsconfig);
  for (const dir of workspacePackageDirs(root)) {
    const packageTsconfig = path.join(dir, "tsconfig.json");
    if (fs.existsSync(packageTsconfig)) candidates.push(packageTsconfig);
  }
  return candidates;
}

function fileFilter(root: string, config: TsGraphConfig): (fileName: string) => boolean {
  const include =
    config.include !== undefined && config.include.length > 0 ? picomatch(config.include, { dot: true }) : undefined;
  const exclude = picomatch([...ALWAYS_IGNORED, ...(config.exclude ?? [])], { dot: true });
  return (fileName) => {
    if (!isWithin(root, fileName) || fileName === root || !SOURCE_EXTENSION.test(fileName)) return false;
    const relative = relativeTo(root, fileName);
    if (exclude(relative)) return false;
    return include === undefined || include(relative);
  };
}

export interface DiscoveryOptions {
  /**
   * Also count the TypeScript files no tsconfig lists (`skipped.unlisted`): a walk of the whole root, so only
   * the indexer asks, to report it. The folders walked are not inputs of the cached result (a file added outside
   * every project would otherwise make the next run discover again): the count is taken at each discovery.
   */
  readonly countUnlisted?: boolean;
}

/**
 * Finds the TypeScript projects under root: the tsconfigs given (or `ts-graph.config.json`'s list), else the
 * root tsconfig with every project it references plus each workspace package's tsconfig, else all TypeScript
 * files under root with default options. Each file is owned by the first project that lists it, under its
 * real path; a file whose real path lies outside the root is left out (counted in `skipped`).
 */
export function discoverProjects(
  root: string,
  config: TsGraphConfig,
  explicitTsconfigs?: readonly string[],
  options: DiscoveryOptions = {},
): DiscoveredProjects {
  const warnings: string[] = [];
  const accepts = fileFilter(root, config);
  const parsedConfigs: ParsedTsconfig[] = [];
  const seen = new Set<string>();
  for (const candidate of tsconfigCandidates(root, config, explicitTsconfigs)) {
    collectReferencedTsconfigs(candidate, seen, parsedConfigs, warnings);
  }

  const inputs = new Set<string>([...candidateInputs(root), path.join(root, CONFIG_FILE_NAME)]);
  for (const pattern of workspacePatterns(root)) inputs.add(path.resolve(root, globBase(pattern)));
  for (const dir of workspacePackageDirs(root)) {
    inputs.add(dir);
    inputs.add(path.join(dir, "tsconfig.json"));
  }
  const folders = new Set<string>();
  const links = createLinkReport(root);
  for (const { fileName, parsed, readFiles } of parsedConfigs) {
    for (const file of readFiles) inputs.add(path.resolve(file));
    for (const reference of parsed.projectReferences ?? []) inputs.add(ts.resolveProjectReferencePath(reference));
    const raw = parsed.raw as { include?: unknown; files?: unknown } | undefined;
    const specs = [raw?.include, raw?.files].flatMap((list) =>
      Array.isArray(list) ? list.filter((spec): spec is string => typeof spec === "string") : [],
    );
    for (const spec of specs)
      inputs.add(nearestExistingFolder(path.resolve(path.dirname(fileName), globBase(spec), "placeholder")));
    for (const [dir, flags] of Object.entries(parsed.wildcardDirectories ?? {})) {
      foldersBelow(path.resolve(dir), (flags & ts.WatchDirectoryFlags.Recursive) !== 0, folders, links, root);
    }
  }

  const owned = new Set<string>();
  const projects: ProjectSpec[] = [];
  let outside = 0;
  let throughLinks = 0;
  /** The files of a list that are the project's to own: real paths inside the root, accepted, not owned yet. */
  const ownable = (fileNames: readonly string[]): string[] => {
    const contained = containFiles(
      root,
      fileNames.map((name) => path.resolve(name)),
      owned,
    );
    outside += contained.outside;
    throughLinks += contained.throughLinks;
    const files = contained.kept.filter(accepts);
    for (const name of files) owned.add(name);
    return files;
  };
  for (const { fileName, parsed } of parsedConfigs) {
    const files = ownable(parsed.fileNames);
    if (files.length === 0) continue;
    projects.push({
      id: relativeTo(root, fileName),
      options: parsed.options,
      projectReferences: parsed.projectReferences,
      fileNames: files.sort(),
    });
  }

  if (parsedConfigs.length === 0) {
    const files = ownable(
      globSync(FALLBACK_GLOB, {
        cwd: root,
        absolute: true,
        followSymbolicLinks: false,
        ignore: [...ALWAYS_IGNORED, "**/*.d.ts"],
      }),
    ).sort();
    if (files.length > 0) {
      warnings.push(`no tsconfig.json found under the root: indexing all .ts/.tsx files with default compiler options`);
      projects.push({ id: "", options: FALLBACK_COMPILER_OPTIONS, projectReferences: undefined, fileNames: files });
    }
    foldersBelow(root, true, folders, links, root);
  }
  const skipped: SkippedFiles = links.skipped(outside, throughLinks);
  if (options.countUnlisted !== true) return { projects, warnings, skipped, inputs: [...inputs, ...folders].sort() };
  const unlisted = parsedConfigs.length === 0 ? [] : unlistedFiles(root, owned, accepts);
  return {
    projects,
    warnings,
    skipped: { ...skipped, unlisted: unlisted.length, unlistedSample: unlisted.slice(0, UNLISTED_SAMPLE) },
    inputs: [...inputs, ...folders].sort(),
  };
}

/** How many of the files no tsconfig lists are named (the rest are counted). */
const UNLISTED_SAMPLE = 10;

const TYPESCRIPT_FILE = /\.(?:[cm]?ts|tsx)$/;
const DECLARATION_FILE = /\.d\.[cm]?ts$/;

/**
 * The TypeScript files under root (not declaration files, not hidden, not in node_modules, not ignored by the
 * root's or a nested .gitignore) that no tsconfig lists, root-relative and sorted: a project that forgets a
 * folder shows here. Links are not followed.
 */
function unlistedFiles(root: string, owned: ReadonlySet<string>, accepts: (fileName: string) => boolean): string[] {
  const found: string[] = [];
  const visit = (folder: string, above: readonly IgnoreFile[]): void => {
    const absolute = folder === "" ? root : path.join(root, folder);
    const own = readIgnoreFile(root, folder);
    const rules = own === undefined ? above : [...above, own];
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(absolute, { withFileTypes: true });
    } catch {
      return; // a folder that cannot be read holds nothing to count
    }
    for (const entry of entries) {
      // Hidden files and folders are skipped, as the fallback glob skips them.
      if (entry.name.startsWith(".")) continue;
      const relative = folder === "" ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !isIgnored(rules, relative, true)) visit(relative, rules);
        continue;
      }
      if (!entry.isFile() || !TYPESCRIPT_FILE.test(entry.name) || DECLARATION_FILE.test(entry.name)) continue;
      const file = path.join(root, relative);
      if (!owned.has(file) && accepts(file) && !isIgnored(rules, relative, false)) found.push(relative);
    }
  };
  visit("", []);
  return found.sort();
}

import fs from "node:fs";
import path from "node:path";
import { globSync } from "tinyglobby";
import {
  Computed,
  isConfigObject,
  readConfigJson,
  readConfigModule,
  valueAt,
  type ConfigExport,
  type ConfigValue,
} from "./config-literals.js";
import { ALWAYS_IGNORED, relativeTo } from "./project-paths.js";
import { isWithin, realPathOf } from "./root-containment.js";
import { readSmallFile } from "./small-file.js";
import { workspacePackageDirs } from "./workspace-packages.js";

/**
 * Which files the project's test runners run, as patterns: from the runners' configs (vitest, jest, mocha) at
 * the root and in each workspace package, read as text (config-literals.ts; never run), else from the runners'
 * default patterns, else from the usual test file names. Reads files only; the matching itself is
 * tools/workspace/test-files.ts. No TypeScript here: the query tools call it.
 */

export type TestRunner = "vitest" | "jest" | "mocha";

/** Patterns over paths relative to `dir` (vitest, mocha, and the name patterns used when no runner is known). */
export interface GlobScope {
  readonly kind: "globs";
  readonly runner: TestRunner | "name patterns";
  /** Where the patterns come from, for a reader: a root-relative config file, `package.json`, or the runner's defaults. */
  readonly source: string;
  /** Root-relative folder the patterns are relative to ("" for the root); a file outside it is not matched. */
  readonly dir: string;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

/** Jest's patterns, which it matches against absolute paths. */
export interface JestScope {
  readonly kind: "jest";
  readonly runner: "jest";
  readonly source: string;
  /** Root-relative rootDir. */
  readonly dir: string;
  /** Root-relative folders a test must be under (`roots`). */
  readonly roots: readonly string[];
  /** testMatch globs, `<rootDir>` replaced by the absolute rootDir. Unused when testRegex is set. */
  readonly testMatch: readonly string[];
  readonly testRegex: readonly string[];
  /** testPathIgnorePatterns, regular expressions over the absolute path. */
  readonly ignore: readonly string[];
}

export type TestScope = GlobScope | JestScope;

/** The scopes of one folder (the root, a workspace package): they decide for the files under it that no deeper folder decides for. */
export interface TestFolder {
  readonly dir: string;
  readonly scopes: readonly TestScope[];
}

export interface TestRunnerSetup {
  /** Absolute path of the root (jest matches absolute paths). */
  readonly root: string;
  /** Deepest first; the root ("") is always there, last. */
  readonly folders: readonly TestFolder[];
  /** What could not be read literally and what stands for it, one sentence each. */
  readonly notes: readonly string[];
  /** Every file looked at beyond the root's and the packages' folders (project configs): the cache checks them too. */
  readonly consulted: readonly string[];
}

/** The usual test file names, for a root where no runner is known: vitest's and jest's defaults. */
export const NAME_PATTERN_SCOPE: GlobScope = {
  kind: "globs",
  runner: "name patterns",
  source: "test file names",
  dir: "",
  include: ["**/*.{test,spec}.?(c|m)[jt]s?(x)", "**/__tests__/**/*.?(c|m)[jt]s?(x)"],
  exclude: [],
};
const VITEST_INCLUDE = ["**/*.{test,spec}.?(c|m)[jt]s?(x)"];
const VITEST_EXCLUDE = ["**/node_modules/**", "**/.git/**"];
const JEST_TEST_MATCH = ["**/__tests__/**/*.?([mc])[jt]s?(x)", "**/?(*.)+(spec|test).?([mc])[jt]s?(x)"];
const JEST_IGNORE = ["/node_modules/"];
const MOCHA_SPEC = ["./test"];
const MOCHA_EXTENSIONS = ["js", "cjs", "mjs"];

const CODE_EXTENSIONS = ["ts", "mts", "cts", "js", "mjs", "cjs"];
const VITEST_CONFIGS = CODE_EXTENSIONS.map((ext) => `vitest.config.${ext}`);
const VITE_CONFIGS = CODE_EXTENSIONS.map((ext) => `vite.config.${ext}`);
const VITEST_WORKSPACES = [...CODE_EXTENSIONS, "json"].flatMap((ext) => [
  `vitest.workspace.${ext}`,
  `vitest.projects.${ext}`,
]);
const JEST_CONFIGS = [...CODE_EXTENSIONS, "json"].map((ext) => `jest.config.${ext}`);
const MOCHA_CONFIGS = [...["js", "cjs", "mjs", "json", "jsonc", "yaml", "yml"].map((ext) => `.mocharc.${ext}`)];

/** Every file name that can change what the runners run, in a folder. */
const RUNNER_FILE_NAMES: ReadonlySet<string> = new Set([
  "package.json",
  ...VITEST_CONFIGS,
  ...VITE_CONFIGS,
  ...VITEST_WORKSPACES,
  ...JEST_CONFIGS,
  ...MOCHA_CONFIGS,
]);

/** The folders whose runner files are read: the root and its workspace packages, root-relative, root first. */
function runnerFolders(root: string): string[] {
  return [
    "",
    ...workspacePackageDirs(root)
      .map((dir) => relativeTo(root, dir))
      .filter((dir) => dir !== ""),
  ];
}

interface PackageJson {
  readonly jest?: unknown;
  readonly mocha?: unknown;
  /** The runners it names in its dependencies or scripts. */
  readonly names: ReadonlySet<TestRunner>;
}

/** Whether a file's real path lies inside the root (a symbolic link leading out is not read). */
function insideRoot(root: string, file: string): boolean {
  const real = realPathOf(file);
  return real !== undefined && isWithin(realPathOf(root) ?? root, real);
}

/** The text of a runner file inside the root (small-file.ts), or why it is not read: a symbolic link out of the root too. */
function readRunnerFile(root: string, file: string): { readonly text: string } | { readonly unreadable: string } {
  if (!insideRoot(root, file)) return { unreadable: "it lies outside the root, through a symbolic link" };
  return readSmallFile(file);
}

function readPackageJson(root: string, file: string): PackageJson | undefined {
  const read = readRunnerFile(root, file);
  if ("unreadable" in read) return undefined;
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(read.text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof manifest !== "object" || manifest === null) return undefined;
  const names = new Set<TestRunner>();
  const keys = ["dependencies", "devDependencies", "peerDependencies"].flatMap((field) => {
    const deps = manifest[field];
    return typeof deps === "object" && deps !== null ? Object.keys(deps) : [];
  });
  const scripts =
    typeof manifest.scripts === "object" && manifest.scripts !== null ? Object.values(manifest.scripts) : [];
  for (const runner of ["vitest", "jest", "mocha"] as const) {
    const named = new RegExp(`(?:^|[\\s/;&|"'(])${runner}(?:$|[\\s;&|"')])`);
    if (keys.includes(runner) || scripts.some((script) => typeof script === "string" && named.test(script)))
      names.add(runner);
  }
  return { jest: manifest.jest, mocha: manifest.mocha, names };
}

const GLOB_MAGIC = /[*?[\]{}()!]/;

function stripDotSlash(pattern: string): string {
  return pattern.replace(/^(?:\.\/)+/, "");
}

/** Root-relative folder of `relative` taken from root-relative `from` ("" is the root); undefined outside the root. */
function folderWithin(from: string, relative: string): string | undefined {
  const joined = path.posix.normalize(path.posix.join(from === "" ? "." : from, relative));
  if (joined === "." || joined === "./") return "";
  if (joined.startsWith("../") || joined === ".." || path.posix.isAbsolute(joined)) return undefined;
  return joined.replace(/\/$/, "");
}

/** The strings of a literal string or array of strings, and the parts the text computes. */
function stringsOf(value: ConfigValue | undefined): { strings: string[]; computed: Computed[] } | undefined {
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : [value];
  const strings: string[] = [];
  const computed: Computed[] = [];
  for (const item of items) {
    if (typeof item === "string") strings.push(item);
    else computed.push(item instanceof Computed ? item : new Computed(JSON.stringify(item) ?? "?"));
  }
  return { strings, computed };
}

/** Reads one setup: the notes it makes and the files it consults. */
class SetupReader {
  readonly notes: string[] = [];
  readonly consulted = new Set<string>();

  constructor(readonly root: string) {}

  abs(relative: string): string {
    return relative === "" ? this.root : path.join(this.root, relative);
  }

  /** The first of these names present in a root-relative folder, root-relative. */
  firstPresent(dir: string, names: readonly string[]): string | undefined {
    for (const name of names) {
      const file = dir === "" ? name : `${dir}/${name}`;
      this.consulted.add(this.abs(file));
      if (fs.existsSync(this.abs(file))) return file;
    }
    return undefined;
  }

  async read(file: string): Promise<ConfigExport> {
    this.consulted.add(this.abs(file));
    const read = readRunnerFile(this.root, this.abs(file));
    if ("unreadable" in read) return read;
    const { text } = read;
    if (/\.ya?ml$/.test(file)) return { value: yamlSubset(text) };
    return /\.jsonc?$/.test(file) ? readConfigJson(file, text) : readConfigModule(file, text);
  }

  /**
   * A list option's patterns: its literal strings; `undefined` when the config does not set it or computes all of
   * it (the runner's default stands). `known` names spreads of the runner's own defaults (`configDefaults.exclude`).
   * A computed part is noted; with `widen` (an option that chooses tests, where leaving out is worse than
   * listing too many), the runner's defaults join the literal patterns.
   */
  patterns(value: ConfigValue | undefined, where: string, options: PatternOptions): string[] | undefined {
    const read = stringsOf(value);
    if (read === undefined) return undefined;
    const strings = [...read.strings];
    const unknown: Computed[] = [];
    for (const part of read.computed) {
      const defaults = options.known?.[part.source.replace(/^\.\.\./, "")];
      if (defaults !== undefined) strings.push(...defaults);
      else unknown.push(part);
    }
    if (unknown.length === 0) return strings;
    const what = unknown.map((part) => `\`${part.source}\``).join(", ");
    if (strings.length === 0) {
      this.notes.push(`${where} is computed (${what}): ${options.runner}'s default patterns stand for it`);
      return undefined;
    }
    if (options.widen === undefined) {
      this.notes.push(`${where} is not all literal (${what}): only its literal patterns are read`);
      return strings;
    }
    this.notes.push(
      `${where} is not all literal (${what}): its literal patterns and ${options.runner}'s default patterns are read`,
    );
    return [...strings, ...options.widen];
  }

  unreadable(file: string, why: string, runner: TestRunner): void {
    this.notes.push(`${file} is not read (${why}): ${runner}'s default patterns stand for it`);
  }
}

interface PatternOptions {
  readonly runner: TestRunner;
  readonly known?: Readonly<Record<string, readonly string[]>>;
  readonly widen?: readonly string[];
}

const VITEST_DEFAULTS: Readonly<Record<string, readonly string[]>> = {
  "configDefaults.include": VITEST_INCLUDE,
  defaultInclude: VITEST_INCLUDE,
  "configDefaults.exclude": VITEST_EXCLUDE,
  defaultExclude: VITEST_EXCLUDE,
};

/** A vitest scope from one config object (a config file's export, or an inline project). */
function vitestScope(reader: SetupReader, value: ConfigValue | undefined, dir: string, source: string): GlobScope {
  const rootOption = valueAt(value, ["test", "root"]) ?? valueAt(value, ["root"]);
  const scopeDir = typeof rootOption === "string" ? (folderWithin(dir, rootOption) ?? dir) : dir;
  if (rootOption !== undefined && typeof rootOption !== "string")
    reader.notes.push(`${source}: root is computed: patterns are read from ${dir || "the root"}`);
  const include = reader.patterns(valueAt(value, ["test", "include"]), `${source}: test.include`, {
    runner: "vitest",
    known: VITEST_DEFAULTS,
    widen: VITEST_INCLUDE,
  });
  const exclude = reader.patterns(valueAt(value, ["test", "exclude"]), `${source}: test.exclude`, {
    runner: "vitest",
    known: VITEST_DEFAULTS,
  });
  return {
    kind: "globs",
    runner: "vitest",
    source,
    dir: scopeDir,
    include: (include ?? VITEST_INCLUDE).map(stripDotSlash),
    exclude: (exclude ?? VITEST_EXCLUDE).map(stripDotSlash),
  };
}

/** The vitest config of a folder (vitest.config.*, else vite.config.* when vitest is its runner), root-relative. */
function vitestConfigOf(reader: SetupReader, dir: string, viteToo: boolean): string | undefined {
  return reader.firstPresent(dir, VITEST_CONFIGS) ?? (viteToo ? reader.firstPresent(dir, VITE_CONFIGS) : undefined);
}

async function vitestScopesOfFile(
  reader: SetupReader,
  file: string | undefined,
  dir: string,
  depth: number,
): Promise<TestScope[]> {
  if (file === undefined) return [vitestScope(reader, undefined, dir, "vitest defaults")];
  const read = await reader.read(file);
  if ("unreadable" in read) {
    reader.unreadable(file, read.unreadable, "vitest");
    return [vitestScope(reader, undefined, dir, file)];
  }
  const projects = valueAt(read.value, ["test", "projects"]) ?? valueAt(read.value, ["test", "workspace"]);
  if (projects === undefined || depth > 0) return [vitestScope(reader, read.value, dir, file)];
  return vitestProjects(reader, projects, dir, `${file}: test.projects`);
}

/**
 * vitest's projects (`test.projects`, a vitest.workspace file): folders and config files by glob, each read as a
 * config of its own (vitest's defaults for a folder without one), and inline project configs.
 */
async function vitestProjects(
  reader: SetupReader,
  projects: ConfigValue,
  dir: string,
  where: string,
): Promise<TestScope[]> {
  if (!Array.isArray(projects)) {
    reader.notes.push(`${where} is computed: vitest's default patterns stand for it`);
    return [vitestScope(reader, undefined, dir, where)];
  }
  const scopes: TestScope[] = [];
  for (const project of projects as readonly ConfigValue[]) {
    if (typeof project === "string") {
      if (project.startsWith("!")) continue;
      for (const match of expandProjectGlob(reader, dir, project)) {
        const isFile = fs.statSync(reader.abs(match), { throwIfNoEntry: false })?.isFile() === true;
        const projectDir = isFile ? path.posix.dirname(match).replace(/^\.$/, "") : match;
        scopes.push(
          ...(await vitestScopesOfFile(reader, isFile ? match : vitestConfigOf(reader, match, true), projectDir, 1)),
        );
      }
    } else if (isConfigObject(project)) scopes.push(vitestScope(reader, project, dir, where));
    else {
      reader.notes.push(
        `${where} has a computed entry (\`${project instanceof Computed ? project.source : String(project)}\`): vitest's default patterns stand for it`,
      );
      scopes.push(vitestScope(reader, undefined, dir, where));
    }
  }
  return scopes;
}

/** Root-relative folders and files a project glob names under a root-relative folder, inside the root. */
function expandProjectGlob(reader: SetupReader, dir: string, pattern: string): string[] {
  const cleaned = stripDotSlash(pattern).replace(/\/$/, "");
  if (!GLOB_MAGIC.test(cleaned)) {
    const single = folderWithin(dir, cleaned);
    return single !== undefined && fs.existsSync(reader.abs(single)) ? [single] : [];
  }
  return globSync(cleaned, { cwd: reader.abs(dir), onlyFiles: false, absolute: true, ignore: ALWAYS_IGNORED })
    .map((absolute) => relativeTo(reader.root, absolute.replace(/\/$/, "")))
    .filter((relative) => !relative.startsWith("..") && !path.isAbsolute(relative))
    .sort();
}

/** `<rootDir>` replaced by the absolute rootDir (jest's placeholder). */
function withRootDir(pattern: string, rootDir: string): string {
  return pattern.replaceAll("<rootDir>", rootDir);
}

/** A jest scope from one config object; `dir` is the config's folder, the default rootDir. */
function jestScope(reader: SetupReader, value: ConfigValue | undefined, dir: string, source: string): JestScope {
  const rootDirOption = valueAt(value, ["rootDir"]);
  const rootDir = typeof rootDirOption === "string" ? (folderWithin(dir, rootDirOption) ?? dir) : dir;
  const absoluteRootDir = reader.abs(rootDir);
  const jest = { runner: "jest" } as const;
  const roots = reader.patterns(valueAt(value, ["roots"]), `${source}: roots`, { ...jest, widen: ["<rootDir>"] }) ?? [
    "<rootDir>",
  ];
  const testRegex = reader.patterns(valueAt(value, ["testRegex"]), `${source}: testRegex`, jest) ?? [];
  const testMatch =
    reader.patterns(valueAt(value, ["testMatch"]), `${source}: testMatch`, { ...jest, widen: JEST_TEST_MATCH }) ??
    JEST_TEST_MATCH;
  const ignore =
    reader.patterns(valueAt(value, ["testPathIgnorePatterns"]), `${source}: testPathIgnorePatterns`, jest) ??
    JEST_IGNORE;
  return {
    kind: "jest",
    runner: "jest",
    source,
    dir: rootDir,
    roots: roots.flatMap((root) => {
      const absolute = path.resolve(absoluteRootDir, withRootDir(root, absoluteRootDir));
      const relative = relativeTo(reader.root, absolute);
      return relative.startsWith("..") || path.isAbsolute(relative) ? [] : [relative === "." ? "" : relative];
    }),
    testMatch: testMatch.map((pattern) => withRootDir(pattern, absoluteRootDir)),
    testRegex: testRegex.map((pattern) => withRootDir(pattern, absoluteRootDir)),
    ignore: ignore.map((pattern) => withRootDir(pattern, absoluteRootDir)),
  };
}

/** A folder's jest config file, else its package.json `jest` key; undefined when it has neither. */
async function jestConfigOf(
  reader: SetupReader,
  dir: string,
  manifest: PackageJson | undefined,
): Promise<{ value?: ConfigValue; source: string } | undefined> {
  const file = reader.firstPresent(dir, JEST_CONFIGS);
  if (file !== undefined) {
    const read = await reader.read(file);
    if (!("unreadable" in read)) return { value: read.value, source: file };
    reader.unreadable(file, read.unreadable, "jest");
    return { source: file };
  }
  if (manifest?.jest === undefined) return undefined;
  return { value: jsonValue(manifest.jest), source: `${dir === "" ? "" : `${dir}/`}package.json (jest)` };
}

async function jestScopes(
  reader: SetupReader,
  config: { value?: ConfigValue; source: string },
  dir: string,
  depth: number,
): Promise<TestScope[]> {
  const projects = valueAt(config.value, ["projects"]);
  if (projects === undefined || depth > 0) return [jestScope(reader, config.value, dir, config.source)];
  const where = `${config.source}: projects`;
  if (!Array.isArray(projects)) {
    reader.notes.push(`${where} is computed: jest's default patterns stand for it`);
    return [jestScope(reader, undefined, dir, where)];
  }
  const rootDirOption = valueAt(config.value, ["rootDir"]);
  const rootDir = typeof rootDirOption === "string" ? (folderWithin(dir, rootDirOption) ?? dir) : dir;
  const scopes: TestScope[] = [];
  for (const project of projects as readonly ConfigValue[]) {
    if (typeof project === "string") {
      const pattern = relativeTo(
        reader.abs(rootDir),
        path.resolve(reader.abs(rootDir), withRootDir(project, reader.abs(rootDir))),
      );
      for (const match of expandProjectGlob(reader, rootDir, pattern)) {
        const isFile = fs.statSync(reader.abs(match), { throwIfNoEntry: false })?.isFile() === true;
        const projectDir = isFile ? path.posix.dirname(match).replace(/^\.$/, "") : match;
        const own = isFile
          ? await jestConfigFile(reader, match)
          : await jestConfigOf(reader, match, readPackageJson(reader.root, reader.abs(`${match}/package.json`)));
        scopes.push(...(await jestScopes(reader, own ?? { source: "jest defaults" }, projectDir, 1)));
      }
    } else if (isConfigObject(project)) {
      scopes.push(jestScope(reader, withDefaultRootDir(project, rootDir, dir), dir, where));
    } else {
      reader.notes.push(
        `${where} has a computed entry (\`${project instanceof Computed ? project.source : String(project)}\`): jest's default patterns stand for it`,
      );
      scopes.push(jestScope(reader, undefined, rootDir, where));
    }
  }
  return scopes;
}

/** An inline jest project without its own rootDir takes the parent's. */
function withDefaultRootDir(project: ConfigValue, rootDir: string, dir: string): ConfigValue {
  if (!isConfigObject(project) || project.entries.has("rootDir")) return project;
  const relative = path.posix.relative(dir === "" ? "." : dir, rootDir === "" ? "." : rootDir) || ".";
  return { entries: new Map([...project.entries, ["rootDir", relative]]), spreads: project.spreads };
}

async function jestConfigFile(reader: SetupReader, file: string): Promise<{ value?: ConfigValue; source: string }> {
  if (path.posix.basename(file) === "package.json") {
    const manifest = readPackageJson(reader.root, reader.abs(file));
    return manifest?.jest === undefined
      ? { source: file }
      : { value: jsonValue(manifest.jest), source: `${file} (jest)` };
  }
  const read = await reader.read(file);
  if (!("unreadable" in read)) return { value: read.value, source: file };
  reader.unreadable(file, read.unreadable, "jest");
  return { source: file };
}

/** A mocha scope: `spec` (files, globs, or folders of files with `extension`), less `ignore`, relative to the folder mocha runs in. */
function mochaScope(reader: SetupReader, value: ConfigValue | undefined, dir: string, source: string): GlobScope {
  const mocha = { runner: "mocha" } as const;
  const spec =
    reader.patterns(valueAt(value, ["spec"]), `${source}: spec`, { ...mocha, widen: MOCHA_SPEC }) ?? MOCHA_SPEC;
  const extensions = (
    reader.patterns(valueAt(value, ["extension"]), `${source}: extension`, mocha) ?? MOCHA_EXTENSIONS
  ).map((ext) => ext.replace(/^\./, ""));
  const recursive = valueAt(value, ["recursive"]) === true;
  const ignore =
    reader.patterns(valueAt(value, ["ignore"]) ?? valueAt(value, ["exclude"]), `${source}: ignore`, mocha) ?? [];
  const ext = extensions.length === 1 ? (extensions[0] ?? "js") : `{${extensions.join(",")}}`;
  const include = spec.map((entry) => {
    const cleaned = stripDotSlash(entry).replace(/\/$/, "");
    if (GLOB_MAGIC.test(cleaned) || /\.[A-Za-z0-9]+$/.test(cleaned)) return cleaned;
    return `${cleaned === "." || cleaned === "" ? "" : `${cleaned}/`}${recursive ? "**/" : ""}*.${ext}`;
  });
  return { kind: "globs", runner: "mocha", source, dir, include, exclude: ignore.map(stripDotSlash) };
}

async function mochaConfigOf(
  reader: SetupReader,
  dir: string,
  manifest: PackageJson | undefined,
): Promise<GlobScope | undefined> {
  const file = reader.firstPresent(dir, MOCHA_CONFIGS);
  if (file !== undefined) {
    const read = await reader.read(file);
    if (!("unreadable" in read)) return mochaScope(reader, read.value, dir, file);
    reader.unreadable(file, read.unreadable, "mocha");
    return mochaScope(reader, undefined, dir, file);
  }
  if (manifest?.mocha !== undefined)
    return mochaScope(reader, jsonValue(manifest.mocha), dir, `${dir === "" ? "" : `${dir}/`}package.json (mocha)`);
  return manifest?.names.has("mocha") === true ? mochaScope(reader, undefined, dir, "mocha defaults") : undefined;
}

/** The scopes of one folder: each runner it configures or names. */
async function folderScopes(
  reader: SetupReader,
  dir: string,
  rootNames: ReadonlySet<TestRunner>,
): Promise<TestScope[]> {
  const manifestFile = dir === "" ? "package.json" : `${dir}/package.json`;
  reader.consulted.add(reader.abs(manifestFile));
  const manifest = readPackageJson(reader.root, reader.abs(manifestFile));
  const names = manifest?.names ?? new Set<TestRunner>();
  const scopes: TestScope[] = [];

  const workspaceFile = reader.firstPresent(dir, VITEST_WORKSPACES);
  const vitestConfig = vitestConfigOf(reader, dir, names.has("vitest") || rootNames.has("vitest"));
  if (workspaceFile !== undefined && vitestConfig === undefined) {
    const read = await reader.read(workspaceFile);
    if ("unreadable" in read) reader.unreadable(workspaceFile, read.unreadable, "vitest");
    scopes.push(
      ...(await vitestProjects(
        reader,
        "unreadable" in read ? new Computed(workspaceFile) : read.value,
        dir,
        workspaceFile,
      )),
    );
  } else if (vitestConfig !== undefined || names.has("vitest"))
    scopes.push(...(await vitestScopesOfFile(reader, vitestConfig, dir, 0)));

  const jest = await jestConfigOf(reader, dir, manifest);
  if (jest !== undefined) scopes.push(...(await jestScopes(reader, jest, dir, 0)));
  else if (names.has("jest")) scopes.push(jestScope(reader, undefined, dir, "jest defaults"));

  const mocha = await mochaConfigOf(reader, dir, manifest);
  if (mocha !== undefined) scopes.push(mocha);
  return scopes;
}

/** A JSON value from package.json as a config value. */
function jsonValue(value: unknown): ConfigValue {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  if (Array.isArray(value)) return value.map(jsonValue);
  if (typeof value === "object")
    return { entries: new Map(Object.entries(value).map(([key, item]) => [key, jsonValue(item)])), spreads: [] };
  return new Computed(String(value));
}

/**
 * The keys of a .mocharc.yaml that ts-graph reads (`spec`, `extension`, `ignore`, `recursive`), in the forms mocha's
 * own examples use: `key: value`, `key: [a, b]` and a `- item` list under the key. Anything else is left out.
 */
function yamlSubset(text: string): ConfigValue {
  const entries = new Map<string, ConfigValue>();
  let list: ConfigValue[] | undefined;
  const scalar = (raw: string): ConfigValue => {
    const unquoted = raw.trim().replace(/^(['"])(.*)\1$/, "$2");
    return raw.trim() === "true" ? true : raw.trim() === "false" ? false : unquoted;
  };
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, "").replace(/^#.*$/, "");
    const item = /^\s+-\s*(.+?)\s*$/.exec(line);
    if (item?.[1] !== undefined && list !== undefined) {
      list.push(scalar(item[1]));
      continue;
    }
    const entry = /^([A-Za-z-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (entry?.[1] === undefined) continue;
    const value = entry[2] ?? "";
    if (value === "") {
      list = [];
      entries.set(entry[1], list);
    } else {
      list = undefined;
      const inline = /^\[(.*)\]$/.exec(value);
      entries.set(entry[1], inline?.[1] !== undefined ? inline[1].split(",").map(scalar) : scalar(value));
    }
  }
  return { entries, spreads: [] };
}

/**
 * The test runners' patterns for a root: for the root and each workspace package, the scopes of the runners it
 * configures (a config file, a package.json key) or names (a dependency, a script); a root with none gets the usual
 * test file names. Async: a JavaScript or TypeScript config is parsed (oxc-parser, loaded on first use).
 */
export async function readTestRunnerSetup(root: string): Promise<TestRunnerSetup> {
  const reader = new SetupReader(root);
  const folders = runnerFolders(root);
  const rootNames = readPackageJson(root, path.join(root, "package.json"))?.names ?? new Set<TestRunner>();
  const found: TestFolder[] = [];
  for (const dir of folders) {
    const scopes = await folderScopes(reader, dir, rootNames);
    if (scopes.length > 0 || dir === "") found.push({ dir, scopes });
  }
  const rootFolder = found.find((folder) => folder.dir === "");
  const withRoot = found.map((folder) =>
    folder === rootFolder && folder.scopes.length === 0 ? { dir: "", scopes: [NAME_PATTERN_SCOPE] } : folder,
  );
  return {
    root,
    folders: withRoot.sort((a, b) => b.dir.length - a.dir.length || a.dir.localeCompare(b.dir)),
    notes: reader.notes,
    consulted: [...reader.consulted].sort(),
  };
}

function stampOf(file: string): string {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat === undefined ? "-" : `${stat.mtimeMs}:${stat.size}`;
}

/**
 * What the setup read from, cheaply: the runner folders (the root and the workspace packages), the runner files in
 * each (one listing a folder) with their times and sizes, and the other files a setup consulted (project configs).
 * A setup stays right while this stays the same.
 */
export function testRunnerStamp(root: string, consulted: readonly string[]): string {
  const folders = runnerFolders(root);
  const parts: string[] = [];
  const listed = new Set<string>();
  for (const dir of folders) {
    const absolute = dir === "" ? root : path.join(root, dir);
    listed.add(absolute);
    let names: string[];
    try {
      names = fs.readdirSync(absolute);
    } catch {
      names = [];
    }
    for (const name of names.filter((entry) => RUNNER_FILE_NAMES.has(entry)).sort())
      parts.push(`${dir}/${name}=${stampOf(path.join(absolute, name))}`);
    parts.push(`${dir}/`);
  }
  for (const file of consulted) if (!listed.has(path.dirname(file))) parts.push(`${file}=${stampOf(file)}`);
  return parts.join("\n");
}

import { ts } from "../ts6/typescript6.js";
import path from "node:path";

/**
 * Compiler options TypeScript 7 removed, replaced in memory by the nearest setting it still supports, so that
 * a project written for TypeScript 6 resolves the same imports under TypeScript 7 (ADR 0022).
 * Pure: every read goes through the reader the caller gives; nothing is written.
 */

/** Reads a file: its text, or undefined when it does not exist or cannot be read. */
export type ReadTextFile = (absolutePath: string) => string | undefined;

export interface RemovedOptionsRewrite {
  /**
   * Absolute path → JSON text to serve instead of that file's content on disk (ingestion/run/ts7-run.ts serves them to the session). Only the
   * tsconfig and the files it extends that set a removed option (or inherit a baseUrl) appear; empty when none does.
   * `files`, `include`, `exclude`, `extends` and `references` are kept as written, so the project lists the same files.
   * A file's text depends only on that file and what it extends, so the maps of several projects can be merged into
   * the one `fs` of a session (a base config they share gets the same text from each).
   */
  readonly texts: ReadonlyMap<string, string>;
  /** One line per change, for the user: which file, what was set, what replaces it and why. */
  readonly notes: readonly string[];
}

type JsonObject = { [key: string]: unknown };

interface ConfigFile {
  readonly fileName: string;
  readonly json: JsonObject;
  readonly compilerOptions: JsonObject;
  /** The configs it extends, in the order of its `extends` (later ones override earlier ones). */
  readonly bases: ConfigFile[];
}

interface Change {
  readonly key: string;
  /** The new value; undefined removes the option. */
  readonly value: unknown;
  readonly note: string;
}

const NODE_MODULE_KINDS = new Set(["node16", "node18", "node20", "nodenext"]);

/**
 * Options TypeScript 5.5 had already removed (TypeScript 6 and 7 ignore them: TS5023 or TS5102) and that change neither
 * what resolves nor what the checker answers for a graph.
 */
const LONG_REMOVED = [
  "charset",
  "importsNotUsedAsValues",
  "keyofStringsOnly",
  "noImplicitUseStrict",
  "noStrictGenericChecks",
  "out",
  "preserveValueImports",
  "suppressExcessPropertyErrors",
  "suppressImplicitAnyIndexErrors",
];

/**
 * Reads `tsconfigPath` and every config it extends (JSON with comments and trailing commas), and returns the texts
 * to serve to TypeScript 7 instead so that it loads the project with the nearest supported setting for each option
 * it removed, plus one note per change:
 *
 * - `moduleResolution` `node`/`node10` → `bundler` with `resolvePackageJsonExports`/`resolvePackageJsonImports` false
 *   (node10 never read `exports`/`imports`); removed instead when `module` is node16…nodenext (it then picks its own).
 *   `classic` → `bundler` (TypeScript 7 already resolves `classic` projects that way; a non-relative name classic found
 *   by searching parent folders does not resolve).
 * - `baseUrl` → a `paths` entry `"*": ["<baseUrl>/*"]` after the project's own `paths`, whose values are re-based from
 *   baseUrl to the folder of the config that holds them (TypeScript 6 read `paths` relative to baseUrl). Every config
 *   of the chain that inherits a baseUrl gets its own `paths`, so a rewritten file depends only on what it extends.
 * - `module` `amd`/`umd` → `commonjs`, `system` → `esnext`, `none` removed; `target` `es5` → `es2015`, `es3` removed
 *   (TypeScript 6 read it as the default target).
 * - Emit-only or always-on-now options are removed: `outFile`, `downlevelIteration`, `esModuleInterop: false`,
 *   `allowSyntheticDefaultImports: false`, `alwaysStrict: false`, and the options TypeScript 5.5 already removed.
 *
 * A config that cannot be read or parsed, or an `extends` that cannot be found, is left to TypeScript, which reports it.
 * Paths in `texts` are `path.resolve`d; package `extends` are looked up in node_modules folders (package.json
 * `tsconfig` field or `tsconfig.json`, not `exports`).
 */
export function rewriteRemovedOptions(tsconfigPath: string, readFile: ReadTextFile): RemovedOptionsRewrite {
  const root = path.resolve(tsconfigPath);
  const loaded = new Map<string, ConfigFile | undefined>();
  const top = loadConfig(root, readFile, loaded);
  const texts = new Map<string, string>();
  const notes: string[] = [];
  if (top === undefined) return { texts, notes };
  for (const config of new Set(applicationOrder(top, new Set()))) {
    const changes = changesOf(config, (fileName) => displayName(root, fileName));
    if (changes.length === 0) continue;
    const compilerOptions: JsonObject = { ...config.compilerOptions };
    for (const change of changes) {
      if (change.value === undefined) delete compilerOptions[change.key];
      else compilerOptions[change.key] = change.value;
    }
    texts.set(config.fileName, `${JSON.stringify({ ...config.json, compilerOptions }, null, 2)}\n`);
    const where = displayName(root, config.fileName);
    notes.push(...changes.filter((change) => change.note !== "").map((change) => `${where}: ${change.note}`));
  }
  return { texts, notes };
}

function displayName(root: string, fileName: string): string {
  const relative = path.relative(path.dirname(root), fileName).split(path.sep).join("/");
  return relative === "" ? path.basename(fileName) : relative;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with comments and trailing commas, as tsconfig files are written (TypeScript's own reader); undefined when it is not that. */
function parseJsonc(text: string): unknown {
  const { config, error } = ts.parseConfigFileTextToJson("tsconfig.json", text);
  return error === undefined ? (config as unknown) : undefined;
}

function loadConfig(
  fileName: string,
  readFile: ReadTextFile,
  loaded: Map<string, ConfigFile | undefined>,
): ConfigFile | undefined {
  if (loaded.has(fileName)) return loaded.get(fileName);
  loaded.set(fileName, undefined); // an extends cycle stops here
  const text = readFile(fileName);
  const json = text === undefined ? undefined : parseJsonc(text);
  if (!isObject(json)) return undefined;
  const compilerOptions = isObject(json.compilerOptions) ? json.compilerOptions : {};
  const specifiers =
    typeof json.extends === "string" ? [json.extends] : Array.isArray(json.extends) ? json.extends : [];
  const bases = specifiers
    .filter((specifier): specifier is string => typeof specifier === "string")
    .map((specifier) => resolveExtends(specifier, path.dirname(fileName), readFile))
    .map((base) => (base === undefined ? undefined : loadConfig(base, readFile, loaded)))
    .filter((base): base is ConfigFile => base !== undefined);
  const config: ConfigFile = { fileName, json, compilerOptions, bases };
  loaded.set(fileName, config);
  return config;
}

/** The file an `extends` entry names, as TypeScript finds it: a path, or a package in a node_modules folder. */
function resolveExtends(specifier: string, dir: string, readFile: ReadTextFile): string | undefined {
  const exists = (file: string) => readFile(file) !== undefined;
  const fileOrJson = (file: string) =>
    exists(file) ? file : !file.endsWith(".json") && exists(`${file}.json`) ? `${file}.json` : undefined;
  if (path.isAbsolute(specifier) || /^\.\.?(?:[/\\]|$)/.test(specifier))
    return fileOrJson(path.resolve(dir, specifier));
  const isPackageName = /^(?:@[^/]+\/)?[^/]+$/.test(specifier);
  for (let current = dir; ; current = path.dirname(current)) {
    const base = path.join(current, "node_modules", specifier);
    const found = isPackageName ? packageTsconfig(base, readFile) : fileOrJson(base);
    if (found !== undefined) return found;
    if (path.dirname(current) === current) return undefined;
  }
}

function packageTsconfig(packageDir: string, readFile: ReadTextFile): string | undefined {
  const manifest = readFile(path.join(packageDir, "package.json"));
  const field = manifest === undefined ? undefined : parseJsonc(manifest);
  const named =
    isObject(field) && typeof field.tsconfig === "string" ? path.resolve(packageDir, field.tsconfig) : undefined;
  const candidate = named ?? path.join(packageDir, "tsconfig.json");
  return readFile(candidate) !== undefined ? candidate : undefined;
}

/** The configs whose compilerOptions make up this one, least derived first: each base's own order, then the config. */
function applicationOrder(config: ConfigFile, visiting: Set<ConfigFile>): ConfigFile[] {
  if (visiting.has(config)) return [];
  visiting.add(config);
  const order = [...config.bases.flatMap((base) => applicationOrder(base, visiting)), config];
  visiting.delete(config);
  return order;
}

interface Setting {
  readonly value: unknown;
  readonly from: ConfigFile;
}

/** The value of a compiler option for a project opened at `config`: the most derived config that sets it. */
function effective(config: ConfigFile, key: string): Setting | undefined {
  const from = applicationOrder(config, new Set()).findLast((candidate) =>
    Object.hasOwn(candidate.compilerOptions, key),
  );
  return from === undefined ? undefined : { value: from.compilerOptions[key], from };
}

function lowerString(value: unknown): string | undefined {
  return typeof value === "string" ? value.toLowerCase() : undefined;
}

/** What to change in this config's own compilerOptions (its bases are rewritten on their own); `name` shows a config to the user. */
function changesOf(config: ConfigFile, name: (fileName: string) => string): Change[] {
  return [
    ...moduleResolutionChanges(config),
    ...moduleAndTargetChanges(config),
    ...droppedOptionChanges(config),
    ...baseUrlChanges(config, name),
  ];
}

function moduleResolutionChanges(config: ConfigFile): Change[] {
  const written = config.compilerOptions.moduleResolution;
  const value = lowerString(written);
  if (value !== "node" && value !== "node10" && value !== "classic") return [];
  const removed = value === "classic" ? "classic" : "node10";
  const module = lowerString(effective(config, "module")?.value);
  if (module !== undefined && NODE_MODULE_KINDS.has(module))
    return [
      {
        key: "moduleResolution",
        value: undefined,
        note: `moduleResolution ${written} removed: module ${module} picks its own resolution (TypeScript 7 removed ${removed})`,
      },
    ];
  if (value === "classic")
    return [
      {
        key: "moduleResolution",
        value: "bundler",
        note: `moduleResolution ${written} → bundler (TypeScript 7 removed classic and resolves such projects like bundler; a non-relative import that classic found by searching parent folders stays unresolved)`,
      },
    ];
  const keep = (key: string) => effective(config, key) !== undefined;
  const alsoOff = ["resolvePackageJsonExports", "resolvePackageJsonImports"].filter((key) => !keep(key));
  const also = alsoOff.length === 0 ? "" : ` with ${alsoOff.map((key) => `${key} false`).join(" and ")}`;
  return [
    {
      key: "moduleResolution",
      value: "bundler",
      note: `moduleResolution ${written} → bundler${also} (TypeScript 7 removed node10; bundler resolves the same main/types, folder and extensionless imports${also === "" ? "" : ", and node10 ignored package.json exports and imports"})`,
    },
    ...alsoOff.map((key) => ({ key, value: false, note: "" })),
  ];
}

function moduleAndTargetChanges(config: ConfigFile): Change[] {
  const changes: Change[] = [];
  const module = config.compilerOptions.module;
  const moduleKind = lowerString(module);
  if (moduleKind === "amd" || moduleKind === "umd")
    changes.push({
      key: "module",
      value: "commonjs",
      note: `module ${module} → commonjs (TypeScript 7 removed ${moduleKind}; commonjs keeps export = and import = require)`,
    });
  else if (moduleKind === "system")
    changes.push({
      key: "module",
      value: "esnext",
      note: `module ${module} → esnext (TypeScript 7 removed system; both are ES module syntax)`,
    });
  else if (moduleKind === "none")
    changes.push({
      key: "module",
      value: undefined,
      note: `module ${module} removed (TypeScript 7 removed none; the default module kind applies)`,
    });
  const target = config.compilerOptions.target;
  const targetKind = lowerString(target);
  if (targetKind === "es5")
    changes.push({
      key: "target",
      value: "es2015",
      note: `target ${target} → es2015 (TypeScript 7 removed es5; es2015 is its lowest target, its default lib adds ES2015 globals)`,
    });
  else if (targetKind === "es3")
    changes.push({
      key: "target",
      value: undefined,
      note: `target ${target} removed (TypeScript 6 already read es3 as the default target)`,
    });
  return changes;
}

function droppedOptionChanges(config: ConfigFile): Change[] {
  const options = config.compilerOptions;
  const changes: Change[] = [];
  const drop = (key: string, why: string) => changes.push({ key, value: undefined, note: `${key} removed (${why})` });
  if (Object.hasOwn(options, "outFile")) drop("outFile", "TypeScript 7 removed it; it only changes emit");
  if (Object.hasOwn(options, "downlevelIteration"))
    drop("downlevelIteration", "TypeScript 7 removed it; it only changes emit below es2015");
  for (const key of ["esModuleInterop", "allowSyntheticDefaultImports", "alwaysStrict"])
    if (options[key] === false) drop(key, `TypeScript 7 removed ${key}: false; it is always on`);
  for (const key of LONG_REMOVED)
    if (Object.hasOwn(options, key)) drop(key, "TypeScript 5.5 removed it already; it was ignored");
  return changes;
}

/** baseUrl as TypeScript 7 can take it: `paths` whose values are relative to this config's folder. */
function baseUrlChanges(config: ConfigFile, name: (fileName: string) => string): Change[] {
  const baseUrl = effective(config, "baseUrl");
  if (baseUrl === undefined || typeof baseUrl.value !== "string") return [];
  const base = baseUrl.value.startsWith("${configDir}")
    ? baseUrl.value
    : path.resolve(path.dirname(baseUrl.from.fileName), baseUrl.value);
  const dir = path.dirname(config.fileName);
  const own = effective(config, "paths");
  const paths: Record<string, unknown> = {};
  if (own !== undefined && isObject(own.value))
    for (const [pattern, targets] of Object.entries(own.value))
      paths[pattern] = Array.isArray(targets)
        ? targets.map((target) => (typeof target === "string" ? rebase(target, base, dir) : target))
        : targets;
  const addsStar = !Object.hasOwn(paths, "*");
  if (addsStar) paths["*"] = [rebase("*", base, dir)];
  const written = `baseUrl ${baseUrl.value}${baseUrl.from === config ? "" : ` (set in ${name(baseUrl.from.fileName)})`}`;
  const star = addsStar
    ? `{ "*": ${JSON.stringify(paths["*"])} }, after your own paths`
    : "your own paths (they already map every name)";
  const rebased =
    own === undefined ? "" : `; paths re-based from baseUrl to this file's folder: ${JSON.stringify(paths)}`;
  return [
    { key: "paths", value: paths, note: `${written} → paths ${star} (TypeScript 7 removed baseUrl)${rebased}` },
    ...(Object.hasOwn(config.compilerOptions, "baseUrl") ? [{ key: "baseUrl", value: undefined, note: "" }] : []),
  ];
}

/** A `paths` value written relative to baseUrl, written relative to `dir` (with the ./ TypeScript 7 requires). */
function rebase(target: string, base: string, dir: string): string {
  if (target.startsWith("${configDir}") || path.isAbsolute(target)) return target;
  if (base.startsWith("${configDir}")) return path.posix.join(base, target);
  const relative = path.relative(dir, path.resolve(base, target)).split(path.sep).join("/");
  return relative.startsWith("../") || relative === ".." ? relative : `./${relative}`;
}

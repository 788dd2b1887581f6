/**
 * Benchmark corpora: published npm packages that ship their TypeScript sources
 * under src/. Fetched with `npm pack` into .bench-corpora/ (git-ignored), unpacked
 * to .bench-corpora/<name>-<version>/, given their runtime dependencies so that
 * imports resolve, and a tsconfig.bench.json shared by tsc and ts-graph.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT, ensureExited, isRecord, log, run, formatMs } from "./measure.js";
import { describeDiagnostics, runTsc } from "./tsc.js";

export const CORPORA_DIR = path.join(REPO_ROOT, ".bench-corpora");
export const TSCONFIG_NAME = "tsconfig.bench.json";
export const DEFAULT_CORPORA = ["effect@3.22.4"] as const;
export const KNOWN_CORPORA = ["effect@3.22.4", "effect@4.1.0", "zod@3.25.76", "rxjs@7.8.2"] as const;

/** Appended by the edit steps; a killed run may leave it behind, so setup strips it. */
const EDIT_MARKER = "__tsGraphBench_";
export function editSuffix(i: number): string {
  return `\nexport const ${EDIT_MARKER}${i} = ${i};\n`;
}
const LEFTOVER_EDIT = new RegExp(`(?:\\nexport const ${EDIT_MARKER}\\d+ = \\d+;\\n)+$`);

export interface CorpusSpec {
  readonly name: string;
  readonly version: string;
  /** name@version */
  readonly id: string;
  /** <name>-<version>, scope flattened: @a/b@1 -> a-b-1 */
  readonly dirName: string;
}

export function parseCorpusSpec(text: string): CorpusSpec {
  const trimmed = text.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) throw new Error(`corpus must be NAME@VERSION, got '${text}'`);
  const name = trimmed.slice(0, at);
  const version = trimmed.slice(at + 1);
  if (!/^[\w.+-]+$/.test(version)) throw new Error(`bad version in corpus '${text}'`);
  if (!/^(?:@[\w.-]+\/)?[\w.-]+$/.test(name)) throw new Error(`bad package name in corpus '${text}'`);
  const flat = name.replace(/^@/, "").replace("/", "-");
  return { name, version, id: `${name}@${version}`, dirName: `${flat}-${version}` };
}

/**
 * Per-package adjustments. zod ships its tests and micro-benchmarks under src/;
 * those import dev-only packages (`benchmark`, vitest), so they are left out for
 * both tsc and ts-graph alike.
 */
const EXTRA_EXCLUDES: Record<string, readonly string[]> = {
  zod: ["src/**/tests/**", "src/**/benchmarks/**"],
};

export interface TsconfigShape {
  readonly compilerOptions: Record<string, unknown>;
  readonly include: readonly string[];
  readonly exclude: readonly string[];
}

/**
 * `.d.ts` files are not excluded: none of the known corpora has any under src/, and
 * where a package does ship hand-written ambient declarations its sources need them.
 */
function benchTsconfig(spec: CorpusSpec, exactOptionalPropertyTypes: boolean): TsconfigShape {
  return {
    compilerOptions: {
      strict: true,
      target: "ES2022",
      module: "ESNext",
      moduleResolution: "Bundler",
      allowImportingTsExtensions: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      ignoreDeprecations: "6.0",
      ...(exactOptionalPropertyTypes ? { exactOptionalPropertyTypes: true } : {}),
      lib: ["ES2022", "DOM"],
    },
    include: ["src/**/*.ts"],
    exclude: ["**/*.test.ts", "**/*.spec.ts", ...(EXTRA_EXCLUDES[spec.name] ?? [])],
  };
}

export interface EoptProbe {
  readonly errorsWithout: number;
  readonly errorsWith: number;
  readonly checkedWithout: boolean;
  readonly checkedWith: boolean;
}

export interface PreparedCorpus {
  readonly spec: CorpusSpec;
  readonly dir: string;
  readonly tsconfigPath: string;
  readonly tsconfig: TsconfigShape;
  readonly exactOptionalPropertyTypes: boolean;
  /** null when the decision came from the cache or probing was skipped. */
  readonly probe: EoptProbe | null;
  readonly probeSource: "measured" | "cached" | "skipped";
  readonly dependencies: Record<string, string>;
  /** Source files matched by the tsconfig's include/exclude, corpus-relative, '/'-separated, sorted. */
  readonly sourceFiles: readonly string[];
}

export interface PrepareOptions {
  readonly tmpDir: string;
  readonly timeoutMs: number;
  readonly probeExactOptional: boolean;
}

export async function prepareCorpus(spec: CorpusSpec, options: PrepareOptions): Promise<PreparedCorpus> {
  fs.mkdirSync(CORPORA_DIR, { recursive: true });
  const dir = await fetchAndUnpack(spec, options.timeoutMs);
  const dependencies = await installDependencies(spec, dir, options.timeoutMs);

  const base = benchTsconfig(spec, false);
  const restored = restoreJournaledEdits(dir);
  if (restored > 0) log(`${spec.id}: restored ${restored} file(s) an interrupted run had edited`);
  const removed = stripLeftoverEdits(dir, listMatchingFiles(dir, base.include, base.exclude));
  if (removed > 0) log(`${spec.id}: removed leftover benchmark edits from ${removed} file(s) of an interrupted run`);

  const decision = await decideExactOptional(spec, dir, options);
  const tsconfig = benchTsconfig(spec, decision.exactOptionalPropertyTypes);
  const tsconfigPath = path.join(dir, TSCONFIG_NAME);
  writeFileIfChanged(tsconfigPath, `${JSON.stringify(tsconfig, null, 2)}\n`);
  const sourceFiles = listMatchingFiles(dir, tsconfig.include, tsconfig.exclude);
  if (sourceFiles.length === 0) throw new Error(`${spec.id}: no source files match ${tsconfig.include.join(", ")}`);
  return { spec, dir, tsconfigPath, tsconfig, ...decision, dependencies, sourceFiles };
}

async function fetchAndUnpack(spec: CorpusSpec, timeoutMs: number): Promise<string> {
  const dir = path.join(CORPORA_DIR, spec.dirName);
  if (fs.existsSync(path.join(dir, "package.json"))) {
    log(`${spec.id}: already unpacked in ${path.relative(REPO_ROOT, dir)}`);
    return dir;
  }
  const tarball = path.join(CORPORA_DIR, `${spec.dirName}.tgz`);
  if (!fs.existsSync(tarball)) {
    log(`${spec.id}: npm pack ...`);
    const packed = await run("npm", ["pack", spec.id, "--pack-destination", CORPORA_DIR, "--json"], {
      cwd: CORPORA_DIR,
      timeoutMs,
    });
    ensureExited(packed);
    const filename = packedFilename(packed.stdout);
    const produced = filename ? path.join(CORPORA_DIR, filename) : null;
    if (produced && produced !== tarball && fs.existsSync(produced)) fs.renameSync(produced, tarball);
    if (!fs.existsSync(tarball)) throw new Error(`${spec.id}: npm pack did not produce ${tarball}`);
  }
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  log(`${spec.id}: unpacking ${path.basename(tarball)}`);
  ensureExited(await run("tar", ["-xzf", tarball, "-C", partial, "--strip-components=1"], { timeoutMs }));
  if (!fs.existsSync(path.join(partial, "package.json"))) throw new Error(`${spec.id}: tarball has no package.json`);
  fs.renameSync(partial, dir);
  return dir;
}

function packedFilename(stdout: string): string | null {
  try {
    const parsed: unknown = JSON.parse(stdout);
    const first: unknown = Array.isArray(parsed) ? parsed[0] : undefined;
    if (isRecord(first) && typeof first.filename === "string") return first.filename;
  } catch {
    // npm may print non-JSON noise; fall back to the expected name.
  }
  return null;
}

function readJsonRecord(file: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(value)) return out;
  for (const [key, v] of Object.entries(value)) if (typeof v === "string") out[key] = v;
  return out;
}

/**
 * Install the package's `dependencies` (and non-optional peers) so that its imports
 * resolve. The install runs in a staging folder with a package.json listing only
 * those, then node_modules is moved into the corpus: running `npm install` inside
 * the corpus itself would also resolve its published devDependencies (rxjs ships 61,
 * which fail with ERESOLVE).
 */
async function installDependencies(spec: CorpusSpec, dir: string, timeoutMs: number): Promise<Record<string, string>> {
  const pkg = readJsonRecord(path.join(dir, "package.json")) ?? {};
  const deps = stringRecord(pkg.dependencies);
  const peers = stringRecord(pkg.peerDependencies);
  const peerMeta = isRecord(pkg.peerDependenciesMeta) ? pkg.peerDependenciesMeta : {};
  for (const [name, range] of Object.entries(peers)) {
    const meta = peerMeta[name];
    const optional = isRecord(meta) && meta.optional === true;
    if (!optional && !(name in deps)) deps[name] = range;
  }
  const marker = path.join(dir, ".bench-deps.json");
  const wanted = JSON.stringify(deps);
  if (fs.existsSync(marker) && fs.readFileSync(marker, "utf8") === wanted) return deps;
  const names = Object.keys(deps);
  if (names.length === 0) {
    fs.writeFileSync(marker, wanted);
    return deps;
  }
  const staging = path.join(CORPORA_DIR, ".deps", spec.dirName);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  fs.writeFileSync(
    path.join(staging, "package.json"),
    JSON.stringify({ name: "ts-graph-bench-deps", private: true, dependencies: deps }, null, 2),
  );
  log(`${spec.id}: npm install ${names.map((n) => `${n}@${deps[n] ?? ""}`).join(" ")}`);
  const installed = await run(
    "npm",
    ["install", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund", "--no-package-lock", "--omit=dev"],
    {
      cwd: staging,
      timeoutMs,
    },
  );
  ensureExited(installed);
  const target = path.join(dir, "node_modules");
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(path.join(staging, "node_modules"), target);
  fs.rmSync(staging, { recursive: true, force: true });
  removeIfEmpty(path.dirname(staging));
  fs.writeFileSync(marker, wanted);
  return deps;
}

/**
 * exactOptionalPropertyTypes is turned on only if it reduces the number of tsc
 * errors (both variants must really type-check). Measured once per corpus with two
 * untimed tsc runs and cached in .bench-setup.json next to the sources.
 */
async function decideExactOptional(
  spec: CorpusSpec,
  dir: string,
  options: PrepareOptions,
): Promise<Pick<PreparedCorpus, "exactOptionalPropertyTypes" | "probe" | "probeSource">> {
  const cacheFile = path.join(dir, ".bench-setup.json");
  const key = JSON.stringify(benchTsconfig(spec, false));
  const cached = readJsonRecord(cacheFile);
  if (cached && cached.key === key && typeof cached.exactOptionalPropertyTypes === "boolean") {
    return { exactOptionalPropertyTypes: cached.exactOptionalPropertyTypes, probe: null, probeSource: "cached" };
  }
  if (!options.probeExactOptional) {
    return { exactOptionalPropertyTypes: false, probe: null, probeSource: "skipped" };
  }
  log(`${spec.id}: probing exactOptionalPropertyTypes (two untimed tsc runs, cached afterwards) ...`);
  const variants = [false, true].map((on) => {
    const name = `tsconfig.bench.probe-${on ? "on" : "off"}.json`;
    fs.writeFileSync(path.join(dir, name), JSON.stringify(benchTsconfig(spec, on), null, 2));
    return name;
  });
  try {
    const [off, on] = await Promise.all(variants.map((name) => runTsc(dir, name, options.tmpDir, options.timeoutMs)));
    if (!off || !on) throw new Error("probe runs missing");
    const probe: EoptProbe = {
      errorsWithout: off.diagnostics.total,
      errorsWith: on.diagnostics.total,
      checkedWithout: off.checked,
      checkedWith: on.checked,
    };
    const enable = on.checked && (!off.checked || on.diagnostics.total < off.diagnostics.total);
    log(
      `${spec.id}: exactOptionalPropertyTypes off: ${describeDiagnostics(off.diagnostics)} in ${formatMs(off.wallMs)}; ` +
        `on: ${describeDiagnostics(on.diagnostics)} in ${formatMs(on.wallMs)} -> ${enable ? "enabled" : "left off"}`,
    );
    fs.writeFileSync(cacheFile, JSON.stringify({ key, exactOptionalPropertyTypes: enable, probe }, null, 2));
    return { exactOptionalPropertyTypes: enable, probe, probeSource: "measured" };
  } finally {
    for (const name of variants) fs.rmSync(path.join(dir, name), { force: true });
  }
}

function removeIfEmpty(dir: string): void {
  try {
    if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  } catch {
    // not there or not empty
  }
}

function writeFileIfChanged(file: string, content: string): void {
  try {
    if (fs.readFileSync(file, "utf8") === content) return;
  } catch {
    // missing: write it
  }
  fs.writeFileSync(file, content);
}

/** Minimal tsconfig-style glob: `**\/` = any directories, `*` and `?` within one segment. */
function globToRegExp(glob: string): RegExp {
  let source = "^";
  let i = 0;
  while (i < glob.length) {
    if (glob.startsWith("**/", i)) {
      source += "(?:.*/)?";
      i += 3;
    } else if (glob.startsWith("/**", i) && i + 3 === glob.length) {
      source += "(?:/.*)?";
      i += 3;
    } else {
      const ch = glob.charAt(i);
      if (ch === "*") source += "[^/]*";
      else if (ch === "?") source += "[^/]";
      else source += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
      i += 1;
    }
  }
  return new RegExp(`${source}$`);
}

/** Files under `dir` (node_modules skipped) matching the include and none of the exclude globs. */
function listMatchingFiles(dir: string, include: readonly string[], exclude: readonly string[]): string[] {
  const inc = include.map(globToRegExp);
  const exc = exclude.map(globToRegExp);
  const out: string[] = [];
  const walk = (relDir: string): void => {
    const abs = relDir === "" ? dir : path.join(dir, relDir);
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const rel = relDir === "" ? entry.name : `${relDir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile() && inc.some((re) => re.test(rel)) && !exc.some((re) => re.test(rel))) out.push(rel);
    }
  };
  // Only walk the top-level folders the include patterns start with (here: src/).
  const roots = new Set(include.map((g) => g.split("/")[0] ?? ""));
  for (const root of roots) {
    if (root === "" || root.includes("*")) {
      walk("");
      break;
    }
    if (fs.existsSync(path.join(dir, root))) walk(root);
  }
  return [...new Set(out)].sort();
}

/**
 * The journal of the edits a timing step has written into a corpus folder and not undone yet: the original
 * texts by path relative to the folder. Written before the edit, removed after its undo, and replayed by
 * the next setup when a killed run left it behind (an edit of any kind, a rename across files included).
 */
export function editJournalPath(dir: string): string {
  // Beside the folder, not in it: no watcher of the folder sees it.
  return path.join(path.dirname(dir), `${path.basename(dir)}.pending-edits.json`);
}

function restoreJournaledEdits(dir: string): number {
  const journal = editJournalPath(dir);
  if (!fs.existsSync(journal)) return 0;
  const originals = JSON.parse(fs.readFileSync(journal, "utf8")) as Record<string, string>;
  for (const [rel, text] of Object.entries(originals)) fs.writeFileSync(path.join(dir, rel), text);
  fs.rmSync(journal);
  return Object.keys(originals).length;
}

function stripLeftoverEdits(dir: string, files: readonly string[]): number {
  let count = 0;
  for (const rel of files) {
    const file = path.join(dir, rel);
    const text = fs.readFileSync(file, "utf8");
    if (!text.includes(EDIT_MARKER)) continue;
    const cleaned = text.replace(LEFTOVER_EDIT, "");
    if (cleaned !== text) {
      fs.writeFileSync(file, cleaned);
      count += 1;
    }
  }
  return count;
}

import { ts } from "../../engine/ts6/typescript6.js";
import fs from "node:fs";
import path from "node:path";
import type { ProjectSpec } from "../../config/discover-projects.js";
import { rewriteRemovedOptions } from "../../engine/ts7/removed-options.js";
import { type FileChanges, TS7_VERSION, Ts7Session, type Ts7ProjectView } from "../../engine/ts7/ts7-session.js";

export { TS7_VERSION };

/**
 * TypeScript 7's session as the runs of one engine use it: the projects opened by their tsconfig (a virtual
 * one for the fallback project of a root without any), the texts the run hashed served instead of the disk's,
 * and the files each run changed, added or removed told to the session before it extracts.
 */
export interface Ts7Run {
  /** ts7ConfigKey of the projects it was opened with: a run whose projects have another key needs a new session. */
  readonly configKey: string;
  /** The project's view in the current snapshot; undefined when TypeScript 7 did not load the project. */
  view(project: ProjectSpec): Ts7ProjectView | undefined;
  /**
   * The next run's projects, texts (by absolute path) and removed files (absolute), and the files that changed
   * on disk without a run (a rename patch's).
   */
  update(
    projects: readonly ProjectSpec[],
    texts: ReadonlyMap<string, string>,
    removed: readonly string[],
    patched: readonly string[],
  ): void;
  /**
   * As update, keeping the last snapshot (the last run's types) until the answer's release(): planning
   * compares inferred types in both (ADR 0012).
   */
  updateKeepingPrevious(
    projects: readonly ProjectSpec[],
    texts: ReadonlyMap<string, string>,
    removed: readonly string[],
    patched: readonly string[],
  ): Ts7PreviousRun;
  close(): void;
}

/** The snapshot of the last run, kept until released. */
export interface Ts7PreviousRun {
  /** The project's view in the last run's snapshot; undefined when it did not hold the project. */
  view(project: ProjectSpec): Ts7ProjectView | undefined;
  release(): void;
}

/** Where the fallback project's virtual tsconfig lies: the root's tsconfig.json, which does not exist when it is used. */
export function configPathOf(root: string, project: ProjectSpec): string {
  return project.id === "" ? path.join(root, "tsconfig.json") : path.join(root, project.id);
}

/** The fallback project's options (discover-projects.ts FALLBACK_COMPILER_OPTIONS) as a tsconfig, listing its files. */
export function fallbackConfigText(project: ProjectSpec): string {
  return JSON.stringify({
    compilerOptions: {
      target: "esnext",
      module: "esnext",
      moduleResolution: "bundler",
      jsx: "preserve",
      strict: true,
      allowJs: false,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      noEmit: true,
    },
    files: project.fileNames,
  });
}

function realPathOf(fileName: string): string | undefined {
  try {
    return fs.realpathSync(fileName);
  } catch {
    return undefined;
  }
}

function readText(fileName: string): string | undefined {
  try {
    return fs.readFileSync(fileName, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The tsconfig texts TypeScript 7 reads instead of the disk's, for projects that set options it removed
 * (engine/ts7/removed-options.ts: the nearest setting it supports), and one note per change.
 */
export function ts7ConfigRewrites(
  root: string,
  projects: readonly ProjectSpec[],
): { texts: Map<string, string>; notes: string[] } {
  const texts = new Map<string, string>();
  const notes: string[] = [];
  for (const project of projects) {
    if (project.id === "") continue;
    const rewrite = rewriteRemovedOptions(configPathOf(root, project), readText);
    for (const [fileName, text] of rewrite.texts) texts.set(fileName, text);
    for (const note of rewrite.notes) if (!notes.includes(note)) notes.push(note);
  }
  return { texts, notes };
}

/** Each indexed file's project options, by absolute path (a file belongs to one project). */
function ownerOptions(projects: readonly ProjectSpec[]): Map<string, ts.CompilerOptions> {
  const owners = new Map<string, ts.CompilerOptions>();
  for (const project of projects) for (const fileName of project.fileNames) owners.set(fileName, project.options);
  return owners;
}

/** Whether a file is a module and in which format, as TypeScript 6's program decides it from its project's options. */
function ts6ParseOptionsOf(fileName: string, options: ts.CompilerOptions | undefined): ts.CreateSourceFileOptions {
  if (options === undefined) return { languageVersion: ts.ScriptTarget.Latest };
  return {
    languageVersion: ts.ScriptTarget.Latest,
    impliedNodeFormat: ts.getImpliedNodeFormatForFile(fileName, undefined, ts.sys, options),
    setExternalModuleIndicator: setExternalModuleIndicatorOf(options),
  };
}

/** TypeScript 6's rule for which files are modules under these options (`moduleDetection`, `jsx`, the module format): internal, but in its API object. */
const setExternalModuleIndicatorOf = (
  ts as unknown as { getSetExternalModuleIndicator(options: ts.CompilerOptions): (file: ts.SourceFile) => void }
).getSetExternalModuleIndicator;

/** What decides how TypeScript 7 opens the projects: their ids and options; another key means another session. */
export function ts7ConfigKey(projects: readonly ProjectSpec[]): string {
  return JSON.stringify(projects.map((project) => [project.id, project.options]));
}

export function openTs7Run(root: string, projects: readonly ProjectSpec[], texts: ReadonlyMap<string, string>): Ts7Run {
  const served = new Map<string, string>();
  const serve = (current: readonly ProjectSpec[], runTexts: ReadonlyMap<string, string>): void => {
    served.clear();
    for (const [fileName, text] of runTexts) served.set(fileName, text);
    for (const [fileName, text] of ts7ConfigRewrites(root, current).texts) {
      // TypeScript 7 may ask for a config it reached through a link by either path.
      served.set(fileName, text);
      const real = realPathOf(fileName);
      if (real !== undefined) served.set(real, text);
    }
    for (const project of current)
      if (project.id === "") served.set(configPathOf(root, project), fallbackConfigText(project));
  };
  serve(projects, texts);
  let owners = ownerOptions(projects);
  const session = new Ts7Session({
    cwd: root,
    servedText: (fileName) => served.get(fileName),
    ts6ParseOptions: (fileName) => ts6ParseOptionsOf(fileName, owners.get(fileName)),
  });
  let configPaths = projects.map((project) => configPathOf(root, project));
  try {
    session.update(configPaths, undefined);
  } catch (error) {
    session.close();
    throw error;
  }
  /** The files the session's programs hold: a changed file it does not know is a created one. */
  const known = (): Set<string> => {
    const files = new Set<string>();
    for (const configPath of configPaths)
      for (const fileName of session.projectAt(configPath)?.fileNames() ?? []) files.add(fileName);
    return files;
  };
  /** Serves the next run's texts and gives the changes to tell the session. */
  const changesFor = (
    nextProjects: readonly ProjectSpec[],
    nextTexts: ReadonlyMap<string, string>,
    removed: readonly string[],
    patched: readonly string[],
  ): FileChanges => {
    const before = known();
    serve(nextProjects, nextTexts);
    owners = ownerOptions(nextProjects);
    configPaths = nextProjects.map((project) => configPathOf(root, project));
    const fallback = nextProjects.filter((project) => project.id === "").map((project) => configPathOf(root, project));
    const touched = [...new Set([...nextTexts.keys(), ...patched])];
    return {
      changed: [...touched.filter((fileName) => before.has(fileName)), ...fallback],
      created: touched.filter((fileName) => !before.has(fileName)),
      deleted: [...removed],
    };
  };
  return {
    configKey: ts7ConfigKey(projects),
    view: (project) => session.projectAt(configPathOf(root, project)),
    update(nextProjects, nextTexts, removed, patched) {
      const changes = changesFor(nextProjects, nextTexts, removed, patched);
      session.update(configPaths, changes);
    },
    updateKeepingPrevious(nextProjects, nextTexts, removed, patched) {
      const changes = changesFor(nextProjects, nextTexts, removed, patched);
      const previous = session.updateKeepingPrevious(configPaths, changes);
      return { view: (project) => previous.projectAt(configPathOf(root, project)), release: () => previous.release() };
    },
    close: () => session.close(),
  };
}

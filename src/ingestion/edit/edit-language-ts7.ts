import fs from "node:fs";
import { loadConfig } from "../../config/config-file.js";
import { discoverProjects, type ProjectSpec } from "../../config/discover-projects.js";
import type { Ts7EditDiagnostic, Ts7EditProject } from "../../engine/ts7/ts7-edit.js";
import { Ts7Session } from "../../engine/ts7/ts7-session.js";
import type {
  CodeReference,
  EditLanguage,
  FileDiagnostic,
  RenameLocation,
  RenamePlan,
} from "../../model/edit-ports.js";
import { configPathOf, fallbackConfigText, ts7ConfigRewrites } from "../run/ts7-run.js";
import { createEditLanguage, isIdentifierName, regionStatementsOf } from "./edit-language.js";

/**
 * The edit tools' language (EditLanguage) on TypeScript 7's native checker: one session (a `tsc --api` child
 * process) holds the root's projects and is told, before each call, which of its files changed on disk since
 * the last (TypeScript 7 does not watch files): a file's version is its size, mtime and inode, as for
 * TypeScript 6's language service (edit-language.ts), whose answers these equal.
 *
 * What TypeScript 7 cannot answer exactly is asked of TypeScript 6's language service, loaded then: a rename
 * that searches strings or comments, and rename shapes ts7-edit.ts does not rebuild (`onFallback` says why).
 */
export interface Ts7EditLanguage extends EditLanguage {
  /** Ends the session's child process (and TypeScript 6's service, if one was loaded); the next call opens a new one. */
  close(): void;
}

export interface Ts7EditLanguageOptions {
  /** Told each time TypeScript 6 answers instead, and why. */
  readonly onFallback?: (why: string) => void;
}

function versionOf(fileName: string): string {
  const stat = fs.statSync(fileName, { throwIfNoEntry: false });
  return stat === undefined ? "missing" : `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
}

function realPathOf(fileName: string): string | undefined {
  try {
    return fs.realpathSync(fileName);
  } catch {
    return undefined;
  }
}

/** TypeScript 7's session of the root's projects, brought up to date with the disk before each request. */
class EditSession {
  private session: Ts7Session | undefined;
  private readonly versions = new Map<string, string>();
  private readonly configPaths: readonly string[];
  private readonly served = new Map<string, string>();

  constructor(
    private readonly root: string,
    projects: readonly ProjectSpec[],
  ) {
    this.configPaths = projects.map((project) => configPathOf(root, project));
    // The configs indexing serves too: a config with options TypeScript 7 removed, rewritten (by either path
    // TypeScript 7 may ask it by), and the fallback project's virtual config.
    for (const [fileName, text] of ts7ConfigRewrites(root, projects).texts) {
      this.served.set(fileName, text);
      const real = realPathOf(fileName);
      if (real !== undefined) this.served.set(real, text);
    }
    for (const project of projects)
      if (project.id === "") this.served.set(configPathOf(root, project), fallbackConfigText(project));
  }

  /** The session, told of the files that changed, appeared (`asked` ones the programs did not have) or went since the last request. */
  current(asked: readonly string[]): Ts7Session {
    let session = this.session;
    if (session === undefined) {
      session = new Ts7Session({ cwd: this.root, servedText: (fileName) => this.served.get(fileName) });
      try {
        session.update(this.configPaths, undefined);
      } catch (error) {
        // Not kept: the next request starts a new session rather than asking one that holds no snapshot.
        session.close();
        throw error;
      }
      this.session = session;
      for (const fileName of this.knownFiles(session)) this.versions.set(fileName, versionOf(fileName));
      return session;
    }
    const changed: string[] = [];
    const deleted: string[] = [];
    for (const [fileName, before] of this.versions) {
      const now = versionOf(fileName);
      if (now === before) continue;
      (now === "missing" ? deleted : changed).push(fileName);
      this.versions.set(fileName, now);
    }
    const created = asked.filter((fileName) => !this.versions.has(fileName) && fs.existsSync(fileName));
    if (changed.length + deleted.length + created.length > 0) {
      session.update(this.configPaths, { changed, created, deleted });
      for (const fileName of this.knownFiles(session))
        if (!this.versions.has(fileName)) this.versions.set(fileName, versionOf(fileName));
    }
    return session;
  }

  projectOf(session: Ts7Session, project: ProjectSpec): Ts7EditProject | undefined {
    return session.editProjectAt(configPathOf(this.root, project));
  }

  close(): void {
    const session = this.session;
    this.session = undefined;
    this.versions.clear();
    session?.close();
  }

  private knownFiles(session: Ts7Session): Set<string> {
    const files = new Set<string>();
    for (const configPath of this.configPaths)
      for (const fileName of session.projectAt(configPath)?.fileNames() ?? []) files.add(fileName);
    return files;
  }
}

function toDiagnostic(file: string, diagnostic: Ts7EditDiagnostic): FileDiagnostic {
  return { file, line: diagnostic.line, column: diagnostic.column, code: diagnostic.code, message: diagnostic.message };
}

/**
 * The semantic diagnostics a region comparison keeps: those that start in the top-level statements overlapping
 * the ranges, or in an import or re-export (regionStatementsOf, as for TypeScript 6). TypeScript 7 has no region
 * check: the whole file is checked and the rest dropped, so a region request costs what a whole-file one does
 * (TypeScript 6 checks only the statements of the regions when the file's diagnostics are not computed yet).
 */
function inRegions(
  project: Ts7EditProject,
  file: string,
  ranges: readonly { readonly start: number; readonly end: number }[],
  found: readonly Ts7EditDiagnostic[],
): Ts7EditDiagnostic[] {
  const regions = regionStatementsOf(project.statements(file), ranges);
  return found.filter((diagnostic) =>
    regions.some((region) => diagnostic.start >= region.pos && diagnostic.start < region.end),
  );
}

/**
 * The edit tools' language on a TypeScript 7 session, falling back to TypeScript 6 per question.
 * Long because: every method answers from the same session, project lookup and fallback held in this closure, and
 * it grew past the limit only when the formatter's width came down to 120 columns.
 */
export function createTs7EditLanguage(
  root: string,
  tsconfigs?: readonly string[],
  options: Ts7EditLanguageOptions = {},
): Ts7EditLanguage {
  const { config } = loadConfig(root);
  const { projects } = discoverProjects(root, config, tsconfigs);
  const session = new EditSession(root, projects);
  let ts6: EditLanguage | undefined;
  const fallback = (why: string): EditLanguage => {
    options.onFallback?.(why);
    ts6 ??= createEditLanguage(root, tsconfigs);
    return ts6;
  };
  const ownerOf = (file: string): ProjectSpec | undefined =>
    projects.find((project) => project.fileNames.includes(file));
  // The owner first, then every other project that sees the file (a project reference's sources).
  const seeing = (owner: ProjectSpec): ProjectSpec[] => [
    owner,
    ...projects.filter((project) => project !== owner && project.fileNames.length > 0),
  ];

  const language = {
    diagnostics(
      files: readonly string[],
      regions?: ReadonlyMap<string, readonly { readonly start: number; readonly end: number }[]>,
    ): readonly FileDiagnostic[] {
      const current = session.current(files);
      const found: FileDiagnostic[] = [];
      for (const file of files) {
        const owner = ownerOf(file);
        if (owner === undefined || !fs.existsSync(file)) continue;
        const project = session.projectOf(current, owner);
        if (project === undefined) return fallback("TypeScript 7 did not load the project").diagnostics(files, regions);
        const { syntactic, semantic } = project.diagnostics(file);
        const ranges = regions?.get(file);
        const kept = ranges === undefined ? semantic : inRegions(project, file, ranges, semantic);
        for (const diagnostic of [...syntactic, ...kept]) found.push(toDiagnostic(file, diagnostic));
      }
      return found;
    },
    planRename(
      file: string,
      position: number,
      newName: string,
      { strings, comments }: { readonly strings: boolean; readonly comments: boolean },
    ): RenamePlan {
      if (!isIdentifierName(newName)) {
        return {
          status: "refused",
          reason: `${JSON.stringify(newName)} is not a valid identifier (or is a reserved word)`,
        };
      }
      const owner = ownerOf(file);
      if (owner === undefined) return { status: "refused", reason: "the file belongs to no project of the root" };
      if (strings || comments) {
        return fallback("TypeScript 7 does not search strings and comments").planRename(file, position, newName, {
          strings,
          comments,
        });
      }
      const current = session.current([]);
      const locations = new Map<string, RenameLocation>();
      let checked = false;
      for (const spec of seeing(owner)) {
        const project = session.projectOf(current, spec);
        if (project === undefined)
          return fallback("TypeScript 7 did not load a project").planRename(file, position, newName, {
            strings,
            comments,
          });
        if (!project.hasFile(file)) continue;
        const answer = project.rename(file, position, newName, !checked);
        if (answer.status === "unsupported")
          return fallback(answer.why).planRename(file, position, newName, { strings, comments });
        if (answer.status === "refused") return answer;
        checked = true;
        for (const location of answer.locations) locations.set(`${location.file}:${location.start}`, location);
      }
      return { status: "ok", locations: [...locations.values()] };
    },
    references(file: string, position: number): readonly CodeReference[] {
      const owner = ownerOf(file);
      if (owner === undefined) return [];
      const current = session.current([]);
      const found = new Map<string, CodeReference>();
      for (const spec of seeing(owner)) {
        const project = session.projectOf(current, spec);
        if (project === undefined) return fallback("TypeScript 7 did not load a project").references(file, position);
        if (!project.hasFile(file)) continue;
        for (const reference of project.references(file, position))
          found.set(`${reference.file}:${reference.start}`, reference);
      }
      return [...found.values()];
    },
  };
  /**
   * A TypeScript 7 answer, or, when its process fails (it crashed, its pipe broke), TypeScript 6's, with the
   * session closed so that the next request starts a new one.
   */
  const onTs7 = <T>(answer: () => T, instead: (why: string) => T): T => {
    try {
      return answer();
    } catch (error) {
      session.close();
      return instead(`TypeScript 7's process failed (${error instanceof Error ? error.message : String(error)})`);
    }
  };

  return {
    diagnostics: (files, regions) =>
      onTs7(
        () => language.diagnostics(files, regions),
        (why) => fallback(why).diagnostics(files, regions),
      ),
    planRename: (file, position, newName, renameOptions) =>
      onTs7(
        () => language.planRename(file, position, newName, renameOptions),
        (why) => fallback(why).planRename(file, position, newName, renameOptions),
      ),
    references: (file, position) =>
      onTs7(
        () => language.references(file, position),
        (why) => fallback(why).references(file, position),
      ),
    close() {
      session.close();
      ts6 = undefined;
    },
  };
}

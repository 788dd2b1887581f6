import type { ts } from "../../engine/ts6/typescript6.js";
import type { ProjectSpec } from "../../config/discover-projects.js";
import type { GraphStore } from "../../db/graph-store.js";
import type { ProgramLoader } from "../extract/program-loader.js";
import type { PlanningInput } from "../plan/plan-dependents.js";
import type { ScannedFile } from "../scan/file-scan.js";
import { inferredTypeProbe, programFile } from "../plan/inferred-type-probe.js";
import { narrowRoots } from "./program-extraction.js";

/** What a run's preparation uses of the engine (kept programs only). */
export interface PreparationHost {
  readonly narrowPrograms: boolean;
  readonly store: Pick<GraphStore, "allFiles">;
  /** The kept loader of a project, if there is one: its last program is the last run's (or the warm-up's). */
  keptLoader(project: ProjectSpec): ProgramLoader | undefined;
  loaderFor(project: ProjectSpec): ProgramLoader;
  /** Every kept loader forgets these files (relative paths): they changed or went. */
  forget(relativePaths: readonly string[]): void;
  /** Absolute paths of the files the graph knows to declare globals (roots of every narrow program). */
  declaringGlobals(): ReadonlySet<string>;
}

/** What extract() is asked to do, as far as a preparation has to match it. */
interface RunRequest {
  readonly scanned: ReadonlyMap<string, ScannedFile>;
  readonly removed: readonly string[];
}

/**
 * The programs a run builds while it plans, to compare inferred types with the kept programs of the last run
 * (ADR 0012): built as extract() builds them, with the run's texts, so that extraction uses them instead of
 * building them again (and asking a fresh checker the same questions).
 */
export class RunPreparation {
  private readonly programs = new Map<string, { readonly roots: readonly string[]; readonly program: ts.Program }>();

  constructor(
    private readonly host: PreparationHost,
    private readonly scanned: readonly ScannedFile[],
    private readonly removed: readonly string[],
  ) {}

  /** PlanningInput.sameInferredTypes, when a kept program of the last run is there to compare with. */
  typeProbe(projects: readonly ProjectSpec[]): PlanningInput["sameInferredTypes"] {
    const lastPrograms = new Map<string, ts.Program>();
    for (const project of projects) {
      const program = this.host.keptLoader(project)?.lastProgram();
      if (program !== undefined) lastPrograms.set(project.id, program);
    }
    if (lastPrograms.size === 0) return undefined;
    let hashes: Map<string, string> | undefined;
    const storedHash = (relative: string): string | undefined => {
      hashes ??= new Map(this.host.store.allFiles().map((file) => [file.path, file.hash]));
      return hashes.get(relative);
    };
    return inferredTypeProbe({
      projects,
      storedHash,
      lastFile: (project, absolute) => {
        const program = lastPrograms.get(project.id);
        return program === undefined ? undefined : programFile(program, absolute);
      },
      runFile: (project, absolute) => programFile(this.programOf(project), absolute),
    });
  }

  /** Whether this preparation built programs for exactly this run's changes (the loaders then forgot them already). */
  preparedFor(request: RunRequest): boolean {
    if (this.programs.size === 0 || this.scanned.length !== request.scanned.size) return false;
    if (this.removed.join("\u0000") !== request.removed.join("\u0000")) return false;
    return this.scanned.every((file) => request.scanned.get(file.path)?.text === file.text);
  }

  /** The prepared program of a project, if it has the roots extraction needs. */
  programFor(project: ProjectSpec, roots: readonly string[]): ts.Program | undefined {
    const built = this.programs.get(project.id);
    if (built === undefined) return undefined;
    const wanted = new Set(roots);
    return built.roots.length === wanted.size && built.roots.every((root) => wanted.has(root))
      ? built.program
      : undefined;
  }

  /** The run's program of a project, built once: all its files (kept whole programs), else the run's changed files. */
  private programOf(project: ProjectSpec): ts.Program {
    const built = this.programs.get(project.id);
    if (built !== undefined) return built.program;
    if (this.programs.size === 0) this.host.forget([...this.scanned.map((file) => file.path), ...this.removed]);
    const fileNames = new Set(project.fileNames);
    const own = this.scanned.filter((file) => fileNames.has(file.absolute));
    const loader = this.host.loaderFor(project);
    for (const file of own) if (file.text !== undefined) loader.provideText(file.absolute, file.text);
    const changedFiles = own.map((file) => file.absolute);
    const roots = this.host.narrowPrograms
      ? narrowRoots(project, changedFiles, this.host.declaringGlobals())
      : project.fileNames;
    const program = loader.build(roots);
    this.programs.set(project.id, { roots, program });
    return program;
  }
}

import path from "node:path";
import type { ProjectSpec } from "../../config/discover-projects.js";
import type { GraphStore } from "../../db/graph-store.js";
import type { PlanningInput } from "../plan/plan-dependents.js";
import type { ScannedFile } from "../scan/file-scan.js";
import { inferredTypeProbe, snapshotFile } from "../plan/inferred-type-probe.js";
import type { Ts7PreviousRun, Ts7Run } from "./ts7-run.js";

/** What extract() is asked to do, as far as a preparation has to match it. */
interface RunRequest {
  readonly projects: readonly ProjectSpec[];
  readonly scanned: ReadonlyMap<string, ScannedFile>;
  readonly removed: readonly string[];
}

/**
 * A run's planning on TypeScript 7's kept session (ADR 0012): the session is told the run's changes before
 * planning, keeping the last run's snapshot until planning compared inferred types in both; extraction then
 * uses the new snapshot as it is instead of telling the session the same changes again.
 */
export class Ts7RunPreparation {
  private previous: Ts7PreviousRun | undefined;
  /** The projects the session was told of, once it was told the run's changes (the update may have failed). */
  private told: readonly ProjectSpec[] | undefined;

  constructor(
    private readonly run: Ts7Run,
    private readonly root: string,
    private readonly scanned: readonly ScannedFile[],
    private readonly removed: readonly string[],
  ) {}

  /**
   * Tells the session the run's changes (and the files a rename patch wrote since its last update, absolute)
   * and gives PlanningInput.sameInferredTypes comparing the last run's snapshot with the new one. Planning
   * must call release() when it is done.
   */
  typeProbe(
    projects: readonly ProjectSpec[],
    store: Pick<GraphStore, "allFiles">,
    patched: readonly string[],
  ): PlanningInput["sameInferredTypes"] {
    const texts = new Map<string, string>();
    for (const file of this.scanned) if (file.text !== undefined) texts.set(file.absolute, file.text);
    const removed = this.removed.map((relative) => path.join(this.root, relative));
    const previous = this.run.updateKeepingPrevious(projects, texts, removed, patched);
    this.previous = previous;
    this.told = projects;
    let hashes: Map<string, string> | undefined;
    return inferredTypeProbe({
      projects,
      storedHash: (relative) => {
        hashes ??= new Map(store.allFiles().map((file) => [file.path, file.hash]));
        return hashes.get(relative);
      },
      lastFile: (project, absolute) => {
        const view = previous.view(project);
        return view === undefined ? undefined : snapshotFile(view, absolute);
      },
      runFile: (project, absolute) => {
        const view = this.run.view(project);
        return view === undefined ? undefined : snapshotFile(view, absolute);
      },
    });
  }

  /** Disposes the last run's snapshot: planning compared. */
  release(): void {
    this.previous?.release();
    this.previous = undefined;
  }

  /** Whether the session was told exactly this run's projects and changes (extraction then uses its snapshot as it is). */
  preparedFor(request: RunRequest): boolean {
    if (this.told !== request.projects || this.scanned.length !== request.scanned.size) return false;
    if (this.removed.join("\u0000") !== request.removed.join("\u0000")) return false;
    return this.scanned.every((file) => request.scanned.get(file.path)?.text === file.text);
  }
}

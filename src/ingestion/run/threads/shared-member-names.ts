import type { MemberNames, RunItem } from "../program-extraction.js";
import type { WorkRange } from "./work-claims.js";

/**
 * The member names of a parallel run on TypeScript 7 (parallel-extraction.ts), computed once in shares:
 * before extracting, each thread computes the names of the files of its own range (their declarations, which
 * it then extracts itself, so the work is not done twice), the thread that writes also those of the files no
 * thread extracts (stored names), and every thread extracts with the union of all shares: the names one
 * thread alone would compute (program-extraction.ts `memberNamesIn`).
 */

/** One thread's share of a project's names, as posted between threads. */
export interface PostedNames {
  readonly project: number;
  readonly accessors: readonly string[];
  readonly members: readonly string[];
}

/** Whether a program's file is in the share of thread `own`: a run's file if it lies in that thread's range, any other file for the writer (0). */
export function shareOf(
  items: readonly RunItem[],
  ranges: readonly WorkRange[],
  own: number,
): (fileName: string) => boolean {
  const indexOf = new Map(items.map((item, index) => [item.absolute, index]));
  const range = ranges[own];
  return (fileName) => {
    const index = indexOf.get(fileName);
    if (index === undefined) return own === 0;
    return range !== undefined && index >= range.start && index < range.end;
  };
}

export function postedNames(project: number, names: MemberNames): PostedNames {
  return { project, accessors: [...names.accessors], members: [...names.members] };
}

/**
 * Collects the shares of each project until every thread has posted its own: `add` the shares as they come,
 * `unions` once `complete`.
 */
export class NamesExchange {
  private readonly byProject = new Map<number, { names: MemberNames; shares: number }>();

  constructor(
    /** The projects whose names are shared (those with files in the run that TypeScript 7 loaded). */
    readonly projects: readonly number[],
    /** The threads that post a share of each project, the writer included. */
    private readonly threads: number,
  ) {
    for (const project of projects)
      this.byProject.set(project, { names: { accessors: new Set(), members: new Set() }, shares: 0 });
  }

  add(share: PostedNames): void {
    const entry = this.byProject.get(share.project);
    if (entry === undefined)
      throw new Error(`a thread posted the member names of project ${share.project}, which the run does not share`);
    for (const name of share.accessors) entry.names.accessors.add(name);
    for (const name of share.members) entry.names.members.add(name);
    entry.shares += 1;
  }

  complete(): boolean {
    return [...this.byProject.values()].every((entry) => entry.shares >= this.threads);
  }

  /** Each project's names: the union of every thread's share. */
  unions(): Map<number, MemberNames> {
    if (!this.complete())
      throw new Error("the member names of a parallel run were used before every thread posted its share");
    return new Map([...this.byProject].map(([project, entry]) => [project, entry.names]));
  }
}

/** The unions as the writer posts them to the workers, and as a worker reads them back. */
export function namesOfPosted(posted: readonly PostedNames[]): Map<number, MemberNames> {
  return new Map(
    posted.map((share) => [share.project, { accessors: new Set(share.accessors), members: new Set(share.members) }]),
  );
}

/**
 * A test hook for the crash tests: the process kills itself (SIGKILL, as `kill -9` would) at the Nth point
 * of a series where it writes. `TS_GRAPH_CRASH_AT=N` counts the index run's points (the creation of a new
 * database, each file written or removed, the start and the end of a run, the commit and the publish of a new
 * database: the atomic-publish test); `TS_GRAPH_CRASH_AT=edit:N` counts an edit's writes (the journal, each
 * temporary file, each rename, the folders flushed, the journal removed: the edit-recovery test). With
 * `TS_GRAPH_FAIL_AT=N`, the Nth point of the index series throws what a full disk throws (ENOSPC) instead.
 * Without either, a crash point only counts.
 */
export type CrashSeries = "index" | "edit";

function parseCrashAt(value: string | undefined): { readonly series: CrashSeries; readonly at: number } | undefined {
  const match = /^(?:(edit):)?(\d+)$/.exec(value ?? "");
  if (match === null) return undefined;
  return { series: match[1] === "edit" ? "edit" : "index", at: Number.parseInt(match[2] ?? "", 10) };
}

const crashAt = parseCrashAt(process.env.TS_GRAPH_CRASH_AT);
const failAt = Number.parseInt(process.env.TS_GRAPH_FAIL_AT ?? "", 10);
const passed: Record<CrashSeries, number> = { index: 0, edit: 0 };

export function crashPoint(series: CrashSeries = "index"): void {
  passed[series] += 1;
  if (crashAt?.series === series && passed[series] === crashAt.at) process.kill(process.pid, "SIGKILL");
  if (series === "index" && passed.index === failAt) {
    throw Object.assign(new Error("ENOSPC: no space left on device (TS_GRAPH_FAIL_AT)"), { code: "ENOSPC" });
  }
}

/** How many crash points of a series this process has passed (a test counts a run's points with it). */
export function crashPointsPassed(series: CrashSeries = "index"): number {
  return passed[series];
}

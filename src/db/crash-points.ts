/**
 * A test hook for the atomic-publish property test: with `TS_GRAPH_CRASH_AT=N` in the environment, the
 * process kills itself (SIGKILL, as `kill -9` would) at the Nth point where an index run writes: the
 * creation of a new database, each file written or removed, the start and the end of a run, the commit and
 * the publish of a new database. With `TS_GRAPH_FAIL_AT=N`, the Nth point throws what a full disk throws
 * (ENOSPC) instead. Without either, a crash point only counts.
 */
const crashAt = Number.parseInt(process.env.TS_GRAPH_CRASH_AT ?? "", 10);
const failAt = Number.parseInt(process.env.TS_GRAPH_FAIL_AT ?? "", 10);
let passed = 0;

export function crashPoint(): void {
  passed += 1;
  if (passed === crashAt) process.kill(process.pid, "SIGKILL");
  if (passed === failAt) throw Object.assign(new Error("ENOSPC: no space left on device (TS_GRAPH_FAIL_AT)"), { code: "ENOSPC" });
}

/** How many crash points this process has passed (a test counts a run's points with it). */
export function crashPointsPassed(): number {
  return passed;
}

/**
 * A test hook for the atomic-publish property test: with `TS_GRAPH_CRASH_AT=N` in the environment, the
 * process kills itself (SIGKILL, as `kill -9` would) at the Nth point where an index run writes: each file
 * written or removed, the start and the end of a run, the commit and the publish of a new database.
 * Without it, a crash point only counts.
 */
const crashAt = Number.parseInt(process.env.TS_GRAPH_CRASH_AT ?? "", 10);
let passed = 0;

export function crashPoint(): void {
  passed += 1;
  if (passed === crashAt) process.kill(process.pid, "SIGKILL");
}

/** How many crash points this process has passed (a test counts a run's points with it). */
export function crashPointsPassed(): number {
  return passed;
}

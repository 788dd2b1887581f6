/**
 * How long a test waits for a child process or a background step before it calls it hung. Not a speed limit:
 * a test's own work takes seconds to a few minutes even on a busy 2-core machine, so a slow machine never
 * reaches it; only a process that will never answer does, and the test then fails saying what it waited for
 * instead of hanging the suite. Vitest itself sets no time limit (vitest.config.ts, src/test-timeouts.test.ts).
 */
export const HANG_MS = 20 * 60_000;

/**
 * How long a test waits for a child process or a background step before it calls it hung. Not a speed limit:
 * a test's own work takes seconds to a few minutes even on a busy 2-core machine, so a slow machine never
 * reaches it; only a process that will never answer does, and the test then fails saying what it waited for
 * instead of hanging the suite.
 */
export const HANG_MS = 20 * 60_000;

/**
 * Vitest's limit for any test or hook (vitest.config.ts): a backstop for a hang no wait of the test bounds, past
 * every HANG_MS wait, so that a hung test fails with its name before CI's own limit ends the run. No test sets a
 * limit of its own (src/test-timeouts.test.ts).
 */
export const TEST_BACKSTOP_MS = 30 * 60_000;

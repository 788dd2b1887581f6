import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "bench/**/*.test.ts"],
    pool: "forks",
    // Vitest runs cpus - 1 workers by default: one on a 2-core CI machine. Many tests wait on child processes, so two overlap well.
    maxWorkers: 2,
    // No time limit: a slow or busy machine must not fail a test (src/test-timeouts.test.ts). A test that waits on a
    // child process bounds only a hang (src/test-support/patience.ts).
    testTimeout: 0,
    hookTimeout: 0,
  },
});

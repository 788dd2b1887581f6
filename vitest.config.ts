import { defineConfig } from "vitest/config";
import { TEST_BACKSTOP_MS } from "./src/test-support/patience.js";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "bench/**/*.test.ts"],
    pool: "forks",
    // Vitest runs cpus - 1 workers by default: one on a 2-core CI machine. Many tests wait on child processes, so two overlap well.
    maxWorkers: 2,
    // No time limit a slow or busy machine reaches (src/test-timeouts.test.ts): only a backstop for hangs, past
    // the waits on child processes (src/test-support/patience.ts).
    testTimeout: TEST_BACKSTOP_MS,
    hookTimeout: TEST_BACKSTOP_MS,
  },
});

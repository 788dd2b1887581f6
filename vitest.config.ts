import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "bench/**/*.test.ts"],
    pool: "forks",
    // Vitest runs cpus - 1 workers by default: one on a 2-core CI machine. Many tests wait on child processes, so two overlap well.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

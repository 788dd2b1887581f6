import { defineConfig } from "vitest/config";
import { TEST_BACKSTOP_MS } from "./src/test-support/patience.js";
import { testProjects } from "./src/test-support/test-projects.js";

// Two projects: unit (`npm run test:unit`, the quick inner loop) and integration (tests that start processes, threads,
// index runs or servers); `npm test` runs both. The split is read from each test file's imports (src/test-support/test-projects.ts).
const projects = testProjects(import.meta.dirname);

export default defineConfig({
  test: {
    pool: "forks",
    // Vitest runs cpus - 1 workers by default: one on a 2-core CI machine. Many tests wait on child processes, so two overlap well.
    maxWorkers: 2,
    // No time limit a slow or busy machine reaches (src/test-timeouts.test.ts): only a backstop for hangs, past
    // the waits on child processes (src/test-support/patience.ts).
    testTimeout: TEST_BACKSTOP_MS,
    hookTimeout: TEST_BACKSTOP_MS,
    projects: [
      { extends: true, test: { name: "unit", include: projects.unit } },
      { extends: true, test: { name: "integration", include: projects.integration } },
    ],
  },
});

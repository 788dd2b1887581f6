import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { DiscoveredProjects } from "../../config/discover-projects.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { createEditLanguage } from "./edit-language.js";

afterAll(removeTempDirs);

const found = vi.hoisted(() => [] as DiscoveredProjects[]);

// The seam: every discovery the edit tools make is recorded, as discovery returned it.
vi.mock("../../config/discover-projects.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../config/discover-projects.js")>();
  return {
    ...original,
    discoverProjects: (...args: Parameters<typeof original.discoverProjects>) => {
      const result = original.discoverProjects(...args);
      found.push(result);
      return result;
    },
  };
});

describe("the edit tools' language service", () => {
  it("discovers the projects without walking the root for the files no tsconfig lists", () => {
    const root = makeTempDir();
    for (const file of ["src/a.ts", "scripts/build.ts"]) {
      fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), "export const x = 1;\n");
    }
    fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ include: ["src"] }));
    createEditLanguage(root);
    expect(found).toHaveLength(1);
    expect(found[0]?.skipped.unlisted).toBeUndefined();
    expect(found[0]?.inputs).not.toContain(path.join(root, "scripts"));
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SAMPLE_PROJECTS, makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { discoverProjects } from "./discover-projects.js";

afterAll(removeTempDirs);

describe("discoverProjects", () => {
  it("follows the references of a solution-style tsconfig to every package", () => {
    const root = path.join(SAMPLE_PROJECTS, "monorepo");
    const { projects } = discoverProjects(root, {});
    expect(projects.map((project) => project.id).sort()).toEqual([
      "packages/app/tsconfig.json",
      "packages/core/tsconfig.json",
      "packages/utils/tsconfig.json",
    ]);
    const owned = projects.flatMap((project) => project.fileNames);
    expect(new Set(owned).size).toBe(owned.length);
  });

  it("falls back to every .ts file with a warning when there is no tsconfig", () => {
    const root = path.join(SAMPLE_PROJECTS, "no-tsconfig");
    const { projects, warnings } = discoverProjects(root, {});
    expect(projects).toHaveLength(1);
    expect(projects[0]?.id).toBe("");
    expect(projects[0]?.fileNames.map((name) => path.basename(name))).toEqual(["format.ts", "main.ts", "stats.ts"]);
    expect(warnings.join("\n")).toMatch(/no tsconfig\.json found/);
  });

  it("applies include and exclude globs from the configuration", () => {
    const root = path.join(SAMPLE_PROJECTS, "web-app");
    const { projects } = discoverProjects(root, { include: ["backend/**"], exclude: ["backend/http/**"] });
    const files = projects.flatMap((project) => project.fileNames).map((name) => path.relative(root, name));
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((file) => file.startsWith("backend/") && !file.startsWith("backend/http/"))).toBe(true);
  });

  it("finds the files of a tsconfig given through a symbolic link to the root", () => {
    const base = makeTempDir();
    const root = path.join(base, "real");
    fs.cpSync(path.join(SAMPLE_PROJECTS, "web-app"), root, { recursive: true, filter: (source) => !source.includes(".ts-graph") });
    fs.symlinkSync(root, path.join(base, "link"));
    const { projects } = discoverProjects(root, {}, [path.join(base, "link", "tsconfig.json")]);
    const files = projects.flatMap((project) => project.fileNames);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((file) => file.startsWith(`${root}${path.sep}`))).toBe(true);
  });
});

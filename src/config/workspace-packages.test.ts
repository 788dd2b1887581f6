import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SAMPLE_PROJECTS, makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { pnpmWorkspacePatterns, workspacePackageDirs, workspacePackages } from "./workspace-packages.js";

afterAll(removeTempDirs);

describe(workspacePackageDirs.name, () => {
  it("finds workspace packages declared by package.json and pnpm-workspace.yaml", () => {
    const root = makeTempDir();
    for (const dir of ["packages/a", "packages/b", "tools/c"]) fs.mkdirSync(path.join(root, dir), { recursive: true });
    fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ workspaces: ["packages/*"] }));
    fs.writeFileSync(path.join(root, "pnpm-workspace.yaml"), "packages:\n  - 'tools/*'\n  # a comment\n");
    expect(workspacePackageDirs(root).map((dir) => path.relative(root, dir))).toEqual([
      "packages/a",
      "packages/b",
      "tools/c",
    ]);
  });
});

describe(workspacePackages.name, () => {
  it("names each package by its package.json, else by its folder", () => {
    expect(workspacePackages(path.join(SAMPLE_PROJECTS, "monorepo"))).toEqual([
      { name: "@mono/app", dir: "packages/app" },
      { name: "@mono/core", dir: "packages/core" },
      { name: "@mono/utils", dir: "packages/utils" },
    ]);
    const root = makeTempDir();
    fs.mkdirSync(path.join(root, "packages", "bare"), { recursive: true });
    fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ workspaces: ["packages/*"] }));
    expect(workspacePackages(root)).toEqual([{ name: "packages/bare", dir: "packages/bare" }]);
  });
});

describe("pnpmWorkspacePatterns", () => {
  it("reads the packages list and stops at the next key", () => {
    const text = 'packages:\n  - "apps/*"\n  - packages/**   # all\ncatalog:\n  - not-a-package\n';
    expect(pnpmWorkspacePatterns(text)).toEqual(["apps/*", "packages/**"]);
  });
});

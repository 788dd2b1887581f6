import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SAMPLE_PROJECTS, makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { discoverProjects } from "./discover-projects.js";
import { workspacePackageDirs } from "./workspace-packages.js";

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
    fs.cpSync(path.join(SAMPLE_PROJECTS, "web-app"), root, {
      recursive: true,
      filter: (source) => !source.includes(".ts-graph"),
    });
    fs.symlinkSync(root, path.join(base, "link"));
    const { projects } = discoverProjects(root, {}, [path.join(base, "link", "tsconfig.json")]);
    const files = projects.flatMap((project) => project.fileNames);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((file) => file.startsWith(`${root}${path.sep}`))).toBe(true);
  });

  it("keeps each file once under its real path, and nothing whose real path is outside the root", () => {
    const base = makeTempDir();
    const root = path.join(base, "root");
    const outside = path.join(base, "outside");
    fs.mkdirSync(path.join(root, "src"), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(root, "src", "a.ts"), "export const a = 1;\n");
    fs.writeFileSync(path.join(outside, "secret.ts"), "export const secret = 1;\n");
    fs.symlinkSync(outside, path.join(root, "src", "out"));
    fs.symlinkSync(path.join(outside, "secret.ts"), path.join(root, "src", "secret-link.ts"));
    fs.symlinkSync(path.join(root, "src", "a.ts"), path.join(root, "src", "a-again.ts"));
    fs.symlinkSync("..", path.join(root, "src", "up"));
    const links = { outsideLinks: ["src/out", "src/secret-link.ts"], loops: ["src/up"] };
    // Without a tsconfig, the glob follows no link.
    const fallback = discoverProjects(root, {});
    expect(fallback.projects.flatMap((project) => project.fileNames)).toEqual([path.join(root, "src", "a.ts")]);
    expect(fallback.skipped).toEqual({ outside: 0, throughLinks: 0, ...links });
    // TypeScript's include follows links: what they lead to outside is dropped, a file reached through a link is kept once, under its real path.
    fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ include: ["src"] }));
    const included = discoverProjects(root, {});
    expect(included.projects.flatMap((project) => project.fileNames)).toEqual([path.join(root, "src", "a.ts")]);
    expect(included.skipped).toEqual({ outside: 2, throughLinks: 1, ...links });
  });

  it("leaves out the files a tsconfig lists outside the root, and workspace packages linked from outside", () => {
    const base = makeTempDir();
    const root = path.join(base, "root");
    const outside = path.join(base, "outside-package");
    fs.mkdirSync(path.join(root, "src"), { recursive: true });
    fs.mkdirSync(path.join(root, "packages"), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(root, "src", "a.ts"), "export const a = 1;\n");
    fs.writeFileSync(path.join(outside, "b.ts"), "export const b = 1;\n");
    fs.writeFileSync(path.join(outside, "tsconfig.json"), JSON.stringify({ include: ["*.ts"] }));
    fs.writeFileSync(path.join(outside, "package.json"), JSON.stringify({ name: "secret-package" }));
    fs.symlinkSync(outside, path.join(root, "packages", "linked"));
    fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ workspaces: ["packages/*"] }));
    fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ include: ["src", "../outside-package"] }));
    expect(workspacePackageDirs(root)).toEqual([]);
    const { projects, skipped } = discoverProjects(root, {});
    expect(projects.flatMap((project) => project.fileNames)).toEqual([path.join(root, "src", "a.ts")]);
    expect(skipped.outside).toBe(1);
  });

  it("names the line and column of a tsconfig's syntax error, and of an invalid option", () => {
    const root = makeTempDir();
    fs.mkdirSync(path.join(root, "src"));
    fs.writeFileSync(path.join(root, "src", "a.ts"), "export const a = 1;\n");
    fs.writeFileSync(
      path.join(root, "tsconfig.json"),
      '{\n  "include": ["src"],\n  "compilerOptions": { "strict": true,, }\n}\n',
    );
    expect(() => discoverProjects(root, {})).toThrow(
      /cannot parse a tsconfig: .*tsconfig\.json:3:39: Property assignment expected/,
    );
    fs.writeFileSync(
      path.join(root, "tsconfig.json"),
      '{\n  "include": ["src"],\n  "compilerOptions": {\n    "target": "es1999"\n  }\n}\n',
    );
    const { warnings } = discoverProjects(root, {});
    expect(warnings.join("\n")).toMatch(/tsconfig\.json:4:15: Argument for '--target' option must be/);
  });

  it("counts the TypeScript files no tsconfig lists, when asked, leaving out declaration files and what .gitignore ignores", () => {
    const root = makeTempDir();
    for (const file of [
      "src/a.ts",
      "scripts/build.ts",
      "scripts/deploy.mts",
      "types/globals.d.ts",
      "generated/out.ts",
      "node_modules/x/index.ts",
    ]) {
      fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), "export const x = 1;\n");
    }
    fs.writeFileSync(path.join(root, ".gitignore"), "generated/\n");
    fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ include: ["src"] }));
    const { skipped } = discoverProjects(root, {}, undefined, { countUnlisted: true });
    expect(skipped.unlisted).toBe(2);
    expect(skipped.unlistedSample).toEqual(["scripts/build.ts", "scripts/deploy.mts"]);
    fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ include: ["src", "scripts"] }));
    expect(discoverProjects(root, {}, undefined, { countUnlisted: true }).skipped.unlisted).toBe(0);
  });

  it("walks the root for files no tsconfig lists only when asked (the edit tools' discovery does not)", () => {
    const root = makeTempDir();
    for (const file of ["src/a.ts", "scripts/build.ts"]) {
      fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), "export const x = 1;\n");
    }
    fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ include: ["src"] }));
    const plain = discoverProjects(root, {});
    expect(plain.skipped.unlisted).toBeUndefined();
    expect(plain.inputs).not.toContain(path.join(root, "scripts"));
    expect(discoverProjects(root, {}, undefined, { countUnlisted: true }).skipped.unlisted).toBe(1);
  });

  it("honours nested .gitignore files, and keeps the folders it walks out of the discovery's inputs", () => {
    const root = makeTempDir();
    for (const file of ["src/a.ts", "scripts/build.ts", "scripts/gen/out.ts", "scripts/keep.ts", "tools/deep/x.ts"]) {
      fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), "export const x = 1;\n");
    }
    fs.writeFileSync(path.join(root, ".gitignore"), "keep.ts\n");
    fs.writeFileSync(path.join(root, "scripts", ".gitignore"), "gen/\n!keep.ts\n");
    fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ include: ["src"] }));
    const { skipped, inputs } = discoverProjects(root, {}, undefined, { countUnlisted: true });
    expect(skipped.unlistedSample).toEqual(["scripts/build.ts", "scripts/keep.ts", "tools/deep/x.ts"]);
    // A file added outside every project must not make the next run discover again (and load TypeScript): the
    // count is taken at each discovery, not kept fresh through these folders' stamps.
    for (const input of ["scripts", "tools", "tools/deep", "scripts/.gitignore"])
      expect(inputs).not.toContain(path.join(root, input));
  });
});

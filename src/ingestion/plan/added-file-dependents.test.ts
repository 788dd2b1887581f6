import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexAndSnapshot, removeTempDirs } from "../../test-support/fixtures.js";
import { expectIncrementalEqualsFull, writeProject, writeProjectFile } from "../../test-support/incremental.js";

afterAll(removeTempDirs);

/** Files with imports that resolve to no file yet, each in its own way. */
const WAITING = {
  "src/relative.ts": 'import { later } from "./later";\nexport function useLater(): number { return later(); }\n',
  "src/with-extension.ts":
    'import { later } from "./later.js";\nexport function alsoLater(): number { return later(); }\n',
  "src/folder.ts":
    'import { fromIndex } from "./feature";\nexport function useFeature(): number { return fromIndex(); }\n',
  "src/aliased.ts": 'import { shared } from "@lib/shared";\nexport function useShared(): number { return shared(); }\n',
  "src/package.ts":
    'import { missing } from "not-installed";\nexport function usePackage(): unknown { return missing; }\n',
};
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    types: [],
    module: "ESNext",
    moduleResolution: "Bundler",
    baseUrl: ".",
    paths: { "@lib/*": ["lib/*"] },
  },
  include: ["src", "lib"],
};

async function indexedWaitingProject(): Promise<string> {
  // `o.unused` and `o.ts` share names with the file added below, but name none of its declarations.
  const unrelated =
    "export const unrelated = 1;\nexport function read(o: { unused: number; ts: number }): number { return o.unused + o.ts; }\n";
  const root = writeProject({ ...WAITING, "src/unrelated.ts": unrelated }, TSCONFIG);
  await indexAndSnapshot(root);
  return root;
}

describe("adding a file re-extracts only the files whose imports may now name it", () => {
  it("re-extracts nothing else for a new file that no import names, nor when it is deleted", async () => {
    const root = await indexedWaitingProject();
    writeProjectFile(root, "src/unused.ts", "export function unused(): void {}\n");
    expect((await expectIncrementalEqualsFull(root)).summary.extractedPaths).toEqual(["src/unused.ts"]);
    fs.rmSync(path.join(root, "src/unused.ts"));
    expect((await expectIncrementalEqualsFull(root)).summary.extractedPaths).toEqual([]);
  });

  it("re-extracts the importers of a relative specifier, with or without an extension", async () => {
    const root = await indexedWaitingProject();
    writeProjectFile(root, "src/later.ts", "export function later(): number { return 1; }\n");
    const step = await expectIncrementalEqualsFull(root);
    expect(step.summary.extractedPaths).toEqual(["src/later.ts", "src/relative.ts", "src/with-extension.ts"]);
    expect(step.snapshot).toContain('"source":"src/relative.ts:useLater","target":"src/later.ts:later"');
  });

  it("re-extracts the importer of a folder when its index file appears", async () => {
    const root = await indexedWaitingProject();
    writeProjectFile(root, "src/feature/index.ts", "export function fromIndex(): number { return 2; }\n");
    expect((await expectIncrementalEqualsFull(root)).summary.extractedPaths).toEqual([
      "src/feature/index.ts",
      "src/folder.ts",
    ]);
  });

  it("re-extracts the importer of a path alias when the file it maps to appears", async () => {
    const root = await indexedWaitingProject();
    writeProjectFile(root, "lib/shared.ts", "export function shared(): number { return 3; }\n");
    const step = await expectIncrementalEqualsFull(root);
    expect(step.summary.extractedPaths).toEqual(["lib/shared.ts", "src/aliased.ts"]);
    expect(step.snapshot).toContain('"source":"src/aliased.ts:useShared","target":"lib/shared.ts:shared"');
  });

  it("re-extracts an importer whose relative import resolved outside the index (./x.js) when x.ts appears", async () => {
    const root = writeProject(
      { "src/uses-js.ts": 'import { fromJs } from "./legacy.js";\nexport const value = fromJs;\n' },
      TSCONFIG,
    );
    writeProjectFile(root, "src/legacy.js", "export const fromJs = 1;\n");
    writeProjectFile(root, "src/legacy.d.ts", "export declare const fromJs: number;\n");
    fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ ...TSCONFIG, exclude: ["src/legacy.d.ts"] }));
    await indexAndSnapshot(root);
    writeProjectFile(root, "src/legacy.ts", "export const fromJs = 1;\n");
    expect((await expectIncrementalEqualsFull(root)).summary.extractedPaths).toEqual([
      "src/legacy.ts",
      "src/uses-js.ts",
    ]);
  });
});

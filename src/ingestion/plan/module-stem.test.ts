import { describe, expect, it } from "vitest";
import { mayName, mayNameAdded, moduleStem } from "./module-stem.js";

describe(moduleStem.name, () => {
  it("gives a file, its declaration file and a folder's index the same stem", () => {
    expect(
      ["src/lib.ts", "src/lib.d.ts", "src/lib/index.ts", "src/lib/index.tsx", "src/lib.mjs"].map(moduleStem),
    ).toEqual(Array(5).fill("src/lib"));
    expect(moduleStem("index.ts")).toBe("");
  });
});

describe(mayName.name, () => {
  it("resolves a relative specifier from the importer's folder, with or without extension or index", () => {
    expect(mayName("src/app/main.ts", "../lib", "src/lib/index.ts")).toBe(true);
    expect(mayName("src/app/main.ts", "../lib/index.js", "src/lib.ts")).toBe(true);
    expect(mayName("src/app/main.ts", "./lib", "src/lib.ts")).toBe(false);
    expect(mayName("src/main.ts", "./index", "src/index.ts")).toBe(true);
    expect(mayName("main.ts", "./index", "index.ts")).toBe(true);
  });

  it("cannot tell which file any other specifier names", () => {
    expect(mayName("src/main.ts", "@shared/money", "shared/money.ts")).toBe(true);
    expect(mayName("src/main.ts", "@scope/package", "packages/package/src/index.ts")).toBe(true);
  });
});

describe(mayNameAdded.name, () => {
  it("matches a relative specifier by stem, extension and index file, and a folder above the file", () => {
    expect(mayNameAdded("src/a.ts", "./later", "src/later.ts")).toBe(true);
    expect(mayNameAdded("src/a.ts", "./later.js", "src/later.ts")).toBe(true);
    expect(mayNameAdded("src/a.ts", "./feature", "src/feature/index.tsx")).toBe(true);
    expect(mayNameAdded("src/a.ts", "../pkg", "pkg/src/main.ts")).toBe(true);
    expect(mayNameAdded("src/a.ts", "./later", "src/other.ts")).toBe(false);
    expect(mayNameAdded("src/a.ts", "./later", "lib/later.ts")).toBe(false);
  });

  it("matches any other specifier by its last segment against the file's stem or folders", () => {
    expect(mayNameAdded("src/a.ts", "@lib/shared", "lib/shared.ts")).toBe(true);
    expect(mayNameAdded("src/a.ts", "@scope/core", "packages/core/src/index.ts")).toBe(true);
    expect(mayNameAdded("src/a.ts", "not-installed", "src/unused.ts")).toBe(false);
    expect(mayNameAdded("src/a.ts", "effect/Schema", "src/Unused.ts")).toBe(false);
  });
});

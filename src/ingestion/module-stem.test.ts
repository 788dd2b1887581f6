import { describe, expect, it } from "vitest";
import { mayName, moduleStem } from "./module-stem.js";

describe(moduleStem.name, () => {
  it("gives a file, its declaration file and a folder's index the same stem", () => {
    expect(["src/lib.ts", "src/lib.d.ts", "src/lib/index.ts", "src/lib/index.tsx", "src/lib.mjs"].map(moduleStem)).toEqual(Array(5).fill("src/lib"));
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

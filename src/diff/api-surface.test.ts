import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import type { DiffReport } from "./diff-report.js";
import { apiSurface } from "./api-surface.js";
import type { DiffNode } from "./graph-diff.js";
import { moduleExports } from "./module-exports.js";
import { packageEntries } from "./package-entries.js";
import { runDiff } from "./run-diff.js";

afterAll(removeTempDirs);

type Files = Record<string, string>;

const TSCONFIG = JSON.stringify({
  // a comment, as tsconfigs have
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    types: [],
    rootDir: "src",
    outDir: "dist",
  },
  include: ["src"],
});

/** A library whose package.json exports `.` (built files, mapped back to src/ by the tsconfig) and `./extra` (a source). */
const MANIFEST = JSON.stringify({
  name: "@fixture/lib",
  type: "module",
  exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" }, "./extra": { default: "./src/extra.ts" } },
});

const BASE: Files = {
  "src/index.ts": 'export * from "./barrel.js";\nexport { makeStore } from "./store.js";\n',
  "src/barrel.ts": 'export { type Options } from "./options.js";\nexport * as shapes from "./shapes.js";\n',
  "src/options.ts": "export interface Options {\n  name: string;\n  opt?: number;\n}\n",
  "src/shapes.ts": "export interface Circle {\n  radius: number;\n}\n",
  "src/store.ts":
    "export class Store {\n  drop(id: string): void {\n    void id;\n  }\n}\n\nexport function makeStore(): Store {\n  return new Store();\n}\n",
  "src/internal.ts": "export class Hidden {\n  run(): void {}\n}\n",
  "src/extra.ts": "export function extra(count: number): number {\n  return count;\n}\n",
};

const HEAD: Files = {
  ...BASE,
  "src/options.ts": "export interface Options {\n  name: string;\n}\n",
  "src/shapes.ts": "export interface Circle {\n  radius: string;\n}\n",
  "src/store.ts":
    "export class Store {\n  drop(id: string, force: boolean): void {\n    void id;\n    void force;\n  }\n}\n\nexport function makeStore(): Store {\n  return new Store();\n}\n",
  "src/internal.ts": "export class Hidden {\n  run(times: number): void {\n    void times;\n  }\n}\n",
  "src/extra.ts": "export function extra(count: string): number {\n  return count.length;\n}\n",
};

function folder(scratch: string, name: string, files: Files): string {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(scratch, name, file)), { recursive: true });
    fs.writeFileSync(path.join(scratch, name, file), text);
  }
  return name;
}

async function diffOf(base: Files, head: Files): Promise<DiffReport> {
  const scratch = fs.realpathSync(makeTempDir("ts-graph-api-surface-"));
  return runDiff({
    base: folder(scratch, "base", base),
    head: folder(scratch, "head", head),
    root: scratch,
    cwd: scratch,
    depth: 1,
    failOn: undefined,
    onNote: () => undefined,
  });
}

function verdicts(report: DiffReport): [string, string, string][] {
  return report.api.map((change) => [change.key, change.change, change.verdict]);
}

describe("the API of ts-graph diff: what the package's entry points make reachable", () => {
  it("follows barrels, namespace re-exports, subpath exports and public signatures; a class no entry point reaches is not API", async () => {
    const withPackage = (files: Files): Files => ({ ...files, "package.json": MANIFEST, "tsconfig.json": TSCONFIG });
    const report = await diffOf(withPackage(BASE), withPackage(HEAD));
    expect(report.apiSurface).toEqual({
      rule: "entry points",
      note: "what the entry points of 1 package make reachable: @fixture/lib (., ./extra)",
    });
    expect(verdicts(report)).toEqual([
      ["src/extra.ts:extra", "changed", "breaking"],
      ["src/options.ts:Options.opt", "removed", "breaking"],
      ["src/shapes.ts:Circle.radius", "changed", "breaking"],
      ["src/store.ts:Store.drop", "changed", "breaking"],
    ]);
    expect(report.api.find((change) => change.key === "src/options.ts:Options.opt")?.reasons).toEqual([
      "optional property removed (code that reads it no longer compiles; object literals that set it get excess-property errors)",
    ]);
  });

  it("reports a declaration a barrel no longer re-exports as breaking, and one it now re-exports as added, though neither changed", async () => {
    const withPackage = (files: Files): Files => ({ ...files, "package.json": MANIFEST, "tsconfig.json": TSCONFIG });
    const head = {
      ...BASE,
      "src/barrel.ts": 'export { type Options } from "./options.js";\n',
      "src/index.ts": `${BASE["src/index.ts"]}export { Hidden } from "./internal.js";\n`,
    };
    const report = await diffOf(withPackage(BASE), withPackage(head));
    expect(report.api).toEqual([
      {
        key: "src/internal.ts:Hidden",
        change: "added",
        verdict: "compatible",
        reasons: ["now reachable from an entry point"],
      },
      {
        key: "src/shapes.ts:Circle",
        change: "unexported",
        verdict: "breaking",
        reasons: ["no longer reachable from the package's entry points"],
      },
    ]);
  });

  it("counts every export as API when no package.json declares entry points, and says so", async () => {
    const withConfig = (files: Files): Files => ({ ...files, "tsconfig.json": TSCONFIG });
    const report = await diffOf(withConfig(BASE), withConfig(HEAD));
    expect(report.apiSurface).toEqual({ rule: "every export", note: "every export: no entry points found" });
    expect(verdicts(report)).toContainEqual(["src/internal.ts:Hidden.run", "changed", "breaking"]);
  });

  it("counts every export of a package whose declared entry points map to no indexed source (a bundle), and says so", async () => {
    const bundled = (files: Files): Files => ({
      ...files,
      "package.json": JSON.stringify({ name: "@fixture/bundled", main: "./bundle.cjs" }),
      "tsconfig.json": TSCONFIG,
    });
    const report = await diffOf(bundled(BASE), bundled(HEAD));
    expect(report.apiSurface).toEqual({
      rule: "entry points",
      note: "what the entry points of 1 package make reachable: @fixture/bundled (every export: its entry points map to no indexed source)",
    });
    expect(verdicts(report)).toContainEqual(["src/internal.ts:Hidden.run", "changed", "breaking"]);
  });

  it("says that an optional property removed from an object type breaks: a type alias's (both types are assignable to each other), a property's", async () => {
    const files = (shape: string, options: string): Files => ({
      "tsconfig.json": TSCONFIG,
      "src/shape.ts": `export type Shape = ${shape};\n\nexport interface Box {\n  options: ${options};\n}\n`,
    });
    const report = await diffOf(
      files("{ width: number; depth?: number }", "{ lid?: boolean; size: number }"),
      files("{ width: number }", "{ size: number }"),
    );
    const removed = (name: string) =>
      `optional property \`${name}\` removed from the type (code that reads it no longer compiles; object literals that set it get excess-property errors)`;
    expect(report.api.map((change) => [change.key, change.verdict, change.reasons[0]])).toEqual([
      ["src/shape.ts:Box.options", "breaking", removed("lid")],
      ["src/shape.ts:Shape", "breaking", removed("depth")],
    ]);
  });
});

describe("the API surface across workspace packages", () => {
  const node = (
    key: string,
    kind: string,
    parent: string | undefined,
    exported = true,
    modifiers: string[] = [],
  ): DiffNode => {
    const [file = "", name = file] = key.split(":");
    return {
      key,
      kind,
      name: name.split(".").at(-1) ?? name,
      file,
      parent,
      exported,
      modifiers,
      signature: "",
      startLine: 1,
      body: undefined,
    };
  };
  it("follows a re-export of another workspace package by its name, and leaves out private members and what no entry point reaches", () => {
    const nodes = [
      node("packages/app/src/index.ts", "File", undefined),
      node("packages/core/src/index.ts", "File", undefined),
      node("packages/core/src/engine.ts", "File", undefined),
      node("packages/core/src/engine.ts:Engine", "Class", "packages/core/src/engine.ts"),
      node("packages/core/src/engine.ts:Engine.start", "Method", "packages/core/src/engine.ts:Engine"),
      node("packages/core/src/engine.ts:Engine.secret", "Method", "packages/core/src/engine.ts:Engine", false, [
        "private",
      ]),
      node("packages/core/src/engine.ts:Gear", "Class", "packages/core/src/engine.ts"),
    ];
    const texts: Record<string, string> = {
      "packages/app/src/index.ts": 'export { Engine as Motor } from "@fx/core";\n',
      "packages/core/src/index.ts": 'export { Engine } from "./engine.js";\n',
    };
    const keys = apiSurface({
      packages: [
        { name: "@fx/app", entries: [{ subpath: ".", file: "packages/app/src/index.ts" }] },
        { name: "@fx/core", entries: [{ subpath: ".", file: "packages/core/src/index.ts" }] },
      ],
      nodes,
      edges: [],
      exportsOf: (file) => (texts[file] === undefined ? undefined : moduleExports(file, texts[file] ?? "")),
    });
    expect([...keys].sort()).toEqual([
      "packages/core/src/engine.ts:Engine",
      "packages/core/src/engine.ts:Engine.start",
    ]);
  });
});

describe("a package's entry points", () => {
  const files = [
    "pkg/src/index.ts",
    "pkg/src/sub/index.ts",
    "pkg/src/features/a.ts",
    "pkg/src/features/b.ts",
    "pkg/lib/main.ts",
    "pkg/types.d.ts",
  ];
  const entriesOf = (manifest: unknown, outDir?: string, rootDir?: string) =>
    packageEntries({ dir: "pkg", manifest, outDir, rootDir }, new Set(files), files)
      .map((entry) => `${entry.subpath} ${entry.file}`)
      .sort();

  it("reads exports' conditions and subpaths, patterns among them, and maps built files back to sources", () => {
    const manifest = {
      exports: {
        ".": { types: "./build/index.d.ts", require: "./build/index.cjs" },
        "./sub": ["./build/sub/index.js"],
        "./features/*": "./src/features/*.ts",
        "./package.json": "./package.json",
      },
    };
    expect(entriesOf(manifest, "build", "src")).toEqual([
      ". pkg/src/index.ts",
      "./features/* pkg/src/features/a.ts",
      "./features/* pkg/src/features/b.ts",
      "./sub pkg/src/sub/index.ts",
    ]);
  });

  it("reads types, typings, main and module, with a same-named source beside or dist → src", () => {
    expect(entriesOf({ main: "./lib/main.js" })).toEqual([". pkg/lib/main.ts"]);
    expect(entriesOf({ module: "dist/index.mjs" })).toEqual([". pkg/src/index.ts"]);
    expect(entriesOf({ typings: "types.d.ts" })).toEqual([". pkg/types.d.ts"]);
    expect(entriesOf({ name: "no-entries" })).toEqual([]);
  });
});

describe("a module's re-exports", () => {
  it("reads export *, export * as, export { a as b } from, and imported names exported again", () => {
    const text = [
      'import { inner as renamed } from "./c.js";',
      'import * as all from "./d.js";',
      'import type { T } from "./t.js";',
      "const local = 1;",
      'export * from "./a.js";',
      'export * as ns from "./b.js";',
      'export { x as y, type Z } from "./e.js";',
      "export { renamed, all, T, local as exposed };",
    ].join("\n");
    const exported = moduleExports("m.ts", text);
    expect(exported.stars).toEqual(["./a.js"]);
    expect([...exported.named].sort((a, b) => (a.exported < b.exported ? -1 : 1))).toEqual([
      { exported: "T", imported: "T", specifier: "./t.js" },
      { exported: "Z", imported: "Z", specifier: "./e.js" },
      { exported: "all", imported: "*", specifier: "./d.js" },
      { exported: "ns", imported: "*", specifier: "./b.js" },
      { exported: "renamed", imported: "inner", specifier: "./c.js" },
      { exported: "y", imported: "x", specifier: "./e.js" },
    ]);
    expect([...exported.aliases]).toEqual([["exposed", "local"]]);
  });
});

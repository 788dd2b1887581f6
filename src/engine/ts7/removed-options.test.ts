import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { type Diagnostic, type Project, API } from "typescript/unstable/sync";
import { afterAll, describe, expect, it } from "vitest";
import { rewriteRemovedOptions } from "./removed-options.js";

const TEMP = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), "ts-graph-ts7config-"));
afterAll(() => fs.rmSync(TEMP, { recursive: true, force: true }));

let folders = 0;
/** A new folder holding these files (path relative to it → text). */
function project(files: Record<string, string>): string {
  folders += 1;
  const root = path.join(TEMP, `p${folders}`);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

function readDisk(fileName: string): string | undefined {
  try {
    return fs.readFileSync(fileName, "utf8");
  } catch {
    return undefined;
  }
}

/** The compilerOptions of the text served for `fileName`. */
function servedOptions(texts: ReadonlyMap<string, string>, fileName: string): unknown {
  const text = texts.get(fileName);
  if (text === undefined) throw new Error(`${fileName} is not rewritten`);
  return (JSON.parse(text) as { compilerOptions?: unknown }).compilerOptions;
}

describe(rewriteRemovedOptions.name, () => {
  it("leaves a project that sets no removed option as it is", () => {
    const root = project({
      "tsconfig.json": '{ "compilerOptions": { "moduleResolution": "bundler", "paths": { "@/*": ["./src/*"] } } }',
    });
    expect(rewriteRemovedOptions(path.join(root, "tsconfig.json"), readDisk)).toEqual({ texts: new Map(), notes: [] });
  });

  it("rewrites moduleResolution node in the extended config that sets it, reading comments and trailing commas", () => {
    const root = project({
      "tsconfig.json": `{
        // the project
        "extends": "./config/base", /* no .json: TypeScript adds it */
        "include": ["src/**/*"], // "/*" inside a string is no comment
      }`,
      "config/base.json": `{
        "compilerOptions": {
          "moduleResolution": "Node", // TypeScript 5 style
          "strict": true,
        },
      }`,
    });
    const { texts, notes } = rewriteRemovedOptions(path.join(root, "tsconfig.json"), readDisk);
    expect([...texts.keys()]).toEqual([path.join(root, "config/base.json")]);
    expect(servedOptions(texts, path.join(root, "config/base.json"))).toEqual({
      moduleResolution: "bundler",
      strict: true,
      resolvePackageJsonExports: false,
      resolvePackageJsonImports: false,
    });
    expect(notes).toEqual([
      expect.stringMatching(
        /^config\/base\.json: moduleResolution Node → bundler with resolvePackageJsonExports false/,
      ),
    ]);
  });

  it("removes moduleResolution node10 when module is nodenext, and keeps resolvePackageJsonExports the project sets", () => {
    const nodenext = project({
      "tsconfig.json": '{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "node10" } }',
    });
    const config = path.join(nodenext, "tsconfig.json");
    expect(servedOptions(rewriteRemovedOptions(config, readDisk).texts, config)).toEqual({ module: "NodeNext" });
    const explicit = project({
      "tsconfig.json": '{ "compilerOptions": { "moduleResolution": "node10", "resolvePackageJsonExports": true } }',
    });
    const explicitConfig = path.join(explicit, "tsconfig.json");
    expect(servedOptions(rewriteRemovedOptions(explicitConfig, readDisk).texts, explicitConfig)).toEqual({
      moduleResolution: "bundler",
      resolvePackageJsonExports: true,
      resolvePackageJsonImports: false,
    });
  });

  it("turns baseUrl into paths: the project's own first, re-based to each config's folder, then the baseUrl fallback", () => {
    const root = project({
      "tsconfig.json": '{ "extends": "./config/base.json", "include": ["src"] }',
      "config/base.json":
        '{ "compilerOptions": { "baseUrl": "../src", "paths": { "@app/*": ["app/*", "legacy/app/*"], "jquery": ["/opt/jquery.d.ts"] } } }',
    });
    const { texts, notes } = rewriteRemovedOptions(path.join(root, "tsconfig.json"), readDisk);
    expect(servedOptions(texts, path.join(root, "config/base.json"))).toEqual({
      paths: { "@app/*": ["../src/app/*", "../src/legacy/app/*"], jquery: ["/opt/jquery.d.ts"], "*": ["../src/*"] },
    });
    // The root inherits baseUrl: TypeScript 7 would read inherited paths from config/, which is right here, but the
    // root states them itself so that its text depends only on what it extends.
    expect(servedOptions(texts, path.join(root, "tsconfig.json"))).toEqual({
      paths: { "@app/*": ["./src/app/*", "./src/legacy/app/*"], jquery: ["/opt/jquery.d.ts"], "*": ["./src/*"] },
    });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(
      /^config\/base\.json: baseUrl \.\.\/src → paths \{ "\*": \["\.\.\/src\/\*"\] \}, after your own paths/,
    );
    expect(notes[1]).toMatch(
      /^tsconfig\.json: baseUrl \.\.\/src \(set in config\/base\.json\) → paths \{ "\*": \["\.\/src\/\*"\] \}/,
    );
  });

  it("reads paths declared below the baseUrl relative to that baseUrl, as TypeScript 6 did, and adds no fallback over a '*' pattern", () => {
    const root = project({
      "tsconfig.json": '{ "extends": ["./paths.json", "./base-url.json"], "compilerOptions": { "baseUrl": "./lib" } }',
      "paths.json": '{ "compilerOptions": { "paths": { "*": ["generated/*", "*"] } } }',
      "base-url.json": '{ "compilerOptions": { "baseUrl": "./ignored" } }',
    });
    const { texts } = rewriteRemovedOptions(path.join(root, "tsconfig.json"), readDisk);
    expect(servedOptions(texts, path.join(root, "tsconfig.json"))).toEqual({
      paths: { "*": ["./lib/generated/*", "./lib/*"] },
    });
    expect(servedOptions(texts, path.join(root, "base-url.json"))).toEqual({ paths: { "*": ["./ignored/*"] } });
    expect(texts.has(path.join(root, "paths.json"))).toBe(false);
  });

  it("gives a base config that two projects share the same text from each, whatever they set themselves", () => {
    const root = project({
      "base.json": '{ "compilerOptions": { "baseUrl": "./shared", "moduleResolution": "node" } }',
      "app/tsconfig.json":
        '{ "extends": "../base.json", "compilerOptions": { "baseUrl": "./src", "resolvePackageJsonExports": true } }',
      "web/tsconfig.json": '{ "extends": "../base.json", "compilerOptions": { "paths": { "@/*": ["web/*"] } } }',
    });
    const app = rewriteRemovedOptions(path.join(root, "app/tsconfig.json"), readDisk).texts;
    const web = rewriteRemovedOptions(path.join(root, "web/tsconfig.json"), readDisk).texts;
    expect(app.get(path.join(root, "base.json"))).toBe(web.get(path.join(root, "base.json")));
    expect(servedOptions(app, path.join(root, "app/tsconfig.json"))).toEqual({
      resolvePackageJsonExports: true,
      paths: { "*": ["./src/*"] },
    });
    expect(servedOptions(web, path.join(root, "web/tsconfig.json"))).toEqual({
      paths: { "@/*": ["../shared/web/*"], "*": ["../shared/*"] },
    });
  });

  it("keeps a ${configDir} baseUrl relative to the project that opens it", () => {
    const root = project({
      "tsconfig.json": '{ "extends": "@company/tsconfig" }',
      "node_modules/@company/tsconfig/package.json": '{ "name": "@company/tsconfig", "tsconfig": "./strict.json" }',
      "node_modules/@company/tsconfig/strict.json":
        '{ "compilerOptions": { "baseUrl": "${configDir}/src", "paths": { "~/*": ["shared/*"] } } }',
    });
    const { texts } = rewriteRemovedOptions(path.join(root, "tsconfig.json"), readDisk);
    const expected = { paths: { "~/*": ["${configDir}/src/shared/*"], "*": ["${configDir}/src/*"] } };
    expect(servedOptions(texts, path.join(root, "node_modules/@company/tsconfig/strict.json"))).toEqual(expected);
    expect(servedOptions(texts, path.join(root, "tsconfig.json"))).toEqual(expected);
  });

  it("replaces removed module and target values and drops emit-only and long-removed options, one note each", () => {
    const root = project({
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          module: "AMD",
          target: "ES5",
          outFile: "bundle.js",
          downlevelIteration: true,
          esModuleInterop: false,
          allowSyntheticDefaultImports: true,
          alwaysStrict: false,
          suppressImplicitAnyIndexErrors: true,
          strict: true,
        },
        files: ["a.ts"],
      }),
    });
    const config = path.join(root, "tsconfig.json");
    const { texts, notes } = rewriteRemovedOptions(config, readDisk);
    expect(JSON.parse(texts.get(config) ?? "")).toEqual({
      compilerOptions: { module: "commonjs", target: "es2015", allowSyntheticDefaultImports: true, strict: true },
      files: ["a.ts"],
    });
    expect(notes.map((note) => note.replace(/ \(.*/, ""))).toEqual([
      "tsconfig.json: module AMD → commonjs",
      "tsconfig.json: target ES5 → es2015",
      "tsconfig.json: outFile removed",
      "tsconfig.json: downlevelIteration removed",
      "tsconfig.json: esModuleInterop removed",
      "tsconfig.json: alwaysStrict removed",
      "tsconfig.json: suppressImplicitAnyIndexErrors removed",
    ]);
  });

  it("keeps every string of a config as written, whatever comment or comma characters it holds, with comments and trailing commas around it", () => {
    const root = project({ "tsconfig.json": "{}" });
    const config = path.join(root, "tsconfig.json");
    const tricky = fc.oneof(fc.string(), fc.constantFrom("//", "/*", "*/", ",}", ",]", '\\"//', "src/**/*"));
    fc.assert(
      fc.property(fc.array(fc.string({ unit: tricky, maxLength: 4 }), { maxLength: 5 }), (include) => {
        const items = include.map((item) => `${JSON.stringify(item)}, // an item\n`).join("");
        fs.writeFileSync(
          config,
          `{ /* options */ "include": [ ${items} ], "compilerOptions": { "outFile": "x.js", }, }`,
        );
        const { texts } = rewriteRemovedOptions(config, readDisk);
        expect(JSON.parse(texts.get(config) ?? "{}")).toEqual({ include, compilerOptions: {} });
      }),
      { numRuns: 200 },
    );
  });

  it("leaves to TypeScript a config it cannot parse, an extends it cannot find and an extends cycle", () => {
    const root = project({
      "broken.json": '{ "compilerOptions": { "baseUrl": "." ',
      "missing.json": '{ "extends": "./nowhere.json", "compilerOptions": { "outFile": "x.js" } }',
      "a.json": '{ "extends": "./b.json", "compilerOptions": { "outFile": "a.js" } }',
      "b.json": '{ "extends": "./a.json" }',
    });
    expect(rewriteRemovedOptions(path.join(root, "broken.json"), readDisk).texts.size).toBe(0);
    expect([...rewriteRemovedOptions(path.join(root, "missing.json"), readDisk).texts.keys()]).toEqual([
      path.join(root, "missing.json"),
    ]);
    expect([...rewriteRemovedOptions(path.join(root, "b.json"), readDisk).texts.keys()]).toEqual([
      path.join(root, "a.json"),
    ]);
  });
});

/** Codes of a project's program diagnostics and of the semantic diagnostics of its root files. */
function diagnosticCodes(project: Project): number[] {
  const semantic: Diagnostic[] = project.rootFiles.flatMap((file) => [...project.program.getSemanticDiagnostics(file)]);
  return [...project.program.getProgramDiagnostics(), ...semantic].map((diagnostic) => diagnostic.code);
}

/** The file that declares the module an import's specifier names, as the checker answers it. */
function importTarget(project: Project, file: string, specifier: string): string | undefined {
  const source = project.program.getSourceFile(file);
  let found: string | undefined;
  source?.forEachChild((statement) => {
    const moduleSpecifier = (statement as { moduleSpecifier?: { text?: string } }).moduleSpecifier;
    if (moduleSpecifier?.text !== specifier || moduleSpecifier === undefined) return;
    const [symbol] = project.checker.getSymbolAtLocation([moduleSpecifier as never]);
    found = symbol?.declarations[0]?.path;
  });
  return found;
}

describe("TypeScript 7 with the rewritten configs", () => {
  // baseUrl-style imports, and a package whose `exports` hides the subpath node10 reached through the file system.
  const baseUrlRoot = project({
    "tsconfig.json": '{ "extends": "./tsconfig.base.json", "include": ["src"] }',
    "tsconfig.base.json":
      '{ "compilerOptions": { "baseUrl": "./src", "paths": { "@models/*": ["models/*"] }, "strict": true } }',
    "src/main.ts":
      'import { helper } from "lib/helper";\nimport { User } from "@models/user";\nexport const run = (user: User) => helper(user.name);\n',
    "src/lib/helper.ts": "export function helper(name: string): string { return name; }\n",
    "src/models/user.ts": "export interface User { name: string }\n",
  });
  const node10Root = project({
    "tsconfig.json": '{ "compilerOptions": { "moduleResolution": "node10", "strict": true }, "include": ["src"] }',
    "src/main.ts":
      'import { internal } from "pkg/lib/internal";\nimport { main } from "pkg";\nexport const both = internal + main;\n',
    "node_modules/pkg/package.json":
      '{ "name": "pkg", "types": "index.d.ts", "exports": { ".": { "types": "./index.d.ts" } } }',
    "node_modules/pkg/index.d.ts": "export declare const main: number;\n",
    "node_modules/pkg/lib/internal.d.ts": "export declare const internal: number;\n",
  });
  const configs = [path.join(baseUrlRoot, "tsconfig.json"), path.join(node10Root, "tsconfig.json")];

  /** Opens both projects in one TypeScript 7 session, with or without the rewrite, and gives `check` each project. */
  function withProjects(rewrite: boolean, check: (baseUrl: Project, node10: Project) => void): void {
    const texts = new Map(configs.flatMap((config) => [...rewriteRemovedOptions(config, readDisk).texts]));
    const api = new API({
      cwd: TEMP,
      ...(rewrite ? { fs: { readFile: (fileName: string) => texts.get(fileName) } } : {}),
    });
    try {
      const snapshot = api.updateSnapshot({ openProjects: configs });
      const [baseUrl, node10] = configs.map((config) => snapshot.getProject(config));
      if (baseUrl === undefined || node10 === undefined) throw new Error("TypeScript 7 did not open both projects");
      check(baseUrl, node10);
    } finally {
      api.close();
    }
  }

  let rootFilesBefore: string[][] = [];
  it("without the rewrite, reports the removed options and resolves neither baseUrl imports nor the package subpath", () => {
    withProjects(false, (baseUrl, node10) => {
      expect(diagnosticCodes(baseUrl)).toEqual(expect.arrayContaining([5102, 2307]));
      expect(diagnosticCodes(node10)).toEqual(expect.arrayContaining([5108, 2307]));
      expect(importTarget(baseUrl, path.join(baseUrlRoot, "src/main.ts"), "lib/helper")).toBeUndefined();
      rootFilesBefore = [baseUrl, node10].map((project) => [...project.rootFiles].sort());
    });
  });

  it("with the rewrite, resolves every import to its file, with no diagnostic and the same root files", () => {
    withProjects(true, (baseUrl, node10) => {
      expect(diagnosticCodes(baseUrl)).toEqual([]);
      expect(diagnosticCodes(node10)).toEqual([]);
      const main = path.join(baseUrlRoot, "src/main.ts");
      expect(importTarget(baseUrl, main, "lib/helper")).toBe(path.join(baseUrlRoot, "src/lib/helper.ts"));
      expect(importTarget(baseUrl, main, "@models/user")).toBe(path.join(baseUrlRoot, "src/models/user.ts"));
      expect(importTarget(node10, path.join(node10Root, "src/main.ts"), "pkg/lib/internal")).toBe(
        path.join(node10Root, "node_modules/pkg/lib/internal.d.ts"),
      );
      expect([baseUrl, node10].map((project) => [...project.rootFiles].sort())).toEqual(rootFilesBefore);
      expect(rootFilesBefore.map((files) => files.length)).toEqual([3, 1]);
    });
  });
});

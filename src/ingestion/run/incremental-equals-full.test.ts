import fc from "fast-check";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  copySampleProject,
  freshSnapshot,
  indexAndSnapshot,
  makeTempDir,
  removeTempDirs,
} from "../../test-support/fixtures.js";
import {
  editProjectFile as edit,
  expectIncrementalEqualsFull,
  writeProject as project,
} from "../../test-support/incremental.js";
import { expectKeptRunEqualsFull, openKeptIndexer } from "../../test-support/kept-indexer.js";

afterAll(removeTempDirs);

describe("incremental index equals a full index", () => {
  it("after modifying, adding, deleting and renaming files of web-app", async () => {
    const root = copySampleProject("web-app");
    const first = await indexAndSnapshot(root);
    expect(first.summary.mode).toBe("full");

    const noop = await indexAndSnapshot(root);
    expect(noop.summary.mode).toBe("noop");
    expect(noop.snapshot).toBe(first.snapshot);

    // modify: a function gains a call to another module's function
    edit(root, "shared/validation.ts", (text) =>
      text.replace(
        "export function validateToken(token: string",
        "export function validateToken(token: string, _unused?: number, ",
      ),
    );
    edit(
      root,
      "shared/money.ts",
      (text) =>
        `${text}\nexport function total(lines: readonly CartLine[]): string {\n  return formatPrice(sumLines(lines));\n}\n`,
    );
    let step = await expectIncrementalEqualsFull(root);
    expect(step.summary.mode).toBe("incremental");
    expect(step.snapshot).toContain('"source":"shared/money.ts:total","target":"shared/money.ts:formatPrice"');

    // add: a new file that uses the shared code through a path alias
    fs.writeFileSync(
      path.join(root, "backend/services/audit.ts"),
      "import { total } from '@shared/money';\nimport type { CartLine } from '@shared/types';\n\nexport function audit(lines: CartLine[]): string {\n  return total(lines);\n}\n",
    );
    step = await expectIncrementalEqualsFull(root);
    expect(step.summary.extractedPaths).toContain("backend/services/audit.ts");
    expect(step.snapshot).toContain('"source":"backend/services/audit.ts:audit","target":"shared/money.ts:total"');

    // rename a declaration: callers in other files lose their edge without being edited themselves
    edit(root, "shared/money.ts", (text) => text.replace("export function total(", "export function grandTotal("));
    step = await expectIncrementalEqualsFull(root);
    expect(step.summary.extractedPaths).toContain("backend/services/audit.ts");
    expect(step.snapshot).not.toContain('"target":"shared/money.ts:total"');

    // delete a file others import: their imports become unresolved
    fs.rmSync(path.join(root, "shared/money.ts"));
    step = await expectIncrementalEqualsFull(root);
    expect(step.summary.files.removed).toBe(1);
    expect(step.snapshot).not.toContain("shared/money.ts");

    // the file comes back: imports that were unresolved resolve again
    fs.writeFileSync(
      path.join(root, "shared/money.ts"),
      fs.readFileSync(path.join(copySampleProject("web-app"), "shared/money.ts")),
    );
    step = await expectIncrementalEqualsFull(root);
    expect(step.snapshot).toContain('"edge":"IMPORTS","source":"frontend/store/cart.ts","target":"shared/money.ts"');

    // rename a file, then point its importers at the new path
    fs.renameSync(path.join(root, "backend/services/audit.ts"), path.join(root, "backend/services/auditing.ts"));
    step = await expectIncrementalEqualsFull(root);
    expect(step.snapshot).toContain('"node":"backend/services/auditing.ts:audit"');
    expect(step.snapshot).not.toContain("backend/services/audit.ts");
  });

  it("after deleting a base class and editing an interface its implementers use", async () => {
    const root = copySampleProject("resolution");
    await indexAndSnapshot(root);
    edit(root, "src/interface-dispatch/shapes.ts", (text) =>
      text.replace("area(): number;", "area(scale?: number): number;"),
    );
    await expectIncrementalEqualsFull(root);
    fs.rmSync(path.join(root, "src/super-call/animal.ts"));
    await expectIncrementalEqualsFull(root);
    edit(root, "src/re-export-barrel/api/index.ts", (text) => `// barrel touched\n${text}`);
    await expectIncrementalEqualsFull(root);
  });
});

describe("incremental index of files that use globals", () => {
  it("still resolves calls into a global script that nothing imports", async () => {
    const root = makeTempDir();
    fs.writeFileSync(
      path.join(root, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, types: [] }, include: ["*.ts"] }),
    );
    fs.writeFileSync(path.join(root, "globals.ts"), "function globalHelper(n: number): number {\n  return n + 1;\n}\n");
    fs.writeFileSync(path.join(root, "augment.ts"), "export {};\ndeclare global {\n  function augmented(): void;\n}\n");
    fs.writeFileSync(path.join(root, "b.ts"), "export const base = 1;\n");
    fs.writeFileSync(
      path.join(root, "a.ts"),
      'import { base } from "./b";\nexport function useGlobals(): number {\n  augmented();\n  return globalHelper(base);\n}\n',
    );
    const first = await indexAndSnapshot(root);
    expect(first.snapshot).toContain('"edge":"CALLS","source":"a.ts:useGlobals","target":"globals.ts:globalHelper"');
    expect(first.snapshot).toContain(
      '"edge":"CALLS","source":"a.ts:useGlobals","target":"augment.ts:global.augmented"',
    );
    fs.writeFileSync(path.join(root, "b.ts"), "export const base = 2;\n");
    const step = await expectIncrementalEqualsFull(root);
    expect(step.summary.extractedPaths).toEqual(["a.ts", "b.ts"]);
  });
});

/**
 * A small generated project: modules that import, call, extend and implement each other, make values whose
 * types are inferred through other modules, export aliases, and use each other through a chain of barrels.
 */
const MODULES = ["alpha", "beta", "gamma", "delta"] as const;
type ModuleName = (typeof MODULES)[number];

interface ModuleShape {
  readonly imports: readonly ModuleName[];
  readonly functions: number;
  readonly withClass: boolean;
  /** Whether the functions' return types are left to inference. */
  readonly inferred: boolean;
  /** `<name>Make()` (return type inferred) delegates to this imported module's, instead of making its own box. */
  readonly makeFrom: ModuleName | undefined;
  /** Uses the first import's values only through the barrel chain, under their aliases. */
  readonly viaBarrel: boolean;
}

/** The values keys.ts's `Key` takes; a class's accessor `get [Key]()` is read as `x.north` by the modules that import it. */
const KEY_VALUES = ["north", "south", "east"] as const;

function moduleText(name: ModuleName, shape: ModuleShape): string {
  const lines: string[] = [];
  for (const imported of shape.imports) lines.push(`import * as ${imported} from "./${imported}";`);
  if (shape.withClass) lines.push('import { Key } from "./keys";');
  if (shape.viaBarrel) lines.push('import * as barrel from "./barrel2";');
  lines.push(`export interface ${name}Shape { size(): number }`);
  for (let i = 0; i < shape.functions; i += 1) {
    const calls = shape.imports
      .map((imported) => `${imported}.${imported}Fn0()`)
      .concat(i > 0 ? [`${name}Fn${i - 1}()`] : []);
    lines.push(
      `export function ${name}Fn${i}()${shape.inferred ? "" : ": number"} {\n  return ${calls.length > 0 ? calls.join(" + ") : "1"};\n}`,
    );
  }
  if (shape.withClass) {
    const base = shape.imports[0];
    const heritage =
      base === undefined ? `implements ${name}Shape` : `extends ${base}.${base}Box implements ${base}.${base}Shape`;
    lines.push(
      `export class ${name}Box ${heritage} {\n  size(): number { return ${shape.functions > 0 ? `${name}Fn0()` : "0"}; }\n  twice(): number { return this.size() * 2; }\n  get [Key](): number { return 1; }\n}`,
    );
    lines.push(`export const ${name}Instance = new ${name}Box();`);
  }
  const makeFrom = shape.makeFrom !== undefined && shape.imports.includes(shape.makeFrom) ? shape.makeFrom : undefined;
  const made =
    makeFrom !== undefined ? `${makeFrom}.${makeFrom}Make()` : shape.withClass ? `new ${name}Box()` : "undefined";
  lines.push(`export function ${name}Make() {\n  return ${made};\n}`);
  lines.push(`export const ${name}Value = ${name}Make();`);
  lines.push(`export { ${name}Make as ${name}Build };`);
  const used = shape.imports[0];
  if (used !== undefined) {
    const value = shape.viaBarrel ? `barrel.${used}Build()` : `${used}.${used}Value`;
    lines.push(`export function ${name}Use(): number {\n  return ${value}?.twice() ?? 0;\n}`);
    // A read by the key's value, not its name (a type error while Key is another value).
    lines.push(`export function ${name}North(): number {\n  return ${used}.${used}Instance.${KEY_VALUES[0]};\n}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The barrel chain: `barrel1.ts` re-exports some modules, `barrel2.ts` re-exports `barrel1.ts` (or a module directly). */
function barrelTexts(reExported: readonly ModuleName[], chained: boolean): { barrel1: string; barrel2: string } {
  return {
    barrel1: `${reExported.map((name) => `export * from "./${name}";`).join("\n")}\nexport {};\n`,
    barrel2: chained ? 'export * from "./barrel1";\n' : 'export * from "./alpha";\n',
  };
}

const moduleShape = fc.record({
  imports: fc.subarray([...MODULES], { maxLength: 2 }),
  functions: fc.integer({ min: 0, max: 3 }),
  withClass: fc.boolean(),
  inferred: fc.boolean(),
  makeFrom: fc.option(fc.constantFrom(...MODULES), { nil: undefined }),
  viaBarrel: fc.boolean(),
});

const operation = fc.oneof(
  fc.record({ op: fc.constant("write" as const), module: fc.constantFrom(...MODULES), shape: moduleShape }),
  fc.record({ op: fc.constant("delete" as const), module: fc.constantFrom(...MODULES) }),
  fc.record({
    op: fc.constant("rename" as const),
    module: fc.constantFrom(...MODULES),
    to: fc.constantFrom(...MODULES),
  }),
  fc.record({ op: fc.constant("barrels" as const), reExported: fc.subarray([...MODULES]), chained: fc.boolean() }),
  fc.record({ op: fc.constant("comment" as const), module: fc.constantFrom(...MODULES) }),
  fc.record({ op: fc.constant("key" as const), value: fc.constantFrom(...KEY_VALUES) }),
);

const INITIAL_SHAPE: ModuleShape = {
  imports: [],
  functions: 1,
  withClass: true,
  inferred: false,
  makeFrom: undefined,
  viaBarrel: false,
};

function writeBarrels(root: string, reExported: readonly ModuleName[], chained: boolean): void {
  const { barrel1, barrel2 } = barrelTexts(reExported, chained);
  fs.writeFileSync(path.join(root, "barrel1.ts"), barrel1);
  fs.writeFileSync(path.join(root, "barrel2.ts"), barrel2);
}

function writeKeys(root: string, value: string): void {
  fs.writeFileSync(path.join(root, "keys.ts"), `export const Key = "${value}";\n`);
}

/** The text of every `.ts` file of root, by name. */
function readTexts(root: string): Map<string, string> {
  const names = fs.readdirSync(root).filter((name) => name.endsWith(".ts"));
  return new Map(names.map((name) => [name, fs.readFileSync(path.join(root, name), "utf8")]));
}

/** Names a module text declares: functions, classes, interfaces, constants, export aliases and members. */
function declaredNames(text: string): string[] {
  const patterns = [/\b(?:function|class|interface|const)\s+(\w+)/g, /\bas\s+(\w+)/g, /(\w+)\(\)\s*:/g];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ""));
}

/**
 * The files the planner's documented rule (ADR 0004, ADR 0008) may re-extract after a step: the changed files;
 * when files come or go, the files with an unresolved import; then, until nothing more joins, every file that
 * imports one of them or names (as any identifier) a declaration of one of them, before or after the change.
 * The planner matches references by name from syntax (bare names and `x.name`), follows imports through
 * barrels and inferred types: every file it takes is one of these. A superset, so it bounds the planner from
 * above.
 */
function mayReExtract(before: Map<string, string>, after: Map<string, string>): Set<string> {
  const files = new Set([...before.keys(), ...after.keys()]);
  const reached = new Set([...files].filter((file) => before.get(file) !== after.get(file)));
  const filesCameOrWent = [...files].some((file) => !before.has(file) || !after.has(file));
  if (filesCameOrWent)
    for (const file of files)
      if (hasUnresolvedImport(file, before) || hasUnresolvedImport(file, after)) reached.add(file);
  for (let grew = true; grew; ) {
    grew = false;
    const names = new Set(
      [...reached].flatMap((file) => [
        ...declaredNames(before.get(file) ?? ""),
        ...declaredNames(after.get(file) ?? ""),
      ]),
    );
    const stems = [...reached].map((file) => `"./${file.replace(/\.ts$/, "")}"`);
    for (const file of files) {
      const text = after.get(file);
      if (reached.has(file) || text === undefined) continue;
      const identifiers = new Set(text.match(/\w+/g) ?? []);
      if (stems.some((stem) => text.includes(stem)) || [...identifiers].some((identifier) => names.has(identifier))) {
        reached.add(file);
        grew = true;
      }
    }
  }
  return reached;
}

function hasUnresolvedImport(file: string, texts: Map<string, string>): boolean {
  const specifiers = [...(texts.get(file) ?? "").matchAll(/from "\.\/(\w+)"/g)].map((match) => `${match[1] ?? ""}.ts`);
  return specifiers.some((imported) => !texts.has(imported));
}

function applyOperation(root: string, step: Operation): void {
  if (step.op === "barrels") {
    writeBarrels(root, step.reExported, step.chained);
    return;
  }
  if (step.op === "key") {
    writeKeys(root, step.value);
    return;
  }
  const file = path.join(root, `${step.module}.ts`);
  if (step.op === "write")
    fs.writeFileSync(
      file,
      moduleText(step.module, { ...step.shape, imports: step.shape.imports.filter((m) => m !== step.module) }),
    );
  else if (step.op === "delete") fs.rmSync(file, { force: true });
  else if (step.op === "comment") {
    if (fs.existsSync(file)) fs.appendFileSync(file, `// edited at step ${Date.now()}\n`);
  } else if (fs.existsSync(file)) fs.renameSync(file, path.join(root, `${step.to}.ts`));
}

type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** A temporary project of the four modules, each of the shape, and the barrel chain. */
function generatedProject(prefix: string, shape: ModuleShape): string {
  const root = makeTempDir(prefix);
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", types: [] },
      include: ["*.ts"],
    }),
  );
  for (const name of MODULES) fs.writeFileSync(path.join(root, `${name}.ts`), moduleText(name, shape));
  writeBarrels(root, MODULES, true);
  writeKeys(root, KEY_VALUES[0]);
  // Reads each module's accessor by each of the key's values, one function each: the file whose edges move
  // between its functions as the key's value changes, without the file changing.
  const reads = MODULES.flatMap((name) =>
    KEY_VALUES.map(
      (value) => `export function read${name}${value}(): number {\n  return ${name}Instance.${value};\n}\n`,
    ),
  );
  const imports = MODULES.map((name) => `import { ${name}Instance } from "./${name}";\n`);
  fs.writeFileSync(path.join(root, "reader.ts"), [...imports, ...reads].join(""));
  return root;
}

describe("incremental index equals a full index (property)", () => {
  it("for any sequence of writes, deletions, renames and comment edits of modules, changes of the barrels and of a computed key's value", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 5 }), async (operations) => {
        const root = generatedProject("ts-graph-prop-", INITIAL_SHAPE);
        await indexAndSnapshot(root);
        for (const step of operations) {
          const before = readTexts(root);
          applyOperation(root, step);
          const after = readTexts(root);
          const incremental = await expectIncrementalEqualsFull(root);
          // No more files than the documented rule allows; a comment changes no surface, so only its own file.
          const changed = [...after.keys()].filter((file) => before.get(file) !== after.get(file));
          const allowed = mayReExtract(before, after);
          expect(incremental.summary.extractedPaths.filter((file) => !allowed.has(file))).toEqual([]);
          if (step.op === "comment" && changed.length === 1)
            expect(incremental.summary.extractedPaths).toEqual(changed);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), seed: Number(process.env.PROPERTY_SEED ?? 20261124) },
    );
    // Twelve runs of up to five steps, each followed by two whole indexes: about 50 s alone, past the suite's 120 s on a loaded machine.
  });
});

/** A statement added to the body of a module's `<name>Make()` (its return type is inferred and stays). */
const statementEdit = fc.record({ op: fc.constant("statement" as const), module: fc.constantFrom(...MODULES) });
type KeptOperation = Operation | { readonly op: "statement"; readonly module: ModuleName };

function applyKeptOperation(root: string, step: KeptOperation, index: number): void {
  if (step.op !== "statement") {
    applyOperation(root, step);
    return;
  }
  const file = path.join(root, `${step.module}.ts`);
  if (!fs.existsSync(file)) return;
  const header = `export function ${step.module}Make() {\n`;
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace(header, `${header}  void "statement ${index}";\n`));
}

describe("incremental index with kept programs equals a full index (property)", () => {
  it("for any sequence of those steps and statement edits of inferred functions, planned by comparing inferred types (ADR 0012)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(operation, statementEdit, statementEdit), { minLength: 1, maxLength: 5 }),
        async (operations) => {
          const root = generatedProject("ts-graph-prop-kept-", { ...INITIAL_SHAPE, inferred: true });
          const indexer = await openKeptIndexer(root);
          try {
            for (const [index, step] of operations.entries()) {
              const before = readTexts(root);
              applyKeptOperation(root, step, index);
              const summary = await expectKeptRunEqualsFull(indexer, root);
              const allowed = mayReExtract(before, readTexts(root));
              expect(summary.extractedPaths.filter((file) => !allowed.has(file))).toEqual([]);
            }
          } finally {
            indexer.close();
          }
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 8), seed: Number(process.env.PROPERTY_SEED ?? 20261124) },
    );
  });
});

describe("runs with nothing to do", () => {
  it("notice a file added in a new folder and a tsconfig change, though they skip discovery when nothing changed", async () => {
    const root = copySampleProject("web-app");
    await indexAndSnapshot(root);
    expect((await indexAndSnapshot(root)).summary.mode).toBe("noop");

    fs.mkdirSync(path.join(root, "backend/jobs/nightly"), { recursive: true });
    fs.writeFileSync(path.join(root, "backend/jobs/nightly/cleanup.ts"), "export function cleanup(): void {}\n");
    const added = await expectIncrementalEqualsFull(root);
    expect(added.summary.extractedPaths).toContain("backend/jobs/nightly/cleanup.ts");
    expect((await indexAndSnapshot(root)).summary.mode).toBe("noop");

    edit(root, "tsconfig.json", (text) => {
      const tsconfig = JSON.parse(text) as { exclude?: string[] };
      return JSON.stringify({ ...tsconfig, exclude: ["backend/jobs/**"] });
    });
    const excluded = await indexAndSnapshot(root);
    expect(excluded.summary.mode).toBe("incremental");
    expect(excluded.summary.files.removed).toBe(1);
    expect(excluded.snapshot).not.toContain("backend/jobs/");
    expect(excluded.snapshot).toBe(await freshSnapshot(root));
  });
});

describe("review findings (each once seen to leave a stale graph)", () => {
  const ab = "export class A { run(): void {} }\nexport class B { run(): void {} }\n";

  it("re-resolves importers when a default-exported declaration changes", async () => {
    const root = project({
      "src/ab.ts": ab,
      "src/m.ts":
        'import { A, B } from "./ab";\nexport default function make(): A { return new A(); }\nexport const unused: B | undefined = undefined;\n',
      "src/c.ts": 'import build from "./m";\nexport function main(): void { build().run(); }\n',
    });
    await indexAndSnapshot(root);
    edit(root, "src/m.ts", (text) => text.replace("make(): A { return new A(); }", "make(): B { return new B(); }"));
    const step = await expectIncrementalEqualsFull(root);
    expect(step.snapshot).toContain('"source":"src/c.ts:main","target":"src/ab.ts:B.run"');
  });

  it("rewrites the export names of a chain of barrels when the declaration an alias reaches is renamed, and when a barrel's alias changes", async () => {
    const root = project({
      "src/impl.ts": "class Impl {}\nexport { Impl as Public };\n",
      "src/barrel1.ts": 'export { Public } from "./impl";\n',
      "src/barrel2.ts": 'export { Public as Api } from "./barrel1";\n',
    });
    await indexAndSnapshot(root);
    edit(root, "src/impl.ts", (text) => text.replaceAll("Impl", "Core"));
    const renamed = await expectIncrementalEqualsFull(root);
    expect(renamed.dump.export_names).toContain(JSON.stringify(["src/barrel2.ts", "Api", "src/impl.ts:Core"]));
    edit(root, "src/barrel2.ts", (text) => text.replace("as Api", "as Service"));
    const realiased = await expectIncrementalEqualsFull(root);
    expect(realiased.dump.export_names).toContain(JSON.stringify(["src/barrel2.ts", "Service", "src/impl.ts:Core"]));
  });

  it("re-resolves importers when an exported class changes its base class", async () => {
    const root = project({
      "src/ab.ts": ab,
      "src/w.ts":
        'import { A, B } from "./ab";\nexport class Widget extends A {}\nexport function getWidget(): Widget { return new Widget(); }\nexport const other: B | undefined = undefined;\n',
      "src/c.ts": 'import { getWidget } from "./w";\nexport function main(): void { getWidget().run(); }\n',
    });
    await indexAndSnapshot(root);
    edit(root, "src/w.ts", (text) => text.replace("class Widget extends A", "class Widget extends B"));
    const step = await expectIncrementalEqualsFull(root);
    expect(step.snapshot).toContain('"source":"src/c.ts:main","target":"src/ab.ts:B.run"');
  });

  it("re-resolves callers of a function whose name has no ASCII letters", async () => {
    const root = project({
      "src/ab.ts": ab,
      "src/m.ts": 'import { A, B } from "./ab";\nexport function 作る(): A | B { return new A(); }\n',
      "src/c.ts": 'import { 作る } from "./m";\nexport function main(): void { 作る().run(); }\n',
    });
    await indexAndSnapshot(root);
    edit(root, "src/m.ts", (text) => text.replace("作る(): A | B", "作る(): B"));
    expect((await expectIncrementalEqualsFull(root)).summary.extractedPaths).toContain("src/c.ts");
  });

  it("does not take bindings inside top-level blocks for module-level variables", async () => {
    const root = project({
      "src/a.ts":
        "export const e = 1;\ntry { JSON.parse('1'); } catch (e) { void e; }\nfor (const x of [1]) { const inner = x; void inner; }\n",
    });
    const { snapshot } = await indexAndSnapshot(root);
    expect(snapshot).toContain('"node":"src/a.ts:e"');
    expect(snapshot).not.toContain('"node":"src/a.ts:e#variable"');
    expect(snapshot).not.toContain('"node":"src/a.ts:x"');
    expect(snapshot).not.toContain('"node":"src/a.ts:inner"');
  });

  it("notices a referenced project created after the first run, a literal include appearing, and another --tsconfig", async () => {
    const root = project(
      {
        "src/main.ts": "export const main = 1;\n",
        "core/tsconfig.json": JSON.stringify({ compilerOptions: { composite: true, types: [] }, include: ["*.ts"] }),
        "core/core.ts": "export const core = 1;\n",
      },
      { files: [], references: [{ path: "./core" }, { path: "./app" }] },
    );
    expect((await indexAndSnapshot(root)).summary.files.total).toBe(1);
    fs.mkdirSync(path.join(root, "app"));
    fs.writeFileSync(path.join(root, "app/app.ts"), "export const app = 2;\n");
    fs.writeFileSync(
      path.join(root, "app/tsconfig.json"),
      JSON.stringify({ compilerOptions: { types: [] }, files: ["app.ts", "later.ts"] }),
    );
    expect((await expectIncrementalEqualsFull(root)).summary.files.total).toBe(2);
    fs.writeFileSync(path.join(root, "app/later.ts"), "export const later = 3;\n");
    expect((await expectIncrementalEqualsFull(root)).summary.files.total).toBe(3);

    const other = await indexAndSnapshot(root, { tsconfigs: [path.join(root, "core/tsconfig.json")] });
    expect(other.summary.mode).not.toBe("noop");
    expect(other.summary.files.total).toBe(1);
  });
});

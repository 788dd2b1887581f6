import { afterAll, describe, expect, it } from "vitest";
import { indexAndSnapshot, removeTempDirs } from "../../test-support/fixtures.js";
import {
  editProjectFile,
  expectIncrementalEqualsFull,
  writeProject,
  writeProjectFile,
} from "../../test-support/incremental.js";

afterAll(removeTempDirs);

/** Two classes with a method of the same name: moving a type from one to the other moves `x.run()`'s edge. */
const AB = "export class A { run(): void {} }\nexport class B { run(): void {} }\n";
const CALLS_A_RUN = '"edge":"CALLS","source":"src/c.ts:main","target":"src/ab.ts:A.run"';
const CALLS_B_RUN = '"edge":"CALLS","source":"src/c.ts:main","target":"src/ab.ts:B.run"';

/**
 * Indexes the project, checks `c.ts:main` calls `A.run`, applies the edit, and checks that the update
 * re-extracts exactly `extracted` and equals a full index, in which `c.ts:main` calls `B.run`.
 */
async function expectCallMovesToB(root: string, applyEdit: () => void, extracted: readonly string[]): Promise<void> {
  expect((await indexAndSnapshot(root)).snapshot).toContain(CALLS_A_RUN);
  applyEdit();
  const step = await expectIncrementalEqualsFull(root);
  expect(step.snapshot).toContain(CALLS_B_RUN);
  expect(step.snapshot).not.toContain(CALLS_A_RUN);
  expect(step.summary.extractedPaths).toEqual(extracted);
}

describe("an incremental run follows a change to the files it reaches indirectly", () => {
  it("re-extracts only the edited file after a body edit or an added export that nothing names", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/m.ts": 'import { A } from "./ab";\nexport function make(): A { return new A(); }\n',
      "src/c.ts": 'import { make } from "./m";\nexport function main(): void { make().run(); }\n',
    });
    await indexAndSnapshot(root);
    editProjectFile(root, "src/m.ts", (text) =>
      text.replace("return new A();", "const made = new A();\n  return made;"),
    );
    expect((await expectIncrementalEqualsFull(root)).summary.extractedPaths).toEqual(["src/m.ts"]);
    editProjectFile(root, "src/m.ts", (text) => `${text}export const added = 1;\n`);
    expect((await expectIncrementalEqualsFull(root)).summary.extractedPaths).toEqual(["src/m.ts"]);
  });

  it("re-extracts only the edited file after a comment edit in a function whose type is inferred, and its users after a code edit", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/m.ts":
        'import { A, B } from "./ab";\nexport function make() {\n  // which class\n  return new A();\n}\nexport const other: B | undefined = undefined;\n',
      "src/c.ts": 'import { make } from "./m";\nexport function main(): void { make().run(); }\n',
    });
    await indexAndSnapshot(root);
    editProjectFile(root, "src/m.ts", (text) => text.replace("// which class", "/* the class to make */"));
    expect((await expectIncrementalEqualsFull(root)).summary.extractedPaths).toEqual(["src/m.ts"]);
    await expectCallMovesToB(
      root,
      () => editProjectFile(root, "src/m.ts", (text) => text.replace("return new A()", "return new B()")),
      ["src/c.ts", "src/m.ts"],
    );
  });

  it("through an export alias in a barrel", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/m.ts":
        'import { A, B } from "./ab";\nexport function make() { return new A(); }\nexport const other: B | undefined = undefined;\n',
      "src/index.ts": 'export { make as build } from "./m";\n',
      "src/c.ts": 'import { build } from "./index";\nexport function main(): void { build().run(); }\n',
    });
    await expectCallMovesToB(
      root,
      () => editProjectFile(root, "src/m.ts", (text) => text.replace("return new A()", "return new B()")),
      ["src/c.ts", "src/index.ts", "src/m.ts"],
    );
  });

  it("through an alias in the changed file's own export list", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/m.ts":
        'import { A, B } from "./ab";\nfunction make() { return new A(); }\nexport { make as build };\nexport const other: B | undefined = undefined;\n',
      "src/index.ts": 'export * from "./m";\n',
      "src/c.ts": 'import { build } from "./index";\nexport function main(): void { build().run(); }\n',
    });
    await expectCallMovesToB(
      root,
      () => editProjectFile(root, "src/m.ts", (text) => text.replace("return new A()", "return new B()")),
      ["src/c.ts", "src/index.ts", "src/m.ts"],
    );
  });

  it("through a chain of barrels when a middle barrel changes what it re-exports", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/a.ts": 'import { A } from "./ab";\nexport function make(): A { return new A(); }\n',
      "src/b.ts": 'import { B } from "./ab";\nexport function make(): B { return new B(); }\n',
      "src/barrel1.ts": 'export * from "./a";\n',
      "src/barrel2.ts": 'export * from "./barrel1";\n',
      "src/barrel3.ts": 'export { make } from "./barrel2";\n',
      "src/c.ts": 'import { make } from "./barrel3";\nexport function main(): void { make().run(); }\n',
    });
    await expectCallMovesToB(
      root,
      () => editProjectFile(root, "src/barrel1.ts", (text) => text.replace('"./a"', '"./b"')),
      ["src/barrel1.ts", "src/barrel2.ts", "src/barrel3.ts", "src/c.ts"],
    );
  });

  it("to a file that gets a class through another module when the class changes its base", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/w.ts":
        'import { A, B } from "./ab";\nexport class Widget extends A {}\nexport const other: B | undefined = undefined;\n',
      "src/m.ts": 'import { Widget } from "./w";\nexport function getWidget(): Widget { return new Widget(); }\n',
      "src/c.ts": 'import { getWidget } from "./m";\nexport function main(): void { getWidget().run(); }\n',
    });
    await expectCallMovesToB(
      root,
      () => editProjectFile(root, "src/w.ts", (text) => text.replace("extends A", "extends B")),
      ["src/c.ts", "src/m.ts", "src/w.ts"],
    );
  });

  it("to a file that uses a value whose inferred type comes from a function two files away", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/a.ts":
        'import { A, B } from "./ab";\nexport function make() { return new A(); }\nexport const other: B | undefined = undefined;\n',
      "src/b.ts": 'import { make } from "./a";\nexport const u = make();\n',
      "src/c.ts": 'import { u } from "./b";\nexport function main(): void { u.run(); }\n',
    });
    await expectCallMovesToB(
      root,
      () => editProjectFile(root, "src/a.ts", (text) => text.replace("return new A()", "return new B()")),
      ["src/a.ts", "src/b.ts", "src/c.ts"],
    );
  });

  it("to importers of a module that a new file now resolves to first", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/lib/index.ts": 'import { A } from "../ab";\nexport function make(): A { return new A(); }\n',
      "src/c.ts": 'import { make } from "./lib";\nexport function main(): void { make().run(); }\n',
    });
    await expectCallMovesToB(
      root,
      () =>
        writeProjectFile(
          root,
          "src/lib.ts",
          'import { B } from "./ab";\nexport function make(): B { return new B(); }\n',
        ),
      ["src/c.ts", "src/lib.ts"],
    );
  });

  it("to callers of a function whose expando property changes", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/m.ts":
        'import { A, B } from "./ab";\nexport function f(): void {}\nf.helper = (): A => new A();\nexport const other: B | undefined = undefined;\n',
      "src/c.ts": 'import { f } from "./m";\nexport function main(): void { f.helper().run(); }\n',
    });
    await expectCallMovesToB(
      root,
      () => editProjectFile(root, "src/m.ts", (text) => text.replace("(): A => new A()", "(): B => new B()")),
      ["src/c.ts", "src/m.ts"],
    );
  });

  it("to callers of a JavaScript function whose JSDoc return type changes", async () => {
    const root = writeProject(
      {
        "src/ab.ts": AB,
        "src/m.js":
          '/** @returns {import("./ab").A} */\nexport function make() {\n  return /** @type {any} */ (undefined);\n}\n',
        "src/c.ts": 'import { make } from "./m.js";\nexport function main(): void { make().run(); }\n',
      },
      { compilerOptions: { strict: true, allowJs: true, checkJs: true, types: [] }, include: ["src"] },
    );
    await expectCallMovesToB(
      root,
      () => editProjectFile(root, "src/m.js", (text) => text.replace('("./ab").A', '("./ab").B')),
      ["src/c.ts", "src/m.js"],
    );
  });

  it("through an import whose specifier is a path alias that names the file by another name", async () => {
    const root = writeProject(
      {
        "src/ab.ts": AB,
        "src/library/index.ts":
          'import { A, B } from "../ab";\nexport function make() { return new A(); }\nexport const other: B | undefined = undefined;\n',
        "src/b.ts": 'import { make } from "@lib";\nexport const u = make();\n',
        "src/c.ts": 'import { u } from "./b";\nexport function main(): void { u.run(); }\n',
      },
      {
        compilerOptions: { strict: true, types: [], baseUrl: ".", paths: { "@lib": ["src/library/index.ts"] } },
        include: ["src"],
      },
    );
    await expectCallMovesToB(
      root,
      () => editProjectFile(root, "src/library/index.ts", (text) => text.replace("return new A()", "return new B()")),
      ["src/b.ts", "src/c.ts", "src/library/index.ts"],
    );
  });

  it("to a file that imported a name before the module declared it", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/m.ts": 'import { A } from "./ab";\nexport function make(): A { return new A(); }\n',
      "src/c.ts":
        'import { make } from "./m";\nimport { build } from "./m";\nexport function main(): void { make().run(); build().run(); }\n',
    });
    expect((await indexAndSnapshot(root)).snapshot).not.toContain(CALLS_B_RUN);
    editProjectFile(
      root,
      "src/m.ts",
      (text) => `import { B } from "./ab";\n${text}export function build(): B { return new B(); }\n`,
    );
    const step = await expectIncrementalEqualsFull(root);
    expect(step.snapshot).toContain(CALLS_B_RUN);
    expect(step.summary.extractedPaths).toEqual(["src/c.ts", "src/m.ts"]);
  });

  it("through a file edited in the same run whose inferred declaration uses the other change", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/a.ts":
        'import { A, B } from "./ab";\nexport function make() { return new A(); }\nexport const other: B | undefined = undefined;\n',
      "src/index.ts": 'export * from "./a";\n',
      "src/b.ts":
        'import { make } from "./index";\nexport const u = make();\nexport function unrelated(): number { return 1; }\n',
      "src/c.ts": 'import { u } from "./b";\nexport function main(): void { u.run(); }\n',
    });
    await expectCallMovesToB(root, () => {
      editProjectFile(root, "src/a.ts", (text) => text.replace("return new A()", "return new B()"));
      editProjectFile(root, "src/b.ts", (text) => text.replace("return 1;", "return 2;"));
    }, ["src/a.ts", "src/b.ts", "src/c.ts", "src/index.ts"]);
  });

  it("to users of a value whose initialiser calls a function that did not exist until now", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/n.ts":
        'import { B } from "./ab";\nexport const w = helper();\nexport const other: B | undefined = undefined;\n',
      "src/c.ts": 'import { w } from "./n";\nexport function main(): void { w.run(); }\n',
    });
    expect((await indexAndSnapshot(root)).snapshot).not.toContain(CALLS_B_RUN);
    editProjectFile(root, "src/n.ts", (text) => `${text}function helper() { return new B(); }\n`);
    const step = await expectIncrementalEqualsFull(root);
    expect(step.snapshot).toContain(CALLS_B_RUN);
    expect(step.summary.extractedPaths).toEqual(["src/c.ts", "src/n.ts"]);
  });

  it('to files that name a renamed member as `T["k"]` or as a string key', async () => {
    const root = writeProject({
      "src/options.ts": "export interface Options { depth: number }\n",
      "src/depth.ts": 'import type { Options } from "./options";\nexport type Depth = Options["depth"];\n',
      "src/make.ts":
        'import type { Options } from "./options";\nexport function make(): Options { return { "depth": 1 } as Options; }\n',
    });
    const before = (await indexAndSnapshot(root)).snapshot;
    expect(before).toContain(
      '"edge":"USES_TYPE","source":"src/depth.ts:Depth","target":"src/options.ts:Options.depth"',
    );
    expect(before).toContain('"edge":"READS","source":"src/make.ts:make","target":"src/options.ts:Options.depth"');
    editProjectFile(root, "src/options.ts", (text) => text.replace("depth: number", "level: number"));
    const step = await expectIncrementalEqualsFull(root);
    expect(step.snapshot).not.toContain("Options.depth");
    expect(step.summary.extractedPaths).toEqual(["src/depth.ts", "src/make.ts", "src/options.ts"]);
  });

  it("to the files that read a member by the old or the new value of its computed key, when the key's value changes", async () => {
    const root = writeProject({
      "src/keys.ts": 'export const Key = "alpha";\nexport const Other = "other";\n',
      "src/box.ts":
        'import { Key } from "./keys";\nexport class Box {\n  get [Key](): number {\n    return 1;\n  }\n}\n',
      "src/use.ts": 'import { Box } from "./box";\nexport function use(box: Box): number {\n  return box.alpha;\n}\n',
      // Reads the member by a name it does not have yet (a type error until the key's value changes).
      "src/later.ts":
        'import { Box } from "./box";\nexport function later(box: Box): number {\n  return box.beta;\n}\n',
      "src/away.ts": 'import { Box } from "./box";\nexport function away(box: Box): Box {\n  return box;\n}\n',
    });
    const callsOf = (user: string): string =>
      `"edge":"CALLS","source":"src/${user}.ts:${user}","target":"src/box.ts:Box.[Key]"`;
    const before = (await indexAndSnapshot(root)).snapshot;
    expect(before).toContain(callsOf("use"));
    expect(before).not.toContain(callsOf("later"));
    // Neither use.ts nor later.ts changes or names Key: use.ts is reached by its edge into the member, later.ts
    // by the key's new value.
    editProjectFile(root, "src/keys.ts", (text) => text.replace('"alpha"', '"beta"'));
    const changed = await expectIncrementalEqualsFull(root);
    expect(changed.snapshot).not.toContain(callsOf("use"));
    expect(changed.snapshot).toContain(callsOf("later"));
    expect(changed.summary.extractedPaths).toEqual(["src/box.ts", "src/keys.ts", "src/later.ts", "src/use.ts"]);
    editProjectFile(root, "src/keys.ts", (text) => text.replace('"beta"', '"alpha"'));
    const back = await expectIncrementalEqualsFull(root);
    expect(back.snapshot).toContain(callsOf("use"));
    expect(back.summary.extractedPaths).toEqual(["src/box.ts", "src/keys.ts", "src/later.ts", "src/use.ts"]);
  });

  it("to the readers of a member keyed by an object constant's or an enum's literal, when that literal changes", async () => {
    const root = writeProject({
      "src/keys.ts": 'export const Keys = { A: "alpha" } as const;\nexport enum Kind {\n  B = "gamma",\n}\n',
      "src/box.ts":
        'import { Keys, Kind } from "./keys";\nexport class Box {\n  get [Keys.A](): number {\n    return 1;\n  }\n  get [Kind.B](): number {\n    return 2;\n  }\n}\n',
      "src/use.ts":
        'import { Box } from "./box";\nexport function use(box: Box): number {\n  return box.alpha + box.gamma;\n}\n',
      "src/later.ts":
        'import { Box } from "./box";\nexport function later(box: Box): number {\n  return box.beta + box.delta;\n}\n',
    });
    const callsOf = (user: string, key: string): string =>
      `"edge":"CALLS","source":"src/${user}.ts:${user}","target":"src/box.ts:Box.[${key}]"`;
    const before = (await indexAndSnapshot(root)).snapshot;
    expect(before).toContain(callsOf("use", "Keys.A"));
    expect(before).toContain(callsOf("use", "Kind.B"));
    editProjectFile(root, "src/keys.ts", (text) => text.replace('"alpha"', '"beta"').replace('"gamma"', '"delta"'));
    const changed = await expectIncrementalEqualsFull(root);
    expect(changed.snapshot).toContain(callsOf("later", "Keys.A"));
    expect(changed.snapshot).toContain(callsOf("later", "Kind.B"));
    expect(changed.summary.extractedPaths).toEqual(["src/box.ts", "src/keys.ts", "src/later.ts", "src/use.ts"]);
  });

  it("to the users of a global script's declarations when the script becomes a module, and back", async () => {
    const root = writeProject({
      "src/globals.d.ts": "declare namespace Shapes {\n  interface Circle {\n    radius: number;\n  }\n}\n",
      "src/use.ts": "export function area(circle: Shapes.Circle): number {\n  return circle.radius;\n}\n",
    });
    const usesCircle = '"edge":"USES_TYPE","source":"src/use.ts:area","target":"src/globals.d.ts:Shapes.Circle"';
    expect((await indexAndSnapshot(root)).snapshot).toContain(usesCircle);
    editProjectFile(root, "src/globals.d.ts", (text) => `${text}export declare const marker: number;\n`);
    const module = await expectIncrementalEqualsFull(root);
    expect(module.snapshot).not.toContain(usesCircle);
    expect(module.summary.extractedPaths).toEqual(["src/globals.d.ts", "src/use.ts"]);
    editProjectFile(root, "src/globals.d.ts", (text) => text.replace("export declare const marker: number;\n", ""));
    const script = await expectIncrementalEqualsFull(root);
    expect(script.snapshot).toContain(usesCircle);
    expect(script.summary.extractedPaths).toEqual(["src/globals.d.ts", "src/use.ts"]);
  });
});

import { describe, expect, it } from "vitest";
import {
  addChangedName,
  dependsOnChanged,
  noChangedNames,
  spreadThroughFile,
  startSpread,
  type ChangedNames,
} from "./change-propagation.js";
import { parseForPlanning } from "./planning-syntax.js";
import { compareSurfaces } from "./surface-change.js";

function syntaxOf(text: string, fileName = "src/x.ts") {
  return parseForPlanning(`/p/${fileName}`, fileName, text).syntax;
}

/** What changed elsewhere: module-level names as `file:name` (`src/m.ts:make`), globals, members and keys by name. */
interface Changed {
  readonly module?: string[];
  readonly global?: string[];
  readonly member?: string[];
  readonly key?: string[];
}

function changedNames(changed: Changed): ChangedNames {
  const names = noChangedNames();
  for (const entry of changed.module ?? [])
    addChangedName(names, entry.slice(entry.indexOf(":") + 1), entry.slice(0, entry.indexOf(":")), false);
  for (const name of changed.global ?? []) addChangedName(names, name, "src/globals.ts", true);
  for (const name of changed.member ?? []) names.member.add(name);
  for (const name of changed.key ?? []) names.key.add(name);
  return names;
}

/** What changes in the file because of `changed`: its module-level names, and the member names added. */
function spread(text: string, changed: Changed, fileName = "src/x.ts"): { module: string[]; member: string[] } {
  const names = changedNames(changed);
  spreadThroughFile(startSpread(syntaxOf(text, fileName)), names);
  const here = [...names.module].filter(([, files]) => files.has(fileName)).map(([name]) => name);
  return {
    module: here.sort(),
    member: [...names.member].filter((name) => !(changed.member ?? []).includes(name)).sort(),
  };
}

function depends(text: string, changed: Changed): boolean {
  return dependsOnChanged(syntaxOf(text), changedNames(changed), new Set());
}

/** The names compareSurfaces reports for an edit of a file, by how they are reached. */
function compareNames(before: string, after: string) {
  const nodesBefore = parseForPlanning("/p/src/x.ts", "src/x.ts", before).declarations.nodes;
  const nodesAfter = parseForPlanning("/p/src/x.ts", "src/x.ts", after).declarations.nodes;
  const stored = nodesBefore.map((node) => ({
    key: node.key,
    name: node.name,
    kind: node.kind,
    exported: node.exported,
    surface: node.surface,
  }));
  const change = compareSurfaces(stored, nodesAfter, new Set());
  return { module: [...change.moduleTokens], member: [...change.memberTokens], key: [...change.keyTokens] };
}

describe(spreadThroughFile.name, () => {
  it("changes the inferred declarations that use a changed name, transitively", () => {
    const text =
      'import { helper } from "./h";\nexport const value = helper();\nexport const twice = [value, value];\nexport const other = 3;\nexport function typed(): number { return helper(); }';
    expect(spread(text, { module: ["src/h.ts:helper"] })).toEqual({ module: ["twice", "value"], member: [] });
  });

  it("changes a declaration whose written type mentions a changed name, but not one whose body does", () => {
    const text =
      'import { Widget } from "./w";\nexport function getWidget(): Widget { return new Widget(); }\nexport function count(): number { return new Widget().size; }';
    expect(spread(text, { module: ["src/w.ts:Widget"] })).toEqual({ module: ["getWidget"], member: [] });
  });

  it("changes a class whose heritage mentions a changed name, and the members whose headers do", () => {
    const text =
      'import { Base } from "./b";\nexport class Sub extends Base {\n  run(): void {}\n  parent(): Base { return this; }\n}';
    expect(spread(text, { module: ["src/b.ts:Base"] })).toEqual({ module: ["Sub"], member: ["parent"] });
  });

  it("follows aliases in export and import lists, re-exports, and into the default export", () => {
    const make = { module: ["src/m.ts:make"] };
    expect(spread('export { make as build } from "./m";', make).module).toEqual(["build"]);
    expect(spread('export * from "./m";\nexport * from "./other";', make).module).toEqual(["make"]);
    expect(spread('import { make as build } from "./m";\nexport const made = build();', make).module).toEqual(["made"]);
    expect(spread('import { make } from "./m";\nconst made = make();\nexport default made;', make).module).toEqual([
      "default",
      "made",
    ]);
  });

  it("matches an imported name only to a change in a file its specifier may name", () => {
    const text =
      'import { make } from "./other";\nimport * as m from "./m";\nexport const a = make();\nexport const b = m.make();';
    expect(spread(text, { module: ["src/m.ts:make"] }).module).toEqual(["b"]);
    expect(spread(text, { module: ["src/other/index.ts:make"] }).module).toEqual(["a"]);
  });

  it("does not take a name the file declares itself for the changed one, unless its own changed", () => {
    const text = "export function make() { return 1; }\nexport const made = make();";
    expect(spread(text, { module: ["src/m.ts:make"], global: ["make"] })).toEqual({ module: [], member: [] });
    const names = changedNames({ module: ["src/x.ts:make"] });
    spreadThroughFile(startSpread(syntaxOf(text), ["make"]), names);
    expect([...names.module.keys()].sort()).toEqual(["made", "make"]);
  });

  it("takes any other bare name for a global, and `q.name` for an export or a member", () => {
    const text =
      'import { api } from "./api";\nexport const a = helper();\nexport const b = (x: { run(): number }) => x.run();\nexport const d = api.run();';
    expect(spread(text, { module: ["src/h.ts:helper"] }).module).toEqual([]);
    expect(spread(text, { global: ["helper"] }).module).toEqual(["a"]);
    expect(spread(text, { module: ["src/z.ts:run"] }).module).toEqual(["d"]);
    expect(spread(text, { member: ["run"] }).module).toEqual(["b", "d"]);
  });

  it("follows a member with a computed name by its key, not by the names the key is made of", () => {
    const text =
      'import * as Equal from "./equal";\nexport const same = (x: Equal.Equal, y: unknown) => x[Equal.symbol](y);\nexport const sym = Equal.symbol;';
    expect(spread(text, { key: ["symbol"] }).module).toEqual(["same"]);
    expect(
      compareNames(
        "export class C {\n  [Equal.symbol]() { return 1; }\n}",
        "export class C {\n  [Equal.symbol]() { return 2; }\n}",
      ),
    ).toEqual({
      module: [],
      member: [],
      key: ["symbol"],
    });
  });

  it("counts JSDoc types of a JavaScript declaration as part of its surface", () => {
    const text = "/** @param {Widget} w */\nexport function use(w) { return 1; }\nexport const n = 1;";
    expect(spread(text, { module: ["src/w.ts:Widget"] }, "src/x.js").module).toEqual(["use"]);
  });

  it("counts an expando assignment as part of the function it extends", () => {
    expect(
      spread('import { make } from "./m";\nexport function f(): void {}\nf.helper = () => make();', {
        module: ["src/m.ts:make"],
      }).module,
    ).toEqual(["f"]);
  });
});

describe(dependsOnChanged.name, () => {
  it("is true for a file that imports a changed name from a file its specifier may name, or uses a changed member", () => {
    expect(depends('import { make } from "./m";\nmake();', { module: ["src/m.ts:make"] })).toBe(true);
    expect(depends('import * as m from "./m";\nm.make();', { module: ["src/m.ts:make"] })).toBe(true);
    expect(depends('import * as m from "./m";\nm.make();', { module: ["src/n.ts:make"] })).toBe(false);
    expect(depends("export function f(x: { run(): void }) { x.run(); }", { member: ["run"] })).toBe(true);
  });

  it("is true for a class that may override a changed member", () => {
    expect(depends("export class C { run(): void {} }", { member: ["run"] })).toBe(true);
  });

  it("is false for a file whose mentions of the name are its own declaration, comments or strings", () => {
    expect(
      depends('export function make() { return "make"; }\n// make\nmake();', {
        module: ["src/m.ts:make"],
        global: ["make"],
      }),
    ).toBe(false);
    expect(depends("export function f(x: { run(): void }) { x.run(); }", { module: ["src/m.ts:run"] })).toBe(false);
  });
});

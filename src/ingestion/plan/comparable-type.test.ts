import { ts } from "../../engine/ts6/typescript6.js";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeTempDirs } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";
import { extractDeclarations } from "../extract/extract-declarations.js";
import { createProgramLoader } from "../extract/program-loader.js";
import { comparableTypes, MAX_TYPE_TEXT } from "./comparable-type.js";

afterAll(removeTempDirs);

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  types: [],
};
const BOXES = { "src/a.ts": "export class Box { a = 1; }\n", "src/b.ts": "export class Box { b = 1; }\n" };

/**
 * The comparable text of each top-level declaration of src/m.ts, in a program of the files, then in the
 * program rebuilt (as a kept loader does) after m.ts became `after`.
 */
function typesBeforeAndAfter(
  files: Record<string, string>,
  after: string,
): { before: Map<string, string>; after: Map<string, string> } {
  const root = writeProject(files);
  const fileNames = Object.keys(files).map((file) => path.join(root, file));
  const loader = createProgramLoader({ id: "test", options: OPTIONS, projectReferences: undefined, fileNames });
  const textsOf = (program: ts.Program): Map<string, string> => {
    const checker = program.getTypeChecker(); // binds the files: extractDeclarations needs their parent pointers
    const sourceFile = program.getSourceFile(path.join(root, "src/m.ts"));
    if (sourceFile === undefined) throw new Error("m.ts is not in the program");
    const declarations = extractDeclarations(sourceFile, "src/m.ts");
    const keys = declarations.nodes.filter((node) => node.kind !== "File").map((node) => node.key);
    return new Map(
      [...comparableTypes(checker, sourceFile, declarations, keys)].map(([key, text]) => [
        key.replace("src/m.ts:", ""),
        text,
      ]),
    );
  };
  const before = textsOf(loader.build(fileNames));
  const m = path.join(root, "src/m.ts");
  loader.invalidate(m);
  loader.provideText(m, after);
  return { before, after: textsOf(loader.build(fileNames)) };
}

describe("comparableTypes", () => {
  it("gives a statement edit that keeps the inferred type the same text, and a changed return another", () => {
    const m = "export function make() {\n  return 1;\n}\nexport function label() {\n  return 1;\n}\n";
    const { before, after } = typesBeforeAndAfter(
      { "src/m.ts": m },
      m.replace("return 1;", "void 0;\n  return 1;").replace(/return 1;\n\}\n$/, 'return "a";\n}\n'),
    );
    expect(before.get("make")).toBe("Function export () => number");
    expect(after.get("make")).toBe(before.get("make"));
    expect(after.get("label")).toBe("Function export () => string");
  });

  it("names a type as the file can, or by its module, so two classes of one name print apart", () => {
    const m =
      'import * as a from "./a";\nimport * as b from "./b";\nexport function make() {\n  return new a.Box();\n}\n';
    const named = typesBeforeAndAfter({ ...BOXES, "src/m.ts": m }, m.replace("new a.Box()", "new b.Box()"));
    expect(named.before.get("make")).toBe("Function export () => a.Box");
    expect(named.after.get("make")).toBe("Function export () => b.Box");
    const makers = {
      ...BOXES,
      "src/ma.ts": 'import { Box } from "./a";\nexport function makeA() {\n  return new Box();\n}\n',
      "src/mb.ts": 'import { Box } from "./b";\nexport function makeB() {\n  return new Box();\n}\n',
    };
    const unnamed =
      'import { makeA } from "./ma";\nimport { makeB } from "./mb";\nexport function make() {\n  return makeA();\n}\nexport const b = makeB;\n';
    const { before, after } = typesBeforeAndAfter(
      { ...makers, "src/m.ts": unnamed },
      unnamed.replace("return makeA();", "return makeB();"),
    );
    expect(before.get("make")).toBe('Function export () => import("./a").Box');
    expect(after.get("make")).toBe('Function export () => import("./b").Box');
  });

  it("compares generic functions, class methods and an object literal's methods", () => {
    const m =
      "export function wrap<T>(value: T) {\n  return { value, at: 1 };\n}\nexport class Maker {\n  make() {\n    return [1];\n  }\n}\nexport const api = {\n  get() {\n    return 1;\n  },\n};\n";
    const { before, after } = typesBeforeAndAfter({ "src/m.ts": m }, m.replaceAll("return", "void 0;\n    return"));
    expect(before.get("wrap")).toBe("Function export <T>(value: T) => { value: T; at: number; }");
    expect(before.get("Maker.make")).toBe("Method  () => number[]");
    expect(before.get("api")).toBe("Variable export { get(): number; }");
    expect(before.get("api.get")).toBe("Method  () => number");
    expect(after).toEqual(before);
  });

  it("gives no text for a type that names a local declaration or reaches a node nested in the declaration", () => {
    const m =
      "export function make() {\n  class Local {\n    run(): void {}\n  }\n  return new Local();\n}\nexport function handlers() {\n  const run = () => 1;\n  return { run };\n}\nexport function counter() {\n  let count = 0;\n  return { next: count + 1 };\n}\n";
    const { before } = typesBeforeAndAfter({ "src/m.ts": m }, m);
    expect(before.has("make")).toBe(false);
    expect(before.has("handlers")).toBe(false);
    expect(before.get("counter")).toBe("Function export () => { next: number; }");
  });

  it("gives no text for an error type, or one that prints longer than the cap", () => {
    const properties = Array.from(
      { length: 350 },
      (_, i) => `  property${String(i).padStart(3, "0")}WithAVeryLongNameToMakeTheTypeLargerThanTheCap: ${i},`,
    );
    const m = `export function broken() {\n  return missing();\n}\nexport function large() {\n  return {\n${properties.join("\n")}\n  };\n}\n`;
    const { before } = typesBeforeAndAfter({ "src/m.ts": m }, m);
    expect(properties.join("").length).toBeGreaterThan(MAX_TYPE_TEXT);
    expect(before.has("broken")).toBe(false);
    expect(before.has("large")).toBe(false);
  });
});

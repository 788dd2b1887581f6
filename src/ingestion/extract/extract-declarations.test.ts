import { ts } from "../../engine/ts6/typescript6.js";
import { afterAll, describe, expect, it } from "vitest";
import type { ExtractedNode } from "../../model/extracted.js";
import { indexAndSnapshot, removeTempDirs, snapshotEdges } from "../../test-support/fixtures.js";
import { editProjectFile, expectIncrementalEqualsFull, writeProject } from "../../test-support/incremental.js";
import { extractDeclarations } from "./extract-declarations.js";

afterAll(removeTempDirs);

function declarationsOf(text: string, fileName = "src/sample.ts"): Map<string, ExtractedNode> {
  const sourceFile = ts.createSourceFile(`/project/${fileName}`, text, ts.ScriptTarget.Latest, true);
  const { nodes } = extractDeclarations(sourceFile, fileName);
  return new Map(nodes.map((node) => [node.key, node]));
}

function keysOf(text: string): string[] {
  return [...declarationsOf(text).keys()];
}

describe("extractDeclarations", () => {
  it("gives the file node its path as key and the file's line span", () => {
    const file = declarationsOf("export const a = 1;\n\nexport const b = 2;\n").get("src/sample.ts");
    expect(file).toMatchObject({ kind: "File", name: "sample.ts", startLine: 1, endLine: 4 });
  });

  it("keys class members under the class and nests function-local declarations under their function", () => {
    const keys = keysOf(`
      export class Cart {
        private items: number[] = [];
        constructor(readonly owner: string) {}
        total(): number { function helper() { return 1; } return helper(); }
        static empty(): Cart { return new Cart("nobody"); }
      }
    `);
    expect(keys).toEqual([
      "src/sample.ts",
      "src/sample.ts:Cart",
      "src/sample.ts:Cart.items",
      "src/sample.ts:Cart.constructor",
      "src/sample.ts:Cart.owner",
      "src/sample.ts:Cart.total",
      "src/sample.ts:Cart.total.helper",
      "src/sample.ts:Cart.empty",
    ]);
  });

  it("makes one node of a function's overloads, spanning all of them", () => {
    const nodes = declarationsOf(`
export function parse(x: string): number;
export function parse(x: number): number;
export function parse(x: string | number): number {
  return Number(x);
}
`);
    const parse = nodes.get("src/sample.ts:parse");
    expect([...nodes.keys()]).toEqual(["src/sample.ts", "src/sample.ts:parse"]);
    expect(parse).toMatchObject({
      kind: "Function",
      startLine: 2,
      endLine: 6,
      signature: "export function parse(x: string): number",
    });
  });

  it("names overloads at their first signature and records the implementation's name line apart", () => {
    const nodes = declarationsOf(`
export function parse(x: string): number;
export function parse(x: number): number;
export function parse(x: string | number): number {
  return Number(x);
}
export function single(): void {}
export declare function ambient(x: string): void;
export declare function ambient(x: number): void;
`);
    expect(nodes.get("src/sample.ts:parse")).toMatchObject({ nameLine: 2, implementationLine: 4 });
    expect(nodes.get("src/sample.ts:single")?.implementationLine).toBeUndefined();
    expect(nodes.get("src/sample.ts:ambient")?.implementationLine).toBeUndefined();
  });

  it("disambiguates merged declarations by kind and names their members under the plain name", () => {
    const keys = keysOf(`
      export interface Money { cents: number }
      export namespace Money { export function of(cents: number): Money { return { cents }; } }
    `);
    expect(keys).toEqual([
      "src/sample.ts",
      "src/sample.ts:Money",
      "src/sample.ts:Money.cents",
      "src/sample.ts:Money#namespace",
      "src/sample.ts:Money.of",
    ]);
  });

  it("keeps a getter and a setter of one name apart", () => {
    const nodes = declarationsOf(`class T { get c(): number { return 1; } set c(v: number) {} }`);
    expect(nodes.get("src/sample.ts:T.c")?.modifiers).toEqual(["get"]);
    expect(nodes.get("src/sample.ts:T.c#set")?.modifiers).toEqual(["set"]);
  });

  it("keys a static member beside an instance namesake apart, whichever comes first, and its locals under it", () => {
    const nodes = declarationsOf(`
      export class Scale {
        static get x(): number { return 1; }
        static set x(v: number) {}
        get x(): number { return 2; }
        static create(): Scale { function helper() { return new Scale(); } return helper(); }
        create(): void { function helper() {} helper(); }
        static only = 1;
        constructor(readonly size: number) {}
        static size = 0;
      }
    `);
    const members = [...nodes.values()]
      .filter((node) => node.key.startsWith("src/sample.ts:Scale."))
      .map((node) => `${node.qualifiedName} ${node.name} ${node.modifiers.join(" ")}`);
    expect(members).toEqual([
      "Scale.x#static x static get",
      "Scale.x#static#set x static set",
      "Scale.x x get",
      "Scale.create#static create static",
      "Scale.create#static.helper helper ",
      "Scale.create create ",
      "Scale.create.helper helper ",
      "Scale.only only static",
      "Scale.constructor constructor ",
      "Scale.size size readonly",
      "Scale.size#static size static",
    ]);
  });

  it("re-keys a static member when an instance namesake is added, and the edges into it follow (incremental equals full)", async () => {
    const root = writeProject({
      "src/scale.ts": "export class Scale {\n  static create(): Scale { return new Scale(); }\n}\n",
      "src/use.ts": 'import { Scale } from "./scale";\nexport function make(): Scale { return Scale.create(); }\n',
    });
    await indexAndSnapshot(root);
    editProjectFile(root, "src/scale.ts", (text) => text.replace("\n}", "\n  create(): void {}\n}"));
    const { snapshot } = await expectIncrementalEqualsFull(root);
    const calls = snapshotEdges(snapshot).filter((edge) => edge.edge === "CALLS");
    expect(calls.map((edge) => `${edge.source} -> ${edge.target}`)).toEqual([
      "src/use.ts:make -> src/scale.ts:Scale.create#static",
    ]);
  });

  it("treats arrows bound to a const or a class property as functions, and to let as variables", () => {
    const nodes = declarationsOf(`
      export const double = (n: number): number => n * 2;
      let later = () => 1;
      class Button { onClick = async () => {}; label = "ok"; }
    `);
    expect(nodes.get("src/sample.ts:double")).toMatchObject({
      kind: "Function",
      modifiers: ["export", "arrow"],
      signature: "export const double = (n: number): number =>",
    });
    expect(nodes.get("src/sample.ts:later")?.kind).toBe("Variable");
    expect(nodes.get("src/sample.ts:Button.onClick")).toMatchObject({ kind: "Method", modifiers: ["async", "arrow"] });
    expect(nodes.get("src/sample.ts:Button.label")).toMatchObject({ kind: "Property", signature: 'label = "ok"' });
  });

  it("makes methods of an object literal bound to a module-level const into nodes", () => {
    const keys = keysOf(`export const api = { get() { return 1; }, post: (body: string) => body, version: 2 };`);
    expect(keys).toEqual(["src/sample.ts", "src/sample.ts:api", "src/sample.ts:api.get", "src/sample.ts:api.post"]);
  });

  it("records the header signature, the first doc sentence and the modifiers", () => {
    const nodes = declarationsOf(`
/**
 * Validates a token. Returns false when it expired.
 * @param token the raw token
 */
export async function validateToken(token: string): Promise<boolean> {
  return token.length > 0;
}
export abstract class Base<T> extends Object implements Iterable<T> {
  protected abstract run(): void;
  [Symbol.iterator](): Iterator<T> { throw new Error(); }
}
`);
    expect(nodes.get("src/sample.ts:validateToken")).toMatchObject({
      signature: "export async function validateToken(token: string): Promise<boolean>",
      doc: "Validates a token.",
      modifiers: ["export", "async"],
      startLine: 6,
      endLine: 8,
      nameLine: 6,
      exported: true,
    });
    expect(nodes.get("src/sample.ts:Base")?.signature).toBe(
      "export abstract class Base<T> extends Object implements Iterable<T>",
    );
    expect(nodes.get("src/sample.ts:Base.run")?.modifiers).toEqual(["protected", "abstract"]);
    expect(nodes.has("src/sample.ts:Base.[Symbol.iterator]")).toBe(true);
  });

  it("marks what the module exports, including through an export list, and hides private members", () => {
    const nodes = declarationsOf(`
      function internal() {}
      function listed() {}
      export class Shown { secret = 1; #hidden = 2; private priv = 3; open = 4; }
      export { listed };
      export default internal;
    `);
    expect(nodes.get("src/sample.ts:internal")?.exported).toBe(true);
    expect(nodes.get("src/sample.ts:listed")?.exported).toBe(true);
    expect(nodes.get("src/sample.ts:Shown.#hidden")?.exported).toBe(false);
    expect(nodes.get("src/sample.ts:Shown.priv")?.exported).toBe(false);
    expect(nodes.get("src/sample.ts:Shown.open")?.exported).toBe(true);
  });

  it("does not export module-level declarations without export in a module", () => {
    const nodes = declarationsOf(`import "x";\nconst local = 1;\nexport const shared = 2;`);
    expect(nodes.get("src/sample.ts:local")?.exported).toBe(false);
    expect(nodes.get("src/sample.ts:shared")?.exported).toBe(true);
  });

  it("indexes a file with a syntax error as far as it parses", () => {
    const keys = keysOf(`export function before() {}\nconst broken = (;\nexport function after() {}\n`);
    expect(keys).toContain("src/sample.ts:before");
    expect(keys).toContain("src/sample.ts:after");
  });

  it("names an anonymous default export 'default'", () => {
    expect(keysOf("export default function () {}")).toEqual(["src/sample.ts", "src/sample.ts:default"]);
    expect(keysOf("export default class {}")).toEqual(["src/sample.ts", "src/sample.ts:default"]);
  });
});

import { ts } from "../../../engine/ts6/typescript6.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { moduleExportNamed } from "./namespace-member.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-namespace-member-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  "b.ts": "export const fromB = 1;\nexport function g(): number { return 2; }\n",
  "a.ts": [
    "export const value = [1, 2].map((n) => n * 2);",
    "export function f(): number { return 1; }",
    "export namespace f { export const inner = 1; }",
    "export class C { static make(): C { return new C(); } }",
    "export enum E { One }",
    "export interface I { x: number }",
    "export type T = number;",
    "export * from './b';",
    "export { g as renamed } from './b';",
    "export * as sub from './b';",
    "export type { fromB as typeOnly } from './b';",
    "export default function main(): void {}",
  ].join("\n"),
  "assigned.ts": "const api = { run: () => 1 };\nexport = api;\n",
  "use.ts": [
    "import * as a from './a';",
    "import * as assigned from './assigned';",
    "export const uses = [a.value, a.f(), a.f.inner, a.C.make(), a.E.One, a.fromB, a.renamed(), a.sub.fromB, a.default];",
    "// @ts-expect-error: a type is no value",
    "export const type = a.I;",
    "// @ts-expect-error: exported as a type only",
    "export const typeOnly = a.typeOnly;",
    "// @ts-expect-error: no such export",
    "export const missing = a.nope;",
    "export const fromAssigned = assigned.run();",
    "export function shadowed(): number { const a = { value: 3 }; return a.value; }",
  ].join("\n"),
};

function program(): ts.Program {
  for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, name), text);
  return ts.createProgram([path.join(dir, "use.ts")], {
    strict: true,
    module: ts.ModuleKind.CommonJS,
    esModuleInterop: true,
    noEmit: true,
  });
}

function accessesIn(sourceFile: ts.SourceFile): ts.PropertyAccessExpression[] {
  const found: ts.PropertyAccessExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe("moduleExportNamed", () => {
  it("gives the checker's symbol for every member of a namespace import it answers, and leaves the rest to the checker", () => {
    const built = program();
    const sourceFile = built.getSourceFile(path.join(dir, "use.ts"));
    if (sourceFile === undefined) throw new Error("use.ts is not in the program");
    // Every shortcut first, then the checker's answers: the shortcut must not rely on types computed for them.
    const checker = built.getTypeChecker();
    const shortcuts = accessesIn(sourceFile).map((access) => ({
      access,
      shortcut: moduleExportNamed(checker, access),
    }));
    const answered: string[] = [];
    for (const { access, shortcut } of shortcuts) {
      const checked = checker.getSymbolAtLocation(access.name);
      if (shortcut === undefined) continue;
      expect(shortcut, access.getText(sourceFile)).toBe(checked);
      answered.push(access.getText(sourceFile));
    }
    expect(answered.sort()).toEqual(
      ["a.C", "a.E", "a.default", "a.f", "a.f", "a.fromB", "a.renamed", "a.sub", "a.value"].sort(),
    );
  });
});

import { ts } from "../../engine/ts6/typescript6.js";
import fc from "fast-check";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copySampleProject, makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import type { EditLanguage, FileDiagnostic, RenamePlan } from "../../model/edit-ports.js";
import { createEditLanguage } from "./edit-language.js";
import { createTs7EditLanguage, type Ts7EditLanguage } from "./edit-language-ts7.js";

afterAll(removeTempDirs);

/** A declaration's name in a sample project: where the edit tools start a rename or a references search. */
interface Declared {
  readonly file: string;
  readonly start: number;
  readonly name: string;
}

function sourceFilesOf(root: string): string[] {
  const found: string[] = [];
  const walk = (directory: string): void => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory() && entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(full);
    }
  };
  walk(root);
  return found.sort();
}

function declarationsOf(files: readonly string[]): Declared[] {
  const found: Declared[] = [];
  for (const file of files) {
    const sourceFile = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const name = (node as ts.NamedDeclaration).name;
      if (
        ts.isDeclarationStatement(node) ||
        ts.isClassElement(node) ||
        ts.isTypeElement(node) ||
        ts.isVariableDeclaration(node) ||
        ts.isParameter(node) ||
        ts.isEnumMember(node) ||
        ts.isPropertyAssignment(node) ||
        ts.isShorthandPropertyAssignment(node) ||
        ts.isBindingElement(node)
      ) {
        if (name !== undefined && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)))
          found.push({ file, start: name.getStart(sourceFile), name: name.text });
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found;
}

/** A plan as a comparable value: locations sorted (the engines list them in different orders). */
function comparable(plan: RenamePlan): unknown {
  if (plan.status === "refused") return plan;
  return {
    status: "ok",
    locations: [...plan.locations].sort((a, b) => a.file.localeCompare(b.file) || a.start - b.start),
  };
}

/**
 * The references outside the default library: TypeScript 6's language service reads ts-morph's copy of the
 * library (other paths, other text), so the library's own lines cannot match.
 */
function sortedReferences(language: EditLanguage, declared: Declared): unknown {
  return [...language.references(declared.file, declared.start)]
    .filter((reference) => !reference.file.includes("/node_modules/"))
    .sort((a, b) => a.file.localeCompare(b.file) || a.start - b.start);
}

/**
 * Diagnostics without their spelling suggestion: TypeScript 6's checker stops suggesting ("Did you mean …?",
 * code 2552 instead of 2304) after ten suggestions per program, in the order it checks files; TypeScript 7's
 * suggests each time.
 */
function withoutSuggestions(found: readonly FileDiagnostic[]): FileDiagnostic[] {
  return found.map((diagnostic) =>
    diagnostic.code === 2552
      ? { ...diagnostic, code: 2304, message: diagnostic.message.replace(/ Did you mean '[^']*'\?$/, "") }
      : diagnostic,
  );
}

/**
 * The diagnostics both compilers must agree on. In a file with a syntax error (a code below 2000), only the syntax
 * errors: the two parsers recover differently, so the checker's messages there may name other nodes (TS2300 names
 * a missing identifier `(Missing)` on TypeScript 7 and the next token on TypeScript 6). The edit tools write no text
 * with a syntax error (docs/tools.md, Never losing code), so only other files' diagnostics reach a user then.
 */
function agreedDiagnostics(found: readonly FileDiagnostic[]): FileDiagnostic[] {
  const broken = new Set(found.filter((diagnostic) => diagnostic.code < 2000).map((diagnostic) => diagnostic.file));
  return withoutSuggestions(found.filter((diagnostic) => !broken.has(diagnostic.file) || diagnostic.code < 2000));
}

const SAMPLES = ["web-app", "resolution"] as const;

describe("the edit tools' language on TypeScript 7 answers as on TypeScript 6", () => {
  for (const sample of SAMPLES) {
    it(`plans the same renames (locations and refusals) and finds the same references in ${sample}`, () => {
      const root = copySampleProject(sample);
      const declared = declarationsOf(sourceFilesOf(root));
      const names = [...new Set(declared.map((entry) => entry.name))];
      const fallbacks: string[] = [];
      const ts6 = createEditLanguage(root);
      const ts7: Ts7EditLanguage = createTs7EditLanguage(root, undefined, { onFallback: (why) => fallbacks.push(why) });
      try {
        fc.assert(
          fc.property(
            fc.constantFrom(...declared),
            fc.oneof(
              fc.constantFrom(...names),
              fc.constantFrom("renamed", "value", "Error", "Promise", "class", "x y"),
            ),
            (target, newName) => {
              if (newName === target.name) return;
              const options = { strings: false, comments: false };
              expect(comparable(ts7.planRename(target.file, target.start, newName, options))).toEqual(
                comparable(ts6.planRename(target.file, target.start, newName, options)),
              );
              expect(sortedReferences(ts7, target)).toEqual(sortedReferences(ts6, target));
            },
          ),
          { numRuns: 150 },
        );
        // Fallbacks are exact by construction; most renames must not need one.
        expect(fallbacks.length).toBeLessThan(15);
      } finally {
        ts7.close();
      }
    });
  }

  it("reports the same diagnostics (codes, files, positions, messages) after random small edits, whole files and regions", () => {
    const root = copySampleProject("web-app");
    const files = sourceFilesOf(root);
    const originals = new Map(files.map((file) => [file, fs.readFileSync(file, "utf8")]));
    const ts6 = createEditLanguage(root);
    const ts7 = createTs7EditLanguage(root);
    const snippets = [
      "x",
      ";",
      "const late: number = 'text';",
      "}",
      "(",
      "export const extra = 1;\n",
      "await ",
      "import { nothing } from './nowhere';\n",
    ];
    try {
      fc.assert(
        fc.property(
          fc.constantFrom(...files),
          fc.constantFrom(...files),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.nat({ max: 12 }),
          fc.constantFrom(...snippets),
          (file, other, at, removed, inserted) => {
            const before = originals.get(file) ?? "";
            const start = Math.floor(at * before.length);
            const end = Math.min(before.length, start + removed);
            fs.writeFileSync(file, before.slice(0, start) + inserted + before.slice(end));
            try {
              const asked = [...new Set([file, other])];
              const regions = new Map([[file, [{ start, end: start + inserted.length }]]]);
              expect(agreedDiagnostics(ts7.diagnostics(asked))).toEqual(agreedDiagnostics(ts6.diagnostics(asked)));
              expect(agreedDiagnostics(ts7.diagnostics(asked, regions))).toEqual(
                agreedDiagnostics(ts6.diagnostics(asked, regions)),
              );
            } finally {
              fs.writeFileSync(file, before);
            }
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      ts7.close();
    }
  });

  it("plans the same renames for every declaration of a project of aliases, re-exports, shorthands and merged declarations", () => {
    const root = makeTempDir();
    const files: Record<string, string> = {
      "tsconfig.json": JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "esnext",
          moduleResolution: "bundler",
          target: "esnext",
          noEmit: true,
        },
        include: ["src"],
      }),
      "src/a.ts": [
        "export function foo(n: number): number { return n; }",
        "export interface Shape { x: number; y: string }",
        "export const x = 1;",
        "const local = 2;",
        "export { local as exported, local };",
        "export class K { #p = 1; get(): number { return this.#p; } static make(): K { return new this(); } }",
        "export interface Money { cents: number }",
        "export namespace Money { export function of(cents: number): Money { return { cents }; } }",
        "export default function dflt(value: number): number { const inner = value; return inner; }",
        "",
      ].join("\n"),
      "src/b.ts": [
        "import { foo, x, type Shape, exported, Money } from './a';",
        "import { foo as bar } from './a';",
        "import dflt from './a';",
        "const s: Shape = { x, y: 'a' };",
        "const { x: xx } = s;",
        "const { y } = s;",
        "const [first, second] = [xx, y];",
        "foo(1); bar(2); dflt(3); console.log(s.x, xx, y, exported, first, second, Money.of(1));",
        "export { foo };",
        "export { x as renamedX } from './a';",
        "",
      ].join("\n"),
      "src/c.ts": [
        "import { foo } from './b';",
        "import { local } from './a';",
        "export const z = 3;",
        "const o = { z };",
        "interface I { m(): void }",
        "class C implements I { m(): void {} }",
        "new C().m();",
        "const i: I = new C(); i.m();",
        "console.log(o.z, foo, local);",
        "",
      ].join("\n"),
    };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
    const declared = declarationsOf(sourceFilesOf(root));
    const ts6 = createEditLanguage(root);
    const fallbacks = new Set<string>();
    const ts7 = createTs7EditLanguage(root, undefined, { onFallback: (why) => fallbacks.add(why) });
    try {
      for (const target of declared) {
        for (const newName of ["renamed", "x", "foo", "Money", "value"]) {
          if (newName === target.name) continue;
          for (const options of [
            { strings: false, comments: false },
            { strings: true, comments: false },
          ]) {
            expect(
              comparable(ts7.planRename(target.file, target.start, newName, options)),
              `${target.name} → ${newName} ${JSON.stringify(options)}`,
            ).toEqual(comparable(ts6.planRename(target.file, target.start, newName, options)));
          }
        }
        expect(sortedReferences(ts7, target), target.name).toEqual(sortedReferences(ts6, target));
      }
      // TypeScript 6 answered only what TypeScript 7's rules leave to it.
      expect([...fallbacks].sort()).toEqual([
        "TypeScript 7 does not search strings and comments",
        "a shorthand property's name",
        "an alias of kind ImportClause",
      ]);
    } finally {
      ts7.close();
    }
  });

  it("reads a config with an option TypeScript 7 removed as indexing does (rewritten), so imports resolve as on TypeScript 6", () => {
    const root = makeTempDir();
    fs.mkdirSync(path.join(root, "src"));
    fs.writeFileSync(
      path.join(root, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, baseUrl: "." }, include: ["src"] }),
    );
    fs.writeFileSync(path.join(root, "src/a.ts"), "import { b } from 'src/b';\nexport const a: string = b;\n");
    fs.writeFileSync(path.join(root, "src/b.ts"), "export const b = 1;\n");
    const file = path.join(root, "src/a.ts");
    const ts7 = createTs7EditLanguage(root);
    try {
      const found = ts7.diagnostics([file]);
      expect(found.map(({ code, line }) => ({ code, line }))).toEqual([{ code: 2322, line: 2 }]);
      expect(found).toEqual(createEditLanguage(root).diagnostics([file]));
    } finally {
      ts7.close();
    }
  });
});

import { ts } from "../../engine/ts6/typescript6.js";
import { afterAll, describe, expect, it } from "vitest";
import { indexAndSnapshot, removeTempDirs, snapshotEdges } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";
import { declaredArgumentType } from "./declared-argument-type.js";

afterAll(removeTempDirs);

const OPTIONS = `export interface Options<A> {
  depth: number;
  seed?: A;
}
export interface Loose {
  depth: number;
  loose: boolean;
}
`;

/** Each call passes one object literal; the comment says whether its parameter's declared type stands for its contextual type. */
const CALLS = `import type { Options, Loose } from "./options";
declare function generic<A>(value: A, options: Options<A>): A;
declare function bare<T>(value: T, options: T): T;
declare function optional(options?: Options<string>): void;
declare function union(options: Options<string> | Loose): void;
declare const dual: {
  (options: Options<number>): (self: number) => number;
  (self: number, options: Options<number>): number;
};
declare const overloaded: {
  (options: Options<number>): void;
  (options: Loose): void;
};
declare function spread(...options: Options<number>[]): void;
declare function partial<T>(options: Partial<T>): T;
declare const loose: Loose;
export function run(): void {
  generic("a", { depth: 1 }); // declared
  bare(loose, { depth: 2, loose: true }); // checker
  optional({ depth: 3 }); // declared
  union({ depth: 4 }); // checker
  dual(1, { depth: 5 }); // declared
  dual({ depth: 6 }); // declared
  overloaded({ depth: 7 }); // checker
  spread({ depth: 8 }); // checker
  partial<Loose>({ depth: 9 }); // checker
  generic("a", ({ depth: 10 })); // checker
}
`;

const TSCONFIG = {
  compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", types: [] },
  include: ["src"],
};

function literalsOf(sourceFile: ts.SourceFile): ts.ObjectLiteralExpression[] {
  const found: ts.ObjectLiteralExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe("the declared type of a call's object-literal argument", () => {
  it("stands for its contextual type only where the parameter's members cannot depend on the call", () => {
    // One file: the virtual host resolves no imports.
    const files: Record<string, string> = { "/virtual/calls.ts": `${OPTIONS}${CALLS.replace(/^import .*\n/, "")}` };
    const host = ts.createCompilerHost({});
    const program = ts.createProgram({
      rootNames: Object.keys(files),
      options: { strict: true, target: ts.ScriptTarget.ES2022, noLib: true, module: ts.ModuleKind.ESNext },
      host: {
        ...host,
        fileExists: (name) => name in files,
        readFile: (name) => files[name],
        getSourceFile: (name, version) =>
          name in files ? ts.createSourceFile(name, files[name] ?? "", version, true) : undefined,
      },
    });
    const checker = program.getTypeChecker();
    const sourceFile = program.getSourceFile("/virtual/calls.ts");
    if (sourceFile === undefined) throw new Error("no source file");
    const answers = literalsOf(sourceFile).map((literal) => {
      const line = sourceFile.text.slice(
        sourceFile.getLineStarts()[sourceFile.getLineAndCharacterOfPosition(literal.pos).line],
        literal.end + 40,
      );
      const expected = /\/\/ (declared|checker)/.exec(line)?.[1];
      const declared = declaredArgumentType(checker, literal);
      return {
        literal: literal.getText(sourceFile),
        expected,
        got: declared === undefined ? "checker" : "declared",
        name: declared && checker.typeToString(declared as ts.Type),
      };
    });
    expect(answers.map(({ literal, expected }) => `${literal} ${expected}`)).toHaveLength(10);
    for (const answer of answers)
      expect(`${answer.literal} ${answer.got}`).toBe(`${answer.literal} ${answer.expected}`);
    expect(answers.filter((answer) => answer.got === "declared").map((answer) => answer.name)).toEqual([
      "Options<A>",
      "Options<string>",
      "Options<number>",
      "Options<number>",
    ]);
  });

  it("leaves the edges of every call as the checker's contextual types give them", async () => {
    const root = writeProject(
      { "src/options.ts": OPTIONS, "src/calls.ts": CALLS.replaceAll("declare function", "export declare function") },
      TSCONFIG,
    );
    const reads = snapshotEdges((await indexAndSnapshot(root)).snapshot)
      .filter((edge) => edge.edge === "READS" && edge.source === "src/calls.ts:run")
      .map((edge) => `${edge.target} ${JSON.stringify(edge.lines)}`);
    // Every literal's `depth` reads the member its contextual type names: Options.depth, or Loose.depth for
    // Partial<Loose> and for the union's member the literal may set. For bare(loose, {…}), the checker gives
    // no member to the literal's keys (its contextual type is T while T is inferred), as before the shortcut.
    expect(reads).toEqual([
      "src/calls.ts:loose [19]",
      "src/options.ts:Loose.depth [21,26]",
      "src/options.ts:Options.depth [18,20,21,22,23,24,25,27]",
    ]);
  });
});

import { ts } from "../../engine/ts6/typescript6.js";
import { afterAll, describe, expect, it } from "vitest";
import { freshSnapshot, indexAndSnapshot, removeTempDirs, snapshotEdges } from "../../test-support/fixtures.js";
import { writeProject, writeProjectFile } from "../../test-support/incremental.js";
import { accessorNamesOf, memberNamesOf, storedAccessorNames, storedMemberNames } from "./member-names.js";
import { extractDeclarations } from "./extract-declarations.js";

afterAll(removeTempDirs);

const THERMOMETER = `export const KEYED = "keyed";
export const HIDDEN: unique symbol = Symbol("hidden");
export interface Gauge {
  get reading(): number;
}
export class Thermometer {
  get celsius(): number { return 1; }
  set celsius(value: number) {}
  get ["quoted"](): number { return 2; }
  get [KEYED](): number { return 3; }
  get [HIDDEN](): number { return 4; }
  plain(): number { return 5; }
}
`;

const READER = `import { Thermometer } from "./thermometer";
export function read(t: Thermometer): number {
  t.celsius = 2;
  return t.keyed + t.plain();
}
`;

const TSCONFIG = {
  compilerOptions: { strict: true, target: "ES2022", module: "ESNext", moduleResolution: "Bundler", types: [] },
  include: ["src"],
};

/** The snapshot's edges that pass `keep`, as `source -> target`. */
function edgeLines(snapshot: string, keep: (edge: ReturnType<typeof snapshotEdges>[number]) => boolean): string[] {
  return snapshotEdges(snapshot)
    .filter(keep)
    .map((edge) => `${edge.source} -> ${edge.target}`);
}

/** THERMOMETER as the one file of a program without lib, with its checker and extracted declarations. */
function thermometerProgram(): {
  checker: ts.TypeChecker;
  sourceFile: ts.SourceFile;
  declarations: ReturnType<typeof extractDeclarations>;
} {
  const fileName = "/virtual/thermometer.ts";
  const host = ts.createCompilerHost({});
  const program = ts.createProgram({
    rootNames: [fileName],
    options: { strict: true, target: ts.ScriptTarget.ES2022, noLib: true },
    host: {
      ...host,
      fileExists: (name) => name === fileName,
      readFile: (name) => (name === fileName ? THERMOMETER : undefined),
      getSourceFile: (name, version) =>
        name === fileName ? ts.createSourceFile(name, THERMOMETER, version) : undefined,
    },
  });
  const sourceFile = program.getSourceFile(fileName);
  if (sourceFile === undefined) throw new Error("no source file");
  return {
    checker: program.getTypeChecker(),
    sourceFile,
    declarations: extractDeclarations(sourceFile, "thermometer.ts"),
  };
}

describe("accessor names", () => {
  it("are the plain names, and computed keys of a string literal type, but not a unique symbol's", () => {
    const { checker, sourceFile, declarations } = thermometerProgram();
    const expected = ["celsius", "celsius", "keyed", "quoted", "reading"];
    expect(accessorNamesOf(declarations, checker).sort()).toEqual(expected);
    // As stored in the database: computed keys are recorded as written, and resolved again here.
    const stored = declarations.nodes
      .filter((node) => node.modifiers.includes("get") || node.modifiers.includes("set"))
      .map((node) => node.name);
    expect(stored).toContain("[KEYED]");
    expect(storedAccessorNames(stored, sourceFile, checker).sort()).toEqual(expected);
  });
});

const OPTIONS_FILE = `export const KEYED = "keyed";
export interface Options {
  depth: number;
  [KEYED]: boolean;
  walk(): void;
}
export function go(options: Options): number {
  return options.depth;
}
`;

const OPTIONS_USER = `import { go } from "./options";
export function run(): number {
  const { depth } = { depth: 2, unrelated: 1 } satisfies { depth: number; unrelated: number };
  return go({ depth, keyed: true, walk() {}, extra: 3 } as never) + go({ depth: 1, keyed: false, walk: () => {} });
}
`;

describe("member names", () => {
  it("are the method and property names, computed keys as their literal types, stored or freshly extracted", () => {
    const { checker, sourceFile, declarations } = thermometerProgram();
    const expected = ["celsius", "celsius", "keyed", "plain", "quoted", "reading"];
    expect(memberNamesOf(declarations, checker).sort()).toEqual(expected);
    const stored = declarations.nodes
      .filter((node) => node.kind === "Method" || node.kind === "Property")
      .map((node) => node.name);
    expect(storedMemberNames(stored, sourceFile, checker).sort()).toEqual(expected);
  });

  it("let object-literal keys read the members they name, in a full run and with the names stored", async () => {
    const root = writeProject({ "src/options.ts": OPTIONS_FILE, "src/user.ts": OPTIONS_USER }, TSCONFIG);
    const readsOf = (snapshot: string): string[] =>
      edgeLines(snapshot, (edge) => edge.edge === "READS" && edge.source.startsWith("src/user.ts"));
    // `walk() {}` is a method of the literal, a node of its own: it OVERRIDES Options.walk instead of reading it.
    const expected = [
      "src/user.ts:run -> src/options.ts:Options.[KEYED]",
      "src/user.ts:run -> src/options.ts:Options.depth",
      "src/user.ts:run -> src/options.ts:Options.walk",
    ];
    const full = await indexAndSnapshot(root);
    expect(readsOf(full.snapshot)).toEqual(expected);

    // Only user.ts is re-extracted: the member names of options.ts, [KEYED] among them, come from the database.
    writeProjectFile(
      root,
      "src/user.ts",
      `${OPTIONS_USER}export const again = (): number => go({ depth: 3, keyed: true, walk: run });\n`,
    );
    const incremental = await indexAndSnapshot(root);
    expect(incremental.summary.extractedPaths).toEqual(["src/user.ts"]);
    expect(readsOf(incremental.snapshot)).toEqual([
      "src/user.ts:again -> src/options.ts:Options.[KEYED]",
      "src/user.ts:again -> src/options.ts:Options.depth",
      "src/user.ts:again -> src/options.ts:Options.walk",
      ...expected,
    ]);
    expect(incremental.snapshot).toBe(await freshSnapshot(root));
  });
});

describe("accessor calls with the checker asked only about accessor names", () => {
  it("finds getter and setter calls through plain and computed names, in a full run and after an edit elsewhere", async () => {
    const root = writeProject({ "src/thermometer.ts": THERMOMETER, "src/reader.ts": READER }, TSCONFIG);
    const callsOf = (snapshot: string): string[] => edgeLines(snapshot, (edge) => edge.edge === "CALLS");
    const expected = [
      "src/reader.ts:read -> src/thermometer.ts:Thermometer.[KEYED]",
      "src/reader.ts:read -> src/thermometer.ts:Thermometer.celsius#set",
      "src/reader.ts:read -> src/thermometer.ts:Thermometer.plain",
    ];
    const full = await indexAndSnapshot(root);
    expect(callsOf(full.snapshot)).toEqual(expected);

    // Only reader.ts is re-extracted: the names of thermometer.ts come from the database.
    writeProjectFile(root, "src/reader.ts", `${READER}export const again = (t: Thermometer): number => t.celsius;\n`);
    const incremental = await indexAndSnapshot(root);
    expect(incremental.summary.extractedPaths).toEqual(["src/reader.ts"]);
    expect(callsOf(incremental.snapshot)).toEqual([
      "src/reader.ts:again -> src/thermometer.ts:Thermometer.celsius",
      ...expected,
    ]);
    expect(incremental.snapshot).toBe(await freshSnapshot(root));
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { readSnapshot } from "../../db/snapshot.js";
import { indexAndSnapshot, removeTempDirs } from "../../test-support/fixtures.js";
import { editProjectFile as edit, expectIncrementalEqualsFull, writeProject } from "../../test-support/incremental.js";
import { expectKeptRunEqualsFull, openKeptIndexer } from "../../test-support/kept-indexer.js";
import type { EngineName } from "./extraction-engine.js";
import type { Indexer } from "./indexer.js";

afterAll(removeTempDirs);

const ENGINES: readonly { readonly engine: EngineName }[] = [{ engine: "ts6" }, { engine: "ts7" }];

const AB = "export class A { run(): void {} }\nexport class B { run(): void {} }\n";
const CALLS_A_RUN = '"edge":"CALLS","source":"src/c.ts:main","target":"src/ab.ts:A.run"';
const CALLS_B_RUN = '"edge":"CALLS","source":"src/c.ts:main","target":"src/ab.ts:B.run"';

describe.each(ENGINES)(
  "planning with the last run's program or snapshot compares inferred types (ADR 0012), engine $engine",
  (engine) => {
    /** A kept indexer of the project on the engine (first run: a full index), closed after the test. */
    async function withKeptIndexer(
      files: Record<string, string>,
      test: (indexer: Indexer, root: string) => Promise<void>,
    ): Promise<void> {
      const root = writeProject(files);
      const indexer = await openKeptIndexer(root, engine);
      try {
        await test(indexer, root);
      } finally {
        indexer.close();
      }
    }

    /** Applies an edit of src/m.ts, runs the kept indexer (its graph must equal a full index) and gives the files it re-extracted. */
    async function extractedAfter(
      indexer: Indexer,
      root: string,
      change: (text: string) => string,
    ): Promise<readonly string[]> {
      edit(root, "src/m.ts", change);
      return (await expectKeptRunEqualsFull(indexer, root, engine)).extractedPaths;
    }

    it("re-extracts only the edited file after a statement edit that keeps an inferred return type, and its users when the type changes", async () => {
      const files = {
        "src/ab.ts": AB,
        "src/m.ts":
          'import { A, B } from "./ab";\nexport function make() {\n  return new A();\n}\nexport const other: B | undefined = undefined;\n',
        "src/c.ts": 'import { make } from "./m";\nexport function main(): void { make().run(); }\n',
      };
      await withKeptIndexer(files, async (indexer, root) => {
        expect(
          await extractedAfter(indexer, root, (text) =>
            text.replace("return new A();", 'void "a statement";\n  return new A();'),
          ),
        ).toEqual(["src/m.ts"]);
        expect(await extractedAfter(indexer, root, (text) => text.replace("return new A()", "return new B()"))).toEqual(
          ["src/c.ts", "src/m.ts"],
        );
        const snapshot = readSnapshot(indexer.db);
        expect(snapshot).toContain(CALLS_B_RUN);
        expect(snapshot).not.toContain(CALLS_A_RUN);
      });
    });

    it('follows `return 1` becoming `return "a"` to the users of the returned value', async () => {
      const files = {
        "src/m.ts": "export function make() {\n  return 1;\n}\n",
        "src/c.ts": 'import { make } from "./m";\nexport function main(): string { return make().toFixed(); }\n',
      };
      await withKeptIndexer(files, async (indexer, root) => {
        expect(
          await extractedAfter(indexer, root, (text) => text.replace("return 1;", "const one = 1;\n  return one;")),
        ).toEqual(["src/m.ts"]);
        expect(await extractedAfter(indexer, root, (text) => text.replace("return one;", 'return "a";'))).toEqual([
          "src/c.ts",
          "src/m.ts",
        ]);
      });
    });

    it("compares a class's inferred method returns, and an object literal's inferred methods", async () => {
      const files = {
        "src/ab.ts": AB,
        "src/m.ts":
          'import { A, B } from "./ab";\nexport class Maker {\n  make() {\n    return new A();\n  }\n}\nexport const api = {\n  make() {\n    return new A();\n  },\n};\nexport const other: B | undefined = undefined;\n',
        "src/c.ts": 'import { Maker } from "./m";\nexport function main(): void { new Maker().make().run(); }\n',
        "src/d.ts": 'import { api } from "./m";\nexport function main(): void { api.make().run(); }\n',
      };
      await withKeptIndexer(files, async (indexer, root) => {
        expect(
          await extractedAfter(indexer, root, (text) =>
            text.replaceAll("return new A();", "void 0;\n    return new A();"),
          ),
        ).toEqual(["src/m.ts"]);
        expect(
          await extractedAfter(indexer, root, (text) => text.replaceAll("return new A()", "return new B()")),
        ).toEqual(["src/c.ts", "src/d.ts", "src/m.ts"]);
      });
    });

    it("compares a generic function's inferred type, and follows a change inside the object it returns", async () => {
      const files = {
        "src/ab.ts": AB,
        "src/m.ts":
          'import { A, B } from "./ab";\nexport function wrap<T>(value: T) {\n  return { value, made: new A() };\n}\nexport const other: B | undefined = undefined;\n',
        "src/c.ts": 'import { wrap } from "./m";\nexport function main(): void { wrap(1).made.run(); }\n',
      };
      await withKeptIndexer(files, async (indexer, root) => {
        expect(
          await extractedAfter(indexer, root, (text) => text.replace("  return {", "  void wrap;\n  return {")),
        ).toEqual(["src/m.ts"]);
        expect(await extractedAfter(indexer, root, (text) => text.replace("made: new A()", "made: new B()"))).toEqual([
          "src/c.ts",
          "src/m.ts",
        ]);
      });
    });

    it("keeps following a change whose type names a local declaration, or reaches a node nested in the declaration", async () => {
      const files = {
        "src/m.ts":
          "export function make() {\n  class Local {\n    run(): void {}\n  }\n  return new Local();\n}\nexport function handlers() {\n  const run = () => 1;\n  return { run };\n}\n",
        "src/c.ts":
          'import { handlers, make } from "./m";\nexport function main(): void { make().run(); handlers().run(); }\n',
      };
      await withKeptIndexer(files, async (indexer, root) => {
        // Both types print the same, but other files' edges reach `make.Local.run` and `handlers.run`: followed by the text rule.
        expect(
          await extractedAfter(indexer, root, (text) =>
            text.replace("return new Local();", "void 0;\n  return new Local();"),
          ),
        ).toEqual(["src/c.ts", "src/m.ts"]);
        expect(
          await extractedAfter(indexer, root, (text) => text.replace("const run = () => 1;", "const run = () => 2;")),
        ).toEqual(["src/c.ts", "src/m.ts"]);
      });
    });

    it("keeps following a change when the file's imports changed, or the type is an error", async () => {
      const files = {
        "src/ab.ts": AB,
        "src/ab2.ts": AB,
        "src/m.ts": 'import { A } from "./ab";\nexport function make() {\n  return new A();\n}\n',
        "src/c.ts": 'import { make } from "./m";\nexport function main(): void { make().run(); }\n',
      };
      await withKeptIndexer(files, async (indexer, root) => {
        expect(
          await extractedAfter(indexer, root, (text) =>
            text.replace('from "./ab"', 'from "./ab2"').replace("return new A();", "void 0;\n  return new A();"),
          ),
        ).toEqual(["src/c.ts", "src/m.ts"]);
        expect(
          await extractedAfter(indexer, root, (text) => text.replace("return new A();", "return missing();")),
        ).toEqual(["src/c.ts", "src/m.ts"]);
        expect(
          await extractedAfter(indexer, root, (text) =>
            text.replace("return missing();", "void 0;\n  return missing();"),
          ),
        ).toEqual(["src/c.ts", "src/m.ts"]);
      });
    });

    it("compares the inferred types of several files changed in one run", async () => {
      const files = {
        "src/ab.ts": AB,
        "src/m.ts": 'import { A } from "./ab";\nexport function make() {\n  return new A();\n}\n',
        "src/n.ts":
          'import { B } from "./ab";\nimport { make } from "./m";\nexport function both() {\n  return [make(), new B()] as const;\n}\n',
        "src/c.ts": 'import { both } from "./n";\nexport function main(): void { both()[0].run(); }\n',
      };
      await withKeptIndexer(files, async (indexer, root) => {
        edit(root, "src/m.ts", (text) => text.replace("return new A();", "void 0;\n  return new A();"));
        edit(root, "src/n.ts", (text) => text.replace("  return [", "  void 0;\n  return ["));
        expect((await expectKeptRunEqualsFull(indexer, root, engine)).extractedPaths).toEqual(["src/m.ts", "src/n.ts"]);
        edit(root, "src/m.ts", (text) => text.replace("return new A();", 'return new A() as A | "none";'));
        edit(root, "src/n.ts", (text) => text.replace("void 0;", "void 1;"));
        expect((await expectKeptRunEqualsFull(indexer, root, engine)).extractedPaths).toEqual([
          "src/c.ts",
          "src/m.ts",
          "src/n.ts",
        ]);
      });
    });

    it("follows a function's changed expando property, which its type may print as `typeof f`", async () => {
      const files = {
        "src/m.ts": "export function f() {\n  return 1;\n}\nf.helper = 1;\n",
        "src/c.ts": 'import { f } from "./m";\nexport function main(): string { return f.helper.toFixed(); }\n',
      };
      await withKeptIndexer(files, async (indexer, root) => {
        expect(await extractedAfter(indexer, root, (text) => text.replace("f.helper = 1;", 'f.helper = "a";'))).toEqual(
          ["src/c.ts", "src/m.ts"],
        );
      });
    });
  },
);

describe("planning without a kept program or session", () => {
  it("keeps the text rule in a run without the last program (one CLI run)", async () => {
    const root = writeProject({
      "src/ab.ts": AB,
      "src/m.ts": 'import { A } from "./ab";\nexport function make() {\n  return new A();\n}\n',
      "src/c.ts": 'import { make } from "./m";\nexport function main(): void { make().run(); }\n',
    });
    await indexAndSnapshot(root);
    edit(root, "src/m.ts", (text) => text.replace("return new A();", "void 0;\n  return new A();"));
    expect((await expectIncrementalEqualsFull(root)).summary.extractedPaths).toEqual(["src/c.ts", "src/m.ts"]);
  });
});

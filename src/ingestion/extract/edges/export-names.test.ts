import { afterAll, describe, expect, it } from "vitest";
import { freshIndex, removeTempDirs } from "../../../test-support/fixtures.js";
import { editProjectFile, expectIncrementalEqualsFull, writeProject } from "../../../test-support/incremental.js";

afterAll(removeTempDirs);

const TSCONFIG = {
  compilerOptions: { strict: true, module: "ESNext", moduleResolution: "Bundler", target: "ES2022", types: [] },
  include: ["src"],
};

const FILES = {
  "src/impl.ts": [
    "class Impl {}",
    "function helper(): number { return 1; }",
    "export const plain = 1;",
    "export { Impl as Public, helper, helper as default };",
  ].join("\n"),
  "src/widget.ts": "export default class Widget {}\n",
  "src/value.ts": "const answer = 42;\nexport default answer;\n",
  "src/barrel.ts": [
    'export { Public as Renamed, plain } from "./impl";',
    'export { default as Widget } from "./widget";',
    'export * as values from "./value";',
    'export * from "./widget";',
    'export { missing as gone } from "./nowhere";',
  ].join("\n"),
};

/** The export_names rows of a dump: [file, name, target]. */
function exportNames(dump: Readonly<Record<string, readonly string[]>>): unknown[] {
  return (dump.export_names ?? []).map((row) => JSON.parse(row) as unknown);
}

describe("export names", () => {
  it("records each alias, default export and re-export with the declaration it reaches, and no name the declaration already has", async () => {
    const { dump } = await freshIndex(writeProject(FILES, TSCONFIG));
    expect(exportNames(dump)).toEqual([
      ["src/barrel.ts", "*", "src/widget.ts"],
      ["src/barrel.ts", "Renamed", "src/impl.ts:Impl"],
      ["src/barrel.ts", "Widget", "src/widget.ts:Widget"],
      ["src/barrel.ts", "plain", "src/impl.ts:plain"],
      ["src/barrel.ts", "values", "src/value.ts"],
      ["src/impl.ts", "Public", "src/impl.ts:Impl"],
      ["src/impl.ts", "default", "src/impl.ts:helper"],
      ["src/value.ts", "default", "src/value.ts:answer"],
      ["src/widget.ts", "default", "src/widget.ts:Widget"],
    ]);
  });

  it("records type-only aliases and an anonymous default export's node, and nothing for an expression, `export =` or a package", async () => {
    const { dump } = await freshIndex(
      writeProject(
        {
          "src/types.ts":
            'interface Shape {}\nexport type { Shape as Form };\nexport { readFile as read } from "node:fs";\n',
          "src/anonymous.ts": "export default function () {}\n",
          "src/expression.ts": "export default 1 + 1;\n",
          "src/legacy.ts": "const value = 1;\nexport = value;\n",
        },
        TSCONFIG,
      ),
    );
    expect(exportNames(dump)).toEqual([["src/types.ts", "Form", "src/types.ts:Shape"]]);
  });

  it("stays equal to a full index when a barrel's alias changes and when the aliased declaration is renamed", async () => {
    const root = writeProject(FILES, TSCONFIG);
    await freshIndex(root);
    await expectIncrementalEqualsFull(root);
    editProjectFile(root, "src/barrel.ts", (text) => text.replace("Public as Renamed", "Public as Other"));
    const afterAlias = await expectIncrementalEqualsFull(root);
    expect(exportNames(afterAlias.dump)).toContainEqual(["src/barrel.ts", "Other", "src/impl.ts:Impl"]);
    editProjectFile(root, "src/impl.ts", (text) => text.replaceAll("Impl", "Core"));
    const afterRename = await expectIncrementalEqualsFull(root);
    expect(exportNames(afterRename.dump)).toContainEqual(["src/barrel.ts", "Other", "src/impl.ts:Core"]);
  });
});

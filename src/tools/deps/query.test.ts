import { describe, expect, it } from "vitest";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { filesUnder, depsFolderOf, packageOfFile, queryDeps, rollUp, rollUpInternal } from "./query.js";

const db = memoryGraph(
  ["app/main.ts", "app/view.ts", "core/store.ts", "core/model.ts", "util/text.ts", "app2/x.ts"].map((file) => ({
    key: file,
    kind: "File" as const,
  })),
  [
    ["IMPORTS", "app/main.ts", "app/view.ts", [], { names: ["View"] }],
    ["IMPORTS", "app/main.ts", "core/store.ts", [], { names: ["Store"] }],
    ["IMPORTS", "app/view.ts", "core/store.ts", [], { names: ["select"] }],
    ["IMPORTS", "app/view.ts", "core/model.ts", [], { names: ["Model"], typeOnly: true }],
    ["IMPORTS", "core/store.ts", "util/text.ts", [], { names: ["slug"] }],
    ["IMPORTS", "app2/x.ts", "app/main.ts", [], { names: ["main"] }],
  ],
  [
    ["app/main.ts", "react"],
    ["app/view.ts", "react"],
    ["core/store.ts", "zod", true],
  ],
);

describe(filesUnder.name, () => {
  it("lists the files of a folder, not of a folder whose name only starts alike", () => {
    expect(filesUnder(db, "app")).toEqual(["app/main.ts", "app/view.ts"]);
    expect(filesUnder(db, "")).toHaveLength(6);
  });

  it("lists every file under the root, a name outside the Basic Multilingual Plane included", () => {
    const astral = memoryGraph(
      ["\u{1F600}/a.ts", "\uFFFD.ts", "b.ts"].map((file) => ({ key: file, kind: "File" as const })),
      [],
    );
    expect(filesUnder(astral, "")).toEqual(["b.ts", "\uFFFD.ts", "\u{1F600}/a.ts"]);
    expect(filesUnder(astral, "\u{1F600}")).toEqual(["\u{1F600}/a.ts"]);
  });
});

describe(queryDeps.name, () => {
  const app = filesUnder(db, "app");

  it("lists direct imports across the boundary with the names and whether only types cross", () => {
    const rows = queryDeps(db, app, "both", 1);
    expect(rows.outgoing).toEqual([
      { file: "core/model.ts", depth: 1, names: ["Model"], typeOnly: true },
      { file: "core/store.ts", depth: 1, names: ["Store", "select"], typeOnly: false },
    ]);
    expect(rows.incoming).toEqual([{ file: "app2/x.ts", depth: 1, names: ["main"], typeOnly: false }]);
    expect(rows.internal).toEqual([{ source: "app/main.ts", target: "app/view.ts", typeOnly: false }]);
    expect(rows.packages).toEqual([{ name: "react", depth: 1, importers: 2, typeOnly: false }]);
  });

  it("follows imports transitively up to the depth, with the packages found on the way", () => {
    const rows = queryDeps(db, app, "out", 2);
    expect(rows.outgoing.map((link) => [link.file, link.depth])).toEqual([
      ["core/model.ts", 1],
      ["core/store.ts", 1],
      ["util/text.ts", 2],
    ]);
    expect(rows.packages).toEqual([
      { name: "react", depth: 1, importers: 2, typeOnly: false },
      { name: "zod", depth: 2, importers: 1, typeOnly: true },
    ]);
    expect(rows.incoming).toEqual([]);
  });
});

describe(rollUp.name, () => {
  it("groups linked files into modules at their nearest depth", () => {
    const rows = queryDeps(db, filesUnder(db, "app"), "out", 2);
    expect(
      rollUp(rows.outgoing, depsFolderOf).map((module) => [module.module, module.depth, module.files.length]),
    ).toEqual([
      ["core", 1, 2],
      ["util", 2, 1],
    ]);
  });

  it("rolls the target's own imports up into links between its modules", () => {
    const rows = queryDeps(db, filesUnder(db, ""), "out", 1);
    expect(rollUpInternal(rows.internal, depsFolderOf)).toEqual([
      { from: "app", to: "core", imports: 3, typeOnly: false },
      { from: "app2", to: "app", imports: 1, typeOnly: false },
      { from: "core", to: "util", imports: 1, typeOnly: false },
    ]);
  });
});

describe(packageOfFile.name, () => {
  it("names a file by its deepest workspace package, else (root)", () => {
    const packageOf = packageOfFile([
      { name: "@a/app", dir: "packages/app" },
      { name: "@a/app-plugin", dir: "packages/app/plugin" },
    ]);
    expect(packageOf("packages/app/src/x.ts")).toBe("@a/app");
    expect(packageOf("packages/app/plugin/y.ts")).toBe("@a/app-plugin");
    expect(packageOf("packages/apps/z.ts")).toBe("(root)");
    expect(depsFolderOf("x.ts")).toBe(".");
  });
});

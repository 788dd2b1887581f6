import { describe, expect, it } from "vitest";
import { absoluteFromRoot, rootRelativePath, rootRelativeValue } from "./root-relative.js";

describe(rootRelativeValue.name, () => {
  it("writes paths in compiler options relative to the root, and leaves everything else as it is", () => {
    const options = {
      strict: true,
      target: 9,
      rootDir: "/ci/work/src",
      paths: { "@x/*": ["/ci/work/packages/x/*"] },
      lib: ["lib.es2022.d.ts"],
    };
    expect(rootRelativeValue(options, "/ci/work")).toEqual({
      strict: true,
      target: 9,
      rootDir: "<root>/src",
      paths: { "@x/*": ["<root>/packages/x/*"] },
      lib: ["lib.es2022.d.ts"],
    });
  });

  it("gives the same value for two checkouts of the same sources", () => {
    const at = (root: string): unknown =>
      rootRelativeValue({ baseUrl: root, configFilePath: `${root}/tsconfig.json` }, root);
    expect(at("/home/a/project")).toEqual(at("/runner/_work/project/project"));
  });
});

describe(rootRelativePath.name, () => {
  it("keeps a path one folder beside the root relative, and one far away absolute", () => {
    expect(rootRelativePath("/ci/work", "/ci/work")).toBe("<root>");
    expect(rootRelativePath("/ci/shared/tsconfig.base.json", "/ci/work")).toBe("<root>/../shared/tsconfig.base.json");
    expect(rootRelativePath("/usr/lib/node", "/ci/work")).toBe("/usr/lib/node");
  });

  it("is undone by absoluteFromRoot in another checkout", () => {
    expect(absoluteFromRoot(rootRelativePath("/a/root/src/x.ts", "/a/root"), "/b/root")).toBe("/b/root/src/x.ts");
    expect(absoluteFromRoot(rootRelativePath("/a/root", "/a/root"), "/b/root")).toBe("/b/root");
  });
});

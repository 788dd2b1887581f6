import { describe, expect, it } from "vitest";
import { packageNameOf } from "./import-edges.js";

describe("packageNameOf", () => {
  it("names the package of a bare specifier, scoped or not, and keeps node: builtins whole", () => {
    expect(packageNameOf("effect/Schema")).toBe("effect");
    expect(packageNameOf("@scope/pkg/deep/path")).toBe("@scope/pkg");
    expect(packageNameOf("node:fs/promises")).toBe("node:fs/promises");
    expect(packageNameOf("zod")).toBe("zod");
  });

  it("gives no package for a relative or absolute specifier", () => {
    expect(packageNameOf("./local")).toBeUndefined();
    expect(packageNameOf("../up")).toBeUndefined();
    expect(packageNameOf("/abs/path")).toBeUndefined();
  });
});

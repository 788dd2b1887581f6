import { describe, expect, it } from "vitest";
import { declarationKey, disambiguatedName, fileKey, memberName, parseNodeKey } from "./node-key.js";

describe("node keys", () => {
  it("names a declaration by file and qualified name", () => {
    expect(declarationKey("src/models/user.ts", "User.save")).toBe("src/models/user.ts:User.save");
  });

  it("names a file by its relative path alone", () => {
    expect(fileKey("src/a.ts")).toBe("src/a.ts");
    expect(parseNodeKey("src/a.ts")).toEqual({ file: "src/a.ts", qualifiedName: undefined });
  });

  it("parses back what it builds, even when the name holds a colon", () => {
    const key = declarationKey("src/x.ts", '"mod:ule".f');
    expect(parseNodeKey(key)).toEqual({ file: "src/x.ts", qualifiedName: '"mod:ule".f' });
  });

  it("qualifies members and disambiguates repeated names by variant and occurrence", () => {
    expect(memberName(undefined, "f")).toBe("f");
    expect(memberName("Cart", "total")).toBe("Cart.total");
    expect(disambiguatedName("Money", "namespace", 1)).toBe("Money#namespace");
    expect(disambiguatedName("Money", "interface", 2)).toBe("Money#interface2");
  });
});

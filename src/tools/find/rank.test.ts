import { describe, expect, it } from "vitest";
import type { SymbolRow } from "./query.js";
import { classifyMatch, rankSymbols } from "./rank.js";

function row(name: string, file: string, exported = true, startLine = 1): SymbolRow {
  return {
    key: `${file}:${name}@${startLine}`,
    name,
    qualifiedName: name,
    kind: "Function",
    file,
    startLine,
    endLine: startLine,
    exported: exported ? 1 : 0,
    signature: `function ${name}()`,
  };
}

describe(classifyMatch.name, () => {
  it("tells exact, prefix, camel-hump and substring matches apart, ignoring case", () => {
    expect(classifyMatch("getUser", "getUser")).toBe("exact");
    expect(classifyMatch("getuser", "getUser")).toBe("exact");
    expect(classifyMatch("getU", "getUserById")).toBe("prefix");
    expect(classifyMatch("gUBI", "getUserById")).toBe("camel-hump");
    expect(classifyMatch("UserBy", "getUserById")).toBe("substring");
    expect(classifyMatch("byName", "getUserById")).toBeUndefined();
  });

  it("prefers the better kind when a query matches in several ways", () => {
    expect(classifyMatch("gub", "gubernator")).toBe("prefix");
  });
});

describe(rankSymbols.name, () => {
  it("ranks exact before prefix before camel-hump before substring", () => {
    const ranked = rankSymbols("user", [
      row("findUser", "a.ts"),
      row("uSeR", "a.ts"),
      row("userName", "a.ts"),
      row("updateSessionExpiryRecord", "a.ts"),
    ]);
    expect(ranked.map((symbol) => [symbol.name, symbol.match])).toEqual([
      ["uSeR", "exact"],
      ["userName", "prefix"],
      ["updateSessionExpiryRecord", "camel-hump"],
      ["findUser", "substring"],
    ]);
  });

  it("puts exported before internal, then the query's own case, then shorter paths and names", () => {
    const ranked = rankSymbols("User", [
      row("user", "a.ts"),
      row("User", "src/deep/folder/models.ts"),
      row("User", "src/models.ts", false, 7),
      row("User", "src/models.ts"),
    ]);
    expect(ranked.map((symbol) => `${symbol.name} ${symbol.file} ${symbol.exported}`)).toEqual([
      "User src/models.ts 1",
      "User src/deep/folder/models.ts 1",
      "user a.ts 1",
      "User src/models.ts 0",
    ]);
  });

  it("drops candidates that do not match and keeps each node once", () => {
    const same = row("getUser", "a.ts");
    expect(rankSymbols("gU", [same, same, row("other", "a.ts")]).map((symbol) => symbol.name)).toEqual(["getUser"]);
  });

  it("orders equals by file then line so that answers are stable", () => {
    const ranked = rankSymbols("run", [
      row("run", "b.ts", true, 9),
      row("run", "a.ts", true, 5),
      row("run", "a.ts", true, 2),
    ]);
    expect(ranked.map((symbol) => `${symbol.file}:${symbol.startLine}`)).toEqual(["a.ts:2", "a.ts:5", "b.ts:9"]);
  });
});

describe("ranking names a file exports a declaration as", () => {
  it("ranks an alias as an exact match after a declaration of that name, once per declaration and alias, with every exporter", () => {
    const impl = row("Impl", "src/impl.ts");
    const ranked = rankSymbols("Public", [
      { ...impl, alias: "Public", aliasFile: "src/index.ts" },
      row("PublicApi", "src/api.ts"),
      row("Public", "src/long/path/public.ts"),
      { ...impl, alias: "Public", aliasFile: "src/impl.ts" },
    ]);
    expect(ranked.map((symbol) => [symbol.name, symbol.alias, symbol.match, symbol.aliasFiles])).toEqual([
      ["Public", undefined, "exact", []],
      ["Impl", "Public", "exact", ["src/impl.ts", "src/index.ts"]],
      ["PublicApi", undefined, "prefix", []],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { camelHumpMatches, nameHumps, nameWords, queryHumpPrefixes, querySegments } from "./name-words.js";

describe(nameWords.name, () => {
  it("splits camelCase, PascalCase and acronyms into words", () => {
    expect(nameWords("getUserById")).toEqual(["get", "User", "By", "Id"]);
    expect(nameWords("HTTPServer")).toEqual(["HTTP", "Server"]);
    expect(nameWords("XMLHttpRequest")).toEqual(["XML", "Http", "Request"]);
    expect(nameWords("getID")).toEqual(["get", "ID"]);
  });

  it("keeps digits with the word before them and splits on separators", () => {
    expect(nameWords("utf8Decode")).toEqual(["utf8", "Decode"]);
    expect(nameWords("parseJSON5")).toEqual(["parse", "JSON5"]);
    expect(nameWords("SCREAMING_CASE")).toEqual(["SCREAMING", "CASE"]);
    expect(nameWords("user-service.ts")).toEqual(["user", "service", "ts"]);
    expect(nameWords("_tag")).toEqual(["tag"]);
    expect(nameWords("$make")).toEqual(["make"]);
  });

  it("handles letters without case", () => {
    expect(nameWords("日本語Name")).toEqual(["日本語", "Name"]);
    expect(nameWords("über")).toEqual(["über"]);
  });
});

describe(nameHumps.name, () => {
  it("is the lower-case first letter of every word", () => {
    expect(nameHumps("getUserById")).toBe("gubi");
    expect(nameHumps("XMLHttpRequest")).toBe("xhr");
    expect(nameHumps("user-service.ts")).toBe("ust");
  });
});

describe(querySegments.name, () => {
  it("starts a segment at every capital and after separators", () => {
    expect(querySegments("gUBI")).toEqual(["g", "U", "B", "I"]);
    expect(querySegments("getUsBy")).toEqual(["get", "Us", "By"]);
    expect(querySegments("get_user")).toEqual(["get", "user"]);
  });
});

describe(queryHumpPrefixes.name, () => {
  it("gives the segments' initials, and an all-lower-case query as initials too", () => {
    expect(queryHumpPrefixes("gUBI")).toEqual(["gubi"]);
    expect(queryHumpPrefixes("getUsBy")).toEqual(["gub"]);
    expect(queryHumpPrefixes("gubi")).toEqual(["gubi"]);
    expect(queryHumpPrefixes("User")).toEqual([]);
  });
});

describe(camelHumpMatches.name, () => {
  it("matches initials typed with capitals (gUBI finds getUserById)", () => {
    expect(camelHumpMatches("gUBI", "getUserById")).toBe(true);
    expect(camelHumpMatches("gUB", "getUserById")).toBe(true);
  });

  it("matches word prefixes of consecutive words from the first", () => {
    expect(camelHumpMatches("getUsBy", "getUserById")).toBe(true);
    expect(camelHumpMatches("gUsI", "getUserById")).toBe(false);
    expect(camelHumpMatches("UBI", "getUserById")).toBe(false);
  });

  it("reads an all-lower-case query as initials", () => {
    expect(camelHumpMatches("gubi", "getUserById")).toBe(true);
    expect(camelHumpMatches("gubx", "getUserById")).toBe(false);
  });

  it("compares segments with words ignoring case, so capital initials match too", () => {
    expect(camelHumpMatches("GUBI", "getUserById")).toBe(true);
    expect(camelHumpMatches("xHR", "XMLHttpRequest")).toBe(true);
    expect(camelHumpMatches("gUbI", "getUserById")).toBe(false);
  });

  it("never matches more segments than the name has words", () => {
    expect(camelHumpMatches("gUBIX", "getUserById")).toBe(false);
  });
});

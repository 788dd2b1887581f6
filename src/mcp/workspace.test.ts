import { describe, expect, it } from "vitest";
import { rootPaths } from "./client-roots.js";
import { wantedRoots } from "./workspace.js";

describe(wantedRoots.name, () => {
  const given = [{ root: "/given" }];

  it("serves the command-line roots while the client offers none", () => {
    expect(wantedRoots({ roots: given, rootsAreDefault: false }, undefined)).toEqual(given);
    expect(wantedRoots({ roots: given, rootsAreDefault: true }, [])).toEqual(given);
  });

  it("keeps the roots given with -r whatever the client offers, and replaces the default root with the client's", () => {
    expect(wantedRoots({ roots: given, rootsAreDefault: false }, ["/offered"])).toEqual(given);
    expect(wantedRoots({ roots: given, rootsAreDefault: true }, ["/offered"])).toEqual([{ root: "/offered" }]);
  });
});

describe(rootPaths.name, () => {
  it("keeps local folders and logs other URIs", () => {
    const logged: string[] = [];
    expect(
      rootPaths([{ uri: "file:///home/me/app" }, { uri: "https://example.invalid/repo" }], (line) => logged.push(line)),
    ).toEqual(["/home/me/app"]);
    expect(logged).toEqual([
      "the client offered a root that is not a local folder (https://example.invalid/repo); ignored",
    ]);
  });
});

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { commitFiles, git } from "../test-support/git-history.js";
import { mapVersions, mapVersionsInOrder, type VersionToMap } from "./map-versions.js";

afterAll(removeTempDirs);

const fn = (name: string, body: string): string => `export function ${name}(): number {\n  return ${body};\n}\n`;

/** Three files, each changed in turn in four commits: f in a.ts, then g; h in b.ts; k in c.ts; every version's changed line known. */
function repository(): { root: string; versions: VersionToMap[] } {
  const root = makeTempDir("ts-graph-map-versions-");
  git(root, ["init", "--quiet", "-b", "main"]);
  const versions: VersionToMap[] = [];
  const commitVersion = (files: Record<string, string>, changedLine: (file: string) => number): void => {
    commitFiles(root, files);
    const commit = git(root, ["rev-parse", "HEAD"]);
    for (const file of Object.keys(files)) versions.push({ commit, path: file, ranges: [{ start: changedLine(file), end: changedLine(file) }] });
  };
  for (let round = 1; round <= 4; round += 1) {
    // line 2 is f's body, line 5 g's: a.ts alternates between them; b.ts and c.ts change their one function
    commitVersion({ "a.ts": fn("f", String(round)) + fn("g", String(round)), "b.ts": fn("h", String(round)) }, () => 2);
    commitVersion({ "a.ts": fn("f", String(round)) + fn("g", String(round + 10)), "c.ts": fn("k", String(round)) }, (file) =>
      file === "a.ts" && round % 2 === 0 ? 5 : 2,
    );
  }
  return { root, versions };
}

describe(mapVersions.name, () => {
  it("maps the versions in this thread to the innermost declarations of their changed lines", () => {
    const { root, versions } = repository();
    const names = mapVersions(root, versions);
    expect(names).toHaveLength(16);
    expect(names.slice(0, 4)).toEqual([["f"], ["h"], ["f"], ["k"]]);
    expect(names.slice(4, 8)).toEqual([["f"], ["h"], ["g"], ["k"]]);
    // a version git cannot read has no names; the others are unaffected
    expect(mapVersions(root, [{ ...versions[1], commit: "0".repeat(40) } as VersionToMap, versions[0] as VersionToMap])).toEqual([undefined, ["f"]]);
  });

  it("gives the same answer, in the same order, when a second thread maps every other path (the built worker)", () => {
    const { root, versions } = repository();
    // The worker runs from dist/ (the tests run the TypeScript sources, where no compiled worker is): a child
    // process loads the built module and maps with a second thread from two versions on.
    const built = pathToFileURL(path.join(REPO_ROOT, "dist", "history", "map-versions.js")).href;
    // (a script file, not `--eval`: a worker inherits the process's flags, and `--input-type` is for `--eval` only)
    const script = path.join(makeTempDir("ts-graph-map-versions-script-"), "map.mjs");
    fs.writeFileSync(
      script,
      `import { mapVersions } from ${JSON.stringify(built)};
      const versions = JSON.parse(process.argv[2]);
      const report = { threads: 0 };
      const names = mapVersions(${JSON.stringify(root)}, versions, 2, report);
      process.stdout.write(JSON.stringify({ names, threads: report.threads }));`,
    );
    const output = execFileSync(process.execPath, [script, JSON.stringify(versions)], { encoding: "utf8" });
    expect(JSON.parse(output)).toEqual({ names: mapVersionsInOrder(root, versions), threads: 2 });
  });
});

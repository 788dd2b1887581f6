import { describe, expect, it } from "vitest";
import { cochangedFiles, coupled, parseNameOnlyLog, sharedCommits } from "./cochange-truth.js";

const LOG = `commit a1

src/core.ts
src/util.ts
commit b2

src/core.ts
src/util.ts
src/schemas.ts
commit c3

src/schemas.ts
commit d4

src/core.ts
${Array.from({ length: 31 }, (_, i) => `gen/file${i}.ts`).join("\n")}
`;

describe("co-change truth from git log output", () => {
  it("counts the commits each file shares with the target, leaving out commits over the size limit", () => {
    const commits = parseNameOnlyLog(LOG);
    expect(commits.map((c) => [c.id, c.files.length])).toEqual([
      ["a1", 2],
      ["b2", 3],
      ["c3", 1],
      ["d4", 32],
    ]);
    const support = sharedCommits(commits, "src/core.ts", 30);
    expect([...support]).toEqual([
      ["src/util.ts", 2],
      ["src/schemas.ts", 1],
    ]);
    expect(coupled(support, 2)).toEqual(["src/util.ts"]);
    expect(coupled(support, 1)).toEqual(["src/util.ts", "src/schemas.ts"]);
  });

  it("reads the files of a cochange answer, not its header or legend", () => {
    const answer = `co-change of packages/zod/src/v4/core/core.ts (file level): 20 commits, 8 more left out (over 30 files each)
legend: support = commits that changed both; conf = support / commits of the target; hidden = no static path within 3 steps

packages/zod/src/v4/core/util.ts  support 9  conf 45%  recent 59%  last 2026-08-19
play.ts  support 3  conf 15%  recent 9%  last 2025-12-30  hidden
(20 of 73 shown: raise limit or minSupport)
`;
    expect(cochangedFiles(answer)).toEqual(["packages/zod/src/v4/core/util.ts", "play.ts"]);
  });
});

import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { commitFiles, git, lastCommitClock } from "../test-support/git-history.js";
import { cochanged, type CochangeLevel } from "../tools/scoring/cochange-scores.js";
import { ingestHistory, type HistoryIngestion } from "./ingest-history.js";

afterAll(removeTempDirs);

const fn = (name: string, body: string): string => `export function ${name}(): number {\n  return ${body};\n}\n`;

/** a.ts holds f and g; b.ts holds h and moves to lib/b.ts in the third commit. */
function repository(): string {
  const root = makeTempDir("ts-graph-history-");
  git(root, ["init", "--quiet", "-b", "main"]);
  commitFiles(root, { "a.ts": fn("f", "1") + fn("g", "1"), "b.ts": fn("h", "1"), "README.md": "x\n" }, "c1: add");
  commitFiles(root, { "a.ts": fn("f", "2") + fn("g", "1"), "b.ts": fn("h", "2") }, "c2: f with h");
  git(root, ["mv", "b.ts", "lib-b.ts"]);
  commitFiles(root, {}, "c3: move b");
  commitFiles(root, { "a.ts": fn("f", "2") + fn("g", "4"), "lib-b.ts": fn("h", "4") }, "c4: g with h");
  return root;
}

const OPTIONS = { symbols: true, isSource: (file: string) => file.endsWith(".ts") };

function ask(db: Database.Database, level: CochangeLevel, where: { path: string; name?: string }) {
  const id =
    level === "file"
      ? (db.prepare("SELECT id FROM history_files WHERE path = ? AND live = 1").pluck().get(where.path) as number)
      : (db
          .prepare(
            "SELECT s.id FROM history_symbols s JOIN history_files f ON f.id = s.file WHERE f.path = ? AND s.name = ?",
          )
          .pluck()
          .get(where.path, where.name) as number);
  const answer = cochanged(db, {
    id,
    level,
    maxFilesPerCommit: 30,
    minSupport: 1,
    now: lastCommitClock(),
    halfLifeDays: 180,
    includeDeleted: false,
  });
  return {
    commits: answer.commits,
    entities: answer.entities.map((entity) => [
      entity.name === undefined ? entity.path : `${entity.path}:${entity.name}`,
      entity.support,
      entity.confidence,
    ]),
  };
}

function added(result: HistoryIngestion): number {
  if (result.status === "unavailable") throw new Error(result.why);
  return result.added;
}

describe(ingestHistory.name, () => {
  it("scores files followed across a rename, and declarations by the lines each commit changed", () => {
    const root = repository();
    const db = new Database(":memory:");
    const result = ingestHistory(db, root, OPTIONS);
    expect(result).toMatchObject({ status: "complete", added: 4, rewritten: false });
    // a.ts changed in c1, c2, c4; b.ts (lib-b.ts today) with it each time
    expect(ask(db, "file", { path: "a.ts" })).toEqual({
      commits: 3,
      entities: [
        ["lib-b.ts", 3, 1],
        ["README.md", 1, 1 / 3],
      ],
    });
    // f changed in c1 and c2, with h both times; g in c1 and c4
    expect(ask(db, "symbol", { path: "a.ts", name: "f" })).toEqual({
      commits: 2,
      entities: [
        ["lib-b.ts:h", 2, 1],
        ["a.ts:g", 1, 0.5],
      ],
    });
    expect(ask(db, "symbol", { path: "a.ts", name: "g" })).toEqual({
      commits: 2,
      entities: [
        ["lib-b.ts:h", 2, 1],
        ["a.ts:f", 1, 0.5],
      ],
    });
  });

  it("reads the declarations of commits read at file level before, on first need", () => {
    const root = repository();
    const db = new Database(":memory:");
    expect(ingestHistory(db, root, { ...OPTIONS, symbols: false })).toMatchObject({ added: 4, versionsParsed: 0 });
    expect(db.prepare("SELECT count(*) FROM history_symbols").pluck().get()).toBe(0);
    expect(ingestHistory(db, root, OPTIONS)).toMatchObject({ added: 0, versionsParsed: 6 });
    expect(ask(db, "symbol", { path: "a.ts", name: "f" })).toEqual({
      commits: 2,
      entities: [
        ["lib-b.ts:h", 2, 1],
        ["a.ts:g", 1, 0.5],
      ],
    });
    expect(ingestHistory(db, root, OPTIONS)).toMatchObject({ added: 0, versionsParsed: 0 });
  });

  it("reads no declaration of a file deleted since: no answer could name it", () => {
    const root = repository();
    commitFiles(root, { "gone.ts": fn("k", "1"), "a.ts": fn("f", "6") + fn("g", "4") }, "c5: k with f");
    commitFiles(root, { "gone.ts": null }, "c6: remove gone");
    const db = new Database(":memory:");
    // the 6 versions of a.ts and b.ts (lib-b.ts), and a.ts in c5; never gone.ts
    expect(ingestHistory(db, root, OPTIONS)).toMatchObject({ added: 6, versionsParsed: 7 });
    expect(db.prepare("SELECT count(*) FROM history_symbols WHERE name = 'k'").pluck().get()).toBe(0);
    expect(ask(db, "symbol", { path: "a.ts", name: "f" }).commits).toBe(3);
  });

  it("reads only the new commits on the next run, and the whole history again once it was rewritten", () => {
    const root = repository();
    const db = new Database(":memory:");
    expect(added(ingestHistory(db, root, OPTIONS))).toBe(4);
    expect(added(ingestHistory(db, root, OPTIONS))).toBe(0);
    commitFiles(root, { "a.ts": fn("f", "5") + fn("g", "4") }, "c5: f alone");
    expect(added(ingestHistory(db, root, OPTIONS))).toBe(1);
    expect(ask(db, "symbol", { path: "a.ts", name: "f" }).commits).toBe(3);

    git(root, ["commit", "--quiet", "--amend", "-m", "c5 amended"]);
    const rewritten = ingestHistory(db, root, OPTIONS);
    expect(rewritten).toMatchObject({ status: "complete", added: 5, rewritten: true });
    expect(db.prepare("SELECT subject FROM history_commits ORDER BY id DESC LIMIT 1").pluck().get()).toBe("c5 amended");
    expect(db.prepare("SELECT count(*) FROM history_commits").pluck().get()).toBe(5);
  });

  it("reads on after a merge of a branch whose commits are older than the line it joins", () => {
    const root = repository();
    const db = new Database(":memory:");
    git(root, ["checkout", "--quiet", "-b", "feature", "HEAD~1"]);
    commitFiles(root, { "b-side.ts": fn("side", "1") }, "b1: on the branch");
    git(root, ["checkout", "--quiet", "main"]);
    commitFiles(root, { "a.ts": fn("f", "6") + fn("g", "4") }, "m5: on main, after b1");
    expect(added(ingestHistory(db, root, OPTIONS))).toBe(5);
    git(root, ["merge", "--quiet", "--no-ff", "-m", "merge feature", "feature"]);
    expect(added(ingestHistory(db, root, OPTIONS))).toBe(1);
    commitFiles(root, { "a.ts": fn("f", "7") + fn("g", "4") }, "m6: after the merge");
    expect(ingestHistory(db, root, OPTIONS)).toMatchObject({ status: "complete", added: 1, rewritten: false });
    expect(added(ingestHistory(db, root, OPTIONS))).toBe(0);
    expect(db.prepare("SELECT count(*) FROM history_commits").pluck().get()).toBe(7);
  });

  it("says why it cannot read a history, and how to fix it: no repository, no commit, a shallow clone", () => {
    const db = new Database(":memory:");
    const plain = makeTempDir("ts-graph-no-git-");
    expect(ingestHistory(db, plain, OPTIONS)).toMatchObject({
      status: "unavailable",
      why: expect.stringContaining("not inside a git repository"),
    });
    const empty = makeTempDir("ts-graph-empty-git-");
    git(empty, ["init", "--quiet"]);
    expect(ingestHistory(db, empty, OPTIONS)).toMatchObject({
      status: "unavailable",
      why: "the repository has no commit yet",
    });

    const origin = repository();
    const shallow = path.join(makeTempDir("ts-graph-shallow-"), "clone");
    git(path.dirname(shallow), ["clone", "--quiet", "--depth", "2", `file://${origin}`, shallow]);
    const result = ingestHistory(new Database(":memory:"), shallow, OPTIONS);
    expect(result).toMatchObject({
      status: "partial",
      added: 2,
      fix: expect.stringContaining("git fetch --unshallow"),
    });
  });
});

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createHistoryStore } from "../../history/history-store.js";
import type { FileChange, HistoryCommit } from "../../history/name-status-log.js";
import { cochanged, foldersOf, type CochangeRequest } from "./cochange-scores.js";

const DAY = 86_400;

function commit(id: string, day: number, changes: readonly (string | FileChange)[]): HistoryCommit {
  return {
    id,
    time: day * DAY,
    subject: id,
    changes: changes.map((change) => (typeof change === "string" ? { status: "M", path: change } : change)),
  };
}

/** A history, oldest first, in a fresh in-memory database; `fileId` finds a file by its latest path. */
function historyOf(commits: readonly HistoryCommit[]) {
  const db = new Database(":memory:");
  createHistoryStore(db).addCommits(commits, commits.at(-1)?.id ?? "");
  const fileId = (path: string): number =>
    db.prepare("SELECT id FROM history_files WHERE path = ? ORDER BY live DESC, id DESC").pluck().get(path) as number;
  const ask = (path: string, options: Partial<CochangeRequest> = {}) => {
    const answer = cochanged(db, {
      id: fileId(path),
      level: "file",
      maxFilesPerCommit: 30,
      minSupport: 1,
      now: 100 * DAY,
      halfLifeDays: 10,
      includeDeleted: false,
      ...options,
    });
    return { ...answer, files: answer.entities };
  };
  return { db, fileId, ask };
}

/** A symbol-level request about a declaration of a file, at day 100, half-life 10 days. */
function symbolRequest(id: number, fileOfSymbol: number) {
  return {
    id,
    level: "symbol",
    fileOfSymbol,
    maxFilesPerCommit: 30,
    minSupport: 1,
    now: 100 * DAY,
    halfLifeDays: 10,
    includeDeleted: false,
  } as const;
}

describe(cochanged.name, () => {
  it("ranks by confidence, then support, with the recency weight and the last shared commit", () => {
    const { ask } = historyOf([
      commit("c1", 70, ["a.ts", "b.ts", "c.ts"]),
      commit("c2", 80, ["a.ts", "b.ts"]),
      commit("c3", 90, ["a.ts", "d.ts"]),
      commit("c4", 100, ["a.ts", "b.ts"]),
      commit("c5", 100, ["b.ts", "c.ts"]),
    ]);
    const answer = ask("a.ts");
    expect(answer.commits).toBe(4);
    expect(answer.files.map((file) => [file.path, file.support, file.confidence, file.lastShared / DAY])).toEqual([
      ["b.ts", 3, 0.75, 100],
      // c.ts and d.ts tie on confidence and support: the more recent d.ts comes first, before c.ts by path
      ["d.ts", 1, 0.25, 90],
      ["c.ts", 1, 0.25, 70],
    ]);
    // 2^(-age/10 days) / log2(1 + files): 1/log2(3) (today, 2 files) + 0.25/log2(3) (20 days ago, 2 files) + 0.125/2 (30 days ago, 3 files)
    expect(answer.files[0]?.recency).toBeCloseTo(1.25 / Math.log2(3) + 0.0625, 10);
    expect(answer.files[1]?.recency).toBeCloseTo(0.5 / Math.log2(3), 10);
  });

  it("leaves out commits that touch more files than the limit, and says how many", () => {
    const many = Array.from({ length: 5 }, (_, index) => `f${index}.ts`);
    const { ask } = historyOf([commit("big", 1, ["a.ts", ...many]), commit("small", 2, ["a.ts", "b.ts"])]);
    const answer = ask("a.ts", { maxFilesPerCommit: 4 });
    expect(answer).toMatchObject({ commits: 1, largeCommits: 1 });
    expect(answer.files.map((file) => file.path)).toEqual(["b.ts"]);
    expect(ask("a.ts", { maxFilesPerCommit: 6 }).files).toHaveLength(6);
  });

  it("follows a file across renames, and a deleted file is suggested only when asked and only before its deletion", () => {
    const { ask, db } = historyOf([
      commit("c1", 1, ["src/a.ts", "src/b.ts", "src/gone.ts"]),
      commit("c2", 2, [{ status: "R", fromPath: "src/b.ts", path: "lib/b.ts" }, "src/a.ts"]),
      commit("c3", 3, [{ status: "D", path: "src/gone.ts" }]),
      commit("c4", 4, [{ status: "A", path: "src/gone.ts" }]),
    ]);
    expect(db.prepare("SELECT count(*) FROM history_files").pluck().get()).toBe(4);
    expect(ask("src/a.ts").files.map((file) => [file.path, file.support])).toEqual([["lib/b.ts", 2]]);
    // replaying the history up to c2, src/gone.ts still existed; from its deletion on (c3), it is never suggested
    expect(
      ask("src/a.ts", { includeDeleted: true, untilCommit: 2 }).files.map((file) => [file.path, file.live]),
    ).toEqual([
      ["lib/b.ts", true],
      ["src/gone.ts", false],
    ]);
    expect(ask("src/a.ts", { includeDeleted: true, untilCommit: 3 }).files.map((file) => file.path)).toEqual([
      "lib/b.ts",
    ]);
    expect(ask("src/a.ts", { includeDeleted: true }).files.map((file) => file.path)).toEqual(["lib/b.ts"]);
    // the file added again at the old path is another file, with no shared history
    expect(ask("src/gone.ts").commits).toBe(1);
    expect(ask("src/gone.ts").files).toEqual([]);
  });

  it("counts only commits up to untilCommit, keeps only files `keep` accepts, and applies the minimum support", () => {
    const { ask } = historyOf([
      commit("c1", 1, ["a.ts", "b.ts", "package-lock.json"]),
      commit("c2", 2, ["a.ts", "b.ts"]),
      commit("c3", 3, ["a.ts", "c.ts"]),
    ]);
    expect(ask("a.ts", { untilCommit: 2 }).files.map((file) => [file.path, file.confidence])).toEqual([
      ["b.ts", 1],
      ["package-lock.json", 0.5],
    ]);
    expect(ask("a.ts", { keep: (path) => path.endsWith(".ts") }).files.map((file) => file.path)).toEqual([
      "b.ts",
      "c.ts",
    ]);
    expect(ask("a.ts", { minSupport: 2 }).files.map((file) => file.path)).toEqual(["b.ts"]);
  });
  it("ranks by the confidence with recent commits weighing more, unless asked for plain confidence", () => {
    // b.ts shared two old commits with a.ts, c.ts one recent commit: plain confidence prefers b.ts, recency c.ts
    const { ask } = historyOf([
      commit("c1", 10, ["a.ts", "b.ts"]),
      commit("c2", 20, ["a.ts", "b.ts"]),
      commit("c3", 100, ["a.ts", "c.ts"]),
    ]);
    const recent = ask("a.ts");
    expect(recent.files.map((file) => file.path)).toEqual(["c.ts", "b.ts"]);
    // weights (half-life 10 days, now day 100): 2^-9 + 2^-8 for b.ts, 1 for c.ts, over 2^-9 + 2^-8 + 1
    const total = 2 ** -9 + 2 ** -8 + 1;
    expect(recent.files[0]?.recentConfidence).toBeCloseTo(1 / total, 12);
    expect(recent.files[1]?.recentConfidence).toBeCloseTo((2 ** -9 + 2 ** -8) / total, 12);
    expect(ask("a.ts", { rank: "confidence" }).files.map((file) => [file.path, file.confidence])).toEqual([
      ["b.ts", 2 / 3],
      ["c.ts", 1 / 3],
    ]);
  });

  it("answers a declaration no commit changed from its file's commits, and says so", () => {
    const { db, fileId } = historyOf([commit("c1", 1, ["a.ts", "b.ts"]), commit("c2", 2, ["a.ts", "b.ts"])]);
    const store = createHistoryStore(db);
    store.addSymbols([
      {
        commit: "c1",
        files: new Map([
          ["a.ts", ["f"]],
          ["b.ts", ["h"]],
        ]),
      },
      { commit: "c2", files: new Map([["b.ts", ["h", "k"]]]) },
    ]);
    const symbolId = (name: string) =>
      db.prepare("SELECT id FROM history_symbols WHERE name = ?").pluck().get(name) as number;
    const request = {
      level: "symbol",
      maxFilesPerCommit: 30,
      minSupport: 1,
      now: 2 * DAY,
      halfLifeDays: 10,
      includeDeleted: false,
    } as const;
    // f changed once, with h: its own history answers
    const own = cochanged(db, { ...request, id: symbolId("f"), fileOfSymbol: fileId("a.ts") });
    expect(own).toMatchObject({ basis: "symbol", commits: 1 });
    expect(own.entities.map((entity) => [entity.name, entity.support, entity.throughFile])).toEqual([["h", 1, false]]);
    // a declaration of a.ts with no history: a.ts's two commits changed h twice, k once (and f once)
    const fallback = cochanged(db, { ...request, id: 0, fileOfSymbol: fileId("a.ts") });
    expect(fallback).toMatchObject({ basis: "file", commits: 2 });
    expect(
      fallback.entities.map((entity) => [entity.name, entity.support, entity.confidence, entity.throughFile]),
    ).toEqual([
      ["h", 2, 1, true],
      ["k", 1, 0.5, true],
      ["f", 1, 0.5, true],
    ]);
    expect(cochanged(db, { ...request, id: 0 })).toMatchObject({ basis: "symbol", commits: 0, entities: [] });
  });

  it("ranks a declaration's co-changes by its own commits blended with its file's: what usually changes when its file does comes first", () => {
    // f (a.ts) changed once, with h and z of b.ts: its own commits cannot tell them apart. b.ts changed with a.ts
    // in both of a.ts's commits, and z changed in every commit of b.ts, h in one of three.
    const { db, fileId } = historyOf([
      commit("c1", 100, ["a.ts", "b.ts"]),
      commit("c2", 100, ["a.ts", "b.ts"]),
      commit("c3", 100, ["b.ts"]),
    ]);
    createHistoryStore(db).addSymbols([
      {
        commit: "c1",
        files: new Map([
          ["a.ts", ["f"]],
          ["b.ts", ["h", "z"]],
        ]),
      },
      {
        commit: "c2",
        files: new Map([
          ["a.ts", ["x"]],
          ["b.ts", ["z"]],
        ]),
      },
      { commit: "c3", files: new Map([["b.ts", ["z"]]]) },
    ]);
    const f = db.prepare("SELECT id FROM history_symbols WHERE name = 'f'").pluck().get() as number;
    const request = symbolRequest(f, fileId("a.ts"));
    const scores = (options: Partial<CochangeRequest>) =>
      cochanged(db, { ...request, ...options }).entities.map((entity) => [
        entity.name,
        entity.recentConfidence,
        entity.score,
      ]);
    // Without the blend, h and z tie on everything and go by name.
    expect(scores({ fileBlend: 0 })).toEqual([
      ["h", 1, 1],
      ["z", 1, 1],
    ]);
    // Today's two-file commits weigh u = 1/log2(3), c3 (one file) 1. The file level: b.ts changes with a.ts every
    // time (1), z within b.ts every time (1), h in (u) of (2u + 1); it counts as 3 commits against f's 1.
    const u = 1 / Math.log2(3);
    const blended = scores({});
    expect(blended.map(([name]) => name)).toEqual(["z", "h"]);
    expect(blended[0]?.[2]).toBeCloseTo((1 + 3) / 4, 12);
    expect(blended[1]?.[2]).toBeCloseTo((1 + (3 * u) / (2 * u + 1)) / 4, 12);
    expect(blended[1]?.[1]).toBe(1);
    // A new commit that changes h alone: what the file level knows follows the history (h: u + 1 of 2u + 2).
    const store = createHistoryStore(db);
    store.addCommits([commit("c4", 100, ["b.ts"])], "c4");
    store.addSymbols([{ commit: "c4", files: new Map([["b.ts", ["h"]]]) }]);
    expect(scores({}).find(([name]) => name === "h")?.[2]).toBeCloseTo((1 + 3 / 2) / 4, 12);
  });

  it("adds to a declaration's score how alike its name is to the target's: of two with the same history, the one named alike comes first", () => {
    // parseUser (a.ts) changed once, with formatUser and parseOrder of b.ts: the same commits, the same history.
    const { db, fileId } = historyOf([commit("c1", 100, ["a.ts", "b.ts"])]);
    createHistoryStore(db).addSymbols([
      {
        commit: "c1",
        files: new Map([
          ["a.ts", ["parseUser"]],
          ["b.ts", ["formatUser", "parseOrder", "other"]],
        ]),
      },
    ]);
    const id = db.prepare("SELECT id FROM history_symbols WHERE name = 'parseUser'").pluck().get() as number;
    const request = symbolRequest(id, fileId("a.ts"));
    const ranked = (options: Partial<CochangeRequest>) =>
      cochanged(db, { ...request, ...options }).entities.map((entity) => [entity.name, entity.score]);
    // without the name, every score is 1 and ties go by name
    expect(ranked({})).toEqual([
      ["formatUser", 1],
      ["other", 1],
      ["parseOrder", 1],
    ]);
    // each shares one word of three with parseUser: 5/6 × 1 + 1/6 × 1/3; "other" none: 5/6
    expect(ranked({ name: "parseUser" })).toEqual([
      ["formatUser", 5 / 6 + 1 / 18],
      ["parseOrder", 5 / 6 + 1 / 18],
      ["other", 5 / 6],
    ]);
    expect(ranked({ name: "parseUser", nameWeight: 0 }).map(([name]) => name)).toEqual([
      "formatUser",
      "other",
      "parseOrder",
    ]);
    // a new declaration (no history, answered from its file's commits) is ranked by its name too
    expect(ranked({ id: 0, name: "parseOrderLine" })[0]).toEqual(["parseOrder", expect.any(Number)]);
  });

  it("weighs a shared commit less the more files it touched: a pair edited alone outweighs one in a wide commit", () => {
    // b.ts and c.ts each shared one commit with a.ts, the same day: c.ts's touched 8 files, b.ts's 2
    const wide = Array.from({ length: 5 }, (_, index) => `w${index}.ts`);
    const { ask } = historyOf([commit("wide", 100, ["a.ts", "c.ts", ...wide]), commit("pair", 100, ["a.ts", "b.ts"])]);
    const files = ask("a.ts").files;
    expect(files.map((file) => file.path).slice(0, 2)).toEqual(["b.ts", "c.ts"]);
    // weights 1/log2(3) and 1/log2(8) = 1/3, over their sum
    const total = 1 / Math.log2(3) + 1 / 3;
    expect(files[0]?.recentConfidence).toBeCloseTo(1 / Math.log2(3) / total, 12);
    expect(files[1]?.recentConfidence).toBeCloseTo(1 / 3 / total, 12);
    // plain confidence cannot tell them apart
    expect(files.slice(0, 2).map((file) => file.confidence)).toEqual([0.5, 0.5]);
  });

  it("answers a file no commit changed from its nearest folder with commits, subfolders included, and no higher than the floor", () => {
    const { db, fileId } = historyOf([
      commit("c1", 1, ["src/locales/en.ts", "src/locales/index.ts"]),
      commit("c2", 2, ["src/locales/de/de.ts", "src/locales/index.ts", "src/core.ts"]),
      commit("c3", 3, ["src/core.ts", "src/api.ts"]),
      commit("c4", 4, ["src/locales/fr.ts", "other/x.ts"]),
    ]);
    const request = {
      level: "file",
      maxFilesPerCommit: 30,
      minSupport: 1,
      now: 4 * DAY,
      halfLifeDays: 10,
      includeDeleted: false,
      untilCommit: 3,
    } as const;
    // fr.ts's only commit is c4, after untilCommit: src/locales/ (c1, c2, with its subfolder de/) answers
    const fr = cochanged(db, { ...request, id: fileId("src/locales/fr.ts"), path: "src/locales/fr.ts" });
    expect(fr).toMatchObject({ basis: "folder", folder: "src/locales/", commits: 2 });
    expect(fr.entities.map((entity) => [entity.path, entity.support, entity.confidence, entity.throughFile])).toEqual([
      ["src/locales/index.ts", 2, 1, true],
      ["src/locales/en.ts", 1, 0.5, true],
      ["src/core.ts", 1, 0.5, true],
      ["src/locales/de/de.ts", 1, 0.5, true],
    ]);
    // a file in a folder with no commit walks up: src/ has c1 to c3
    expect(cochanged(db, { ...request, id: 0, path: "src/new/n.ts" })).toMatchObject({
      basis: "folder",
      folder: "src/",
      commits: 3,
    });
    // not above the floor, nor without a path
    expect(cochanged(db, { ...request, id: 0, path: "lib/n.ts", folderFloor: "lib/" })).toMatchObject({
      basis: "file",
      commits: 0,
      entities: [],
    });
    expect(cochanged(db, { ...request, id: 0, path: "lib/n.ts" })).toMatchObject({
      basis: "folder",
      folder: "",
      commits: 3,
    });
    expect(cochanged(db, { ...request, id: 0 })).toMatchObject({ basis: "file", commits: 0 });
  });
});

describe(foldersOf.name, () => {
  it("lists a path's folders innermost first, down to the floor", () => {
    expect(foldersOf("a/b/c.ts", "")).toEqual(["a/b/", "a/", ""]);
    expect(foldersOf("a/b/c.ts", "a/")).toEqual(["a/b/", "a/"]);
    expect(foldersOf("c.ts", "")).toEqual([""]);
    expect(foldersOf("c.ts", "a/")).toEqual([]);
  });
});

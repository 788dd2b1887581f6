import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { FileChangedError, writeAllOrNothing } from "./journaled-write.js";

afterAll(removeTempDirs);

function fileWith(dir: string, name: string, text: string, mode = 0o644): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  fs.chmodSync(file, mode);
  return file;
}

/** The root's entries but ts-graph's own folder, and what its journal folder holds. */
function leftIn(root: string): { files: string[]; journals: string[] } {
  const journalFolder = path.join(root, ".ts-graph", "edits");
  return {
    files: fs
      .readdirSync(root)
      .filter((name) => name !== ".ts-graph")
      .sort(),
    journals: fs.existsSync(journalFolder) ? fs.readdirSync(journalFolder) : [],
  };
}

describe(writeAllOrNothing.name, () => {
  it("replaces the file, keeps its mode and leaves no temporary file and no journal", () => {
    const dir = makeTempDir();
    const file = fileWith(dir, "a.ts", "old\n", 0o755);
    writeAllOrNothing(dir, [{ absolute: file, before: Buffer.from("old\n"), after: Buffer.from("new\n") }], {
      action: "test",
    });
    expect(fs.readFileSync(file, "utf8")).toBe("new\n");
    expect(fs.statSync(file).mode & 0o777).toBe(0o755);
    expect(leftIn(dir)).toEqual({ files: ["a.ts"], journals: [] });
  });

  it("leaves the old file when the rename fails", () => {
    const dir = makeTempDir();
    const file = fileWith(dir, "a.ts", "old\n");
    const failing = {
      rename: () => {
        throw new Error("simulated failure");
      },
    };
    expect(() =>
      writeAllOrNothing(dir, [{ absolute: file, before: Buffer.from("old\n"), after: Buffer.from("new\n") }], {
        action: "test",
        steps: failing,
      }),
    ).toThrow("simulated failure");
    expect(fs.readFileSync(file, "utf8")).toBe("old\n");
    expect(leftIn(dir)).toEqual({ files: ["a.ts"], journals: [] });
  });

  it("restores every file already replaced when a later one fails", () => {
    const dir = makeTempDir();
    const first = fileWith(dir, "a.ts", "a\n");
    const second = fileWith(dir, "b.ts", "b\n");
    let renames = 0;
    const failSecond = {
      rename(from: string, to: string) {
        renames += 1;
        if (renames === 2) throw new Error("simulated failure");
        fs.renameSync(from, to);
      },
    };
    expect(() =>
      writeAllOrNothing(
        dir,
        [
          { absolute: first, before: Buffer.from("a\n"), after: Buffer.from("A\n") },
          { absolute: second, before: Buffer.from("b\n"), after: Buffer.from("B\n") },
        ],
        { action: "test", steps: failSecond },
      ),
    ).toThrow("simulated failure");
    expect(fs.readFileSync(first, "utf8")).toBe("a\n");
    expect(fs.readFileSync(second, "utf8")).toBe("b\n");
    expect(leftIn(dir)).toEqual({ files: ["a.ts", "b.ts"], journals: [] });
  });

  it("refuses, writing nothing, when a file no longer holds the bytes the edit was computed from", () => {
    const dir = makeTempDir();
    const first = fileWith(dir, "a.ts", "a\n");
    const second = fileWith(dir, "b.ts", "changed meanwhile\n");
    expect(() =>
      writeAllOrNothing(
        dir,
        [
          { absolute: first, before: Buffer.from("a\n"), after: Buffer.from("A\n") },
          { absolute: second, before: Buffer.from("b\n"), after: Buffer.from("B\n") },
        ],
        { action: "test" },
      ),
    ).toThrow(FileChangedError);
    expect(fs.readFileSync(first, "utf8")).toBe("a\n");
    expect(fs.readFileSync(second, "utf8")).toBe("changed meanwhile\n");
    expect(leftIn(dir)).toEqual({ files: ["a.ts", "b.ts"], journals: [] });
  });

  it("removes the temporary files a dead process left in the folders it writes, and keeps a live process's", () => {
    const dir = makeTempDir();
    const file = fileWith(dir, "a.ts", "old\n");
    const dead = Number(
      spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout,
    );
    const ofDead = `.a.ts.ts-graph-edit-${dead}-0123abcd`;
    const ofLive = `.a.ts.ts-graph-edit-${process.pid}-0123abcd`;
    for (const name of [ofDead, ofLive]) fs.writeFileSync(path.join(dir, name), "x\n");
    writeAllOrNothing(dir, [{ absolute: file, before: Buffer.from("old\n"), after: Buffer.from("new\n") }], {
      action: "test",
    });
    expect(leftIn(dir)).toEqual({ files: [ofLive, "a.ts"].sort(), journals: [] });
  });

  it("writes nothing, and says where, when the journal cannot be written", () => {
    const dir = makeTempDir();
    const file = fileWith(dir, "a.ts", "old\n");
    fs.writeFileSync(path.join(dir, ".ts-graph"), "not a folder");
    expect(() =>
      writeAllOrNothing(dir, [{ absolute: file, before: Buffer.from("old\n"), after: Buffer.from("new\n") }], {
        action: "test",
      }),
    ).toThrow(/the edit's journal could not be written in \S+\.ts-graph\/edits \(.*\); nothing was written/);
    expect(fs.readFileSync(file, "utf8")).toBe("old\n");
    expect(fs.readdirSync(dir).sort()).toEqual([".ts-graph", "a.ts"]);
  });
});

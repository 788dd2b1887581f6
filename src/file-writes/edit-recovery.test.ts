import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { removeAbandonedTemporaries, temporaryPathFor } from "./durable-files.js";
import { journalOf, recoveryPlan } from "./edit-journal.js";
import { recoverInterruptedEdits } from "./edit-recovery.js";
import { BACK_SUFFIX, journalFolderOf, markRollingBack, writeJournal } from "./journal-files.js";

afterAll(removeTempDirs);

/** The pid of a process that has exited. */
function deadPid(): number {
  return Number(
    spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout,
  );
}

function temporaryOf(file: string, pid: number): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.ts-graph-edit-${pid}-0123abcd`);
}

/** A root with files a.ts, b.ts … holding `texts`, and a journal of process `pid` that changes each text to upper case. */
function interruptedEdit(texts: readonly string[], pid: number): { root: string; files: string[] } {
  const root = makeTempDir("ts-graph-recovery-");
  const files = texts.map((text, index) => {
    const file = path.join(root, "src", `${String.fromCharCode(97 + index)}.ts`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  });
  const journal = journalOf(
    root,
    "rename test",
    files.map((absolute, index) => ({
      absolute,
      temporary: temporaryOf(absolute, pid),
      before: Buffer.from(texts[index] ?? ""),
      after: Buffer.from((texts[index] ?? "").toUpperCase()),
    })),
  );
  writeJournal(root, { ...journal, pid });
  return { root, files };
}

const read = (file: string): string => fs.readFileSync(file, "utf8");

describe(recoveryPlan.name, () => {
  it("rolls forward the files still before, back the files already after when rolling back, and stops at a file changed since", () => {
    expect(recoveryPlan(["after", "before", "before"], false)).toEqual({ kind: "forward", rewrite: [1, 2] });
    expect(recoveryPlan(["after", "before", "before"], true)).toEqual({ kind: "back", rewrite: [0] });
    expect(recoveryPlan(["after", "after"], false)).toEqual({ kind: "forward", rewrite: [] });
    expect(recoveryPlan(["after", "changed", "before"], false)).toEqual({ kind: "blocked", changed: [1] });
  });
});

describe(removeAbandonedTemporaries.name, () => {
  it("removes the temporary files of a dead process and keeps those of a live one, unless older than an hour", async () => {
    const dir = makeTempDir();
    const file = path.join(dir, "a.ts");
    fs.writeFileSync(file, "a\n");
    const live = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
    try {
      const ofDead = temporaryOf(file, deadPid());
      const ofLiveChild = temporaryOf(file, live.pid ?? 0);
      const ofThisProcess = temporaryPathFor(file);
      const oldOfLive = path.join(dir, `.b.ts.ts-graph-edit-${String(live.pid)}-fedc0987`);
      const notATemporary = path.join(dir, ".a.ts.ts-graph-edit-notes");
      for (const temporary of [ofDead, ofLiveChild, ofThisProcess, oldOfLive, notATemporary])
        fs.writeFileSync(temporary, "new\n");
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      fs.utimesSync(oldOfLive, twoHoursAgo, twoHoursAgo);
      expect(removeAbandonedTemporaries([dir])).toBe(2);
      expect(fs.readdirSync(dir).sort()).toEqual(
        [path.basename(notATemporary), path.basename(ofLiveChild), path.basename(ofThisProcess), "a.ts"].sort(),
      );
    } finally {
      live.kill();
    }
  });
});

describe(recoverInterruptedEdits.name, () => {
  it("finishes the edit of a dead process: every file gets its bytes after, its temporary files and the journal are removed", () => {
    const pid = deadPid();
    const { root, files } = interruptedEdit(["a\n", "b\n", "c\n"], pid);
    const [first, second, third] = files as [string, string, string];
    fs.writeFileSync(first, "A\n");
    fs.writeFileSync(temporaryOf(second, pid), "B\n");
    const report = recoverInterruptedEdits(root);
    expect(report.blocked).toEqual([]);
    expect(report.finished).toEqual([
      expect.stringMatching(
        /\(rename test; process \d+\) was finished: 3 files hold the edit \(2 files written now\)$/,
      ),
    ]);
    expect([first, second, third].map(read)).toEqual(["A\n", "B\n", "C\n"]);
    expect(fs.readdirSync(path.dirname(first)).sort()).toEqual(["a.ts", "b.ts", "c.ts"]);
    expect(fs.readdirSync(journalFolderOf(root))).toEqual([]);
    expect(recoverInterruptedEdits(root)).toEqual({ finished: [], blocked: [] });
  });

  it("undoes the edit whose own process had started to roll it back (the journal's mark)", () => {
    const pid = deadPid();
    const { root, files } = interruptedEdit(["a\n", "b\n"], pid);
    fs.writeFileSync(files[0] ?? "", "A\n");
    const [base] = fs
      .readdirSync(journalFolderOf(root))
      .map((name) => path.join(journalFolderOf(root), name.replace(/\.journal$/, "")));
    markRollingBack({ base: base ?? "", file: `${base}.journal` });
    expect(fs.existsSync(`${base}${BACK_SUFFIX}`)).toBe(true);
    expect(recoverInterruptedEdits(root).finished).toEqual([
      expect.stringContaining("was undone: 2 files hold their text before it (1 file written now)"),
    ]);
    expect(files.map(read)).toEqual(["a\n", "b\n"]);
    expect(fs.readdirSync(journalFolderOf(root))).toEqual([]);
  });

  it("leaves the journal of a live process alone (an edit under way), and removes a journal cut while written by a dead one", () => {
    const { root, files } = interruptedEdit(["a\n"], process.pid);
    expect(recoverInterruptedEdits(root)).toEqual({ finished: [], blocked: [] });
    expect(files.map(read)).toEqual(["a\n"]);
    expect(fs.readdirSync(journalFolderOf(root))).toHaveLength(1);
    const partial = path.join(journalFolderOf(root), `edit-${deadPid()}-0123abcd.partial`);
    fs.writeFileSync(partial, '{"format":"ts-graph-edit-jou');
    recoverInterruptedEdits(root);
    expect(fs.existsSync(partial)).toBe(false);
  });

  it("writes nothing when a file changed since the edit (neither before nor after), says what to do, and finishes once it is put back", () => {
    const { root, files } = interruptedEdit(["a\n", "b\n", "c\n"], deadPid());
    const [first, second, third] = files as [string, string, string];
    fs.writeFileSync(first, "A\n");
    fs.writeFileSync(third, "the user's change\n");
    const report = recoverInterruptedEdits(root);
    expect(report.finished).toEqual([]);
    expect(report.blocked).toHaveLength(1);
    const message = report.blocked[0] ?? "";
    expect(message).toContain(
      "src/c.ts changed after it (it holds neither the text before the edit nor after). Nothing was written:",
    );
    expect(message).toContain(
      "  - src/a.ts: holds the edit\n  - src/b.ts: holds its text before the edit\n  - src/c.ts: changed since: it holds neither",
    );
    expect(message).toMatch(
      /The journal \S+\.ts-graph\/edits\/edit-\d+-[0-9a-f]{8}\.journal holds each file's text before and after the edit/,
    );
    expect(message).toContain("or, to keep every file as it is now, delete the journal.");
    expect([first, second, third].map(read)).toEqual(["A\n", "b\n", "the user's change\n"]);
    expect(fs.readdirSync(journalFolderOf(root))).toHaveLength(1);
    fs.writeFileSync(third, "c\n");
    expect(recoverInterruptedEdits(root).blocked).toEqual([]);
    expect([first, second, third].map(read)).toEqual(["A\n", "B\n", "C\n"]);
    expect(fs.readdirSync(journalFolderOf(root))).toEqual([]);
  });

  it("writes only regular source files of the root reached through no link: a journal that names anything else is refused whole", () => {
    const pid = deadPid();
    const outside = makeTempDir("ts-graph-recovery-outside-");
    // Every target holds the journal's text before the edit, so that nothing but the rules stops a roll forward.
    fs.writeFileSync(path.join(outside, "x.ts"), "a\n");
    const cases: readonly { readonly name: string; readonly file: string; readonly setUp?: (root: string) => void }[] =
      [
        {
          name: "through a link out of the root",
          file: "dotfiles/x.ts",
          setUp: (root) => fs.symlinkSync(outside, path.join(root, "dotfiles")),
        },
        {
          name: "through a link inside the root",
          file: "alias/a.ts",
          setUp: (root) => fs.symlinkSync(path.join(root, "src"), path.join(root, "alias")),
        },
        { name: "ts-graph's config", file: "ts-graph.config.json" },
        { name: "git's folder", file: ".git/hooks/pre-commit.ts" },
        { name: "ts-graph's folder", file: ".ts-graph/graph.ts" },
        { name: "not a source file", file: "notes.txt" },
        {
          name: "a file that is a link",
          file: "src/link.ts",
          setUp: (root) => fs.symlinkSync(path.join(outside, "x.ts"), path.join(root, "src/link.ts")),
        },
      ];
    for (const { name, file, setUp } of cases) {
      const { root, files } = interruptedEdit(["a\n"], pid);
      setUp?.(root);
      const target = path.join(root, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      if (!fs.existsSync(target)) fs.writeFileSync(target, "a\n");
      const [journalName] = fs.readdirSync(journalFolderOf(root));
      const journalFile = path.join(journalFolderOf(root), journalName ?? "");
      const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as {
        files: { path: string; temporary: string }[];
      };
      const first = journal.files[0];
      if (first === undefined) throw new Error("no file in the journal");
      journal.files.push({
        ...first,
        path: file,
        temporary: path.posix.join(path.posix.dirname(file), ".x.ts.ts-graph-edit-1-0123abcd"),
      });
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      const report = recoverInterruptedEdits(root);
      expect(report.finished, name).toEqual([]);
      expect(report.blocked, name).toEqual([expect.stringContaining(`names ${file}, which`)]);
      expect(read(files[0] ?? ""), name).toBe("a\n");
      expect(read(path.join(outside, "x.ts")), name).toBe("a\n");
      expect(read(target), name).toBe("a\n");
    }
  });

  it("writes nothing from a damaged journal, not even the files before the damaged one", () => {
    const { root, files } = interruptedEdit(["a\n", "b\n"], deadPid());
    const [journalName] = fs.readdirSync(journalFolderOf(root));
    const journalFile = path.join(journalFolderOf(root), journalName ?? "");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { files: { after: { text: string } }[] };
    const second = journal.files[1];
    if (second === undefined) throw new Error("no second file in the journal");
    second.after.text = "TAMPERED\n";
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    expect(recoverInterruptedEdits(root).blocked).toEqual([expect.stringContaining("is damaged")]);
    expect(files.map(read)).toEqual(["a\n", "b\n"]);
  });
});

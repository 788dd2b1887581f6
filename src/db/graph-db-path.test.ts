import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { checkOwnFile, GraphDbPathError, isRegularOrAbsent, removeIfRegular } from "./graph-db-path.js";

afterAll(removeTempDirs);

/** A folder with a regular file, a FIFO, a folder and a symbolic link to the regular file. */
function specimens(): { file: string; fifo: string; folder: string; link: string; absent: string } {
  const dir = makeTempDir("ts-graph-db-path-");
  const file = path.join(dir, "file");
  fs.writeFileSync(file, "x");
  const fifo = path.join(dir, "fifo");
  spawnSync("mkfifo", [fifo]);
  const folder = path.join(dir, "folder");
  fs.mkdirSync(folder);
  const link = path.join(dir, "link");
  fs.symlinkSync(file, link);
  return { file, fifo, folder, link, absent: path.join(dir, "absent") };
}

describe(isRegularOrAbsent.name, () => {
  it("is true of a regular file and of nothing, false of a FIFO, a folder, a symbolic link and a device", () => {
    const { file, fifo, folder, link, absent } = specimens();
    expect([file, absent].map(isRegularOrAbsent)).toEqual([true, true]);
    expect([fifo, folder, link, "/dev/null"].map(isRegularOrAbsent)).toEqual([false, false, false, false]);
  });
});

describe(removeIfRegular.name, () => {
  it("deletes a regular file and leaves anything else as it was", () => {
    const { file, fifo, folder, link, absent } = specimens();
    expect(removeIfRegular(link)).toBe(false);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(removeIfRegular(file)).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    expect(removeIfRegular(absent)).toBe(true);
    expect([fifo, folder].map(removeIfRegular)).toEqual([false, false]);
    expect(fs.lstatSync(fifo).isFIFO()).toBe(true);
    expect(fs.lstatSync(folder).isDirectory()).toBe(true);
  });
});

describe(checkOwnFile.name, () => {
  it("refuses a FIFO in the place of a database's own file, saying what it is", () => {
    const { file, fifo, absent } = specimens();
    expect(() => checkOwnFile(file)).not.toThrow();
    expect(() => checkOwnFile(absent)).not.toThrow();
    expect(() => checkOwnFile(fifo)).toThrow(GraphDbPathError);
    expect(() => checkOwnFile(fifo)).toThrow(
      /fifo is a FIFO \(named pipe\), not a file ts-graph made; remove it yourself/,
    );
  });
});

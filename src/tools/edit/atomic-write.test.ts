import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { ToolInputError } from "../tool-errors.js";
import { writeAllOrNothing } from "./atomic-write.js";

afterAll(removeTempDirs);

function fileWith(dir: string, name: string, text: string, mode = 0o644): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  fs.chmodSync(file, mode);
  return file;
}

describe(writeAllOrNothing.name, () => {
  it("replaces the file, keeps its mode and leaves no temporary file", () => {
    const dir = makeTempDir();
    const file = fileWith(dir, "a.ts", "old\n", 0o755);
    writeAllOrNothing([{ absolute: file, before: Buffer.from("old\n"), after: Buffer.from("new\n") }]);
    expect(fs.readFileSync(file, "utf8")).toBe("new\n");
    expect(fs.statSync(file).mode & 0o777).toBe(0o755);
    expect(fs.readdirSync(dir)).toEqual(["a.ts"]);
  });

  it("leaves the old file when the rename fails (a crash mid-write)", () => {
    const dir = makeTempDir();
    const file = fileWith(dir, "a.ts", "old\n");
    const failing = {
      rename: () => {
        throw new Error("simulated crash");
      },
    };
    expect(() => writeAllOrNothing([{ absolute: file, before: Buffer.from("old\n"), after: Buffer.from("new\n") }], failing)).toThrow(
      "simulated crash",
    );
    expect(fs.readFileSync(file, "utf8")).toBe("old\n");
    expect(fs.readdirSync(dir)).toEqual(["a.ts"]);
  });

  it("restores every file already replaced when a later one fails", () => {
    const dir = makeTempDir();
    const first = fileWith(dir, "a.ts", "a\n");
    const second = fileWith(dir, "b.ts", "b\n");
    let renames = 0;
    const failSecond = {
      rename(from: string, to: string) {
        renames += 1;
        if (renames === 2) throw new Error("simulated crash");
        fs.renameSync(from, to);
      },
    };
    expect(() =>
      writeAllOrNothing(
        [
          { absolute: first, before: Buffer.from("a\n"), after: Buffer.from("A\n") },
          { absolute: second, before: Buffer.from("b\n"), after: Buffer.from("B\n") },
        ],
        failSecond,
      ),
    ).toThrow("simulated crash");
    expect(fs.readFileSync(first, "utf8")).toBe("a\n");
    expect(fs.readFileSync(second, "utf8")).toBe("b\n");
    expect(fs.readdirSync(dir).sort()).toEqual(["a.ts", "b.ts"]);
  });

  it("refuses, writing nothing, when a file no longer holds the bytes the edit was computed from", () => {
    const dir = makeTempDir();
    const first = fileWith(dir, "a.ts", "a\n");
    const second = fileWith(dir, "b.ts", "changed meanwhile\n");
    expect(() =>
      writeAllOrNothing([
        { absolute: first, before: Buffer.from("a\n"), after: Buffer.from("A\n") },
        { absolute: second, before: Buffer.from("b\n"), after: Buffer.from("B\n") },
      ]),
    ).toThrow(ToolInputError);
    expect(fs.readFileSync(first, "utf8")).toBe("a\n");
    expect(fs.readFileSync(second, "utf8")).toBe("changed meanwhile\n");
    expect(fs.readdirSync(dir).sort()).toEqual(["a.ts", "b.ts"]);
  });
});

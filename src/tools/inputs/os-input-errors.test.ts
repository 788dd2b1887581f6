import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { inputErrorOf } from "./os-input-errors.js";
import { ToolInputError } from "../tool-errors.js";

function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

afterAll(removeTempDirs);

describe(inputErrorOf.name, () => {
  it("names the argument whose path the OS refused as too long", () => {
    const long = "x".repeat(300);
    const error = inputErrorOf(
      thrownBy(() => fs.statSync(path.join(os.tmpdir(), long))),
      { path: long, level: 2 },
    );
    expect(error).toBeInstanceOf(ToolInputError);
    expect(error?.message).toBe(
      "path: a path or file name is longer than the file system allows; give a shorter path (ENAMETOOLONG).",
    );
    expect(error?.details).toEqual({ code: "ENAMETOOLONG", arguments: ["path"] });
  });

  it("maps a path through a file (ENOTDIR), naming the list argument that holds it", () => {
    const file = path.join(makeTempDir(), "f.ts");
    fs.writeFileSync(file, "");
    const error = inputErrorOf(
      thrownBy(() => fs.readdirSync(file)),
      { pattern: "x", paths: ["a", file] },
    );
    expect(error?.message).toBe(
      "paths: a part of the path is a file, not a folder; give the path of an existing file or folder (ENOTDIR).",
    );
  });

  it("names every string argument when the error names none, and leaves other errors alone", () => {
    const e2big = Object.assign(new Error("spawn E2BIG"), { code: "E2BIG" });
    expect(inputErrorOf(e2big, { pattern: "p", glob: ["*.ts"], limit: 3 })?.message).toBe(
      "pattern, glob: the arguments are too long for the system to pass on; shorten them (E2BIG).",
    );
    expect(inputErrorOf(Object.assign(new Error("busy"), { code: "EBUSY" }), { path: "x" })).toBeUndefined();
    expect(inputErrorOf(new TypeError("bug"), { path: "x" })).toBeUndefined();
  });
});

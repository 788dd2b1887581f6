import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPathValidator } from "./path-validator.js";
import { ToolInputError } from "../tool-errors.js";

let base: string;
let root: string;
let outside: string;

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-paths-")));
  root = path.join(base, "root");
  outside = path.join(base, "outside");
  fs.mkdirSync(path.join(root, "src"), { recursive: true });
  fs.mkdirSync(path.join(root, ".ts-graph"));
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(root, "src", "a.ts"), "export const a = 1;\n");
  fs.writeFileSync(path.join(root, ".ts-graph", "graph.db"), "");
  fs.writeFileSync(path.join(outside, "secret.ts"), "export const s = 1;\n");
});

afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolInputError);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

describe(createPathValidator.name, () => {
  it("accepts relative and absolute paths inside the root and reports them relative to it", () => {
    const paths = createPathValidator([root]);
    expect(paths.validate("src/a.ts")).toEqual({
      absolute: path.join(root, "src", "a.ts"),
      root,
      relative: "src/a.ts",
      exists: true,
    });
    expect(paths.validate(path.join(root, "src")).relative).toBe("src");
    expect(paths.validate(".").relative).toBe("");
  });

  it("refuses ../ traversal and absolute paths outside every root", () => {
    const paths = createPathValidator([root]);
    expect(refusal(() => paths.validate("../outside/secret.ts"))).toMatch(/outside the workspace/);
    expect(refusal(() => paths.validate(path.join(outside, "secret.ts")))).toMatch(/outside the workspace/);
    expect(refusal(() => paths.validate("src/../../outside"))).toMatch(/outside the workspace/);
  });

  it("refuses a symbolic link that leads outside, for reading and for a new file beneath it", () => {
    fs.symlinkSync(outside, path.join(root, "escape"));
    fs.symlinkSync(path.join(outside, "secret.ts"), path.join(root, "src", "link.ts"));
    const paths = createPathValidator([root]);
    expect(refusal(() => paths.validate("escape/secret.ts"))).toMatch(/symbolic link/);
    expect(refusal(() => paths.validate("src/link.ts"))).toMatch(/symbolic link/);
    expect(refusal(() => paths.validate("escape/new-file.ts", { mustExist: false, forWrite: true }))).toMatch(
      /symbolic link/,
    );
  });

  it("follows a symbolic link that stays inside the root to its real path", () => {
    fs.symlinkSync(path.join(root, "src"), path.join(root, "alias"));
    expect(createPathValidator([root]).validate("alias/a.ts").relative).toBe("src/a.ts");
  });

  it("refuses a dangling symbolic link instead of writing through it", () => {
    fs.symlinkSync(path.join(outside, "not-yet.ts"), path.join(root, "src", "dangling.ts"));
    expect(
      refusal(() => createPathValidator([root]).validate("src/dangling.ts", { mustExist: false, forWrite: true })),
    ).toMatch(/symbolic link/);
  });

  it("accepts a file that does not exist yet only when asked, canonicalizing its nearest existing parent", () => {
    const paths = createPathValidator([root]);
    expect(refusal(() => paths.validate("src/new/b.ts"))).toMatch(/does not exist/);
    expect(paths.validate("src/new/b.ts", { mustExist: false })).toMatchObject({
      relative: "src/new/b.ts",
      exists: false,
    });
  });

  it("never lets a tool write ts-graph's database, its folder or its configuration", () => {
    const paths = createPathValidator([root], [path.join(base, "elsewhere.db")]);
    expect(paths.validate(".ts-graph/graph.db").exists).toBe(true);
    expect(refusal(() => paths.validate(".ts-graph/graph.db", { forWrite: true }))).toMatch(
      /own database or configuration/,
    );
    expect(refusal(() => paths.validate(".ts-graph/graph.db-wal", { mustExist: false, forWrite: true }))).toMatch(
      /own database/,
    );
    expect(refusal(() => paths.validate("ts-graph.config.json", { mustExist: false, forWrite: true }))).toMatch(
      /configuration/,
    );
    expect(paths.validate("src/a.ts", { forWrite: true }).relative).toBe("src/a.ts");
  });

  it("serves several roots and replaces them, dropping roots that do not exist", () => {
    const paths = createPathValidator([root]);
    expect(paths.setRoots([root, outside, path.join(base, "missing")]).dropped).toEqual([path.join(base, "missing")]);
    expect(paths.validate(path.join(outside, "secret.ts"))).toMatchObject({ root: outside, relative: "secret.ts" });
    paths.setRoots([]);
    expect(refusal(() => paths.validate("src/a.ts"))).toMatch(/No workspace root/);
  });

  it("protects the extra files given with the roots, and replaces them with the roots", () => {
    const db = path.join(root, "graph.sqlite");
    const paths = createPathValidator([root], [db]);
    expect(refusal(() => paths.validate("graph.sqlite-wal", { mustExist: false, forWrite: true }))).toMatch(
      /own database/,
    );
    expect(refusal(() => paths.validate("graph.sqlite.building-123", { mustExist: false, forWrite: true }))).toMatch(
      /own database/,
    );
    expect(
      refusal(() =>
        paths.validate("graph.sqlite.corrupt-2026-01-01T00-00-00-000Z", { mustExist: false, forWrite: true }),
      ),
    ).toMatch(/own database/);
    expect(paths.validate("graph.sqlite.txt", { mustExist: false, forWrite: true }).relative).toBe("graph.sqlite.txt");
    paths.setRoots([root]);
    expect(refusal(() => paths.validate("graph.sqlite", { mustExist: false, forWrite: true }))).toMatch(/own database/);
    paths.setRoots([root], []);
    expect(paths.validate("graph.sqlite", { mustExist: false, forWrite: true }).relative).toBe("graph.sqlite");
  });

  it("rejects NUL bytes", () => {
    expect(refusal(() => createPathValidator([root]).validate("src/a.ts\0.png"))).toMatch(/NUL/);
  });
});

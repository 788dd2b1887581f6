import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs, runCli } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

describe("a root that does not exist (subprocess)", () => {
  it("exits with 2 and a sentence, not a raw ENOENT, for every command that takes a root", () => {
    const missing = path.join(makeTempDir(), "no-such-project");
    const commands = [
      ["index", missing],
      ["snapshot", missing],
      ["status", "--root", missing],
      ["find", "anything", "--root", missing],
      ["serve", "-r", missing],
    ];
    for (const args of commands) {
      const result = runCli(args);
      expect(result.status, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toMatch(/does not exist; give the folder of a TypeScript project/);
      expect(result.stderr).not.toMatch(/ENOENT/);
    }
    expect(fs.existsSync(missing)).toBe(false);
  });

  it("exits with 2 when the root is a file", () => {
    const file = path.join(makeTempDir(), "a.ts");
    fs.writeFileSync(file, "export const a = 1;\n");
    const result = runCli(["index", file]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/is not a folder/);
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { outputTargetOf, writeOutput } from "./output-target.js";

afterAll(removeTempDirs);

describe(writeOutput.name, () => {
  it("replaces a regular file whole, keeping its mode, and follows no link planted where a temporary file could go", () => {
    const dir = makeTempDir("ts-graph-out-");
    const out = path.join(dir, "report.md");
    const victim = path.join(dir, "victim.txt");
    fs.writeFileSync(out, "old report\n", { mode: 0o640 });
    fs.chmodSync(out, 0o640);
    fs.writeFileSync(victim, "not yours\n");
    // Names a writer with a predictable temporary file would use: links to a file it must never touch.
    for (const name of [`report.md.tmp-${process.pid}`, `report.md.ts-graph-${process.pid}`])
      fs.symlinkSync(victim, path.join(dir, name));
    writeOutput(outputTargetOf(out), "new report\n");
    expect(fs.readFileSync(out, "utf8")).toBe("new report\n");
    expect(fs.lstatSync(out).isFile()).toBe(true);
    expect(fs.statSync(out).mode & 0o777).toBe(0o640);
    expect(fs.readFileSync(victim, "utf8")).toBe("not yours\n");
    expect(fs.readdirSync(dir).sort()).toEqual(
      ["report.md", `report.md.tmp-${process.pid}`, `report.md.ts-graph-${process.pid}`, "victim.txt"].sort(),
    );
  });

  it("creates a missing file and its folder, and writes through a link to a regular file (the link stays)", () => {
    const dir = makeTempDir("ts-graph-out-");
    const created = path.join(dir, "new", "snapshot.jsonl");
    writeOutput(outputTargetOf(created), "a\n");
    expect(fs.readFileSync(created, "utf8")).toBe("a\n");
    const real = path.join(dir, "real.md");
    fs.writeFileSync(real, "old\n");
    const link = path.join(dir, "link.md");
    fs.symlinkSync(real, link);
    writeOutput(outputTargetOf(link), "new\n");
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(real, "utf8")).toBe("new\n");
  });
});

describe(outputTargetOf.name, () => {
  it("refuses a path through a file, or with too long a name, as a usage error that says what to give", () => {
    const dir = makeTempDir("ts-graph-out-");
    fs.writeFileSync(path.join(dir, "plain"), "x");
    for (const [out, reason] of [
      [path.join(dir, "plain", "graph.dot"), /a part of the path is a file, not a folder/],
      [path.join(dir, "a".repeat(300), "graph.dot"), /longer than the file system allows/],
    ] as const) {
      expect(() => outputTargetOf(out)).toThrow(reason);
      try {
        outputTargetOf(out);
      } catch (error) {
        expect((error as Error).name).toBe("ConfigError");
      }
    }
  });
});

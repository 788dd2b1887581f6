import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, SAMPLE_PROJECTS, makeTempDir, removeTempDirs, runCli } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

/** Copies a folder creating its entries in the given order, so that directory order on disk differs. */
function copyInOrder(source: string, target: string, order: "forward" | "reverse"): void {
  fs.mkdirSync(target, { recursive: true });
  const entries = fs.readdirSync(source, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  if (order === "reverse") entries.reverse();
  for (const entry of entries) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) copyInOrder(from, to, order);
    else fs.copyFileSync(from, to);
  }
}

describe("ts-graph snapshot (subprocess)", () => {
  it("is byte-identical whatever the location and file-system order, and --out writes the same bytes", () => {
    const first = path.join(makeTempDir(), "web-app");
    const second = path.join(makeTempDir("elsewhere-"), "nested", "web-app");
    copyInOrder(path.join(SAMPLE_PROJECTS, "web-app"), first, "forward");
    copyInOrder(path.join(SAMPLE_PROJECTS, "web-app"), second, "reverse");
    const fromStdout = runCli(["snapshot", first]);
    expect(fromStdout.status).toBe(0);
    const out = path.join(makeTempDir(), "snapshot.jsonl");
    expect(runCli(["snapshot", second, "--out", out]).status).toBe(0);
    expect(fs.readFileSync(out, "utf8")).toBe(fromStdout.stdout);
    // The same bytes as the recorded golden graph of web-app (src/ingestion/run/golden, regenerated only after review).
    expect(fromStdout.stdout).toBe(
      fs.readFileSync(path.join(REPO_ROOT, "src", "ingestion", "run", "golden", "web-app.snapshot.jsonl"), "utf8"),
    );
  });

  it("brings the graph up to date before exporting it", () => {
    const root = path.join(makeTempDir(), "proj");
    fs.cpSync(path.join(SAMPLE_PROJECTS, "no-tsconfig"), root, { recursive: true });
    runCli(["index", root, "--quiet"]);
    fs.appendFileSync(path.join(root, "format.ts"), "\nexport function added(): void {}\n");
    expect(runCli(["snapshot", root]).stdout).toContain('"node":"format.ts:added"');
  });

  it("refuses an --out that is a folder with exit 2 and a sentence, and leaves no temporary file", () => {
    const root = path.join(makeTempDir(), "proj");
    fs.cpSync(path.join(SAMPLE_PROJECTS, "no-tsconfig"), root, { recursive: true });
    const outDir = path.join(makeTempDir(), "out");
    fs.mkdirSync(outDir);
    const result = runCli(["snapshot", root, "--out", outDir]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/is a folder; give the path of a file/);
    expect(fs.readdirSync(path.dirname(outDir))).toEqual(["out"]);
    expect(fs.readdirSync(outDir)).toEqual([]);
  });
});

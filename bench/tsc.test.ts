import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runTsc } from "./tsc.js";
import { HANG_MS } from "../src/test-support/patience.js";

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-tsc-test-"));
afterAll(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

/** A one-file project with one type error, and a tsconfig of the given compiler options. */
function project(name: string, compilerOptions: Record<string, unknown>): string {
  const dir = path.join(tmpDir, name);
  fs.mkdirSync(path.join(dir, "src"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "src", "a.ts"),
    'export const n: number = "not a number";\nexport const s: string = n.toFixed(2);\n',
  );
  const options = {
    strict: true,
    noEmit: true,
    types: [],
    target: "ES2022",
    lib: ["ES2022"],
    module: "ESNext",
    ...compilerOptions,
  };
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: options, include: ["src/**/*.ts"] }),
  );
  return dir;
}

describe(runTsc.name, () => {
  it("counts TypeScript 7's diagnostics like TypeScript 6's, and sees that both type-checked", async () => {
    const dir = project("checked", { moduleResolution: "Bundler" });
    const ts6 = await runTsc(dir, "tsconfig.json", tmpDir, HANG_MS, "ts6");
    const ts7 = await runTsc(dir, "tsconfig.json", tmpDir, HANG_MS, "ts7");
    expect(ts6.version).toMatch(/^6\./);
    expect(ts7.version).toMatch(/^7\./);
    for (const report of [ts6, ts7]) {
      expect(report.problems).toEqual([]);
      expect(report.checked).toBe(true);
      expect(report.diagnostics.byCode).toEqual({ TS2322: 1 });
      expect(report.diagnostics.byCategory.semantic).toBe(1);
      expect(report.programFiles).toBeGreaterThan(1);
      expect(report.maxRssKiB).toBeGreaterThan(0);
      expect(report.cpuMs).not.toBeNull();
    }
    expect(ts6.launcherRssKiB).toBeNull();
    expect(ts7.launcherRssKiB).toBeGreaterThan(0);
  });

  it("reports a TypeScript 7 run that refuses a removed option (baseUrl) as not type-checked, naming the option", async () => {
    const dir = project("removed-option", { moduleResolution: "Bundler", baseUrl: "." });
    const ts7 = await runTsc(dir, "tsconfig.json", tmpDir, HANG_MS, "ts7");
    expect(ts7.checked).toBe(false);
    expect(ts7.checkTimeMs).toBeNull();
    expect(ts7.diagnostics.byCategory.options).toBe(1);
    expect(ts7.diagnostics.byCategory.semantic).toBe(0);
    expect(ts7.problems.join("; ")).toMatch(/TS5102: Option 'baseUrl' has been removed/);
  });
});

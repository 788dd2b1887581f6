import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, readRssFile, runNodeMeasured, runTreeMeasured } from "./measure.js";
import { HANG_MS } from "../src/test-support/patience.js";

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-measure-test-"));
afterAll(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

const CHILD_MIB = 256;

describe(runTreeMeasured.name, () => {
  it("reports the peak RSS of the largest process of the tree (a child the launcher waits for), and the launcher's own", async () => {
    const child = path.join(tmpDir, "child.cjs");
    fs.writeFileSync(
      child,
      `const b = Buffer.alloc(${CHILD_MIB} * 1024 * 1024, 1); process.stdout.write(String(b[b.length - 1]));\n`,
    );
    const launcher = path.join(tmpDir, "launcher.cjs");
    fs.writeFileSync(
      launcher,
      `require("node:child_process").execFileSync(process.execPath, [${JSON.stringify(child)}], { stdio: "inherit" });\n`,
    );
    const result = await runTreeMeasured(launcher, [], { tmpDir, timeoutMs: HANG_MS });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe("1");
    expect(result.maxRssKiB).toBeGreaterThan(CHILD_MIB * 1024);
    expect(result.rootRssKiB).not.toBeNull();
    expect(result.rootRssKiB).toBeLessThan(CHILD_MIB * 1024);
    expect(result.cpuMs).not.toBeNull();
  });
});

describe(readRssFile.name, () => {
  it("adds the native lines whose ppid is the process to its own figures, and leaves other processes' native lines out", () => {
    const file = path.join(tmpDir, "usage.jsonl");
    const lines = [
      { pid: 4100, ppid: 4000, maxRSSKiB: 400_000, cpuMs: 8000 },
      { pid: 4101, ppid: 4100, maxRSSKiB: 300_000, cpuMs: 3000, native: true },
      { pid: 4102, ppid: 4100, maxRSSKiB: 200_000, cpuMs: 1500, native: true },
      // A sub-process's session (a daemon's, say): neither its native child nor its own line is the measured process's.
      { pid: 4201, ppid: 4200, maxRSSKiB: 900_000, cpuMs: 9000, native: true },
      { pid: 4200, ppid: 4100, maxRSSKiB: 150_000, cpuMs: 700 },
    ];
    fs.writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\nnot json\n`);
    expect(readRssFile(file, 4100)).toEqual({
      maxRssKiB: 900_000,
      cpuMs: 12_500,
      nodeRssKiB: 400_000,
      nodeCpuMs: 8000,
      nativeRssKiB: 500_000,
      nativeCpuMs: 4500,
      nativeChildren: 2,
      descendantsMaxRssKiB: 150_000,
    });
    // A native line without CPU (the tick rate unknown) leaves the total CPU unknown, not short.
    fs.appendFileSync(
      file,
      `${JSON.stringify({ pid: 4103, ppid: 4100, maxRSSKiB: 1000, cpuMs: null, native: true })}\n`,
    );
    expect(readRssFile(file, 4100)).toMatchObject({
      maxRssKiB: 901_000,
      cpuMs: null,
      nodeCpuMs: 8000,
      nativeCpuMs: null,
      nativeChildren: 3,
    });
  });
});

describe(runNodeMeasured.name, () => {
  it("counts the TypeScript 7 child its session ended, not the one of a sub-process's session (the built session, dist/)", async () => {
    const project = path.join(tmpDir, "project");
    fs.mkdirSync(project);
    fs.writeFileSync(
      path.join(project, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true }, files: ["m.ts"] }),
    );
    fs.writeFileSync(path.join(project, "m.ts"), "export const one: number = 1;\n");
    const script = path.join(tmpDir, "session.mjs");
    const sessionModule = pathToFileURL(path.join(REPO_ROOT, "dist", "engine", "ts7", "ts7-session.js")).href;
    fs.writeFileSync(
      script,
      [
        `import { execFileSync } from "node:child_process";`,
        `import { Ts7Session } from ${JSON.stringify(sessionModule)};`,
        `const session = new Ts7Session({ cwd: ${JSON.stringify(project)}, servedText: () => undefined });`,
        `session.update([${JSON.stringify(path.join(project, "tsconfig.json"))}], undefined);`,
        "session.close();",
        // The same in a sub-process, which inherits the variable: its native line names it as the parent.
        `if (process.argv[2] !== "sub") execFileSync(process.execPath, [import.meta.filename, "sub"], { stdio: "inherit" });`,
      ].join("\n"),
    );
    const result = await runNodeMeasured(script, [], { tmpDir, timeoutMs: HANG_MS });
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    expect(result.nativeChildren).toBe(1);
    expect(result.nativeRssKiB).toBeGreaterThan(10 * 1024);
    expect(result.nodeRssKiB).toBeGreaterThan(0);
    expect(result.maxRssKiB).toBe((result.nodeRssKiB ?? 0) + result.nativeRssKiB);
    expect(result.nativeCpuMs).toBeGreaterThanOrEqual(0);
    expect(result.cpuMs).toBe((result.nodeCpuMs ?? 0) + (result.nativeCpuMs ?? 0));
  });
});

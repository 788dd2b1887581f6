import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT, makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { Ts7Session } from "./ts7-session.js";

afterAll(removeTempDirs);

const VARIABLE = "TS_GRAPH_BENCH_RSS_FILE";
const saved = process.env[VARIABLE];
afterEach(() => {
  if (saved === undefined) delete process.env[VARIABLE];
  else process.env[VARIABLE] = saved;
});

/** A one-file project in a temp dir; its tsconfig's path. */
function tinyProject(): string {
  const dir = makeTempDir("ts-graph-native-usage-");
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, files: ["m.ts"] }),
  );
  fs.writeFileSync(path.join(dir, "m.ts"), "export function twice(n: number): number {\n  return n * 2;\n}\n");
  return path.join(dir, "tsconfig.json");
}

function readLines(file: string): Record<string, unknown>[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A native line of a child of `parent` with a plausible peak (a Go compiler holding a program: tens of MiB) and CPU. */
function expectNativeLine(line: Record<string, unknown> | undefined, parent: number): void {
  expect(line).toMatchObject({ ppid: parent, native: true });
  expect(line?.pid).toEqual(expect.any(Number));
  expect(line?.pid).not.toBe(parent);
  expect(line?.maxRSSKiB).toBeGreaterThan(10 * 1024);
  expect(line?.cpuMs).toBeGreaterThanOrEqual(0);
}

describe("the native child's usage report (benchmarks)", () => {
  it("with the bench's variable set, closing a session appends one native line: the child's peak RSS and CPU", () => {
    const config = tinyProject();
    const usageFile = path.join(path.dirname(config), "usage.jsonl");
    process.env[VARIABLE] = usageFile;
    const session = new Ts7Session({ cwd: path.dirname(config), servedText: () => undefined });
    try {
      session.update([config], undefined);
      expect(session.projectAt(config)?.fileNames()).toContain(path.join(path.dirname(config), "m.ts"));
    } finally {
      session.close();
    }
    session.close();
    const lines = readLines(usageFile);
    expect(lines).toHaveLength(1);
    expectNativeLine(lines[0], process.pid);
  });

  it("without the variable, a session writes nothing", () => {
    const config = tinyProject();
    delete process.env[VARIABLE];
    const session = new Ts7Session({ cwd: path.dirname(config), servedText: () => undefined });
    try {
      session.update([config], undefined);
    } finally {
      session.close();
    }
    expect(fs.readdirSync(path.dirname(config)).sort()).toEqual(["m.ts", "tsconfig.json"]);
  });

  it("a process that exits with its session still open appends the line on exit (the built session, dist/)", () => {
    const config = tinyProject();
    const usageFile = path.join(path.dirname(config), "usage.jsonl");
    const sessionModule = pathToFileURL(path.join(REPO_ROOT, "dist", "engine", "ts7", "ts7-session.js")).href;
    const script = [
      `import { Ts7Session } from ${JSON.stringify(sessionModule)};`,
      `const session = new Ts7Session({ cwd: ${JSON.stringify(path.dirname(config))}, servedText: () => undefined });`,
      `session.update([${JSON.stringify(config)}], undefined);`,
      "process.stdout.write(String(process.pid));",
      "process.exit(0);",
    ].join("\n");
    const exited = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      env: { ...process.env, [VARIABLE]: usageFile },
    });
    expect(exited.stderr).toBe("");
    expect(exited.status).toBe(0);
    const lines = readLines(usageFile);
    expect(lines).toHaveLength(1);
    expectNativeLine(lines[0], Number(exited.stdout));
  });
});

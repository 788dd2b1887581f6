import fc from "fast-check";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, makeTempDir, removeTempDirs, runCli } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

/**
 * `rename-symbol` in a real child process that kills itself (SIGKILL) at the kth write step of its edit
 * (`TS_GRAPH_CRASH_AT=edit:k`, db/crash-points.ts: the journal written, renamed into place, each temporary
 * file, each rename, the folders flushed, the journal removed), then the next command on the root: every
 * file of the rename is byte for byte as before or as after, all of them alike, and no temporary file or
 * journal is left.
 */

const RENAMED = ["src/total.ts", "src/a.ts", "src/b.ts", "src/c.ts"];
const OTHER = "src/other.ts";

function writeProject(root: string): void {
  fs.mkdirSync(path.join(root, "src"), { recursive: true });
  // No lib files: each child costs little more than loading TypeScript.
  fs.writeFileSync(
    path.join(root, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        noLib: true,
        types: [],
      },
      include: ["src"],
    }),
  );
  fs.writeFileSync(
    path.join(root, "src/total.ts"),
    "/** The sum. */\nexport function total(a: number, b: number): number {\n  return a + b;\n}\n",
  );
  for (const name of ["a", "b", "c"]) {
    fs.writeFileSync(
      path.join(root, `src/${name}.ts`),
      `import { total } from "./total";\n\nexport function ${name}Twice(n: number): number {\n  return total(n, n);\n}\n`,
    );
  }
  fs.writeFileSync(path.join(root, OTHER), "export function other(): number {\n  return 1;\n}\n");
}

type Contents = readonly Buffer[];

function contentsOf(root: string): Contents {
  return RENAMED.map((file) => fs.readFileSync(path.join(root, file)));
}

function restore(root: string, contents: Contents): void {
  for (const [index, file] of RENAMED.entries()) fs.writeFileSync(path.join(root, file), contents[index] ?? "");
}

/** Temporary files of edits anywhere in the root, and journal files. */
function leftovers(root: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (entry.name.includes(".ts-graph-edit-") || relative.startsWith(".ts-graph/edits/")) found.push(relative);
  }
  return found;
}

// --index: the graph is brought up to date with the files first (a test restores them between runs).
const RENAME = ["rename-symbol", "total", "sum", "--file", "src/total.ts", "--index"];

/** The rename in a child killed at its kth edit step: the signal that ended it (null when it finished). */
function killedRename(root: string, at: number): Promise<NodeJS.Signals | null> {
  const child = spawn(process.execPath, [CLI, ...RENAME, "--root", root], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, TS_GRAPH_CRASH_AT: `edit:${at}` },
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      if (signal === null) process.stderr.write(`rename at ${at} exited ${code}: ${stderr}\n`);
      resolve(signal);
    }),
  );
}

type NextCommand = "index" | "edit";

/** The command after the kill: an index, or an edit tool (a dry run on a file the rename does not touch). */
function runNext(root: string, command: NextCommand): ReturnType<typeof runCli> {
  return command === "index"
    ? runCli(["index", root], { cwd: root })
    : runCli(
        [
          "replace-symbol",
          "other",
          "--content",
          "export function other(): number {\n  return 2;\n}",
          "--dry-run",
          "--root",
          root,
        ],
        {
          cwd: root,
        },
      );
}

describe("an edit killed at any write step", () => {
  const root = makeTempDir("ts-graph-killed-edit-");
  let before: Contents = [];
  let after: Contents = [];
  /** How many steps the rename's write has (a child killed at each of them). */
  let steps = 0;

  beforeAll(async () => {
    writeProject(root);
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    before = contentsOf(root);
    // Count the steps: a child killed at step k for k = 1, 2, … until one finishes.
    for (let at = 1; (await killedRename(root, at)) === "SIGKILL"; at += 1) {
      steps = at;
      restore(root, before);
      fs.rmSync(path.join(root, ".ts-graph", "edits"), { recursive: true, force: true });
    }
    after = contentsOf(root);
    restore(root, before);
  });

  it("leaves, after the next command, every file as before or every file as after, and no temporary file or journal", async () => {
    // The journal (partial, then in place), 4 temporary files, 4 renames, the folders flushed, the journal removed.
    expect(steps).toBe(12);
    expect(after.map(String)).not.toEqual(before.map(String));
    // Every step, the next command alternating, then two at random.
    const examples = Array.from({ length: steps }, (_, index): [number, NextCommand] => [
      index + 1,
      index % 2 === 0 ? "index" : "edit",
    ]);
    let kills = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: steps }),
        fc.constantFrom<NextCommand>("index", "edit"),
        async (at, command) => {
          restore(root, before);
          expect(await killedRename(root, at)).toBe("SIGKILL");
          kills += 1;
          const next = runNext(root, command);
          expect(next.status, next.stderr).toBe(0);
          const now = contentsOf(root);
          const allBefore = now.every((content, index) => content.equals(before[index] ?? Buffer.alloc(0)));
          const allAfter = now.every((content, index) => content.equals(after[index] ?? Buffer.alloc(0)));
          expect({ at, allBefore, allAfter }).toEqual({ at, allBefore: at === 1, allAfter: at > 1 });
          expect(leftovers(root)).toEqual([]);
        },
      ),
      { seed: 11, numRuns: steps + 2, examples },
    );
    expect(kills).toBe(steps + 2);
  });

  it("refuses edits while a file of the interrupted rename was changed since, writes nothing, and finishes once the file is put back", async () => {
    restore(root, before);
    // Killed after its second rename: src/a.ts and src/b.ts hold the rename, src/c.ts and src/total.ts not yet.
    expect(await killedRename(root, 8)).toBe("SIGKILL");
    const changed = path.join(root, "src/total.ts");
    expect(fs.readFileSync(changed)).toEqual(before[0]);
    fs.writeFileSync(changed, "export function total(): number {\n  return 0;\n}\n");
    const held = contentsOf(root);
    const edit = runNext(root, "edit");
    expect(edit.status).toBe(2);
    expect(edit.stderr).toContain(
      "src/total.ts changed after it (it holds neither the text before the edit nor after). Nothing was written:",
    );
    expect(edit.stderr).toMatch(
      /The journal \S+\.ts-graph\/edits\/edit-\d+-[0-9a-f]{8}\.journal holds each file's text before and after/,
    );
    const index = runNext(root, "index");
    expect(index.status).toBe(0);
    expect(index.stderr).toContain("src/total.ts changed after it");
    // Said once: the command's own recovery and its index run's find the same journal.
    expect(index.stderr.split("src/total.ts changed after it")).toHaveLength(2);
    expect(contentsOf(root)).toEqual(held);
    expect(leftovers(root).filter((file) => file.startsWith(".ts-graph/edits/"))).toHaveLength(1);
    fs.writeFileSync(changed, before[0] ?? "");
    const retried = runNext(root, "edit");
    expect(retried.status, retried.stderr).toBe(0);
    expect(retried.stdout).toMatch(
      /an edit interrupted on \S+ \(rename src\/total\.ts:total → sum; process \d+\) was finished: 4 files hold the edit \(2 files written now\)/,
    );
    expect(contentsOf(root)).toEqual(after);
    expect(leftovers(root)).toEqual([]);
  });
});

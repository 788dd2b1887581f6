import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, REPO_ROOT, makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { git, makeDiffRepository } from "../test-support/git-repository.js";

afterAll(removeTempDirs);

/** The shell block docs/ci.md marks with `<!-- ci-shell-steps -->`, as written. */
function documentedSteps(): string {
  const doc = fs.readFileSync(path.join(REPO_ROOT, "docs", "ci.md"), "utf8");
  const match = /<!-- ci-shell-steps -->\n```sh\n([\s\S]*?)```/.exec(doc);
  if (match?.[1] === undefined) throw new Error("docs/ci.md has no ci-shell-steps block");
  return match[1];
}

/** Runs the steps with bash in root, `ts-graph` on the PATH, no TTY (pipes) and no network. */
function runSteps(root: string, script: string): { status: number | null; stderr: string } {
  const bin = makeTempDir("ts-graph-bin-");
  fs.writeFileSync(path.join(bin, "ts-graph"), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, {
    mode: 0o755,
  });
  const env = {
    PATH: `${bin}:${process.env.PATH ?? ""}`,
    HOME: root,
    BASE_REF: "main",
    GIT_TERMINAL_PROMPT: "0",
    npm_config_offline: "true",
  };
  const result = spawnSync("bash", ["-c", script], {
    cwd: root,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { status: result.status, stderr: result.stderr };
}

describe("the shell steps of docs/ci.md", () => {
  it("run in order on a pull request branch: a comment, a snapshot, a cached base graph, and the breaking gate's exit code", () => {
    const repo = makeDiffRepository();
    git(repo.root, "checkout", "-q", "-b", "feature");
    git(repo.root, "branch", "-f", "main", repo.base);
    const steps = documentedSteps();

    const first = runSteps(repo.root, steps);
    expect(first.status).toBe(3);
    // The base is indexed in full into the cache; the fresh checkout's graph starts from a copy of it.
    expect(first.stderr).toMatch(/ts-graph: [0-9a-f]{40} \([0-9a-f]{12}\): full index run/);
    expect(first.stderr).toMatch(/ts-graph: \.: incremental index run, 3 of 4 files extracted/);
    const comment = fs.readFileSync(path.join(repo.root, "ts-graph-diff.md"), "utf8");
    expect(comment.startsWith("<!-- ts-graph-diff -->\n")).toBe(true);
    expect(comment).toContain("**Failed** (`--fail-on breaking`): 2 breaking API changes.");
    // The comment is sized for GitHub and names the complete report, kept beside it as an artifact.
    expect(comment.length).toBeLessThanOrEqual(60_000);
    expect(comment).toContain("the full report, `ts-graph-diff-full.md`.");
    const full = fs.readFileSync(path.join(repo.root, "ts-graph-diff-full.md"), "utf8");
    expect(full).toContain("<details><summary>Exported API (3)</summary>");
    const snapshot = fs.readFileSync(path.join(repo.root, "ts-graph-snapshot.jsonl"), "utf8");
    expect(snapshot.startsWith('{"format":"ts-graph-snapshot"')).toBe(true);
    expect(snapshot).toContain('"node":"src/text.ts:shout"');
    expect(fs.existsSync(path.join(repo.root, ".ts-graph-cache", "base.db"))).toBe(true);
    expect(git(repo.root, "worktree", "list").split("\n")).toHaveLength(1);

    // The next run of the pipeline restores the cache: the same comment, from the cached base graph.
    const second = runSteps(repo.root, steps);
    expect(second.status).toBe(3);
    // The cached base graph, restored into another worktree folder, is reused as it is.
    expect(second.stderr).toMatch(/ts-graph: [0-9a-f]{40} \([0-9a-f]{12}\): noop index run/);
    expect(fs.readFileSync(path.join(repo.root, "ts-graph-diff.md"), "utf8")).toBe(comment);
  });
});

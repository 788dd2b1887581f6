import { spawnSync } from "node:child_process";

/**
 * The git commands history ingestion runs, and what they mean for it. The IO edge of src/history/: every
 * other module there is pure or writes to SQLite.
 */

const MAX_OUTPUT = 1 << 30;

export type GitState =
  | { readonly status: "ready"; readonly toplevel: string; readonly head: string; readonly shallow: boolean }
  | { readonly status: "unavailable"; readonly why: string; readonly fix: string };

export function runGit(
  cwd: string,
  args: readonly string[],
  input?: Buffer,
): { readonly ok: boolean; readonly stdout: Buffer; readonly stderr: string } {
  const result = spawnSync("git", ["-c", "core.quotePath=false", ...args], { cwd, input, maxBuffer: MAX_OUTPUT });
  if (result.error !== undefined) return { ok: false, stdout: Buffer.alloc(0), stderr: result.error.message };
  return { ok: result.status === 0, stdout: result.stdout, stderr: result.stderr.toString("utf8").trim() };
}

/**
 * Whether git can be used at dir: git installed, dir inside a work tree with at least one commit. One `git
 * rev-parse` answers all of it (a history already up to date costs this one process): it prints the top level
 * and whether the clone is shallow before it fails on a HEAD that does not exist yet.
 */
export function gitStateAt(dir: string): GitState {
  const result = spawnSync("git", ["rev-parse", "--show-toplevel", "--is-shallow-repository", "--verify", "HEAD"], {
    cwd: dir,
    maxBuffer: MAX_OUTPUT,
  });
  if (result.error !== undefined)
    return {
      status: "unavailable",
      why: `git cannot be run (${result.error.message})`,
      fix: "Install git and make sure it is on the PATH.",
    };
  const [toplevel, shallow, head] = result.stdout
    .toString("utf8")
    .split("\n")
    .map((line) => line.trim());
  if (toplevel === undefined || toplevel === "" || shallow === undefined || shallow === "") {
    return {
      status: "unavailable",
      why: `${dir} is not inside a git repository`,
      fix: "Co-change needs the project's git history: run ts-graph in a clone.",
    };
  }
  if (result.status !== 0 || head === undefined || !/^[0-9a-f]{40,64}$/.test(head)) {
    return {
      status: "unavailable",
      why: "the repository has no commit yet",
      fix: "Commit once; co-change reads the history of commits.",
    };
  }
  return { status: "ready", toplevel, head, shallow: shallow === "true" };
}

/** Whether `ancestor` is an ancestor of (or equal to) `commit`: false when it is not, or no longer exists. */
export function isAncestor(toplevel: string, ancestor: string, commit: string): boolean {
  return runGit(toplevel, ["merge-base", "--is-ancestor", ancestor, commit]).ok;
}

/**
 * The text of many file versions at once, through one `git cat-file --batch`: `<commit>:<path>` each; a
 * version that does not exist (or is not a file) is undefined.
 */
export function readFileVersions(toplevel: string, requests: readonly string[]): (string | undefined)[] {
  if (requests.length === 0) return [];
  const result = runGit(toplevel, ["cat-file", "--batch"], Buffer.from(`${requests.join("\n")}\n`, "utf8"));
  if (!result.ok) throw new Error(`git cat-file failed: ${result.stderr}`);
  const output = result.stdout;
  const texts: (string | undefined)[] = [];
  let offset = 0;
  for (let index = 0; index < requests.length; index += 1) {
    const headerEnd = output.indexOf(0x0a, offset);
    if (headerEnd < 0) throw new Error("git cat-file ended early");
    const header = output.subarray(offset, headerEnd).toString("utf8");
    offset = headerEnd + 1;
    const match = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
    if (match === null) {
      texts.push(undefined);
      continue;
    }
    const size = Number(match[2]);
    texts.push(match[1] === "blob" ? output.subarray(offset, offset + size).toString("utf8") : undefined);
    offset += size + 1;
  }
  return texts;
}

import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { countTokens } from "../../src/tools/answer/token-count.js";
import { CORPORA_DIR } from "../corpus.js";
import { REPO_ROOT, log } from "../measure.js";
import { coupled, cochangedFiles, parseNameOnlyLog, sharedCommits } from "./cochange-truth.js";
import type { KindPlan } from "./task.js";

/** The zod repository with its history (../shared/corpora/zod-history.bundle, see its README), cloned git-ignored. */
export const HISTORY_CORPUS = "zod-history";
/** ../shared/corpora from the project root (a checkout), or from two levels up (a worktree under wt/). */
const BUNDLES = [path.resolve(REPO_ROOT, "..", "shared"), path.resolve(REPO_ROOT, "..", "..", "shared")].map((dir) =>
  path.join(dir, "corpora", "zod-history.bundle"),
);
/** The tool's defaults: commits over 30 files are left out; 20 entries listed. */
const MAX_FILES_PER_COMMIT = 30;
const LIMIT = 20;
/** A file is coupled to the target from two shared commits on: one shared commit is a coincidence. */
const MIN_SUPPORT = 2;

export function prepareHistoryCorpus(): string {
  const dir = path.join(CORPORA_DIR, HISTORY_CORPUS);
  if (fs.existsSync(path.join(dir, ".git"))) return dir;
  const bundle = BUNDLES.find((file) => fs.existsSync(file));
  if (bundle === undefined) throw new Error(`${HISTORY_CORPUS}: no bundle at ${BUNDLES.join(" or ")}`);
  log(`${HISTORY_CORPUS}: cloning ${bundle} ...`);
  fs.mkdirSync(CORPORA_DIR, { recursive: true });
  execFileSync("git", ["clone", "--quiet", bundle, dir], { stdio: "inherit" });
  return dir;
}

const gitLog = (root: string, paths: readonly string[]): string =>
  execFileSync("git", ["log", "--no-merges", "--format=commit %h", "--name-only", "--full-diff", "--", ...paths], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });

/**
 * Co-change tasks: TypeScript sources under packages/zod/src (tests left out) that at least five commits of at most
 * 30 files changed, in a stable hash order. Truth: the files sharing at least two such commits with the target,
 * from git itself; recall counts at most the 20 entries the answer lists by default. The baseline agent runs one
 * `git log --name-only --full-diff -- FILE`, reads it whole and ranks the files by shared commits.
 */
export function cochangePlan(root: string, count: number): KindPlan {
  const commits = parseNameOnlyLog(gitLog(root, []));
  const head = new Set(
    execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).split("\n"),
  );
  const touched = new Map<string, number>();
  for (const commit of commits)
    if (commit.files.length <= MAX_FILES_PER_COMMIT)
      for (const file of commit.files) touched.set(file, (touched.get(file) ?? 0) + 1);
  const candidates = [...touched]
    .filter(
      ([file, n]) =>
        n >= 5 &&
        head.has(file) &&
        /^packages\/zod\/src\/.*\.ts$/.test(file) &&
        !/\.(?:test|spec)\.ts$|\/tests?\//.test(file),
    )
    .map(([file]) => file);
  const hash = (text: string): number => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h;
  };
  const chosen = candidates.sort((a, b) => hash(a) - hash(b) || a.localeCompare(b)).slice(0, count);
  return {
    kind: "co-change",
    tasks: chosen.map((file) => ({
      label: file,
      toolArgs: ["cochange", file],
      parse: cochangedFiles,
      truth: coupled(sharedCommits(commits, file, MAX_FILES_PER_COMMIT), MIN_SUPPORT),
      recallCap: LIMIT,
      grep: () => {
        const out = gitLog(root, [file]);
        const items = coupled(sharedCommits(parseNameOnlyLog(out), file, MAX_FILES_PER_COMMIT), MIN_SUPPORT).slice(
          0,
          LIMIT,
        );
        return { items, tokens: countTokens(out) };
      },
    })),
  };
}

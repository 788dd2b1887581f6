/**
 * Co-change truth from the git history itself, read independently of ts-graph: the files that changed in the same
 * commits as a target, in `git log --no-merges --name-only --format='commit %h'` output.
 */

export interface LoggedCommit {
  readonly id: string;
  readonly files: readonly string[];
}

/** The commits of `git log --name-only --format='commit %h'` output, each with the files it changed. */
export function parseNameOnlyLog(text: string): LoggedCommit[] {
  const commits: { id: string; files: string[] }[] = [];
  for (const line of text.split("\n")) {
    const header = /^commit ([0-9a-f]+)$/.exec(line);
    if (header?.[1] !== undefined) commits.push({ id: header[1], files: [] });
    else if (line.trim() !== "") commits.at(-1)?.files.push(line.trim());
  }
  return commits;
}

/**
 * Files changed together with `target`: shared commits per file, over the commits that changed the target and at
 * most `maxFiles` files (bigger commits are sweeps, not coupling), the target itself left out.
 */
export function sharedCommits(commits: readonly LoggedCommit[], target: string, maxFiles: number): Map<string, number> {
  const support = new Map<string, number>();
  for (const commit of commits) {
    if (commit.files.length > maxFiles || !commit.files.includes(target)) continue;
    for (const file of commit.files) if (file !== target) support.set(file, (support.get(file) ?? 0) + 1);
  }
  return support;
}

/** The files with at least `minSupport` shared commits, most first (then by path). */
export function coupled(support: ReadonlyMap<string, number>, minSupport: number): string[] {
  return [...support]
    .filter(([, count]) => count >= minSupport)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([file]) => file);
}

/** The files a `cochange <file>` text answer lists: `path  support N …` lines. */
export function cochangedFiles(text: string): string[] {
  const files: string[] = [];
  for (const line of text.split("\n")) {
    const match = /^(\S+) {2}support \d+/.exec(line);
    if (match?.[1] !== undefined) files.push(match[1]);
  }
  return files;
}

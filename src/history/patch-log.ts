import { unquotePath } from "./name-status-log.js";

/**
 * Reads which lines each commit changed, from `git log -p -U0 --no-prefix` (PATCH_LOG_ARGS): for every file a
 * commit changed, the lines of its new version that the commit added or rewrote. Pure: text in, ranges out.
 * A hunk that only removes lines touches no line of the new version: it is recorded as the line the removal
 * happened after (the line before the gap; line 1 at the top), so the declaration around the gap counts as
 * changed.
 */
export const PATCH_LOG_ARGS = [
  "log",
  "--no-merges",
  "-M",
  "-p",
  "-U0",
  "--no-prefix",
  "--no-color",
  "--no-ext-diff",
  "--format=commit %H",
] as const;

export interface LineRange {
  /** First line (1-based) of the new version. */
  readonly start: number;
  /** Last line, inclusive. */
  readonly end: number;
}

export interface FilePatch {
  /** The path after the commit; for a deleted file, the path it had. */
  readonly path: string;
  readonly deleted: boolean;
  /** Changed lines of the new version, in order (empty for a deleted or binary file). */
  readonly ranges: readonly LineRange[];
}

export interface CommitPatch {
  readonly id: string;
  readonly files: readonly FilePatch[];
}

const HUNK = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Commits in the order the log lists them (newest first). */
export function parsePatchLog(text: string): CommitPatch[] {
  const commits: { id: string; files: FilePatch[] }[] = [];
  let file: { path: string; deleted: boolean; ranges: LineRange[] } | undefined;
  let oldPath: string | undefined;
  /** Content lines of the current hunk still to come: they are skipped, whatever they start with. */
  let hunkLines = 0;
  for (const rawLine of text.split("\n")) {
    const line = rawLine.replace(/\r$/, "");
    if (hunkLines > 0) {
      if (line.startsWith("+") || line.startsWith("-") || line.startsWith(" ")) {
        hunkLines -= 1;
        continue;
      }
      if (line.startsWith("\\")) continue;
      hunkLines = 0;
    }
    const commit = commits.at(-1);
    if (line.startsWith("commit ") && !line.includes("\t")) {
      commits.push({ id: line.slice("commit ".length).trim(), files: [] });
      file = undefined;
      continue;
    }
    if (commit === undefined) continue;
    if (line.startsWith("diff --git ")) {
      file = undefined;
      oldPath = undefined;
    } else if (line.startsWith("--- ")) {
      oldPath = line === "--- /dev/null" ? undefined : unquotePath(line.slice(4));
    } else if (line.startsWith("+++ ")) {
      const deleted = line === "+++ /dev/null";
      const path = deleted ? oldPath : unquotePath(line.slice(4));
      if (path === undefined) continue;
      file = { path, deleted, ranges: [] };
      commit.files.push(file);
    } else if (file !== undefined && line.startsWith("@@ ")) {
      const match = HUNK.exec(line);
      if (match === null) continue;
      const oldCount = match[1] === undefined ? 1 : Number(match[1]);
      const start = Number(match[2]);
      const count = match[3] === undefined ? 1 : Number(match[3]);
      hunkLines = oldCount + count;
      if (!file.deleted)
        file.ranges.push(
          count === 0 ? { start: Math.max(1, start), end: Math.max(1, start) } : { start, end: start + count - 1 },
        );
    }
  }
  return commits;
}

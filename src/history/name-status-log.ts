/**
 * Reads the history of a repository as `git log --no-merges -M --name-status` prints it with the format
 * `commit %H%nDate: %ct%nSubject: %s` (NAME_STATUS_LOG_ARGS): one block per commit, newest first, each
 * followed by one line per file it added (A), modified (M), deleted (D), changed the type of (T), renamed
 * (R<score>, old and new path) or copied (C<score>). Pure: text in, commits out.
 */

/** The git arguments whose output parseNameStatusLog reads (after `git`). */
export const NAME_STATUS_LOG_ARGS = [
  "log",
  "--no-merges",
  "-M",
  "--name-status",
  "--format=commit %H%nDate: %ct%nSubject: %s",
] as const;

export type FileChangeStatus = "A" | "M" | "D" | "T" | "R" | "C";

export interface FileChange {
  readonly status: FileChangeStatus;
  /** The path after the commit (for a deletion, the path deleted). Forward slashes, relative to the repository. */
  readonly path: string;
  /** For a rename or a copy: the path before. */
  readonly fromPath?: string;
}

export interface HistoryCommit {
  /** The full commit id. */
  readonly id: string;
  /** Committer time, in seconds since the epoch. */
  readonly time: number;
  readonly subject: string;
  readonly changes: readonly FileChange[];
}

const STATUS_LINE = /^([AMDTRC])(\d*)\t([^\t]+)(?:\t([^\t]+))?$/;

export class HistoryFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`${message} (line ${line} of the git log output)`);
    this.name = "HistoryFormatError";
  }
}

/** Commits in the order the log lists them (newest first). Unknown status letters (U, X) are an error. */
export function parseNameStatusLog(text: string): HistoryCommit[] {
  const commits: HistoryCommit[] = [];
  let current: { id: string; time: number; subject: string; changes: FileChange[] } | undefined;
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index += 1) {
    const line = (lines[index] ?? "").replace(/\r$/, "");
    if (line.startsWith("commit ")) {
      current = { id: line.slice("commit ".length).trim(), time: Number.NaN, subject: "", changes: [] };
      commits.push(current);
      continue;
    }
    if (line === "") continue;
    if (current === undefined) throw new HistoryFormatError("a line before the first `commit` line", index + 1);
    if (line.startsWith("Date: ") && Number.isNaN(current.time)) {
      current.time = Number(line.slice("Date: ".length));
      if (!Number.isFinite(current.time))
        throw new HistoryFormatError(`a date that is not a unix time: ${line}`, index + 1);
      continue;
    }
    if (line.startsWith("Subject: ") && current.changes.length === 0 && current.subject === "") {
      current.subject = line.slice("Subject: ".length);
      continue;
    }
    current.changes.push(parseStatusLine(line, index + 1));
  }
  for (const commit of commits) {
    if (Number.isNaN(commit.time)) throw new HistoryFormatError(`commit ${commit.id} has no Date line`, 0);
  }
  return commits;
}

function parseStatusLine(line: string, lineNumber: number): FileChange {
  const match = STATUS_LINE.exec(line);
  if (match === null)
    throw new HistoryFormatError(`not a name-status line: ${JSON.stringify(line.slice(0, 200))}`, lineNumber);
  const status = match[1] as FileChangeStatus;
  const first = unquotePath(match[3] ?? "");
  const second = match[4] === undefined ? undefined : unquotePath(match[4]);
  if (status === "R" || status === "C") {
    if (second === undefined)
      throw new HistoryFormatError(`a ${status === "R" ? "rename" : "copy"} with one path`, lineNumber);
    return { status, path: second, fromPath: first };
  }
  return { status, path: first };
}

const ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  '"': '"',
  "\\": "\\",
  a: "\x07",
  b: "\b",
  f: "\f",
  r: "\r",
  v: "\v",
};

/**
 * Git writes a path with unusual characters in C-style quotes (`"caf\303\251.ts"`): octal escapes are UTF-8
 * bytes. Other paths are as they are.
 */
export function unquotePath(text: string): string {
  if (!(text.length >= 2 && text.startsWith('"') && text.endsWith('"'))) return text;
  const bytes: number[] = [];
  const chars = [...text.slice(1, -1)];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] ?? "";
    if (char !== "\\") {
      bytes.push(...Buffer.from(char, "utf8"));
      continue;
    }
    const octal = /^[0-7]{3}/.exec(chars.slice(index + 1, index + 4).join(""));
    if (octal !== null) {
      bytes.push(Number.parseInt(octal[0], 8));
      index += 3;
    } else {
      const escaped = chars[index + 1] ?? "";
      bytes.push(...Buffer.from(ESCAPES[escaped] ?? escaped, "utf8"));
      index += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

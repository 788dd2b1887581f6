import { spawn, type ChildProcessByStdio } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import type { Readable } from "node:stream";
import { ToolInputError, ToolUnavailableError } from "../tool-errors.js";

/** One line ripgrep printed: a match or a context line around one. */
export interface RipgrepLine {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly isMatch: boolean;
  /** 1-based column of the first match on the line (matches only). */
  readonly column: number | undefined;
}

export interface RipgrepRequest {
  readonly cwd: string;
  readonly pattern: string;
  readonly literal: boolean;
  readonly ignoreCase: boolean;
  /** The caller's globs, then those that keep ripgrep out of git's folder and ts-graph's database (they win: last). */
  readonly globs: readonly string[];
  /** Relative to cwd; empty for all of cwd. */
  readonly paths: readonly string[];
  readonly context: number;
  /** Stop after this many matching lines. */
  readonly maxMatches: number;
  readonly timeoutMs: number;
}

export interface RipgrepResult {
  readonly lines: readonly RipgrepLine[];
  /** ripgrep was stopped early: more matches than maxMatches, or the time limit. */
  readonly truncated: boolean;
  readonly timedOut: boolean;
  /** What ripgrep reported on stderr while still answering (unreadable files, say). */
  readonly warnings: readonly string[];
  /** Every file was filtered out (globs, paths, .gitignore): ripgrep searched none. */
  readonly noFilesSearched: boolean;
}

/** Where the ripgrep binary is: @vscode/ripgrep's, loaded only when a search runs. */
export async function locateRipgrep(): Promise<string> {
  const fix =
    "Run `npm install` in ts-graph's folder: it installs @vscode/ripgrep and the ripgrep binary for this platform";
  let rgPath: string;
  try {
    ({ rgPath } = await import("@vscode/ripgrep"));
  } catch (error) {
    throw new ToolUnavailableError(
      `the ripgrep package is missing (${error instanceof Error ? error.message : String(error)})`,
      fix,
    );
  }
  if (!fs.existsSync(rgPath)) throw new ToolUnavailableError(`the ripgrep binary is missing at ${rgPath}`, fix);
  return rgPath;
}

/** ripgrep's arguments: JSON output sorted by path (a stable answer), .gitignore honoured even outside a git repository. */
function ripgrepArgs(request: RipgrepRequest): string[] {
  return [
    "--json",
    "--sort=path",
    "--no-require-git",
    "--no-ignore-parent",
    "--glob=!node_modules",
    ...(request.literal ? ["--fixed-strings"] : []),
    ...(request.ignoreCase ? ["--ignore-case"] : []),
    ...(request.context > 0 ? [`--context=${request.context}`] : []),
    ...request.globs.map((glob) => `--glob=${glob}`),
    `--regexp=${request.pattern}`,
    "--",
    ...request.paths,
  ];
}

interface RgText {
  readonly text?: string;
  readonly bytes?: string;
}

interface RgEvent {
  readonly type: string;
  readonly data: {
    readonly path?: RgText;
    readonly lines?: RgText;
    readonly line_number?: number | null;
    readonly submatches?: readonly { readonly start: number }[];
  };
}

function decode(value: RgText | undefined): string {
  if (value?.text !== undefined) return value.text;
  return value?.bytes === undefined ? "" : Buffer.from(value.bytes, "base64").toString("utf8");
}

function toLine(event: RgEvent): RipgrepLine | undefined {
  if ((event.type !== "match" && event.type !== "context") || typeof event.data.line_number !== "number")
    return undefined;
  const text = decode(event.data.lines).replace(/\r?\n$/, "");
  const start = event.data.submatches?.[0]?.start;
  return {
    file: decode(event.data.path),
    line: event.data.line_number,
    text,
    isMatch: event.type === "match",
    // ripgrep gives byte offsets; columns count characters.
    column: start === undefined ? undefined : Buffer.from(text).subarray(0, start).toString("utf8").length + 1,
  };
}

/** ripgrep's message when its filters left no file to search (exit code 2). */
const NO_FILES_SEARCHED = /No files were searched/;

/** A pattern ripgrep could not compile: the caller's mistake, reported with ripgrep's own explanation. */
function patternError(stderr: string): ToolInputError | undefined {
  const message = stderr.replace(/^rg: /, "").split("\n")[0]?.trim() ?? "";
  if (/error parsing glob/i.test(stderr)) {
    return new ToolInputError(
      `Invalid glob: ${message}\n(Globs are gitignore-style: escape [ ] { } with a backslash to match them as they are.)`,
    );
  }
  if (/literal "\\n" is not allowed in a regex/i.test(stderr)) {
    return new ToolInputError(
      "Invalid pattern: it holds a line break, and search matches within one line; search for each line apart.",
    );
  }
  if (!/regex parse error|error parsing regex|regex could not be compiled/i.test(stderr)) return undefined;
  const full = stderr.replace(/^rg: /, "").trim();
  return new ToolInputError(
    `Invalid pattern: ${full}\n(Patterns use Rust regex syntax; pass literal to search for the text as is.)`,
  );
}

/** After a cut, the trailing context lines that lead up to the first dropped match go too. */
function dropContextOfDroppedMatch(lines: RipgrepLine[], context: number): void {
  const lastMatch = lines.findLast((line) => line.isMatch);
  while (lines.length > 0) {
    const last = lines[lines.length - 1] as RipgrepLine;
    const afterLastMatch =
      lastMatch !== undefined && last.file === lastMatch.file && last.line <= lastMatch.line + context;
    if (last.isMatch || afterLastMatch) return;
    lines.pop();
  }
}

/** Runs ripgrep to completion, or until it has printed maxMatches matching lines. */
/** Why ripgrep did not start: arguments too long for the system are the input's fault, anything else ripgrep's. */
function startFailure(error: NodeJS.ErrnoException, rgPath: string): Error {
  if (error.code === "E2BIG") {
    return new ToolInputError(
      "The pattern, globs and paths together are too long for the system to pass to ripgrep (E2BIG); shorten them.",
      {
        code: "E2BIG",
      },
    );
  }
  return new ToolUnavailableError(
    `ripgrep did not start (${error.message})`,
    `Check that ${rgPath} exists and is executable, or run \`npm install\` again`,
  );
}

function spawnOrThrow(rgPath: string, request: RipgrepRequest): ChildProcessByStdio<null, Readable, Readable> {
  try {
    // stdin is /dev/null: with no paths, ripgrep would search a piped stdin instead of the folder.
    return spawn(rgPath, ripgrepArgs(request), { cwd: request.cwd, stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    throw startFailure(error as NodeJS.ErrnoException, rgPath);
  }
}

export async function runRipgrep(rgPath: string, request: RipgrepRequest): Promise<RipgrepResult> {
  const child = spawnOrThrow(rgPath, request);
  const started = new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", (error) => reject(startFailure(error, rgPath)));
  });
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  await started;

  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill();
  }, request.timeoutMs);

  const lines: RipgrepLine[] = [];
  let matches = 0;
  let truncated = false;
  for await (const raw of readline.createInterface({ input: child.stdout })) {
    const line = toLine(JSON.parse(raw) as RgEvent);
    if (line === undefined) continue;
    if (line.isMatch && matches === request.maxMatches) {
      truncated = true;
      child.kill();
      break;
    }
    if (line.isMatch) matches += 1;
    lines.push(line);
  }
  const code = await exited;
  clearTimeout(timer);
  const invalid = patternError(stderr);
  if (invalid !== undefined) throw invalid;
  const noFilesSearched = code === 2 && lines.length === 0 && NO_FILES_SEARCHED.test(stderr);
  if (noFilesSearched) return { lines, truncated: false, timedOut: false, warnings: [], noFilesSearched };
  if (code === 2 && lines.length === 0 && !truncated && !timedOut) throw new Error(`ripgrep failed: ${stderr.trim()}`);
  if (truncated) dropContextOfDroppedMatch(lines, request.context);
  const warnings = stderr
    .split("\n")
    .map((line) => line.replace(/^rg: /, "").trim())
    .filter((line) => line !== "");
  return { lines, truncated: truncated || timedOut, timedOut, warnings, noFilesSearched: false };
}

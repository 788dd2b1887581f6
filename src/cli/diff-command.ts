import type { Command } from "../vendor/commander.js";
import { InvalidArgumentError } from "../vendor/commander.js";
import fs from "node:fs";
import path from "node:path";
import { SnapshotFormatError } from "../db/snapshot-load.js";
import { DEFAULT_COMMENT_CHARS, FAIL_ON, MIN_COMMENT_CHARS, exitCodeOf, type FailOn } from "../diff/diff-report.js";
import { EXIT, exitCodeFor, messageOf } from "./exit-codes.js";
import { positiveInteger } from "./option-parsers.js";
import { outputTargetOf, writeOutput } from "./output-target.js";

export interface DiffCommandOptions {
  readonly root?: string;
  readonly format: "text" | "markdown" | "json";
  readonly out?: string;
  readonly failOn?: FailOn;
  readonly depth: number;
  readonly maxGraphNodes: number;
  readonly maxChars: number;
  readonly full?: boolean;
  readonly fullOut?: string;
  readonly baseDb?: string;
  readonly headDb?: string;
}

const FORMATS = ["text", "markdown", "json"] as const;

function choice<T extends string>(values: readonly T[], what: string): (value: string) => T {
  return (value) => {
    if ((values as readonly string[]).includes(value)) return value as T;
    throw new InvalidArgumentError(`${what} must be one of ${values.join(", ")}`);
  };
}

/** The Markdown-only options used with another format: a usage error's message, else undefined. */
function misusedOption(options: DiffCommandOptions): string | undefined {
  if (options.format === "markdown") return undefined;
  const used = [
    options.full === true ? "--full" : undefined,
    options.fullOut === undefined ? undefined : "--full-out",
  ].filter((option) => option !== undefined);
  return used.length === 0
    ? undefined
    : `${used.join(" and ")} apply to --format markdown only (text and json are always complete)`;
}

/** Commander's parser of --max-chars: a whole number from MIN_COMMENT_CHARS. */
function commentChars(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < MIN_COMMENT_CHARS)
    throw new InvalidArgumentError(
      `give a whole number of at least ${MIN_COMMENT_CHARS} (GitHub's comment limit is 65536)`,
    );
  return number;
}

/** Compares two graphs and prints the report; the exit code is the gate's (docs/ci.md) or 0. */
export async function runDiffCommand(
  base: string,
  head: string | undefined,
  options: DiffCommandOptions,
): Promise<number> {
  const misused = misusedOption(options);
  if (misused !== undefined) {
    process.stderr.write(`ts-graph: ${misused}\n`);
    return EXIT.usage;
  }
  try {
    const out = outputTargetOf(options.out ?? "-");
    const fullOut = options.fullOut === undefined ? undefined : outputTargetOf(options.fullOut);
    // Loaded here: the diff loads TypeScript, which no other command should pay for at start-up.
    const { runDiff } = await import("../diff/run-diff.js");
    const { formatMarkdown, formatText } = await import("../diff/format-diff.js");
    const { formatMarkdownComment } = await import("../diff/format-comment.js");
    const root = fs.realpathSync.native(path.resolve(options.root ?? "."));
    // Sides that are paths are relative to the working directory (docs/cli.md, Paths); head defaults to the root.
    const report = await runDiff({
      base,
      head: head ?? (path.relative(process.cwd(), root) || "."),
      root,
      cwd: process.cwd(),
      baseDb: options.baseDb === undefined ? undefined : path.resolve(options.baseDb),
      headDb: options.headDb === undefined ? undefined : path.resolve(options.headDb),
      depth: options.depth,
      failOn: options.failOn,
      onNote: (message) => process.stderr.write(`ts-graph: ${message}\n`),
    });
    const fullMarkdown = () => formatMarkdown(report, options.maxGraphNodes);
    // The complete report first: the comment names it only once it is written.
    if (fullOut !== undefined) writeOutput(fullOut, fullMarkdown());
    const text =
      options.format === "json"
        ? `${JSON.stringify(report, null, 2)}\n`
        : options.format === "text"
          ? formatText(report)
          : options.full === true
            ? fullMarkdown()
            : formatMarkdownComment(report, {
                maxChars: options.maxChars,
                maxGraphNodes: options.maxGraphNodes,
                fullReport: options.fullOut === undefined ? undefined : path.basename(options.fullOut),
              });
    writeOutput(out, text);
    if (report.gate?.failed === true)
      process.stderr.write(`ts-graph: diff failed --fail-on ${report.gate.failOn}: ${report.gate.reason}\n`);
    return exitCodeOf(report);
  } catch (error) {
    process.stderr.write(`ts-graph: ${messageOf(error)}\n`);
    return error instanceof SnapshotFormatError ? EXIT.usage : exitCodeFor(error);
  }
}

export function registerDiffCommand(program: Command, exit: (code: number) => void): void {
  program
    .command("diff")
    .description(
      "compare two graphs (snapshot files, databases, folders or git refs): changed declarations, API breaks, impact (docs/ci.md)",
    )
    .argument("<base>", "the graph before: a snapshot file, a database, a folder or a git ref")
    .argument("[head]", "the graph after (default: the root folder, indexed in place)")
    .option(
      "--root <dir>",
      "the project root (default: the current folder); git refs are checked out from its repository",
    )
    .option(
      "--format <format>",
      "text, markdown (a PR comment) or json (docs/ci.md)",
      choice(FORMATS, "--format"),
      "text",
    )
    .option(
      "--out <file>",
      "write the report to this file instead of stdout (- is stdout; a FIFO or a device is written as a stream)",
    )
    .option(
      "--max-chars <n>",
      `markdown: the comment's size at most, in characters (default ${DEFAULT_COMMENT_CHARS}; GitHub's limit is 65536)`,
      commentChars,
      DEFAULT_COMMENT_CHARS,
    )
    .option("--full", "markdown: every change, one by one, whatever its size (not a comment)")
    .option(
      "--full-out <file>",
      "markdown: also write the complete report to this file (an artifact); the comment names it",
    )
    .option(
      "--fail-on <what>",
      "exit 3 on a breaking API change, 4 on any API change, 5 on any change",
      choice(FAIL_ON, "--fail-on"),
    )
    .option("--depth <n>", "how many steps of dependants the impact follows (default 3)", positiveInteger, 3)
    .option(
      "--max-graph-nodes <n>",
      "nodes the Markdown's Mermaid graph shows at most (default 30)",
      positiveInteger,
      30,
    )
    .option("--base-db <file>", "a database to index a git ref base into, created or updated in place (a CI cache)")
    .option("--head-db <file>", "the same for a git ref head")
    .action(async (base: string, head: string | undefined, options: DiffCommandOptions) =>
      exit(await runDiffCommand(base, head, options)),
    );
}

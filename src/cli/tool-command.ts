import { type Command, Option } from "../vendor/commander.js";
import { z } from "../vendor/zod.js";
import { inputErrorOf } from "../tools/inputs/os-input-errors.js";
import type { ToolDefinition, ToolResult } from "../tools/tool-contract.js";
import { structuredFreshness } from "../tools/answer/answer-freshness.js";
import { ToolInputError, ToolUnavailableError } from "../tools/tool-errors.js";
import { isCorruptionError } from "../db/open-graph-db.js";
import { damaged, openCliToolContext, type CliToolContext } from "./cli-tool-context.js";
import { runsOnDaemon } from "./daemon-tools.js";
import { commandLinePath, optionalCommandLinePath } from "./command-line-paths.js";
import { commandLineToolInputs } from "./command-line-tool-paths.js";
import { EXIT, exitCodeFor, messageOf } from "./exit-codes.js";
import { type CliInput, cliInputsOf, optionFlag } from "./tool-inputs.js";

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A commander option for one input of a tool's shape. Values are parsed by the tool's own schema afterwards. */
function optionFor(input: CliInput): Option {
  if (input.type === "boolean") return new Option(input.flag, input.description);
  if (input.type === "array")
    return new Option(`${input.flag} <value>`, `${input.description} (repeatable)`).argParser(collect);
  const option = new Option(`${input.flag} <value>`, input.description);
  return input.choices === undefined ? option : option.choices([...input.choices]);
}

/** Turns CLI strings into the types the shape expects, so the tool's schema validates real values. */
function coerce(input: CliInput | undefined, value: unknown): unknown {
  if (typeof value !== "string" || (input?.type !== "number" && input?.type !== "integer")) return value;
  const number = Number(value);
  return Number.isFinite(number) && value.trim() !== "" ? number : value;
}

export function cliCommandName(tool: ToolDefinition): string {
  return tool.name.replace(/_/g, "-");
}

/**
 * Registers `ts-graph <tool>`: the tool's positional inputs as arguments, every other input as an option,
 * plus --root, --db and --index. Prints the tool's text (or its JSON with --json when the tool has no
 * `format` input). Exit codes: 0 answered, 1 the tool could not answer, 2 bad input.
 */
export function registerToolCommand(program: Command, tool: ToolDefinition, exit: (code: number) => void): void {
  const inputs = cliInputsOf(tool);
  const command = program.command(cliCommandName(tool)).description(tool.description.split("\n")[0] ?? tool.name);
  for (const name of tool.positional) {
    const input = inputs.get(name);
    if (input === undefined) throw new Error(`${tool.name}: positional input ${name} is not in its shape`);
    command.argument(input.required ? `<${name}>` : `[${name}]`, input.description);
  }
  for (const input of inputs.values()) {
    if (!tool.positional.includes(input.name)) command.addOption(optionFor(input));
  }
  const hasFormat = inputs.has("format");
  command
    .option("--root <dir>", "project root whose graph to query", ".")
    .option("--db <path>", "database path (default: <root>/.ts-graph/graph.db)")
    .option("--index", "index the project first (incremental), creating the graph if there is none");
  if (!hasFormat) command.option("--json", "print the answer as JSON");

  command.action(async (...args: unknown[]) => {
    const options = args[tool.positional.length] as Record<string, unknown>;
    const raw: Record<string, unknown> = {};
    tool.positional.forEach((name, index) => {
      if (args[index] !== undefined) raw[name] = args[index];
    });
    for (const name of inputs.keys()) {
      if (!tool.positional.includes(name) && options[name] !== undefined) raw[name] = options[name];
    }
    exit(await runToolFromCli(tool, inputs, raw, options));
  });
}

async function runToolFromCli(
  tool: ToolDefinition,
  inputs: ReadonlyMap<string, CliInput>,
  raw: Record<string, unknown>,
  options: Record<string, unknown>,
): Promise<number> {
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) input[name] = coerce(inputs.get(name), value);
  const parsed = z.object(tool.inputShape).safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${optionFlag(String(issue.path[0] ?? ""))}: ${issue.message}`);
    process.stderr.write(`ts-graph ${cliCommandName(tool)}: ${problems.join("; ")}\n`);
    return EXIT.usage;
  }
  let context: CliToolContext | undefined;
  try {
    context = await openCliToolContext({
      root: commandLinePath(String(options.root ?? ".")),
      db: optionalCommandLinePath(typeof options.db === "string" ? options.db : undefined),
      index: options.index === true,
      onWarning: (message) => process.stderr.write(`ts-graph: ${message}\n`),
    });
    // Paths given here are relative to the working directory; the tool takes them relative to the root.
    const toolInput = commandLineToolInputs(tool, inputs, parsed.data, new Set(Object.keys(input)), {
      root: context.root,
      cwd: process.cwd(),
    });
    const result = (await onDaemon(tool, toolInput, context)) ?? (await tool.run(toolInput as never, context));
    printAnswer(tool, result, context, options.json === true || (toolInput as { format?: unknown }).format === "json");
    return EXIT.ok;
  } catch (caught) {
    const error = inputErrorOf(caught, input) ?? caught;
    const message =
      isCorruptionError(error) && context !== undefined
        ? damaged(context.dbPath, context.root, error).message
        : messageOf(error);
    process.stderr.write(`ts-graph ${cliCommandName(tool)}: ${message}\n`);
    if (error instanceof ToolInputError) return EXIT.usage;
    if (error instanceof ToolUnavailableError) return EXIT.failure;
    return exitCodeFor(error);
  } finally {
    context?.close();
  }
}

/**
 * The answer of an edit tool run by the root's daemon on its warm language session (daemon-route.ts), or
 * undefined when this process runs the tool: the answer and the failures are the same either way.
 */
async function onDaemon(
  tool: ToolDefinition,
  input: Record<string, unknown>,
  context: CliToolContext,
): Promise<ToolResult | undefined> {
  if (!runsOnDaemon(tool)) return undefined;
  const { runToolThroughDaemon } = await import("./daemon-route.js");
  return runToolThroughDaemon(
    { root: context.root, dbPath: context.dbPath },
    { tool: tool.name, command: cliCommandName(tool), input },
    { warn: (message) => process.stderr.write(`ts-graph: ${message}\n`) },
  );
}

/**
 * The answer on stdout. A workspace tool (status) reports the freshness in its answer; the others carry it as a
 * `freshness` field in JSON, as MCP's structuredContent does, and say on stderr what the answer may miss (a graph
 * older than the files, a failed or interrupted index run, a graph that cannot be written here).
 */
function printAnswer(tool: ToolDefinition, result: ToolResult, context: CliToolContext, json: boolean): void {
  if (tool.scope === "workspace") {
    process.stdout.write(json ? `${JSON.stringify(result.structured, null, 2)}\n` : ensureNewline(result.text));
    return;
  }
  const freshness = context.answerFreshness(result.structured);
  process.stdout.write(
    json
      ? `${JSON.stringify({ ...result.structured, freshness: structuredFreshness([{ root: context.root, ...freshness }]) }, null, 2)}\n`
      : ensureNewline(result.text),
  );
  if (freshness.indexError !== undefined)
    process.stderr.write(
      `ts-graph: note: the last index run failed (${freshness.indexError}); this answer is from the last complete graph\n`,
    );
  for (const note of freshness.notes ?? []) process.stderr.write(`ts-graph: note: ${note}\n`);
}

function ensureNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

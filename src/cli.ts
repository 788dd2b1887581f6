#!/usr/bin/env node
import { Command, CommanderError } from "./vendor/commander.js";
import { createRequire } from "node:module";
import { EXIT } from "./cli/exit-codes.js";

const require = createRequire(import.meta.url);
const { version } = require("../package.json") as { version: string };

function exit(code: number): void {
  process.exitCode = code;
}

type Register = (program: Command) => Promise<void>;

/** The commands that are not tools, each loaded only when it runs (or for the full help). */
const COMMANDS: Readonly<Record<string, Register>> = {
  index: async (program) => (await import("./cli/index-command.js")).registerIndexCommand(program, exit),
  snapshot: async (program) => (await import("./cli/snapshot-command.js")).registerSnapshotCommand(program, exit),
  diff: async (program) => (await import("./cli/diff-command.js")).registerDiffCommand(program, exit),
  export: async (program) => (await import("./cli/export-command.js")).registerExportCommand(program, exit),
  merge: async (program) => (await import("./cli/merge-command.js")).registerMergeCommand(program, exit),
  serve: async (program) => (await import("./cli/serve-command.js")).registerServeCommand(program, version, exit),
  setup: async (program) => (await import("./cli/setup-command.js")).registerSetupCommand(program, exit),
  daemon: async (program) => (await import("./cli/daemon-command.js")).registerDaemonCommand(program, exit),
  view: async (program) => (await import("./cli/view-command.js")).registerViewCommand(program, exit),
};

async function registerTools(program: Command): Promise<void> {
  const [{ registerToolCommand }, { ALL_TOOLS }] = await Promise.all([
    import("./cli/tool-command.js"),
    import("./tools/all-tools.js"),
  ]);
  for (const tool of ALL_TOOLS) registerToolCommand(program, tool, exit);
}

/** Registers the tool a command-line name runs (`replace-symbol` runs replace_symbol), loaded alone; false for any other name. */
async function namedTool(program: Command, name: string): Promise<boolean> {
  const { TOOL_LOADERS } = await import("./tools/tool-loaders.js");
  const toolName = name.replace(/-/g, "_");
  const load = Object.hasOwn(TOOL_LOADERS, toolName) && !name.includes("_") ? TOOL_LOADERS[toolName] : undefined;
  if (load === undefined) return false;
  const [{ registerToolCommand }, tool] = await Promise.all([import("./cli/tool-command.js"), load()]);
  registerToolCommand(program, tool, exit);
  return true;
}

// A reader that closes the pipe early (`ts-graph export | head -1`) ends the command as it ends `cat` or `git log`:
// quietly, with SIGPIPE's code, not with an unhandled EPIPE and its stack. `serve` keeps its own: stdout is its protocol.
if (process.argv[2] !== "serve") {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(EXIT.closedOutput);
  });
}

const program = new Command()
  .name("ts-graph")
  .description("A type-aware code graph of a TypeScript codebase, in SQLite.")
  .version(version)
  .exitOverride()
  .showHelpAfterError("(run ts-graph --help for usage)");

// A command or a tool named on the command line registers alone: `ts-graph index` (a daemon's client above
// all) and `ts-graph find …` then load neither the other tools nor the other commands. Anything else (--help,
// a typo) registers them all.
const first = process.argv[2] ?? "";
const named = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
if (named !== undefined) await named(program);
else if (!(await namedTool(program, first))) {
  for (const register of Object.values(COMMANDS)) await register(program);
  await registerTools(program);
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    const benign =
      error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help";
    process.exitCode = benign ? EXIT.ok : EXIT.usage;
  } else {
    throw error;
  }
}

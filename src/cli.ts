#!/usr/bin/env node
import { Command, CommanderError } from "commander";
import { createRequire } from "node:module";
import { registerDiffCommand } from "./cli/diff-command.js";
import { registerMergeCommand } from "./cli/merge-command.js";
import { registerIndexCommand } from "./cli/index-command.js";
import { registerServeCommand } from "./cli/serve-command.js";
import { registerSetupCommand } from "./cli/setup-command.js";
import { registerSnapshotCommand } from "./cli/snapshot-command.js";
import { EXIT } from "./cli/exit-codes.js";
import { registerToolCommand } from "./cli/tool-command.js";
import { ALL_TOOLS } from "./tools/all-tools.js";

const require = createRequire(import.meta.url);
const { version } = require("../package.json") as { version: string };

function exit(code: number): void {
  process.exitCode = code;
}

const program = new Command()
  .name("ts-graph")
  .description("A type-aware code graph of a TypeScript codebase, in SQLite.")
  .version(version)
  .exitOverride()
  .showHelpAfterError("(run ts-graph --help for usage)");

registerIndexCommand(program, exit);
registerSnapshotCommand(program, exit);
registerDiffCommand(program, exit);
registerMergeCommand(program, exit);
registerServeCommand(program, version, exit);
registerSetupCommand(program, exit);
for (const tool of ALL_TOOLS) registerToolCommand(program, tool, exit);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    const benign = error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help";
    process.exitCode = benign ? EXIT.ok : EXIT.usage;
  } else {
    throw error;
  }
}

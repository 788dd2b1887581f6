import { Option, type Command } from "../vendor/commander.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { fileURLToPath } from "node:url";
import { JsoncSyntaxError, setJsoncMember } from "../setup/jsonc-edit.js";
import {
  findClient,
  MCP_CLIENTS,
  serveArgs,
  SERVER_NAME,
  type Machine,
  type Scope,
  type SetupPlan,
} from "../setup/mcp-clients.js";
import { setTomlTable, TomlEditError } from "../setup/toml-edit.js";
import { unifiedDiff } from "../setup/unified-diff.js";
import { writeFileWhole } from "../file-writes/durable-files.js";
import { EXIT, messageOf } from "./exit-codes.js";

export interface SetupCommandOptions {
  readonly scope?: Scope;
  /** The project folder (default: the working directory). */
  readonly root?: string;
  readonly dryRun?: boolean;
  readonly force?: boolean;
  /** Write `-r <absolute project folder>` into the registration. */
  readonly pinRoot?: boolean;
}

/** How a client starts ts-graph: `ts-graph` when it is on the PATH, else node and this build's cli.js. */
export interface Launcher {
  readonly command: string;
  /** What comes before `serve`. */
  readonly args: readonly string[];
  /** Said to the user when the launcher is not plain `ts-graph`. */
  readonly note?: string;
}

/** Everything setup touches outside its arguments, so that tests run it on temporary folders. */
export interface SetupIo {
  readonly machine: Machine;
  readonly launcher: Launcher;
  readonly cwd: string;
  /** Whether a person can be asked (stdin and stdout are terminals). */
  readonly interactive: boolean;
  ask(question: string): Promise<boolean>;
  out(text: string): void;
  err(text: string): void;
}

function isOnPath(name: string, env: NodeJS.ProcessEnv): boolean {
  const extensions = process.platform === "win32" ? (env.PATHEXT ?? ".CMD;.EXE").split(";") : [""];
  return (env.PATH ?? "")
    .split(path.delimiter)
    .filter((folder) => folder !== "")
    .some((folder) =>
      extensions.some(
        (extension) => fs.statSync(path.join(folder, name + extension), { throwIfNoEntry: false })?.isFile() === true,
      ),
    );
}

function processLauncher(): Launcher {
  if (isOnPath("ts-graph", process.env)) return { command: "ts-graph", args: [] };
  const script = fileURLToPath(new URL("../cli.js", import.meta.url));
  return {
    command: process.execPath,
    args: [script],
    note: `ts-graph is not on the PATH, so the entry runs ${process.execPath} ${script}; run \`npm link\` in ts-graph's folder to register plain \`ts-graph\` instead.`,
  };
}

export function processSetupIo(): SetupIo {
  return {
    machine: { home: os.homedir(), platform: process.platform, env: process.env },
    launcher: processLauncher(),
    cwd: process.cwd(),
    interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
    ask: async (question) => {
      const readline = createInterface({ input: process.stdin, output: process.stdout });
      try {
        return /^y(es)?$/i.test((await readline.question(question)).trim());
      } finally {
        readline.close();
      }
    },
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  };
}

/** A shell word for a printed command line. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function readIfThere(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw error;
  }
}

/** Writes the agent's config file whole (file-writes/durable-files.ts: a temporary file renamed into place, its mode kept). */
function writeAtomically(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeFileWhole(file, text);
}

interface FileEdit {
  readonly text: string;
  readonly previous?: string | undefined;
  readonly unchanged: boolean;
}

function editFor(plan: Extract<SetupPlan, { kind: "json" | "toml" }>, text: string): FileEdit {
  return plan.kind === "json"
    ? setJsoncMember(text, plan.path, plan.value)
    : setTomlTable(text, plan.table, plan.values);
}

/** Registers ts-graph's MCP server with one client (docs/mcp.md). Returns the exit code. */
export async function runSetupCommand(clientName: string, options: SetupCommandOptions, io: SetupIo): Promise<number> {
  const client = findClient(clientName);
  if (client === undefined) {
    io.err(
      `ts-graph setup: unknown client "${clientName.slice(0, 120)}"; one of: ${MCP_CLIENTS.map((known) => known.name).join(", ")}\n`,
    );
    return EXIT.usage;
  }
  const scope = options.scope ?? client.defaultScope;
  const project = path.resolve(io.cwd, options.root ?? ".");
  if (fs.statSync(project, { throwIfNoEntry: false })?.isDirectory() !== true) {
    io.err(`ts-graph setup: --root ${options.root ?? "."} is not a folder; give the project's folder\n`);
    return EXIT.usage;
  }
  const args = [...io.launcher.args, ...serveArgs(client, options.pinRoot === true ? project : undefined)];
  const plan = client.plan({ project, scope, command: io.launcher.command, args }, io.machine);
  if (io.launcher.note !== undefined) io.err(`ts-graph setup: ${io.launcher.note}\n`);
  if (plan.kind === "unsupported") {
    io.err(`ts-graph setup: ${plan.why}\n`);
    return EXIT.usage;
  }
  if (plan.kind === "command") {
    io.out(
      `${client.title} registers servers with its own command (it keeps them in its own state file). Run:\n\n  ${plan.argv.map(shellWord).join(" ")}\n`,
    );
    return EXIT.ok;
  }
  const before = readIfThere(plan.file);
  let edit: FileEdit;
  try {
    edit = editFor(plan, before);
  } catch (error) {
    if (!(error instanceof JsoncSyntaxError || error instanceof TomlEditError)) throw error;
    io.err(
      `ts-graph setup: cannot edit ${plan.file}: ${error.message}; fix the file, then run setup again (nothing was written)\n`,
    );
    return EXIT.usage;
  }
  if (edit.unchanged) {
    io.out(`${client.title} (${scope}): ${plan.file} already registers ${SERVER_NAME} this way; nothing to do\n`);
    return EXIT.ok;
  }
  const diff = unifiedDiff(plan.file, before, edit.text);
  if (options.dryRun === true) {
    const note =
      edit.previous === undefined || options.force === true
        ? ""
        : `\n${plan.file} already has a ${SERVER_NAME} entry: setup would ask before replacing it (or needs --force).\n`;
    io.out(`${diff}${note}`);
    return EXIT.ok;
  }
  if (edit.previous !== undefined && options.force !== true) {
    const replaced = `${plan.file} already has a ${SERVER_NAME} entry:\n${edit.previous}\n`;
    if (!io.interactive) {
      io.err(
        `ts-graph setup: ${replaced}Not replacing it: there is no terminal to ask. Run again with --force to replace it (--dry-run shows the change).\n`,
      );
      return EXIT.usage;
    }
    io.out(`${replaced}${diff}`);
    if (!(await io.ask(`Replace it? [y/N] `))) {
      io.out("Left unchanged.\n");
      return EXIT.failure;
    }
  }
  try {
    writeAtomically(plan.file, edit.text);
  } catch (error) {
    io.err(`ts-graph setup: cannot write ${plan.file}: ${messageOf(error)}\n`);
    return EXIT.failure;
  }
  io.out(`${client.title} (${scope}): registered ${SERVER_NAME} in ${plan.file}\n`);
  return EXIT.ok;
}

export function registerSetupCommand(program: Command, exit: (code: number) => void): void {
  program
    .command("setup")
    .description(
      `register ts-graph's MCP server with a coding agent: ${MCP_CLIENTS.map((client) => client.name).join(", ")}`,
    )
    .argument("<client>", "the agent to register with")
    .addOption(
      new Option(
        "--scope <scope>",
        "write the project's config or the user's (default: the client's usual one)",
      ).choices(["project", "user"]),
    )
    .option("--root <dir>", "the project folder (default: the working directory)")
    .option("--dry-run", "print the change as a diff, write nothing")
    .option("--force", "replace an existing ts-graph entry without asking")
    .option("--pin-root", "serve the project folder (-r <absolute path>) instead of the client's roots")
    .action(async (client: string, options: SetupCommandOptions) =>
      exit(await runSetupCommand(client, options, processSetupIo())),
    );
}

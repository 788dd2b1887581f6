import path from "node:path";
import type { JsonValue } from "./jsonc-edit.js";
import type { TomlScalar } from "./toml-edit.js";

/**
 * Where and how each coding agent registers an MCP server, from its documentation (docs/mcp.md cites them).
 * Pure: the machine (home folder, platform, environment) comes in as data.
 */

export type Scope = "project" | "user";

export interface Machine {
  readonly home: string;
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** What setup does for one client and scope. */
export type SetupPlan =
  | { readonly kind: "json"; readonly file: string; readonly path: readonly string[]; readonly value: JsonValue }
  | {
      readonly kind: "toml";
      readonly file: string;
      readonly table: readonly string[];
      readonly values: Readonly<Record<string, TomlScalar>>;
    }
  /** The client has its own command for this: setup prints it instead of editing the client's state file. */
  | { readonly kind: "command"; readonly argv: readonly string[] }
  | { readonly kind: "unsupported"; readonly why: string };

export interface Registration {
  /** The folder a project-scoped registration is written into (absolute). */
  readonly project: string;
  readonly scope: Scope;
  /** The server's command line: `ts-graph serve …`. */
  readonly command: string;
  readonly args: readonly string[];
}

export interface McpClient {
  readonly name: string;
  readonly title: string;
  readonly aliases: readonly string[];
  /** The scope used when `--scope` is not given. */
  readonly defaultScope: Scope;
  plan(registration: Registration, machine: Machine): SetupPlan;
}

export const SERVER_NAME = "ts-graph";

/** `~/.config` or $XDG_CONFIG_HOME. */
function xdgConfig(machine: Machine): string {
  return machine.env.XDG_CONFIG_HOME ?? path.join(machine.home, ".config");
}

/** The folder an editor built on VS Code keeps its user settings in. */
function vscodeUserFolder(machine: Machine): string {
  if (machine.platform === "darwin") return path.join(machine.home, "Library", "Application Support", "Code", "User");
  if (machine.platform === "win32")
    return path.join(machine.env.APPDATA ?? path.join(machine.home, "AppData", "Roaming"), "Code", "User");
  return path.join(xdgConfig(machine), "Code", "User");
}

function stdioEntry(registration: Registration): { command: string; args: string[] } {
  return { command: registration.command, args: [...registration.args] };
}

function mcpServersIn(file: string, registration: Registration): SetupPlan {
  return { kind: "json", file, path: ["mcpServers", SERVER_NAME], value: stdioEntry(registration) };
}

export const MCP_CLIENTS: readonly McpClient[] = [
  {
    name: "claude-code",
    title: "Claude Code",
    aliases: ["claude"],
    defaultScope: "project",
    plan: (registration) =>
      registration.scope === "project"
        ? mcpServersIn(path.join(registration.project, ".mcp.json"), registration)
        : {
            kind: "command",
            argv: [
              "claude",
              "mcp",
              "add",
              "--scope",
              "user",
              SERVER_NAME,
              "--",
              registration.command,
              ...registration.args,
            ],
          },
  },
  {
    name: "cursor",
    title: "Cursor",
    aliases: [],
    defaultScope: "project",
    plan: (registration, machine) =>
      mcpServersIn(
        path.join(registration.scope === "project" ? registration.project : machine.home, ".cursor", "mcp.json"),
        registration,
      ),
  },
  {
    name: "vscode",
    title: "VS Code",
    aliases: ["code", "vs-code"],
    defaultScope: "project",
    plan: (registration, machine) => ({
      kind: "json",
      file:
        registration.scope === "project"
          ? path.join(registration.project, ".vscode", "mcp.json")
          : path.join(vscodeUserFolder(machine), "mcp.json"),
      path: ["servers", SERVER_NAME],
      value: { type: "stdio", ...stdioEntry(registration) },
    }),
  },
  {
    name: "windsurf",
    title: "Windsurf",
    aliases: [],
    defaultScope: "user",
    plan: (registration, machine) =>
      registration.scope === "user"
        ? mcpServersIn(path.join(machine.home, ".codeium", "windsurf", "mcp_config.json"), registration)
        : {
            kind: "unsupported",
            why: "Windsurf reads MCP servers from the user's ~/.codeium/windsurf/mcp_config.json only: run `ts-graph setup windsurf --scope user`",
          },
  },
  {
    name: "codex",
    title: "Codex CLI",
    aliases: ["codex-cli"],
    defaultScope: "project",
    plan: (registration, machine) => ({
      kind: "toml",
      file:
        registration.scope === "project"
          ? path.join(registration.project, ".codex", "config.toml")
          : path.join(machine.env.CODEX_HOME ?? path.join(machine.home, ".codex"), "config.toml"),
      table: ["mcp_servers", SERVER_NAME],
      values: { command: registration.command, args: registration.args },
    }),
  },
  {
    name: "gemini",
    title: "Gemini CLI",
    aliases: ["gemini-cli"],
    defaultScope: "project",
    plan: (registration, machine) =>
      mcpServersIn(
        path.join(registration.scope === "project" ? registration.project : machine.home, ".gemini", "settings.json"),
        registration,
      ),
  },
  {
    name: "zed",
    title: "Zed",
    aliases: [],
    defaultScope: "project",
    plan: (registration, machine) => ({
      kind: "json",
      file:
        registration.scope === "project"
          ? path.join(registration.project, ".zed", "settings.json")
          : machine.platform === "win32"
            ? path.join(machine.env.APPDATA ?? path.join(machine.home, "AppData", "Roaming"), "Zed", "settings.json")
            : path.join(xdgConfig(machine), "zed", "settings.json"),
      path: ["context_servers", SERVER_NAME],
      value: stdioEntry(registration),
    }),
  },
];

export function findClient(name: string): McpClient | undefined {
  const wanted = name.toLowerCase();
  return MCP_CLIENTS.find((client) => client.name === wanted || client.aliases.includes(wanted));
}

/** The server's arguments: `serve`, and `-r <folder>` when the registration pins the project (or the client expands a variable for it). */
export function serveArgs(client: McpClient, pinnedRoot: string | undefined): string[] {
  if (pinnedRoot !== undefined) return ["serve", "-r", pinnedRoot];
  // Cursor documents ${workspaceFolder} in mcp.json; the others start the server without saying where, so
  // the server serves the client's roots when it offers them, else the folder it was started in.
  if (client.name === "cursor") return ["serve", "-r", "${workspaceFolder}"];
  return ["serve"];
}

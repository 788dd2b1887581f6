import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSetupCommand, type Launcher, type SetupCommandOptions, type SetupIo } from "./setup-command.js";

let base: string;
let home: string;
let project: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-setup-"));
  home = path.join(base, "home");
  project = path.join(base, "project");
  fs.mkdirSync(home);
  fs.mkdirSync(project);
});

afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
  readonly asked: string[];
}

const PLAIN: Launcher = { command: "ts-graph", args: [] };

async function setup(
  client: string,
  options: SetupCommandOptions = {},
  answer?: boolean,
  platform: NodeJS.Platform = "linux",
  launcher = PLAIN,
): Promise<Run> {
  let out = "";
  let err = "";
  const asked: string[] = [];
  const io: SetupIo = {
    machine: { home, platform, env: {} },
    launcher,
    cwd: project,
    interactive: answer !== undefined,
    ask: async (question) => {
      asked.push(question);
      return answer === true;
    },
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
  };
  const code = await runSetupCommand(client, options, io);
  return { code, out, err, asked };
}

function read(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

const SERVE = { command: "ts-graph", args: ["serve"] };

describe(runSetupCommand.name, () => {
  it.each([
    ["claude-code", ".mcp.json", { mcpServers: { "ts-graph": SERVE } }],
    [
      "cursor",
      ".cursor/mcp.json",
      { mcpServers: { "ts-graph": { command: "ts-graph", args: ["serve", "-r", "${workspaceFolder}"] } } },
    ],
    ["vscode", ".vscode/mcp.json", { servers: { "ts-graph": { type: "stdio", ...SERVE } } }],
    ["gemini", ".gemini/settings.json", { mcpServers: { "ts-graph": SERVE } }],
    ["zed", ".zed/settings.json", { context_servers: { "ts-graph": SERVE } }],
  ])("registers with %s in the project's %s", async (client, file, expected) => {
    const run = await setup(client);
    expect(run).toMatchObject({ code: 0, err: "" });
    expect(run.out).toContain(path.join(project, file));
    expect(read(path.join(project, file))).toEqual(expected);
  });

  it.each([
    ["cursor", ".cursor/mcp.json", "mcpServers"],
    ["vscode", ".config/Code/User/mcp.json", "servers"],
    ["windsurf", ".codeium/windsurf/mcp_config.json", "mcpServers"],
    ["gemini", ".gemini/settings.json", "mcpServers"],
    ["zed", ".config/zed/settings.json", "context_servers"],
  ])("registers with %s for the user in ~/%s", async (client, file, key) => {
    const run = await setup(client, { scope: "user" });
    expect(run.code).toBe(0);
    expect(Object.keys((read(path.join(home, file)) as Record<string, Record<string, unknown>>)[key] ?? {})).toEqual([
      "ts-graph",
    ]);
  });

  it("writes Codex's TOML for the project and the user", async () => {
    expect((await setup("codex")).code).toBe(0);
    expect(fs.readFileSync(path.join(project, ".codex", "config.toml"), "utf8")).toBe(
      '[mcp_servers.ts-graph]\ncommand = "ts-graph"\nargs = ["serve"]\n',
    );
    fs.mkdirSync(path.join(home, ".codex"));
    fs.writeFileSync(path.join(home, ".codex", "config.toml"), 'model = "o4" # mine\n');
    expect((await setup("codex", { scope: "user" })).code).toBe(0);
    expect(fs.readFileSync(path.join(home, ".codex", "config.toml"), "utf8")).toBe(
      'model = "o4" # mine\n\n[mcp_servers.ts-graph]\ncommand = "ts-graph"\nargs = ["serve"]\n',
    );
  });

  it("prints Claude Code's own command for the user scope, and writes nothing", async () => {
    const run = await setup("claude", { scope: "user" });
    expect(run.code).toBe(0);
    expect(run.out).toContain("claude mcp add --scope user ts-graph -- ts-graph serve");
    expect(fs.readdirSync(home)).toEqual([]);
  });

  it("refuses Windsurf's project scope, which Windsurf does not read", async () => {
    const run = await setup("windsurf", { scope: "project" });
    expect(run.code).toBe(2);
    expect(run.err).toContain("--scope user");
  });

  it("edits a Zed settings file with comments and keeps every other byte", async () => {
    const file = path.join(project, ".zed", "settings.json");
    fs.mkdirSync(path.dirname(file));
    const text = '// Zed settings\n{\n  "theme": "Ayu", // dark\n  /* fonts */\n  "buffer_font_size": 15,\n}\n';
    fs.writeFileSync(file, text);
    expect((await setup("zed")).code).toBe(0);
    const after = fs.readFileSync(file, "utf8");
    expect(after).toBe(
      '// Zed settings\n{\n  "theme": "Ayu", // dark\n  /* fonts */\n  "buffer_font_size": 15,\n  "context_servers": {\n    "ts-graph": {\n      "command": "ts-graph",\n      "args": ["serve"]\n    }\n  },\n}\n',
    );
  });

  it("prints a diff with --dry-run and writes nothing", async () => {
    const file = path.join(project, ".mcp.json");
    fs.writeFileSync(file, '{\n  "mcpServers": {}\n}\n');
    const run = await setup("claude-code", { dryRun: true });
    expect(run.code).toBe(0);
    expect(run.out).toBe(
      `--- ${file}\n+++ ${file}\n@@ -1,3 +1,8 @@\n {\n-  "mcpServers": {}\n+  "mcpServers": {\n+    "ts-graph": {\n+      "command": "ts-graph",\n+      "args": ["serve"]\n+    }\n+  }\n }\n`,
    );
    expect(fs.readFileSync(file, "utf8")).toBe('{\n  "mcpServers": {}\n}\n');
  });

  describe("a config that already has ts-graph", () => {
    const OLD =
      '{\n  "mcpServers": {\n    "ts-graph": { "command": "node", "args": ["/old/cli.js", "serve"] },\n    "x": {}\n  }\n}\n';
    let file: string;
    beforeEach(() => {
      file = path.join(project, ".cursor", "mcp.json");
      fs.mkdirSync(path.dirname(file));
      fs.writeFileSync(file, OLD);
    });

    it("refuses without a terminal to ask, saying to pass --force", async () => {
      const run = await setup("cursor");
      expect(run.code).toBe(2);
      expect(run.err).toContain("there is no terminal to ask. Run again with --force");
      expect(fs.readFileSync(file, "utf8")).toBe(OLD);
    });

    it("asks on a terminal, and leaves the file when the answer is no", async () => {
      const run = await setup("cursor", {}, false);
      expect(run.asked).toEqual(["Replace it? [y/N] "]);
      expect(run.code).toBe(1);
      expect(fs.readFileSync(file, "utf8")).toBe(OLD);
    });

    it("replaces only the entry when the answer is yes, or with --force", async () => {
      for (const run of [() => setup("cursor", {}, true), () => setup("cursor", { force: true, pinRoot: true })]) {
        fs.writeFileSync(file, OLD);
        expect((await run()).code).toBe(0);
        const after = fs.readFileSync(file, "utf8");
        expect(after.endsWith(',\n    "x": {}\n  }\n}\n')).toBe(true);
        expect(
          (read(file) as { mcpServers: Record<string, { command: string }> }).mcpServers["ts-graph"]?.command,
        ).toBe("ts-graph");
      }
      expect((read(file) as { mcpServers: Record<string, { args: string[] }> }).mcpServers["ts-graph"]?.args).toEqual([
        "serve",
        "-r",
        project,
      ]);
    });

    it("says there is nothing to do when the entry is already the same", async () => {
      await setup("cursor", { force: true });
      const before = fs.readFileSync(file, "utf8");
      const run = await setup("cursor");
      expect(run.code).toBe(0);
      expect(run.out).toContain("nothing to do");
      expect(fs.readFileSync(file, "utf8")).toBe(before);
    });
  });

  it("refuses a config file that does not parse, writing nothing", async () => {
    const file = path.join(project, ".gemini", "settings.json");
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, '{ "a": 1 "b": 2 }');
    const run = await setup("gemini");
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/cannot edit .*settings\.json: expected ',' or '}' \(line 1\); fix the file/);
    expect(fs.readFileSync(file, "utf8")).toBe('{ "a": 1 "b": 2 }');
  });

  it("names the known clients for an unknown one", async () => {
    const run = await setup("emacs");
    expect(run.code).toBe(2);
    expect(run.err).toContain("claude-code, cursor, vscode, windsurf, codex, gemini, zed");
  });

  it("registers node and this build's cli.js when ts-graph is not on the PATH, and says so", async () => {
    const launcher = {
      command: "/opt/node/bin/node",
      args: ["/src/ts-graph/dist/cli.js"],
      note: "ts-graph is not on the PATH",
    };
    const run = await setup("gemini", {}, undefined, "linux", launcher);
    expect(run.code).toBe(0);
    expect(run.err).toBe("ts-graph setup: ts-graph is not on the PATH\n");
    expect(read(path.join(project, ".gemini", "settings.json"))).toEqual({
      mcpServers: { "ts-graph": { command: "/opt/node/bin/node", args: ["/src/ts-graph/dist/cli.js", "serve"] } },
    });
    const printed = await setup("claude-code", { scope: "user" }, undefined, "linux", launcher);
    expect(printed.out).toContain(
      "claude mcp add --scope user ts-graph -- /opt/node/bin/node /src/ts-graph/dist/cli.js serve",
    );
  });

  it("puts VS Code's user file where macOS keeps it", async () => {
    await setup("vscode", { scope: "user" }, undefined, "darwin");
    expect(fs.existsSync(path.join(home, "Library", "Application Support", "Code", "User", "mcp.json"))).toBe(true);
  });
});

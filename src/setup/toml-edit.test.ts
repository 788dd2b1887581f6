import { describe, expect, it } from "vitest";
import { setTomlTable, TomlEditError } from "./toml-edit.js";

const VALUES = { command: "ts-graph", args: ["serve"] };
const TABLE = ["mcp_servers", "ts-graph"];

describe(setTomlTable.name, () => {
  it("appends the table to a file without it, every other line untouched", () => {
    const text = '# my codex config\nmodel = "o4"\n\n[mcp_servers.other]\ncommand = "x" # keep\n';
    expect(setTomlTable(text, TABLE, VALUES)).toEqual({
      text: `${text}\n[mcp_servers.ts-graph]\ncommand = "ts-graph"\nargs = ["serve"]\n`,
      unchanged: false,
    });
  });

  it("writes the table into an empty file", () => {
    expect(setTomlTable("", TABLE, VALUES).text).toBe(
      '[mcp_servers.ts-graph]\ncommand = "ts-graph"\nargs = ["serve"]\n',
    );
  });

  it("replaces the table and its sub-tables, keeping the comments and tables after it", () => {
    const text = [
      'model = "o4"',
      "",
      '[mcp_servers."ts-graph"] # ours',
      'command = "node"',
      "args = [",
      '  "dist/cli.js",',
      "]",
      "[mcp_servers.ts-graph.env]",
      'A = "1"',
      "",
      "# the next one",
      "[mcp_servers.other]",
      'command = "x"',
      "",
    ].join("\n");
    const edit = setTomlTable(text, TABLE, VALUES);
    expect(edit.previous).toContain('command = "node"');
    expect(edit.text).toBe(
      [
        'model = "o4"',
        "",
        "[mcp_servers.ts-graph]",
        'command = "ts-graph"',
        'args = ["serve"]',
        "",
        "# the next one",
        "[mcp_servers.other]",
        'command = "x"',
        "",
      ].join("\n"),
    );
  });

  it("reports the table as unchanged when it already says the same", () => {
    const text = 'a = 1\r\n\r\n[mcp_servers.ts-graph]\r\ncommand = "ts-graph"\r\nargs = ["serve"]\r\n';
    expect(setTomlTable(text, TABLE, VALUES)).toMatchObject({ text, unchanged: true });
  });

  it("refuses an entry written inline or as dotted keys, rather than writing a second one", () => {
    expect(() => setTomlTable('[mcp_servers]\nts-graph = { command = "x" }\n', TABLE, VALUES)).toThrow(TomlEditError);
    expect(() => setTomlTable('mcp_servers.ts-graph.command = "x"\n', TABLE, VALUES)).toThrow(
      /change that line by hand/,
    );
    expect(() => setTomlTable('mcp_servers = { ts-graph = { command = "x" } }\n', TABLE, VALUES)).toThrow(
      TomlEditError,
    );
  });
});

import path from "node:path";

/**
 * The one rule for paths given on the command line: a relative path is relative to the working directory,
 * for every command and every option (`[root]`, `--root`, `--db`, `--tsconfig`, `--out`, `-r`, and a tool's
 * path inputs, which command-line-tool-paths.ts then makes relative to the root). Paths in
 * ts-graph.config.json are relative to the config's folder (config/), and an MCP tool's paths to the root the
 * call answers from (tools/inputs/path-validator.ts).
 */
export function commandLinePath(value: string): string {
  return path.resolve(value);
}

export function optionalCommandLinePath(value: string | undefined): string | undefined {
  return value === undefined ? undefined : commandLinePath(value);
}

import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { z } from "zod";
import { openCliToolContext, type CliToolContext } from "../cli/cli-tool-context.js";
import { cliCommandName } from "../cli/tool-command.js";
import { ToolInputError, type ToolDefinition } from "../tools/tool-contract.js";
import { SAMPLE_PROJECTS, indexAndSnapshot, makeTempDir } from "./fixtures.js";

/** A sample project indexed into a database of its own (outside the sample), opened as the CLI opens it. */
export async function sampleToolContext(sample: string): Promise<CliToolContext> {
  const root = path.join(SAMPLE_PROJECTS, sample);
  const dbPath = path.join(makeTempDir("ts-graph-tool-"), "graph.db");
  await indexAndSnapshot(root, { dbPath });
  return openCliToolContext({ root, db: dbPath });
}

/** One query: the tool's input, as an agent or the CLI would give it. */
export type ToolQuery = Readonly<Record<string, unknown>>;

/** `impact Cart --depth 2`: how the query reads on the command line. */
function commandLine(tool: ToolDefinition, query: ToolQuery): string {
  const positional = tool.positional.map((name) => String(query[name]));
  const options = Object.entries(query)
    .filter(([name]) => !tool.positional.includes(name))
    .map(([name, value]) => `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${String(value)}`);
  return [cliCommandName(tool), ...positional, ...options].join(" ");
}

/**
 * Runs each query through the tool's schema and handler and writes the answers (or the error an agent would
 * see) one after the other, each under its command line: the golden document of a slice on a sample.
 */
export async function answers(context: CliToolContext, tool: ToolDefinition, queries: readonly ToolQuery[]): Promise<string> {
  const parts: string[] = [];
  for (const query of queries) {
    const input = z.object(tool.inputShape).parse(query);
    let answer: string;
    try {
      answer = (await tool.run(input as never, context)).text;
    } catch (error) {
      if (!(error instanceof ToolInputError)) throw error;
      answer = `error: ${error.message}`;
    }
    parts.push(`$ ts-graph ${commandLine(tool, query)}\n${answer}\n`);
  }
  return parts.join("\n");
}

/** Compares with the golden file next to the test (UPDATE_GOLDEN=1 rewrites it; review the diff). */
export function expectGolden(actual: string, goldenFile: string): void {
  if (process.env["UPDATE_GOLDEN"] === "1") {
    fs.mkdirSync(path.dirname(goldenFile), { recursive: true });
    fs.writeFileSync(goldenFile, actual);
  }
  expect(actual).toBe(fs.readFileSync(goldenFile, "utf8"));
}

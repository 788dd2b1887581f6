import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openCliToolContext, type CliToolContext } from "../cli/cli-tool-context.js";
import { cliCommandName } from "../cli/tool-command.js";
import type { ToolDefinition } from "../tools/tool-contract.js";
import { ToolInputError } from "../tools/tool-errors.js";
import { SAMPLE_PROJECTS, indexAndSnapshot, makeTempDir, removeTempDirs } from "./fixtures.js";

/**
 * A sample project indexed into a database of its own (outside the sample), opened as the CLI opens it, but
 * without git history: the samples' history is ts-graph's own (and shallow in CI), which no golden should hold.
 */
async function sampleToolContext(sample: string): Promise<CliToolContext> {
  const root = path.join(SAMPLE_PROJECTS, sample);
  const dbPath = path.join(makeTempDir("ts-graph-tool-"), "graph.db");
  await indexAndSnapshot(root, { dbPath });
  const context = await openCliToolContext({ root, db: dbPath });
  return Object.defineProperty(context, "refreshHistory", { value: undefined });
}

/** One query: the tool's input, as an agent or the CLI would give it. */
export type ToolQuery = Readonly<Record<string, unknown>>;

export interface GoldenQuery {
  readonly tool: ToolDefinition;
  readonly input: ToolQuery;
}

/** The same tool for every input. */
export function queriesOf(tool: ToolDefinition, inputs: readonly ToolQuery[]): GoldenQuery[] {
  return inputs.map((input) => ({ tool, input }));
}

/** `impact Cart --depth 2`: how the query reads on the command line. */
function commandLine({ tool, input }: GoldenQuery): string {
  const positional = tool.positional.map((name) => String(input[name]));
  const options = Object.entries(input)
    .filter(([name]) => !tool.positional.includes(name))
    .map(([name, value]) => `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${String(value)}`);
  return [cliCommandName(tool), ...positional, ...options].join(" ");
}

/**
 * Runs each query through its tool's schema and handler and writes the answers (or the error an agent would
 * see) one after the other, each under its command line: the golden document of a slice on a sample.
 */
async function answers(context: CliToolContext, queries: readonly GoldenQuery[]): Promise<string> {
  const parts: string[] = [];
  for (const query of queries) {
    const input = z.object(query.tool.inputShape).parse(query.input);
    let answer: string;
    try {
      answer = (await query.tool.run(input as never, context)).text;
    } catch (error) {
      if (!(error instanceof ToolInputError)) throw error;
      answer = `error: ${error.message}`;
    }
    parts.push(`$ ts-graph ${commandLine(query)}\n${answer}\n`);
  }
  return parts.join("\n");
}

/**
 * Golden tests of a slice: for each sample project, the answers to its queries must equal
 * `<goldenDir>/<sample>.txt` (UPDATE_GOLDEN=1 rewrites the files; review their diff).
 */
export function describeGoldenAnswers(
  title: string,
  goldenDir: string,
  queriesBySample: Readonly<Record<string, readonly GoldenQuery[]>>,
): void {
  afterAll(removeTempDirs);
  describe(title, () => {
    for (const [sample, queries] of Object.entries(queriesBySample)) {
      it(`answers ${sample} as recorded`, async () => {
        const context = await sampleToolContext(sample);
        try {
          const actual = await answers(context, queries);
          const goldenFile = path.join(goldenDir, `${sample}.txt`);
          if (process.env.UPDATE_GOLDEN === "1") {
            fs.mkdirSync(goldenDir, { recursive: true });
            fs.writeFileSync(goldenFile, actual);
          }
          expect(actual).toBe(fs.readFileSync(goldenFile, "utf8"));
        } finally {
          context.close();
        }
      });
    }
  });
}

import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "../vendor/zod.js";
import type { CliToolContext } from "../cli/cli-tool-context.js";
import { git } from "../test-support/git-history.js";
import { copySampleProject, removeTempDirs } from "../test-support/fixtures.js";
import { openIndexedContext, runTool } from "../test-support/tool-harness.js";
import { ALL_TOOLS } from "../tools/all-tools.js";
import { answerResult, failureResult } from "./call-result.js";
import { outputSchemaOf } from "./output-schema.js";

/**
 * Every read tool over the real test corpora (sample-projects/), each structured answer checked as the MCP server
 * and the SDK client check it: the zod schema the server gives McpServer (its `Output validation error` otherwise)
 * and the JSON Schema the listing declares, with ajv as the client does (error results included). In process, for
 * breadth; serve-output-schema.test.ts makes the round trip through the real SDK.
 */

const SAMPLES = ["broken", "monorepo", "no-tsconfig", "resolution", "web-app"] as const;
/** Symbols per sample project that the graph tools are asked about (spread over its files). */
const SYMBOLS_PER_PROJECT = 12;

afterAll(removeTempDirs);

function toolNamed(name: string) {
  const tool = ALL_TOOLS.find((candidate) => candidate.name === name);
  if (tool?.answer === undefined) throw new Error(`${name} has no answer schema`);
  return { tool, answer: tool.answer };
}

interface ToolSchemas {
  readonly zod: ReturnType<typeof outputSchemaOf>;
  readonly listed: ReturnType<AjvJsonSchemaValidator["getValidator"]>;
}

/** Each tool's two schemas, built once for the file: both depend only on the tool (thousands of calls check them). */
const schemasByTool = new Map<string, ToolSchemas>();

function schemasOf(name: string, answer: Parameters<typeof outputSchemaOf>[0]): ToolSchemas {
  let schemas = schemasByTool.get(name);
  if (schemas === undefined) {
    const zod = outputSchemaOf(answer);
    const json = z.toJSONSchema(zod, { target: "draft-7" }) as Parameters<AjvJsonSchemaValidator["getValidator"]>[0];
    schemas = { zod, listed: new AjvJsonSchemaValidator().getValidator(json) };
    schemasByTool.set(name, schemas);
  }
  return schemas;
}

/** What a served call would return for this input, and whether both schemas accept it. */
async function checkCall(context: CliToolContext, name: string, input: Record<string, unknown>): Promise<string[]> {
  const { tool, answer } = toolNamed(name);
  const unexpected: unknown[] = [];
  let result: ReturnType<typeof answerResult>;
  try {
    const answered = await runTool(tool, input, context);
    result = answerResult(answered, [{ root: context.root, ...context.freshness() }]);
  } catch (error) {
    result = failureResult(name, error, (failure) => unexpected.push(failure));
  }
  const label = `${name} ${JSON.stringify(input)}`;
  const problems = unexpected.map((failure) => `${label}: failed unexpectedly: ${String(failure)}`);
  const schemas = schemasOf(name, answer);
  if (result.isError !== true) {
    const parsed = schemas.zod.safeParse(result.structuredContent);
    if (!parsed.success)
      problems.push(`${label}: the server's zod check refuses it: ${JSON.stringify(parsed.error.issues)}`);
  }
  if (!schemas.listed(result.structuredContent).valid) {
    problems.push(`${label}: the listed JSON Schema refuses ${JSON.stringify(result.structuredContent).slice(0, 300)}`);
  }
  return problems;
}

/** Files and folders of a sample project, relative to it ("." for the root); ts-graph's database left out. */
function entriesOf(root: string): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = ["."];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (relative.split("/").some((part) => part === ".ts-graph" || part === ".git" || part === "node_modules"))
      continue;
    if (entry.isDirectory()) folders.push(relative);
    else if (entry.isFile()) files.push(relative);
  }
  return { files: files.sort(), folders: folders.sort() };
}

/** A spread of the graph's declarations: every n-th one by key. */
function sampleSymbols(context: CliToolContext): string[] {
  const keys = context.db.prepare("SELECT key FROM nodes WHERE kind <> 'File' ORDER BY key").pluck().all() as string[];
  const step = Math.max(1, Math.floor(keys.length / SYMBOLS_PER_PROJECT));
  return keys.filter((_, index) => index % step === 0).slice(0, SYMBOLS_PER_PROJECT);
}

/** Every class, interface and type alias of the graph, by key. */
function typeSymbols(context: CliToolContext): string[] {
  return context.db
    .prepare("SELECT key FROM nodes WHERE kind IN ('Class', 'Interface', 'TypeAlias') ORDER BY key")
    .pluck()
    .all() as string[];
}

function readCalls(root: string, context: CliToolContext): (readonly [string, Record<string, unknown>])[] {
  const { files, folders } = entriesOf(root);
  const symbols = sampleSymbols(context);
  const calls: (readonly [string, Record<string, unknown>])[] = [["status", {}]];
  for (const file of files) {
    for (const level of [0, 1, 2]) calls.push(["zoom", { path: file, level }]);
    calls.push(["zoom", { path: file, lines: "1-" }], ["zoom", { path: file, lines: "2-4", maxBytes: 1000 }]);
    calls.push(["cochange", { target: file }], ["deps", { target: file }]);
  }
  for (const folder of folders) {
    for (const level of [0, 1])
      calls.push(["zoom", { path: folder, level }], ["zoom", { path: folder, level, recursive: true, tests: true }]);
    calls.push(
      ["list", { path: folder }],
      ["list", { path: folder, recursive: true, glob: "**/*.ts" }],
      ["deps", { target: folder }],
    );
  }
  for (const [index, symbol] of symbols.entries()) {
    const name = symbol.slice(symbol.lastIndexOf(":") + 1);
    calls.push(
      ["impact", { symbol }],
      ["impact", { symbol, maxNodes: 1 }],
      ["callers", { symbol }],
      ["callers", { symbol, maxNodes: 1 }],
      ["callees", { symbol }],
      ["paths", { from: symbol, to: symbols[(index + 1) % symbols.length] }],
      ["find", { name }],
      ["find", { name: name.slice(0, 3) }],
      ["search", { pattern: name, literal: true, context: 1 }],
      ["cochange", { target: symbol }],
    );
  }
  for (const symbol of typeSymbols(context)) {
    calls.push(
      ["hierarchy", { symbol }],
      ["hierarchy", { symbol, direction: "up", depth: 1, maxNodes: 1, format: "json" }],
    );
  }
  calls.push(["hierarchy", { symbol: symbols[0] }]);
  calls.push(
    ["find", { name: "zzNoSuchName" }],
    ["search", { pattern: "export", glob: ["*.ts"] }],
    ["search", { pattern: "(" }],
  );
  return calls;
}

describe("every read tool's structured answers on the sample projects", () => {
  it.each(SAMPLES)("fit the output schema the MCP server declares: %s", async (sample) => {
    const root = copySampleProject(sample);
    // History for cochange on one project; the others answer `unavailable`, which the schema admits too.
    if (sample === "web-app")
      for (const args of [
        ["init", "-q"],
        ["add", "."],
        ["commit", "-q", "-m", "first"],
      ])
        git(root, args);
    const context = await openIndexedContext(root);
    try {
      const calls = readCalls(root, context);
      const problems: string[] = [];
      for (const [name, input] of calls) problems.push(...(await checkCall(context, name, input)));
      expect(problems).toEqual([]);
      expect(calls.length).toBeGreaterThan(20);
    } finally {
      context.close();
    }
  });
});

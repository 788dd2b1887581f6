import fs from "node:fs";
import { expect } from "vitest";
import { z } from "zod";
import { openCliToolContext, type CliToolContext } from "../cli/cli-tool-context.js";
import type { ToolDefinition, ToolResult } from "../tools/tool-contract.js";

/** Indexes root (into its own .ts-graph) and opens the CLI's tool context on it, as `ts-graph <tool> --index` does. */
export function openIndexedContext(root: string): Promise<CliToolContext> {
  return openCliToolContext({ root, index: true, onWarning: () => undefined });
}

/** Validates raw input with the tool's own shape (defaults applied), as both front ends do, then runs it. */
export function runTool(
  tool: ToolDefinition,
  raw: Record<string, unknown>,
  context: CliToolContext,
): Promise<ToolResult> {
  return tool.run(z.object(tool.inputShape).parse(raw) as never, context);
}

/** The message of the error `action` rejects with, checking its class. */
export async function rejection(
  action: Promise<unknown>,
  errorClass: new (...args: never[]) => Error,
): Promise<string> {
  try {
    await action;
  } catch (error) {
    expect(error).toBeInstanceOf(errorClass);
    return (error as Error).message;
  }
  throw new Error("expected the tool to fail");
}

/** Compares with a committed golden file; `UPDATE_GOLDEN=1` rewrites it (review the diff). */
export function expectGolden(goldenFile: string, actual: string): void {
  if (process.env.UPDATE_GOLDEN === "1") fs.writeFileSync(goldenFile, actual);
  expect(actual).toBe(fs.readFileSync(goldenFile, "utf8"));
}

/** A transcript of several calls of one tool, for one golden file: `$ tool {input}` then the text. */
export async function transcript(
  tool: ToolDefinition,
  cases: readonly Record<string, unknown>[],
  context: CliToolContext,
): Promise<string> {
  const parts: string[] = [];
  for (const input of cases) {
    const result = await runTool(tool, input, context);
    parts.push(`$ ${tool.name} ${JSON.stringify(input)}\n${result.text}\n`);
  }
  return parts.join("\n");
}

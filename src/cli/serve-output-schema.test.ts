import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servedAnswer } from "../mcp/output-schema.js";
import { git } from "../test-support/git-history.js";
import {
  CLI,
  copySampleProject,
  makeTempDir,
  removeTempDirs,
  runCli,
  writeChainProject,
} from "../test-support/fixtures.js";
import { ALL_TOOLS } from "../tools/all-tools.js";

/**
 * The tools' output schemas, through the SDK's own client over stdio: the client checks every result's
 * structuredContent against the schema the listing declared, error results included (typescript-sdk issue 1943),
 * and throws when it does not fit. So every call below that returns at all was accepted by it.
 */

let app: string;
let plain: string;
let client: Client;
let listed: readonly Tool[];

beforeAll(async () => {
  app = copySampleProject("web-app");
  // A barrel: a file with no declaration of its own (zoom's counts of it were null once, which the SDK refused).
  fs.writeFileSync(path.join(app, "shared", "index.ts"), 'export * from "./money";\nexport { ok } from "./result";\n');
  for (const args of [
    ["init", "-q"],
    ["add", "."],
    ["commit", "-q", "-m", "first"],
  ])
    git(app, args);
  plain = path.join(makeTempDir(), "no-history");
  writeChainProject(plain, 3);
  for (const root of [app, plain]) expect(runCli(["index", root, "--quiet"]).status).toBe(0);
  client = new Client({ name: "ts-graph-output-schema-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "serve", "-r", app, "-r", plain],
      stderr: "ignore",
    }),
  );
  // Listing is what arms the client's checks: it compiles each tool's output schema.
  listed = (await client.listTools()).tools;
});

afterAll(async () => {
  await client.close();
  removeTempDirs();
});

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** One successful call of every tool on the web-app sample (edit tools as dry runs: nothing is written). */
const ANSWERED: readonly (readonly [string, Record<string, unknown>])[] = [
  ["impact", { symbol: "InMemoryRepository.findById" }],
  ["callers", { symbol: "InMemoryRepository.findById" }],
  ["callees", { symbol: "ProductRepository.reserve" }],
  ["paths", { from: "ProductRepository.reserve", to: "InMemoryRepository.findById" }],
  ["deps", { target: "shared" }],
  ["hierarchy", { symbol: "InMemoryRepository" }],
  ["cochange", { target: "shared/money.ts" }],
  ["zoom", { path: "shared" }],
  ["zoom", { path: "shared/money.ts" }],
  ["zoom", { path: "shared/money.ts", level: 2 }],
  ["zoom", { path: "shared/index.ts" }],
  ["zoom", { path: "shared/index.ts", level: 1 }],
  ["find", { name: "get" }],
  ["search", { pattern: "export function" }],
  ["list", { path: "." }],
  ["status", {}],
  [
    "replace_symbol",
    {
      symbol: "formatPrice",
      content: "export function formatPrice(cents: number): string {\n  return `${cents} c`;\n}",
      dryRun: true,
    },
  ],
  ["insert_before_symbol", { symbol: "formatPrice", content: "export const EURO = '€';", dryRun: true }],
  ["insert_after_symbol", { symbol: "formatPrice", content: "export const CENT = 'c';", dryRun: true }],
  ["delete_symbol", { symbol: "formatPrice", force: true, dryRun: true }],
  ["rename_symbol", { symbol: "formatPrice", newName: "formatEuros", dryRun: true }],
];

describe("ts-graph serve: output schemas", () => {
  it("lists an object outputSchema for every tool that admits its answer, an input error and an unavailable root", () => {
    expect(listed.map((tool) => tool.name)).toEqual(ALL_TOOLS.map((tool) => tool.name));
    for (const tool of listed) {
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      const variants = (tool.outputSchema as { anyOf?: { required?: string[] }[] }).anyOf ?? [];
      expect(variants.map((variant) => variant.required ?? [])).toEqual([
        expect.arrayContaining(["freshness"]),
        ["error"],
        ["unavailable"],
      ]);
      // The client's own validator, as it checks results: it takes both error shapes and refuses what is neither.
      const valid = (value: unknown) => new AjvJsonSchemaValidator().getValidator(tool.outputSchema ?? {})(value).valid;
      expect(valid({ error: "No declaration", reason: "ambiguous", candidates: [{ key: "a.ts:f" }] }), tool.name).toBe(
        true,
      );
      expect(valid({ unavailable: { why: "no git", fix: "run in a clone" } }), tool.name).toBe(true);
      expect(valid({}), tool.name).toBe(false);
      expect(valid({ error: 1 }), tool.name).toBe(false);
      expect(valid({ unavailable: { why: "no git" } }), tool.name).toBe(false);
    }
  });

  it("answers every tool with structured content the SDK client accepts and the tool's answer schema parses, every field declared", async () => {
    expect(new Set(ANSWERED.map(([name]) => name))).toEqual(new Set(ALL_TOOLS.map((tool) => tool.name)));
    for (const [name, args] of ANSWERED) {
      const result = await call(name, { root: app, ...args });
      const label = `${name} ${JSON.stringify(args)}`;
      expect(result.isError, `${label}: ${JSON.stringify(result.content)}`).toBeFalsy();
      const answer = ALL_TOOLS.find((tool) => tool.name === name)?.answer;
      if (answer === undefined) throw new Error(`${name} declares no answer schema`);
      const parsed = servedAnswer(answer).safeParse(result.structuredContent);
      expect(parsed.error?.issues ?? [], label).toEqual([]);
      // The answer's schema is loose (a client keeps accepting a field added later): list every field here instead.
      const declared = Object.keys(servedAnswer(answer).shape);
      expect(
        Object.keys(result.structuredContent ?? {}).filter((key) => !declared.includes(key)),
        label,
      ).toEqual([]);
    }
  });

  it("keeps the structured details of input errors (candidates, suggestions) and of an unavailable root", async () => {
    const ambiguous = await call("impact", { root: app, symbol: "findById" });
    expect(ambiguous.isError).toBe(true);
    expect(ambiguous.structuredContent).toMatchObject({
      error: expect.stringContaining('"findById" matches 2 declarations'),
      reason: "ambiguous",
      candidates: [
        expect.objectContaining({ key: "backend/repositories/repository.ts:InMemoryRepository.findById" }),
        expect.objectContaining({ key: "backend/repositories/repository.ts:Repository.findById" }),
      ],
    });

    const misspelt = await call("callers", { root: app, symbol: "findAl" });
    expect(misspelt.isError).toBe(true);
    expect(misspelt.structuredContent).toMatchObject({
      reason: "not-found",
      suggestions: expect.arrayContaining([
        expect.objectContaining({ key: "backend/repositories/repository.ts:Repository.findAll" }),
      ]),
    });

    const outside = await call("zoom", { root: app, path: "../elsewhere.ts" });
    expect(outside.isError).toBe(true);
    expect(outside.structuredContent).toEqual({ error: expect.any(String) });

    const noHistory = await call("cochange", { root: plain, target: "src/m1.ts" });
    expect(noHistory.isError).toBe(true);
    expect(noHistory.structuredContent).toEqual({
      unavailable: { why: expect.stringContaining("not inside a git repository"), fix: expect.any(String) },
    });
  });
});

import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { openIndexer } from "../ingestion/run/indexer.js";
import { startInProcessServer, textOf, type InProcessServer } from "../test-support/mcp.js";
import { makeTempDir, removeTempDirs, writeChainProject } from "../test-support/fixtures.js";
import { ALL_TOOLS } from "../tools/all-tools.js";
import { defineTool, type ToolDefinition } from "../tools/tool-contract.js";
import { ToolUnavailableError } from "../tools/tool-errors.js";
import { createTsGraphServer } from "./server.js";

/** Test-only tools: they exercise the server's generic registration without the real slices. */
const checkPathTool = defineTool({
  name: "check_path",
  description: "Validates a path the way every tool does (test only).",
  inputShape: { path: z.string().describe("a path"), write: z.boolean().optional() },
  positional: ["path"],
  annotations: { readOnlyHint: true },
  async run(input, context) {
    const write = input.write === true;
    const checked = context.paths.validate(input.path, { mustExist: !write, forWrite: write });
    return { text: `${checked.root} ${checked.relative}`, structured: { ...checked } };
  },
});

const declarationsTool = defineTool({
  name: "declarations",
  description: "Names declared in one file, from the graph (test only).",
  inputShape: { path: z.string() },
  positional: ["path"],
  annotations: { readOnlyHint: true },
  async run(input, context) {
    const file = context.paths.validate(input.path);
    await context.ensureFresh([file.absolute]);
    const names = context.db
      .prepare("SELECT name FROM nodes WHERE file = ? AND kind != 'File' ORDER BY name")
      .pluck()
      .all(file.relative) as string[];
    return { text: names.join("\n"), structured: { names } };
  },
});

const nodeCountTool = defineTool({
  name: "node_count",
  description: "How many nodes the graph holds (test only).",
  inputShape: {},
  positional: [],
  annotations: { readOnlyHint: true },
  async run(_input, context) {
    const count = context.db.prepare("SELECT count(*) FROM nodes").pluck().get() as number;
    return { text: String(count), structured: { count, root: context.root } };
  },
});

const ripgrepTool = defineTool({
  name: "needs_ripgrep",
  description: "A tool whose dependency is missing (test only).",
  inputShape: {},
  positional: [],
  annotations: { readOnlyHint: true },
  async run() {
    throw new ToolUnavailableError("ripgrep is not installed", "run npm install @vscode/ripgrep");
  },
});

const brokenTool = defineTool({
  name: "broken",
  description: "A tool with a bug (test only).",
  inputShape: {},
  positional: [],
  annotations: { readOnlyHint: true },
  async run() {
    throw new TypeError("cannot read properties of undefined\n    at secret (/internal/file.ts:1:1)");
  },
});

const TEST_TOOLS = [
  ...ALL_TOOLS,
  checkPathTool,
  declarationsTool,
  nodeCountTool,
  ripgrepTool,
  brokenTool,
] as readonly ToolDefinition[];

const servers: InProcessServer[] = [];

async function serve(options: Parameters<typeof startInProcessServer>[0]): Promise<InProcessServer> {
  const server = await startInProcessServer({ tools: TEST_TOOLS, ...options });
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(removeTempDirs);

function chainProject(files = 3): string {
  const root = path.join(makeTempDir(), "chain");
  writeChainProject(root, files);
  return root;
}

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface StatusRoot {
  root: string;
  watching: boolean;
  pendingFiles: number;
  indexError: string | null;
  unavailable: string | null;
  graph: { files: { total: number }; nodes: { byKind: Record<string, number> } } | null;
}

function statusRoots(result: Awaited<ReturnType<InProcessServer["call"]>>): StatusRoot[] {
  return (result.structuredContent as { roots: StatusRoot[] }).roots;
}

describe(createTsGraphServer.name, () => {
  it("lists every tool with its description, annotations and a root input", async () => {
    const server = await serve({ roots: [chainProject()] });
    const { tools } = await server.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TEST_TOOLS.map((tool) => tool.name));
    const status = tools.find((tool) => tool.name === "status");
    expect(status?.description).toMatch(/workspace root/);
    expect(status?.annotations).toMatchObject({ readOnlyHint: true });
    const check = tools.find((tool) => tool.name === "check_path");
    expect(Object.keys(check?.inputSchema.properties ?? {})).toEqual(["path", "write", "root"]);
    expect(check?.inputSchema.required).toEqual(["path"]);
  });

  it("indexes a root without a graph before the first answer, and answers with text, structured content and freshness", async () => {
    const root = chainProject();
    const server = await serve({ roots: [root] });
    const result = await server.call("status");
    expect(result.isError).toBeFalsy();
    const [state] = statusRoots(result);
    expect(state).toMatchObject({ root, watching: true, pendingFiles: 0, indexError: null, unavailable: null });
    expect(state?.graph?.files.total).toBe(3);
    expect(state?.graph?.nodes.byKind.Function).toBe(3);
    expect(textOf(result)).toMatch(/^ts-graph status: 1 root\n/);
    expect(textOf(result)).toMatch(/\n\[graph indexed \d{4}-\d\d-\d\dT[^\]]+, up to date\]$/);
    expect(result.structuredContent?.freshness).toMatchObject({ root, pendingFiles: 0, indexedAt: expect.any(String) });
    expect(fs.existsSync(path.join(root, ".ts-graph", "graph.db"))).toBe(true);
  });

  it("catches an existing graph up with the files changed while no server ran", async () => {
    const root = chainProject();
    const indexer = openIndexer({ root });
    await indexer.run();
    indexer.close();
    fs.appendFileSync(path.join(root, "src", "m1.ts"), "export function addedOffline(): void {}\n");
    const server = await serve({ roots: [root] });
    expect((await server.call("declarations", { path: "src/m1.ts" })).structuredContent?.names).toContain(
      "addedOffline",
    );
  });

  it("answers the first call on a root with a graph before checking the graph or watching it, and starts both right after", async () => {
    const root = chainProject();
    const indexer = openIndexer({ root });
    await indexer.run();
    indexer.close();
    const server = await serve({ roots: [root] });
    await server.client.listTools();
    const first = await server.call("status");
    expect(statusRoots(first)[0]).toMatchObject({ watching: false, pendingFiles: 0 });
    expect(server.logs.filter((line) => line.includes("checking the graph"))).toEqual([]);
    const watched = await eventually(
      async () => statusRoots(await server.call("status"))[0],
      (state) => state?.watching === true,
    );
    expect(watched?.watching).toBe(true);
    expect(server.logs).toContainEqual(expect.stringContaining("checking the graph against the files on disk"));
  });
});

describe("path security through MCP", () => {
  function setUp(): { root: string; outside: string } {
    const root = chainProject();
    const outside = makeTempDir("ts-graph-outside-");
    fs.writeFileSync(path.join(outside, "secret.ts"), "export const secret = 1;\n");
    fs.symlinkSync(outside, path.join(root, "src", "escape"));
    fs.symlinkSync(path.join(outside, "secret.ts"), path.join(root, "src", "secret-link.ts"));
    return { root, outside };
  }

  it("accepts paths inside the root, relative or absolute, and new files for writing", async () => {
    const { root } = setUp();
    const server = await serve({ roots: [root] });
    expect((await server.call("check_path", { path: "src/m0.ts" })).structuredContent).toMatchObject({
      root,
      relative: "src/m0.ts",
      exists: true,
    });
    expect(
      (await server.call("check_path", { path: path.join(root, "src", "m1.ts") })).structuredContent,
    ).toMatchObject({ relative: "src/m1.ts" });
    expect(
      (await server.call("check_path", { path: "src/new/deeper.ts", write: true })).structuredContent,
    ).toMatchObject({
      relative: "src/new/deeper.ts",
      exists: false,
    });
  });

  it("refuses traversal, absolute paths outside, symlink escapes and ts-graph's own files, with what to do", async () => {
    const { root, outside } = setUp();
    const server = await serve({ roots: [root] });
    const refused = async (args: Record<string, unknown>): Promise<string> => {
      const result = await server.call("check_path", args);
      expect(result.isError).toBe(true);
      expect(result.structuredContent?.error).toBe(textOf(result));
      return textOf(result);
    };
    expect(await refused({ path: "../../etc/passwd" })).toMatch(/outside the workspace; give a path inside/);
    expect(await refused({ path: "src/../../x.ts", write: true })).toMatch(/outside the workspace/);
    expect(await refused({ path: path.join(outside, "secret.ts") })).toMatch(/outside the workspace/);
    expect(await refused({ path: "src/escape/secret.ts" })).toMatch(/through a symbolic link/);
    expect(await refused({ path: "src/secret-link.ts", write: true })).toMatch(/through a symbolic link/);
    expect(await refused({ path: "src/escape/new.ts", write: true })).toMatch(/through a symbolic link/);
    expect(await refused({ path: "src/missing.ts" })).toMatch(/does not exist/);
    expect(await refused({ path: ".ts-graph/graph.db", write: true })).toMatch(
      /ts-graph's own database or configuration/,
    );
    expect(await refused({ path: "ts-graph.config.json", write: true })).toMatch(
      /ts-graph's own database or configuration/,
    );
    expect(await refused({ path: "src/m0.ts", root: "/etc" })).toMatch(/outside the workspace/);
  });

  it("never lets a tool write a database kept outside .ts-graph", async () => {
    const root = chainProject();
    const dbPath = path.join(root, "graph.sqlite");
    const server = await serve({ roots: [{ root, dbPath }] });
    const result = await server.call("check_path", { path: "graph.sqlite-wal", write: true });
    expect(textOf(result)).toMatch(/ts-graph's own database/);
  });
});

describe("errors as results", () => {
  it("turns a missing dependency into a structured 'unavailable: why, and how to fix it'", async () => {
    const server = await serve({ roots: [chainProject()] });
    const result = await server.call("needs_ripgrep");
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      unavailable: { why: "ripgrep is not installed", fix: "run npm install @vscode/ripgrep" },
    });
    expect(textOf(result)).toBe("unavailable: ripgrep is not installed. run npm install @vscode/ripgrep");
    expect((await server.call("status")).isError).toBeFalsy();
  });

  it("reports a bug in one line and keeps the stack for the log", async () => {
    const server = await serve({ roots: [chainProject()] });
    const result = await server.call("broken");
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^broken failed unexpectedly: cannot read properties of undefined\. The details are in the server's log/,
    );
    expect(textOf(result)).not.toMatch(/\n|at secret/);
    expect(server.logs.join("\n")).toMatch(
      /broken failed: TypeError: cannot read properties of undefined[\s\S]*at secret/,
    );
  });

  it("rejects input that does not fit the tool's schema, and unknown tools", async () => {
    const server = await serve({ roots: [chainProject()] });
    const wrongType = await server.call("check_path", { path: 42 });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(/path/);
    const unknown = await server.call("no_such_tool");
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/no_such_tool not found/);
  });
});

describe("several roots", () => {
  it("picks the root from the root input, a path input, or asks which one", async () => {
    const first = chainProject(2);
    const second = path.join(makeTempDir(), "other");
    writeChainProject(second, 4);
    fs.writeFileSync(path.join(second, "src", "only-here.ts"), "export const onlyHere = 1;\n");
    const server = await serve({ roots: [first, second] });

    const ambiguous = await server.call("node_count");
    expect(ambiguous.isError).toBe(true);
    expect(textOf(ambiguous)).toMatch(/several roots.*pass "root" with one of/);
    expect(ambiguous.structuredContent?.roots).toEqual([first, second]);

    expect((await server.call("node_count", { root: second })).structuredContent).toMatchObject({ root: second });
    expect((await server.call("node_count", { root: "other" })).structuredContent).toMatchObject({ root: second });
    expect((await server.call("node_count", { root: path.join(second, "src") })).structuredContent).toMatchObject({
      root: second,
    });
    expect((await server.call("declarations", { path: "src/only-here.ts" })).structuredContent).toEqual({
      names: ["onlyHere"],
      freshness: expect.objectContaining({ root: second }),
    });
    expect(
      (await server.call("declarations", { path: path.join(first, "src", "m0.ts") })).structuredContent?.names,
    ).toContain("step0");
    expect(textOf(await server.call("declarations", { path: "src/m0.ts" }))).toMatch(/exists in several roots/);
    expect(textOf(await server.call("declarations", { path: "src/m0.ts", root: first }))).toMatch(/step0/);
    expect(textOf(await server.call("declarations", { path: path.join(second, "src", "m0.ts"), root: first }))).toMatch(
      /lies in the root .*other, not in .*chain; pass root/,
    );

    const status = await server.call("status");
    expect(statusRoots(status).map((root) => root.root)).toEqual([first, second]);
    expect(textOf(status)).toMatch(/ts-graph status: 2 roots/);
    expect(status.structuredContent?.freshness).toHaveLength(2);
  });

  it("isolates a root that cannot be indexed: it is unavailable with the reason, the others answer", async () => {
    const good = chainProject();
    const empty = makeTempDir("ts-graph-empty-");
    fs.writeFileSync(path.join(empty, "notes.md"), "# no TypeScript here\n");
    const server = await serve({ roots: [good, empty] });
    const unavailable = await server.call("node_count", { root: empty });
    expect(unavailable.isError).toBe(true);
    expect(unavailable.structuredContent?.unavailable).toMatchObject({
      why: expect.stringMatching(/has no graph yet: its first index failed: found no TypeScript files/),
      fix: expect.stringMatching(/ts-graph index/),
    });
    expect((await server.call("node_count", { root: good })).isError).toBeFalsy();
    const roots = statusRoots(await server.call("status"));
    expect(roots[1]).toMatchObject({
      root: empty,
      graph: null,
      unavailable: expect.stringMatching(/found no TypeScript files/),
    });
    expect(roots[0]?.graph?.files.total).toBe(3);
  });
});

describe("roots offered by the client", () => {
  it("serves the client's roots instead of the default root, and follows roots/list_changed", async () => {
    const fallback = chainProject(1);
    const offered = chainProject(2);
    const later = chainProject(3);
    const server = await serve({ roots: [fallback], rootsAreDefault: true, clientRoots: [offered] });
    expect(statusRoots(await server.call("status")).map((root) => root.root)).toEqual([offered]);

    await server.offerRoots([offered, later]);
    const both = await eventually(
      async () => statusRoots(await server.call("status")).map((root) => root.root),
      (roots) => roots.length === 2,
    );
    expect(both).toEqual([offered, later]);
    expect(textOf(await server.call("check_path", { path: path.join(fallback, "src", "m0.ts") }))).toMatch(
      /outside the workspace/,
    );
  });

  it("serves only the roots given with -r, and writes nothing into a root the client offers", async () => {
    const given = chainProject(1);
    const offered = chainProject(2);
    const later = chainProject(3);
    const server = await serve({ roots: [given], clientRoots: [offered] });
    expect(statusRoots(await server.call("status")).map((root) => root.root)).toEqual([given]);
    await server.offerRoots([offered, later]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(statusRoots(await server.call("status")).map((root) => root.root)).toEqual([given]);
    expect(textOf(await server.call("check_path", { path: path.join(offered, "src", "m0.ts") }))).toMatch(
      /outside the workspace/,
    );
    for (const root of [offered, later]) expect(fs.existsSync(path.join(root, ".ts-graph"))).toBe(false);
  });
});

describe("freshness while serving", () => {
  it("answers from a file edited on disk while the server runs", async () => {
    const root = chainProject();
    const server = await serve({ roots: [root] });
    expect((await server.call("declarations", { path: "src/m2.ts" })).structuredContent?.names).toEqual([
      "Holder2",
      "step2",
      "value",
    ]);
    fs.appendFileSync(path.join(root, "src", "m2.ts"), "export function justSaved(): number {\n  return 2;\n}\n");
    const after = await server.call("declarations", { path: "src/m2.ts" });
    expect(after.structuredContent?.names).toContain("justSaved");
    expect(after.structuredContent?.freshness).toMatchObject({ pendingFiles: 0 });

    fs.writeFileSync(
      path.join(root, "src", "fresh.ts"),
      "export function brandNew(): void {}\nexport function another(): void {}\n",
    );
    const status = await eventually(
      async () => statusRoots(await server.call("status"))[0],
      (state) => state?.graph?.files.total === 4,
    );
    expect(status?.graph?.nodes.byKind.Function).toBe(6);
    expect(status?.pendingFiles).toBe(0);
  });

  it("keeps answering from the last good graph when indexing fails, says so, and recovers", async () => {
    const root = chainProject();
    const server = await serve({ roots: [root] });
    expect((await server.call("node_count")).isError).toBeFalsy();
    const tsconfig = path.join(root, "tsconfig.json");
    const good = fs.readFileSync(tsconfig, "utf8");
    fs.writeFileSync(tsconfig, "{ broken");
    const failing = await eventually(
      () => server.call("node_count"),
      (result) => textOf(result).includes("last index failed"),
    );
    expect(failing.isError).toBeFalsy();
    expect(textOf(failing)).toMatch(/last index failed: cannot parse .*tsconfig\.json/);
    expect(failing.structuredContent?.freshness).toMatchObject({ indexError: expect.stringMatching(/cannot parse/) });
    expect(statusRoots(await server.call("status"))[0]?.indexError).toMatch(/cannot parse/);

    fs.writeFileSync(tsconfig, good);
    const recovered = await eventually(
      () => server.call("node_count"),
      (result) => !textOf(result).includes("last index failed"),
    );
    expect(textOf(recovered)).toMatch(/up to date\]$/);
  });
});

describe("closing", () => {
  it("closes the watcher and the database so that another process can write it", async () => {
    const root = chainProject();
    const server = await startInProcessServer({ roots: [root], tools: TEST_TOOLS });
    expect((await server.call("status")).isError).toBeFalsy();
    await server.close();
    const db = new Database(path.join(root, ".ts-graph", "graph.db"), { timeout: 0 });
    expect(() => db.exec("BEGIN IMMEDIATE; UPDATE meta SET value = value; COMMIT;")).not.toThrow();
    db.close();
  });
});

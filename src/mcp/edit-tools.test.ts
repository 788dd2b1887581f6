import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeEditProject } from "../test-support/edit-project.js";
import Database from "better-sqlite3";
import { freshIndex, makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { diffGraphDumps, dumpGraph } from "../test-support/graph-dump.js";
import { startInProcessServer, textOf, type InProcessServer } from "../test-support/mcp.js";

/** Each edit tool through the MCP server and the SDK client: the answers, the writes, and the refusals. */

let root: string;
let server: InProcessServer;
const read = (file: string): string => fs.readFileSync(path.join(root, "src", file), "utf8");

beforeAll(async () => {
  root = makeTempDir();
  writeEditProject(root);
  server = await startInProcessServer({ roots: [root] });
});

afterAll(async () => {
  await server.close();
  removeTempDirs();
});

describe("edit tools over MCP", () => {
  it("lists the edit tools as destructive, not read-only", async () => {
    const { tools } = await server.client.listTools();
    for (const name of [
      "replace_symbol",
      "insert_before_symbol",
      "insert_after_symbol",
      "delete_symbol",
      "rename_symbol",
    ]) {
      expect(tools.find((tool) => tool.name === name)?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
      });
    }
  });

  it("offers allowRename and replaceLoneSurrogates in the input schemas, and refuses a lone surrogate unless asked", async () => {
    const { tools } = await server.client.listTools();
    const inputs = (name: string): string[] =>
      Object.keys(tools.find((tool) => tool.name === name)?.inputSchema.properties ?? {});
    expect(inputs("replace_symbol")).toEqual(expect.arrayContaining(["allowRename", "replaceLoneSurrogates"]));
    expect(inputs("insert_after_symbol")).toContain("replaceLoneSurrogates");
    expect(inputs("insert_after_symbol")).not.toContain("allowRename");
    const content = 'export const mark = "\uDE00";';
    const refused = await server.call("insert_after_symbol", { symbol: "unit", content, dryRun: true });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("lone UTF-16 surrogate (U+DE00)");
    const replaced = await server.call("insert_after_symbol", {
      symbol: "unit",
      content,
      replaceLoneSurrogates: true,
      dryRun: true,
    });
    expect(textOf(replaced)).toContain('+export const mark = "\uFFFD";');
  });

  it("replace_symbol: a dry run answers the diff, the call writes and updates the graph", async () => {
    const dry = await server.call("replace_symbol", {
      symbol: "unit",
      content: "export function unit(): number {\n  return 2;\n}",
      dryRun: true,
    });
    expect(dry.isError).toBeFalsy();
    expect(textOf(dry)).toContain("-  return 1;\n+  return 2;");
    expect(read("cart.ts")).toContain("return 1;");
    const written = await server.call("replace_symbol", {
      symbol: "unit",
      content: "export function unit(): number {\n  return 2;\n}",
    });
    expect(textOf(written)).toContain("graph: updated with the edit");
    expect(read("cart.ts")).toContain("return 2;");
    expect((written.structuredContent as { graphUpdated?: boolean }).graphUpdated).toBe(true);
  });

  it("insert_before_symbol and insert_after_symbol add whole declarations around the target", async () => {
    const before = await server.call("insert_before_symbol", { symbol: "unit", content: "export const ZERO = 0;" });
    expect(before.isError).toBeFalsy();
    const after = await server.call("insert_after_symbol", {
      symbol: "Cart.add",
      content: "clear(): void {\n  this.items = [];\n}",
    });
    expect(after.isError).toBeFalsy();
    expect(read("cart.ts")).toContain("}\n\nexport const ZERO = 0;\n\nexport function unit()");
    expect(read("cart.ts")).toContain(
      "    this.items.push(item);\n  }\n\n  clear(): void {\n    this.items = [];\n  }\n}",
    );
  });

  it("delete_symbol refuses while the graph has references and deletes an unreferenced declaration", async () => {
    const refused = await server.call("delete_symbol", { symbol: "unit" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("src/main.ts:");
    const deleted = await server.call("delete_symbol", { symbol: "ZERO" });
    expect(deleted.isError).toBeFalsy();
    expect(read("cart.ts")).not.toContain("ZERO");
  });

  it("rename_symbol renames across files", async () => {
    const renamed = await server.call("rename_symbol", { symbol: "Cart.add", newName: "put" });
    expect(renamed.isError).toBeFalsy();
    expect(read("main.ts")).toContain("cart.put(unit());");
    expect(read("cart.ts")).toContain("  put(item: number): void {");
  });

  it("rename_symbol patches the graph, which then equals a full index", async () => {
    const logged = server.logs.length;
    const renamed = await server.call("rename_symbol", { symbol: "unit", newName: "one" });
    expect(textOf(renamed)).toContain("graph: updated with the edit");
    expect(read("main.ts")).toContain("one()");
    // A member rename whose names the library has (`add`, the test above) is re-extracted, and the server says why; this one is patched.
    expect(
      server.logs
        .slice(0, logged)
        .some((line) =>
          line.includes("rename re-extracted, not patched: a member is renamed: TypeScript's library declares add"),
        ),
    ).toBe(true);
    expect(server.logs.slice(logged).filter((line) => line.includes("not patched"))).toEqual([]);
    const db = new Database(path.join(root, ".ts-graph", "graph.db"), { readonly: true });
    try {
      expect(diffGraphDumps(dumpGraph(db), (await freshIndex(root)).dump)).toEqual({});
    } finally {
      db.close();
    }
  });

  it("refuses a path outside the root and ts-graph's own files", async () => {
    const outside = makeTempDir();
    fs.writeFileSync(path.join(outside, "x.ts"), "export const x = 1;\n");
    for (const [file, expected] of [
      [path.join(outside, "x.ts"), "outside the workspace"],
      [".ts-graph/graph.db", "ts-graph's own database or configuration"],
    ] as const) {
      const result = await server.call("replace_symbol", { symbol: "x", file, content: "export const x = 2;" });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(expected);
    }
    expect(fs.readFileSync(path.join(outside, "x.ts"), "utf8")).toBe("export const x = 1;\n");
  });
});

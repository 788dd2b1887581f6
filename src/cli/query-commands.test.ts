import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copySampleProject, removeTempDirs, runCli } from "../test-support/fixtures.js";

afterAll(removeTempDirs);

describe("query commands (subprocess)", () => {
  let root: string;
  beforeAll(() => {
    root = copySampleProject("web-app");
  });

  it("tells the user to index first when there is no graph, and indexes with --index", () => {
    const missing = runCli(["impact", "sumLines", "--root", root]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("No graph at");
    expect(missing.stderr).toContain("run `ts-graph index");
    expect(missing.stdout).toBe("");

    const indexed = runCli(["impact", "sumLines", "--root", root, "--index"]);
    expect(indexed.status).toBe(0);
    expect(indexed.stdout).toContain("impact of sumLines (Function, shared/money.ts:9-11), depth ≤ 3");
    expect(indexed.stdout).toContain("tests to run (1)\n  frontend/store/cart.test.ts  depth 2");
  });

  it("prints callers as the JSON object the MCP server returns as structured content", () => {
    const result = runCli(["callers", "Cart.total", "--root", root, "--format", "json", "--depth", "2"]);
    expect(result.status).toBe(0);
    const answer = JSON.parse(result.stdout) as {
      tool: string;
      depth: number;
      entries: { key: string }[];
      testEntries: { key: string; links: { sites: number[] }[] }[];
    };
    expect(answer.tool).toBe("callers");
    expect(answer.depth).toBe(2);
    expect(answer.entries.map((entry) => entry.key)).toEqual(["frontend/components/CartView.tsx:CartView.render"]);
    expect(answer.testEntries.map((entry) => entry.key)).toEqual(["frontend/store/cart.test.ts:testCartTotal"]);
    expect(answer.testEntries[0]?.links[0]?.sites).toEqual([10, 11]);
  });

  it("prints callees, paths and deps in their formats", () => {
    const callees = runCli(["callees", "createServer", "--root", root, "--depth", "1", "--format", "toon"]);
    expect(callees.status).toBe(0);
    expect(callees.stdout).toContain("total: 5\n");
    expect(callees.stdout).toContain("entries[5]:\n");
    expect(callees.stdout).toContain('"backend/server.ts:createServer",INSTANTIATES,"63"');
    // `logout`, passed to the router, is a value use, not a call: listed apart.
    expect(callees.stdout).toContain("totalValues: 1\nvalues[1]:\n");
    expect(callees.stdout).toContain('"backend/server.ts:createServer",REFERENCES,"65"');

    const paths = runCli(["paths", "bootstrap", "respond", "--root", root, "--depth", "8", "--max-paths", "1"]);
    expect(paths.status).toBe(0);
    expect(paths.stdout).toContain("path 1 (4 steps)");

    const deps = runCli(["deps", "backend/services", "--root", root, "--direction", "out", "--format", "mermaid"], {
      cwd: root,
    });
    expect(deps.status).toBe(0);
    expect(deps.stdout.startsWith("flowchart LR\n")).toBe(true);
  });

  it("prints a type's hierarchy, and refuses a declaration that is no type with exit 2", () => {
    const tree = runCli(["hierarchy", "Repository", "--root", root, "--direction", "down"]);
    expect(tree.status).toBe(0);
    expect(tree.stdout).toContain(
      "subtypes of interface Repository\n  abstract class InMemoryRepository  backend/repositories/repository.ts:10",
    );
    expect(tree.stdout).toContain("\n    class UserRepository  backend/repositories/user-repository.ts:4");
    const notType = runCli(["hierarchy", "sumLines", "--root", root]);
    expect(notType.status).toBe(2);
    expect(notType.stderr).toContain("is not a class, an interface or a type alias");
  });

  it("lists the candidates of an ambiguous symbol and exits 2", () => {
    const result = runCli(["impact", "login", "--root", root]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('"login" matches 4 declarations');
    expect(result.stderr).toContain("frontend/api/client.ts:ApiClient.login (Method, lines 19-21)");
  });

  it("rejects a bad option value before opening the graph", () => {
    const result = runCli(["impact", "sumLines", "--root", root, "--depth", "0"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--depth");
  });
});

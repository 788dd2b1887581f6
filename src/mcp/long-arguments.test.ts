import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs, writeChainProject } from "../test-support/fixtures.js";
import { startInProcessServer, textOf, type InProcessServer } from "../test-support/mcp.js";

let server: InProcessServer;

beforeAll(async () => {
  const root = path.join(makeTempDir(), "served");
  writeChainProject(root, 2);
  server = await startInProcessServer({ roots: [root] });
});

afterAll(async () => {
  await server.close();
  removeTempDirs();
});

describe("an argument of 1 MB", () => {
  const huge = "A".repeat(1024 * 1024);

  it("is not sent back by an error: the message repeats its start and its length", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["impact", { symbol: huge }],
      ["callers", { symbol: huge }],
      ["impact", { symbol: "step0", file: huge }],
      ["zoom", { path: huge }],
      ["deps", { target: huge }],
      ["find", { name: huge }],
    ];
    for (const [tool, args] of calls) {
      const result = await server.call(tool, args);
      expect(result.isError, tool).toBe(true);
      const size = textOf(result).length + JSON.stringify(result.structuredContent ?? {}).length;
      expect(size, `${tool} ${Object.keys(args).join(",")}`).toBeLessThan(4096);
    }
    // The schemas bound every string: the client is told which argument, and the limit, before anything runs.
    const refused = textOf(await server.call("impact", { symbol: huge }));
    expect(refused).toMatch(/Input validation error/);
    expect(refused).toMatch(/ at symbol$/);
    expect(refused).toContain("longer than 5,120 characters");
    expect(refused).not.toContain("AAAAAAAAAA");
  });
});

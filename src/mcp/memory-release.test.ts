import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs, writeChainProject } from "../test-support/fixtures.js";
import { until } from "../test-support/until.js";
import { startInProcessServer, textOf, type InProcessServer } from "../test-support/mcp.js";
import type { RootMemoryView } from "../tools/status/memory-view.js";

/** The bounded server (issue 17): roots release what they keep warm over the budget or when idle, and answer as before. */

const servers: InProcessServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(removeTempDirs);

function project(name: string): string {
  const root = path.join(makeTempDir(), name);
  writeChainProject(root, 3);
  return root;
}

function memoryOf(server: InProcessServer, root: string): RootMemoryView | undefined {
  return server.workspace.states().find((state) => state.root === root)?.memory;
}

describe("the server's memory budget", () => {
  it("over a tiny budget, releases the least recently used root, which still answers, and builds what its next change needs", async () => {
    const older = project("older");
    const newer = project("newer");
    // A budget no root reaches, so that the checks after each call release nothing: the test checks against a tiny
    // one when both roots hold their programs (a check after a call could otherwise release one before it is seen).
    const server = await startInProcessServer({
      roots: [older, newer],
      memory: { budgetBytes: Number.MAX_SAFE_INTEGER, idleReleaseMs: 0, checkIntervalMs: 3_600_000 },
    });
    servers.push(server);
    // The edit tools' language service of the older root, loaded by a dry-run rename.
    const rename = await server.call("rename_symbol", {
      root: older,
      symbol: "step1",
      newName: "stepOne",
      dryRun: true,
    });
    expect(rename.isError).toBeFalsy();
    expect(textOf(await server.call("find", { root: newer, name: "step2" }))).toContain("src/m2.ts");
    await until(
      () => memoryOf(server, older)?.programs === "kept" && memoryOf(server, newer)?.programs === "kept",
      "both roots' programs",
    );
    expect(memoryOf(server, older)?.editLanguageService).toBe(true);

    await server.workspace.checkMemory(1);
    expect(memoryOf(server, older)).toMatchObject({ programs: "released", editLanguageService: false });
    expect(memoryOf(server, newer)?.programs).toBe("kept");
    expect(server.logs.join("\n")).toMatch(
      new RegExp(
        `${older}: released its TypeScript programs and the edit tools' language service \\(the server's RSS \\d+ MB is over its budget of 0 MB\\)`,
      ),
    );

    // Released, it answers from its graph as before; a change builds the narrow program it needs, kept.
    const callers = await server.call("callers", { root: older, symbol: "step0" });
    expect(textOf(callers)).toContain("step1");
    fs.appendFileSync(
      path.join(older, "src", "m2.ts"),
      "export function step3(n: number): number {\n  return step2(n) + 1;\n}\n",
    );
    const found = await server.call("zoom", { root: older, path: "src/m2.ts" });
    expect(textOf(found)).toMatch(/^\d+ function step3\(n: number\): number/m);
    expect(memoryOf(server, older)?.programs).toBe("as needed");
    expect(textOf(await server.call("callers", { root: older, symbol: "step2" }))).toContain("step3");
    // The older root is now the one used last: the newer one goes next, and the older one keeps what its changes built.
    await server.workspace.checkMemory(1);
    expect(memoryOf(server, newer)?.programs).toBe("released");
    expect(memoryOf(server, older)?.programs).toBe("as needed");
    expect(textOf(await server.call("status", { root: older }))).toContain(
      "programs kept as changes need them (since a release)",
    );
  });

  it("a root alone over the budget is released once, then keeps what its changes need: no release and rebuild call after call", async () => {
    const root = project("alone");
    const server = await startInProcessServer({
      roots: [root],
      memory: { budgetBytes: 1, idleReleaseMs: 0, checkIntervalMs: 3_600_000 },
    });
    servers.push(server);
    expect(textOf(await server.call("find", { name: "step0" }))).toContain("src/m0.ts");
    // The check after a call releases the whole programs as soon as they are built.
    await until(async () => {
      await server.workspace.checkMemory();
      return memoryOf(server, root)?.programs === "released";
    }, "the release of the whole programs");
    for (let change = 3; change < 6; change += 1) {
      fs.appendFileSync(
        path.join(root, "src", "m2.ts"),
        `export function step${change}(n: number): number {\n  return step2(n) + ${change};\n}\n`,
      );
      expect(textOf(await server.call("callers", { symbol: "step2" }))).toContain(`step${change}`);
      expect(memoryOf(server, root)?.programs).toBe("as needed");
      await server.workspace.checkMemory();
      expect(memoryOf(server, root)?.programs).toBe("as needed");
    }
    const releases = server.logs.filter((line) => line.includes(`${root}: released`));
    expect(releases).toHaveLength(1);
    expect(releases[0]).toMatch(
      /over its budget of 0 MB with this root's programs alone; its changes now build only what they need/,
    );
  });

  it("an idle root releases its programs after the idle time", async () => {
    const root = project("idle");
    const server = await startInProcessServer({
      roots: [root],
      memory: { budgetBytes: Number.MAX_SAFE_INTEGER, idleReleaseMs: 400, checkIntervalMs: 50 },
    });
    servers.push(server);
    expect(textOf(await server.call("find", { name: "step0" }))).toContain("src/m0.ts");
    await until(() => memoryOf(server, root)?.programs === "released", "the idle release");
    expect(server.logs.join("\n")).toMatch(
      new RegExp(`${root}: released its TypeScript programs \\(unused for \\d+ s\\)`),
    );
    expect(textOf(await server.call("find", { name: "step1" }))).toContain("src/m1.ts");
  });

  it("status shows the server's RSS and budget, and what each root keeps warm", async () => {
    const root = project("shown");
    const server = await startInProcessServer({
      roots: [root],
      memory: { budgetBytes: 2048 * 1024 * 1024, idleReleaseMs: 30 * 60_000 },
    });
    servers.push(server);
    await server.call("find", { name: "step0" });
    await until(() => memoryOf(server, root)?.programs === "kept", "the programs");
    const status = await server.call("status");
    const structured = status.structuredContent as {
      server: { rssBytes: number; budgetBytes: number; idleReleaseMinutes: number };
      roots: { memory: RootMemoryView }[];
    };
    expect(structured.server.rssBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(structured.server).toMatchObject({ budgetBytes: 2048 * 1024 * 1024, idleReleaseMinutes: 30 });
    expect(structured.roots[0]?.memory).toMatchObject({ programs: "kept", editLanguageService: false });
    expect(textOf(status)).toMatch(
      /\nserver {3}RSS [\d,]+ MB · budget 2,048 MB \(above it, the least recently used roots release their programs\) · an idle root releases them after 30 min\n/,
    );
    expect(textOf(status)).toMatch(
      /\n {2}memory {3}programs kept · edit language service not loaded · last used \d{4}-\d\d-\d\dT/,
    );
  });
});

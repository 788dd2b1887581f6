import { afterAll, describe, expect, it } from "vitest";
import {
  copySampleProject,
  indexAndSnapshot,
  makeTempDir,
  removeTempDirs,
  runCli,
} from "../../test-support/fixtures.js";
import { diffGraphDumps } from "../../test-support/graph-dump.js";
import { writeProject } from "../../test-support/incremental.js";
import fs from "node:fs";
import path from "node:path";
import { readSnapshot } from "../../db/snapshot.js";
import { expectKeptRunEqualsFull, openKeptIndexer } from "../../test-support/kept-indexer.js";
import type { EngineName } from "./extraction-engine.js";

afterAll(removeTempDirs);

/** A full index of root on one engine, into a database of its own. */
async function indexOn(root: string, engine: EngineName) {
  const dbPath = path.join(makeTempDir(`ts-graph-${engine}-`), "graph.db");
  return { ...(await indexAndSnapshot(root, { engine, dbPath })), dbPath };
}

/** Every table and column of the two graphs but the meta rows that name the engine (the fingerprint: a switch re-indexes). */
function differences(left: Awaited<ReturnType<typeof indexOn>>, right: Awaited<ReturnType<typeof indexOn>>) {
  const diff = diffGraphDumps(left.dump, right.dump);
  const meta = diff.meta;
  if (meta !== undefined) {
    const other = (rows: readonly string[]) =>
      rows.filter((row) => !row.startsWith('["fingerprint"') && !row.startsWith('["engine"'));
    if (other(meta.onlyLeft).length === 0 && other(meta.onlyRight).length === 0) delete diff.meta;
  }
  return diff;
}

describe("TypeScript 7's engine writes the graph TypeScript 6's writes (ADR 0021)", () => {
  for (const sample of ["web-app", "resolution", "monorepo", "no-tsconfig", "broken"]) {
    it(`on ${sample}, row for row`, async () => {
      const root = copySampleProject(sample);
      const [ts6, ts7] = [await indexOn(root, "ts6"), await indexOn(root, "ts7")];
      expect(differences(ts6, ts7)).toEqual({});
      expect(ts7.snapshot).toBe(ts6.snapshot);
    });
  }

  it("on a project with options TypeScript 7 removed (baseUrl, node10), with a note of what replaced them", async () => {
    const root = writeProject(
      {
        "src/lib/money.ts": "export function format(cents: number): string {\n  return (cents / 100).toFixed(2);\n}\n",
        "src/app.ts":
          'import { format } from "lib/money";\n\nexport function show(cents: number): string {\n  return format(cents);\n}\n',
      },
      {
        compilerOptions: { strict: true, module: "commonjs", moduleResolution: "node10", baseUrl: "src", noEmit: true },
        include: ["src"],
      },
    );
    const [ts6, ts7] = [await indexOn(root, "ts6"), await indexOn(root, "ts7")];
    expect(ts7.snapshot).toContain('"edge":"CALLS","source":"src/app.ts:show","target":"src/lib/money.ts:format"');
    expect(differences(ts6, ts7)).toEqual({});
    expect(ts7.summary.warnings.filter((warning) => warning.startsWith("TypeScript 7: "))).toEqual([
      expect.stringContaining("moduleResolution"),
      expect.stringContaining("baseUrl"),
    ]);
    expect(ts6.summary.warnings.some((warning) => warning.startsWith("TypeScript 7: "))).toBe(false);
    // status says which engine extracted the graph, and what TypeScript 7 was given instead
    const status = runCli(["status", "--root", root, "--db", ts7.dbPath]);
    expect(status.stdout).toMatch(
      /engine {3}TypeScript 7's native checker \(TypeScript 7\.\d+\.\d+\)\n {4}TypeScript 7: .*moduleResolution/,
    );
  });

  it("on files that are modules only by the project's options (moduleDetection force), and on quoted library member names", async () => {
    const root = writeProject(
      {
        "src/script.ts": "const hidden = 1;\nfunction helper(): number {\n  return hidden;\n}\n",
        "src/use.ts":
          'import type { Thing } from "lib-quoted";\nexport function run(thing: Thing): void {\n  thing["foo-bar"]();\n  thing.plain();\n}\n',
        "node_modules/lib-quoted/package.json": JSON.stringify({ name: "lib-quoted", types: "index.d.ts" }),
        "node_modules/lib-quoted/index.d.ts": 'export interface Thing {\n  "foo-bar"(): void;\n  plain(): void;\n}\n',
      },
      {
        compilerOptions: {
          strict: true,
          module: "esnext",
          moduleResolution: "bundler",
          moduleDetection: "force",
          noEmit: true,
        },
        include: ["src"],
      },
    );
    const [ts6, ts7] = [await indexOn(root, "ts6"), await indexOn(root, "ts7")];
    expect(ts7.snapshot).toContain('"target":"node_modules/lib-quoted/index.d.ts:Thing.\\"foo-bar\\""');
    expect(differences(ts6, ts7)).toEqual({});
  });
});

describe("a kept TypeScript 7 session", () => {
  it("opens the project again when its tsconfig changes (paths added), as TypeScript 6's kept programs do", async () => {
    const root = writeProject(
      {
        "src/lib.ts": "export function target(): number {\n  return 1;\n}\n",
        "src/app.ts": 'import { target } from "@lib/lib";\nexport function caller(): number {\n  return target();\n}\n',
      },
      {
        compilerOptions: { strict: true, module: "esnext", moduleResolution: "bundler", noEmit: true },
        include: ["src"],
      },
    );
    const indexer = await openKeptIndexer(root, { engine: "ts7" });
    try {
      const tsconfig = path.join(root, "tsconfig.json");
      const config = JSON.parse(fs.readFileSync(tsconfig, "utf8")) as { compilerOptions: Record<string, unknown> };
      config.compilerOptions.paths = { "@lib/*": ["./src/*"] };
      fs.writeFileSync(tsconfig, JSON.stringify(config));
      await expectKeptRunEqualsFull(indexer, root, { engine: "ts7" });
      expect(readSnapshot(indexer.db)).toContain(
        '"edge":"CALLS","source":"src/app.ts:caller","target":"src/lib.ts:target"',
      );
    } finally {
      indexer.close();
    }
  });
});

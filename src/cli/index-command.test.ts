import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import {
  CLI,
  copySampleProject,
  freshSnapshot,
  indexedSampleProject,
  makeTempDir,
  readerSnapshot,
  removeTempDirs,
  runCli,
  writeChainProject,
} from "../test-support/fixtures.js";

afterAll(removeTempDirs);

describe("ts-graph index (subprocess)", () => {
  it("indexes a project, prints a summary, then finds nothing to do", () => {
    const root = copySampleProject("web-app");
    const first = runCli(["index", root]);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/full index \(no database yet\)/);
    expect(first.stdout).toMatch(/files {2}25 \(25 extracted, 0 removed\)/);
    expect(first.stdout).toMatch(/edges {2}\d+: .*CALLS \d+/);
    expect(fs.existsSync(path.join(root, ".ts-graph", "graph.db"))).toBe(true);

    const second = runCli(["index", root, "--json"]);
    expect(second.status).toBe(0);
    const summary = JSON.parse(second.stdout) as {
      mode: string;
      files: { total: number };
      nodes: { byKind: Record<string, number> };
    };
    expect(summary.mode).toBe("noop");
    expect(summary.files.total).toBe(25);
    expect(summary.nodes.byKind.File).toBe(25);
  });

  it("says which TypeScript files no tsconfig lists: in the summary, its JSON and status", () => {
    const root = makeTempDir();
    writeChainProject(root, 2);
    fs.mkdirSync(path.join(root, "scripts"));
    for (const name of ["build.ts", "release.ts"])
      fs.writeFileSync(path.join(root, "scripts", name), "export const x = 1;\n");
    const text = runCli(["index", root]);
    expect(text.stdout).toMatch(
      /\n {2}skipped 2 TypeScript files that no tsconfig lists \(scripts\/build\.ts, scripts\/release\.ts\)/,
    );
    const json = JSON.parse(runCli(["index", root, "--json", "--force"]).stdout) as {
      skipped: { unlisted: number; unlistedSample: string[] };
    };
    expect(json.skipped).toMatchObject({ unlisted: 2, unlistedSample: ["scripts/build.ts", "scripts/release.ts"] });
    expect(runCli(["status", "--root", root]).stdout).toMatch(
      /skipped {2}2 TypeScript files that no tsconfig lists \(scripts\/build\.ts/,
    );
  });

  it("counts a file added to a folder no tsconfig lists at the next discovery (here --force), not at a run with nothing to do", () => {
    const root = makeTempDir();
    writeChainProject(root, 2);
    fs.mkdirSync(path.join(root, "scripts"));
    fs.writeFileSync(path.join(root, "scripts", "build.ts"), "export const x = 1;\n");
    type Skipped = { skipped: { unlisted: number; unlistedSample: string[] } };
    expect((JSON.parse(runCli(["index", root, "--json"]).stdout) as Skipped).skipped.unlisted).toBe(1);
    fs.writeFileSync(path.join(root, "scripts", "x.ts"), "export const y = 1;\n");
    // A file outside every project changes nothing the graph holds: the run has nothing to do and keeps the count.
    expect((JSON.parse(runCli(["index", root, "--json"]).stdout) as Skipped & { mode: string }).mode).toBe("noop");
    const again = JSON.parse(runCli(["index", root, "--json", "--force"]).stdout) as Skipped;
    expect(again.skipped).toMatchObject({ unlisted: 2, unlistedSample: ["scripts/build.ts", "scripts/x.ts"] });
    expect(runCli(["status", "--root", root]).stdout).toMatch(/skipped {2}2 TypeScript files that no tsconfig lists/);
  });

  it("re-extracts everything with --force", () => {
    const { root } = indexedSampleProject("no-tsconfig");
    const forced = JSON.parse(runCli(["index", root, "--force", "--json"]).stdout) as {
      mode: string;
      files: { extracted: number };
    };
    expect(forced.mode).toBe("full");
    expect(forced.files.extracted).toBe(3);
  });

  it("fails with a clear message and exit code 1 on a folder without TypeScript", () => {
    const root = makeTempDir();
    fs.writeFileSync(path.join(root, "notes.md"), "# nothing to index\n");
    const result = runCli(["index", root]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/found no TypeScript files to index under/);
    expect(runCli(["index", makeTempDir()]).status).toBe(1);
  });

  it("names the bad key of ts-graph.config.json and exits with 2", () => {
    const root = copySampleProject("no-tsconfig");
    fs.writeFileSync(path.join(root, "ts-graph.config.json"), JSON.stringify({ exclude: ["x"], dbPath: "x.db" }));
    const result = runCli(["index", root]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/ts-graph\.config\.json: unknown key "dbPath"/);
  });

  it("honours the database path and globs of ts-graph.config.json", () => {
    const root = copySampleProject("web-app");
    fs.writeFileSync(
      path.join(root, "ts-graph.config.json"),
      JSON.stringify({ include: ["shared/**"], db: "out/graph.db" }),
    );
    const summary = JSON.parse(runCli(["index", root, "--json"]).stdout) as { db: string; files: { total: number } };
    expect(summary.db).toBe(path.join(root, "out", "graph.db"));
    expect(summary.files.total).toBe(fs.readdirSync(path.join(root, "shared")).length);
  });

  it("refuses to overwrite a --db file that is not a ts-graph database", () => {
    const root = copySampleProject("no-tsconfig");
    const precious = path.join(makeTempDir(), "precious.txt");
    fs.writeFileSync(precious, "do not delete me\n".repeat(100));
    const result = runCli(["index", root, "--db", precious]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/not a ts-graph database/);
    expect(fs.readFileSync(precious, "utf8")).toBe("do not delete me\n".repeat(100));
  });

  it("rebuilds a database of another schema version instead of reading it", () => {
    const { root } = indexedSampleProject("no-tsconfig");
    const dbPath = path.join(root, ".ts-graph", "graph.db");
    const db = new Database(dbPath);
    db.pragma("user_version = 999");
    db.close();
    const result = runCli(["index", root, "--json"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/rebuilding the graph: the database has schema version 999/);
    expect((JSON.parse(result.stdout) as { mode: string }).mode).toBe("full");
  });

  it("rebuilds a corrupt database in its own .ts-graph folder", () => {
    const root = copySampleProject("no-tsconfig");
    fs.mkdirSync(path.join(root, ".ts-graph"));
    fs.writeFileSync(path.join(root, ".ts-graph", "graph.db"), "garbage, not SQLite ".repeat(500));
    const result = runCli(["index", root, "--json"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/rebuilding the graph/);
  });

  it("reports a listed file that cannot be read and indexes the rest", () => {
    const root = copySampleProject("broken");
    fs.writeFileSync(
      path.join(root, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { strict: true, types: [] }, files: ["src/ok.ts", "src/gone.ts"] }),
    );
    const result = runCli(["index", root, "--json"]);
    expect(result.status).toBe(0);
    const summary = JSON.parse(result.stdout) as {
      files: { total: number };
      unreadable: { file: string; reason: string }[];
    };
    expect(summary.files.total).toBe(1);
    expect(summary.unreadable).toEqual([{ file: "src/gone.ts", reason: expect.stringMatching(/ENOENT/) }]);
  });

  it("reads --db and --tsconfig relative to the working directory, not to the root", () => {
    const cwd = makeTempDir();
    const root = path.join(cwd, "project");
    fs.cpSync(copySampleProject("web-app"), root, { recursive: true });
    const result = runCli(
      ["index", "project", "--db", "out/graph.db", "--tsconfig", "project/tsconfig.json", "--json"],
      { cwd },
    );
    expect(result.status).toBe(0);
    expect((JSON.parse(result.stdout) as { db: string }).db).toBe(path.join(cwd, "out", "graph.db"));
    expect(fs.existsSync(path.join(cwd, "out", "graph.db"))).toBe(true);
  });

  it("exits with 2 on an unknown command or option", () => {
    expect(runCli(["bogus"]).status).toBe(2);
    const root = copySampleProject("no-tsconfig");
    const result = runCli(["index", root, "--frobnicate"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/unknown option '--frobnicate'/);
  });

  it("prints progress lines when stderr is not a terminal", () => {
    const root = makeTempDir();
    writeChainProject(root, 40);
    const result = runCli(["index", root]);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/indexed \d+\/40 files \(\d+%\), \d+ files\/s, ETA/);
  });
});

describe("crash safety", () => {
  it("keeps the last complete graph readable after the indexer is killed mid-run, says so, and the next run converges", async () => {
    const root = makeTempDir();
    writeChainProject(root, 150);
    expect(runCli(["index", root, "--quiet"]).status).toBe(0);
    const dbPath = path.join(root, ".ts-graph", "graph.db");
    const before = readerSnapshot(dbPath);
    writeChainProject(root, 150, 1);

    const child = spawn(process.execPath, [CLI, "index", root], { stdio: ["ignore", "ignore", "pipe"] });
    const killed = new Promise<void>((resolve) => {
      child.stderr.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("indexed ")) child.kill("SIGKILL");
      });
      child.on("exit", () => resolve());
    });
    await killed;

    expect(readerSnapshot(dbPath)).toBe(before);
    const status = runCli(["status", "--root", root]);
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(
      /note: an index run was interrupted \(pid \d+, started .*\); this answer is from the last complete graph; run `ts-graph index /,
    );
    const json = JSON.parse(runCli(["status", "--root", root, "--json"]).stdout) as { roots: { notes: string[] }[] };
    // The files the killed run was indexing changed after the last complete graph: the CLI says so too.
    expect(json.roots[0]?.notes).toEqual([
      expect.stringMatching(/^an index run was interrupted/),
      expect.stringMatching(
        /^graph is older than 150 changed files \(e\.g\. src\/m0\.ts, src\/m1\.ts, src\/m10\.ts, …\)/,
      ),
    ]);

    const repaired = runCli(["index", root, "--json"]);
    expect(repaired.status).toBe(0);
    expect((JSON.parse(repaired.stdout) as { mode: string }).mode).toBe("incremental");
    expect(runCli(["snapshot", root]).stdout).toBe(await freshSnapshot(root));
    expect(runCli(["status", "--root", root]).stdout).not.toMatch(/note:/);
  });
});

describe("ts-graph index --watch (subprocess)", () => {
  it("applies a file edit to the graph and reports it", async () => {
    const root = copySampleProject("web-app");
    const child = spawn(process.execPath, [CLI, "index", root, "--watch", "--json"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines = readline.createInterface({ input: child.stdout });
    const events: Record<string, unknown>[] = [];
    const waitFor = (predicate: (event: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event; got ${JSON.stringify(events)}`)), 60_000);
        const check = (): void => {
          const found = events.find(predicate);
          if (found !== undefined) {
            clearTimeout(timer);
            resolve(found);
          }
        };
        lines.on("line", (line) => {
          events.push(JSON.parse(line) as Record<string, unknown>);
          check();
        });
        check();
      });
    try {
      await waitFor((event) => event.event === "ready");
      fs.appendFileSync(
        path.join(root, "shared/money.ts"),
        "\nexport function watchedAddition(): number {\n  return 42;\n}\n",
      );
      const update = await waitFor(
        (event) => event.event === "update" && (event.changed as string[]).includes("shared/money.ts"),
      );
      expect(update.mode).toBe("incremental");
      expect(update.extracted).toContain("shared/money.ts");
      const db = new Database(path.join(root, ".ts-graph", "graph.db"), { readonly: true });
      const node = db
        .prepare("SELECT kind, start_line AS startLine FROM nodes WHERE key = ?")
        .get("shared/money.ts:watchedAddition");
      db.close();
      expect(node).toMatchObject({ kind: "Function" });
    } finally {
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      child.kill("SIGINT");
      expect(await exited).toBe(0);
    }
  });
});

describe("databases that are not ts-graph's", () => {
  it("refuses another application's SQLite database and a corrupt file outside .ts-graph, and deletes neither", () => {
    const root = copySampleProject("no-tsconfig");
    const dir = makeTempDir();
    const foreign = path.join(dir, "app.db");
    const db = new Database(foreign);
    db.exec("CREATE TABLE meta (k TEXT); CREATE TABLE files (p TEXT); INSERT INTO files VALUES ('precious');");
    db.close();
    const before = fs.readFileSync(foreign);
    expect(runCli(["index", root, "--db", foreign]).status).toBe(2);
    expect(fs.readFileSync(foreign).equals(before)).toBe(true);

    const corrupt = path.join(dir, "corrupt.db");
    fs.writeFileSync(corrupt, before.subarray(0, 100));
    expect(runCli(["index", root, "--db", corrupt]).status).toBe(2);
    expect(fs.statSync(corrupt).size).toBe(100);
  });

  it("finishes a run whose state was left unfinished even when no file is pending", () => {
    const { root } = indexedSampleProject("no-tsconfig");
    const db = new Database(path.join(root, ".ts-graph", "graph.db"));
    db.prepare("UPDATE meta SET value = 'indexing' WHERE key = 'state'").run();
    db.close();
    expect((JSON.parse(runCli(["index", root, "--json"]).stdout) as { mode: string }).mode).not.toBe("noop");
    const after = new Database(path.join(root, ".ts-graph", "graph.db"), { readonly: true });
    expect(after.prepare("SELECT value FROM meta WHERE key = 'state'").pluck().get()).toBe("complete");
    after.close();
  });
});

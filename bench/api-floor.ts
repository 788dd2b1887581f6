/**
 * The floor of an index on TypeScript 7's API: what it costs only to ask the native checker for the symbol of every
 * identifier of every source file (one batch per file, `getSymbolAtLocation(nodes[])`), writing nothing, against
 * TypeScript 6's and TypeScript 7's `tsc --noEmit`, interleaved. A graph needs that much and more (types,
 * signatures, aliases, writes), so a target below this floor cannot be met by any extractor on that API.
 *
 *   npm run bench:floor -- [--corpus effect@3.22.4] [--rounds 3] [--sessions 1,2]
 *
 * With n sessions, n processes each open their own session and ask about every n-th file, at once; the figure is
 * the slowest one's time from opening its session to its last answer (each process's start and module loading
 * left out, which flatters the floor). Figures only, no assertion. A probe of the API, not of ts-graph: it talks
 * to `typescript/unstable/sync` directly, as src/engine/ts7/ does for the product.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { API } from "typescript/unstable/sync";
import { type Node as Node7, SyntaxKind } from "typescript/unstable/ast";
import { parseCorpusSpec, prepareCorpus, TSCONFIG_NAME } from "./corpus.js";
import { log } from "./measure.js";
import { runTsc } from "./tsc.js";

interface WorkerReport {
  readonly files: number;
  readonly identifiers: number;
  readonly resolved: number;
  readonly elapsedMs: number;
}

/** One session: open the project, then every `count`-th source file from `share`, one batch of identifiers each. */
function askEverySymbol(dir: string, tsconfig: string, share: number, count: number): WorkerReport {
  const started = performance.now();
  const api = new API({ cwd: dir });
  try {
    const configPath = path.join(dir, tsconfig);
    const project = api.updateSnapshot({ openProjects: [configPath] }).getProject(configPath);
    if (project === undefined) throw new Error(`TypeScript 7 loaded no project from ${configPath}`);
    const { program, checker } = project;
    const sources = program
      .getSourceFileNames()
      .filter((file) => file.startsWith(`${dir}/`) && !file.includes("/node_modules/"))
      .filter((_, index) => index % count === share);
    let identifiers = 0;
    let resolved = 0;
    for (const file of sources) {
      const sourceFile = program.getSourceFile(file);
      if (sourceFile === undefined) continue;
      const names: Node7[] = [];
      const visit = (node: Node7): undefined => {
        if (node.kind === SyntaxKind.Identifier) names.push(node);
        node.forEachChild(visit);
        return undefined;
      };
      visit(sourceFile);
      identifiers += names.length;
      if (names.length > 0)
        resolved += checker.getSymbolAtLocation(names).filter((symbol) => symbol !== undefined).length;
    }
    return { files: sources.length, identifiers, resolved, elapsedMs: performance.now() - started };
  } finally {
    api.close();
  }
}

function option(argv: readonly string[], flag: string, fallback: string): string {
  const index = argv.indexOf(flag);
  return index < 0 ? fallback : (argv[index + 1] ?? fallback);
}

/** n worker processes at once (this file with --worker), each reporting its WorkerReport on stdout. */
async function runSessions(dir: string, count: number): Promise<WorkerReport[]> {
  const tsx = path.join(import.meta.dirname, "..", "node_modules", "tsx", "dist", "cli.mjs");
  const runs = Array.from(
    { length: count },
    (_, share) =>
      new Promise<WorkerReport>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [tsx, import.meta.filename, "--worker", dir, TSCONFIG_NAME, String(share), String(count)],
          {
            stdio: ["ignore", "pipe", "inherit"],
          },
        );
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.on("error", reject);
        child.on("exit", (code) =>
          code === 0 ? resolve(JSON.parse(out) as WorkerReport) : reject(new Error(`worker ${share} exited ${code}`)),
        );
      }),
  );
  return Promise.all(runs);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(argv: readonly string[]): Promise<void> {
  if (argv[0] === "--worker") {
    const [dir, tsconfig, share, count] = argv.slice(1);
    process.stdout.write(
      JSON.stringify(askEverySymbol(dir ?? ".", tsconfig ?? TSCONFIG_NAME, Number(share), Number(count))),
    );
    return;
  }
  const spec = parseCorpusSpec(option(argv, "--corpus", "effect@3.22.4"));
  const rounds = Number(option(argv, "--rounds", "3"));
  const sessionCounts = option(argv, "--sessions", "1,2").split(",").map(Number);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-floor-"));
  const corpus = await prepareCorpus(spec, { tmpDir, timeoutMs: 600_000, probeExactOptional: false });
  const walls = new Map<string, number[]>();
  const add = (key: string, ms: number): void => {
    walls.set(key, [...(walls.get(key) ?? []), ms]);
  };
  log(
    `load average at the start: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")}`,
  );
  let identifiers = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const compiler of ["ts6", "ts7"] as const) {
      const report = await runTsc(corpus.dir, TSCONFIG_NAME, tmpDir, 600_000, compiler);
      add(`${compiler} tsc`, report.wallMs);
      log(`round ${round}: ${compiler} tsc ${(report.wallMs / 1000).toFixed(2)} s`);
    }
    for (const count of sessionCounts) {
      const reports = await runSessions(corpus.dir, count);
      identifiers = reports.reduce((sum, report) => sum + report.identifiers, 0);
      const slowest = Math.max(...reports.map((report) => report.elapsedMs));
      add(`${count} session${count > 1 ? "s" : ""}`, slowest);
      log(`round ${round}: ${count} session(s) ${(slowest / 1000).toFixed(2)} s (${identifiers} identifiers)`);
    }
  }
  const ts6 = median(walls.get("ts6 tsc") ?? []);
  const ts7 = median(walls.get("ts7 tsc") ?? []);
  const lines = [
    `## The API's floor on ${spec.id} (${identifiers} identifiers), ${new Date().toISOString()}`,
    "",
    "| run | wall, median | / TS6 tsc | / TS7 tsc |",
    "|---|---|---|---|",
    ...[...walls].map(([key, values]) => {
      const ms = median(values);
      return `| ${key} | ${(ms / 1000).toFixed(2)} s | ${(ms / ts6).toFixed(2)} | ${(ms / ts7).toFixed(2)} |`;
    }),
    "",
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, load at the end ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")}. Command: npm run bench:floor -- ${argv.join(" ")}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  fs.rmSync(tmpDir, { recursive: true, force: true });
}

await main(process.argv.slice(2));

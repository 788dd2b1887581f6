/**
 * Benchmark of `ts-graph view` (docs/view.md) on an indexed root.
 *
 *   node dist/cli.js index .bench-corpora/effect-4.1.0   (once: the bench reads the root's own graph)
 *   npm run build && npm run bench:view [-- --root .bench-corpora/effect-4.1.0] [--hubs 5] [--runs 5]
 *
 *   1. starts `node dist/cli.js view ROOT` and reads its address
 *   2. the hubs: the declarations with the most incoming CALLS edges (and the most USES_TYPE ones), from the graph
 *   3. neighbourhood server time: each hub's /api/neighbourhood asked `runs` times, the server's own
 *      Server-Timing (the tools' answers and the merge, without the network): first (cold) and p50/max of the rest
 *   4. first paint: in headless Chromium, `ADDRESS#node=HUB` loaded in a fresh page, from navigation start to the
 *      graph drawn (the page's `ts-graph-graph-drawn` performance mark, set when Cytoscape's first layout stops)
 *
 * The report goes to stdout as markdown, with the machine's load; progress to stderr. Figures only: no assertion.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../src/test-support/chromium.js";
import { benchOptions, formatMs, log, REPO_ROOT } from "./measure.js";
import { percentile } from "./stats.js";

const USAGE = "usage: npm run bench:view -- [--root DIR] [--hubs N] [--runs N]";

function hubKeys(dbPath: string, count: number): string[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const top = (kind: string): string[] =>
      db
        .prepare("SELECT target FROM edges WHERE kind = ? GROUP BY target ORDER BY count(*) DESC, target LIMIT ?")
        .pluck()
        .all(kind, count) as string[];
    return [...new Set([...top("CALLS"), ...top("USES_TYPE").slice(0, Math.max(1, Math.floor(count / 2)))])];
  } finally {
    db.close();
  }
}

async function startView(root: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, "dist", "cli.js"), "view", root], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(stdout.trim());
    });
    child.once("exit", (code) => reject(new Error(`ts-graph view exited (${code}) before printing its address`)));
  });
  return { url, stop: () => child.kill("SIGINT") };
}

interface ServerTimes {
  readonly first: number;
  readonly rest: number[];
  /** The server's CPU time of the answers after the first. */
  readonly restCpu: number[];
  readonly nodes: number;
}

async function serverTimes(url: string, key: string, runs: number): Promise<ServerTimes> {
  const times: number[] = [];
  const cpu: number[] = [];
  let nodes = 0;
  for (let run = 0; run < runs; run++) {
    const response = await fetch(`${url}api/neighbourhood?key=${encodeURIComponent(key)}`);
    const body = (await response.json()) as { nodes?: unknown[]; error?: string };
    if (!response.ok) throw new Error(`${key}: ${body.error ?? response.status}`);
    nodes = body.nodes?.length ?? 0;
    const timing = response.headers.get("server-timing") ?? "";
    times.push(Number(/answer;dur=([\d.]+)/.exec(timing)?.[1] ?? Number.NaN));
    cpu.push(Number(/cpu;dur=([\d.]+)/.exec(timing)?.[1] ?? Number.NaN));
  }
  return { first: times[0] ?? Number.NaN, rest: times.slice(1), restCpu: cpu.slice(1), nodes };
}

async function firstPaints(url: string, keys: readonly string[], executablePath: string): Promise<number[]> {
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  try {
    const paints: number[] = [];
    for (const key of keys) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(`${url}#node=${encodeURIComponent(key)}`);
      await page.waitForSelector("body[data-state=drawn]");
      paints.push(
        await page.evaluate(() => performance.getEntriesByName("ts-graph-graph-drawn")[0]?.startTime ?? Number.NaN),
      );
      await page.close();
    }
    return paints;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const options = benchOptions(process.argv.slice(2), ["root", "hubs", "runs"], USAGE);
  const root = path.resolve(options.root ?? path.join(REPO_ROOT, ".bench-corpora", "effect-4.1.0"));
  const hubs = Number(options.hubs ?? 5);
  const runs = Number(options.runs ?? 5);
  const keys = hubKeys(path.join(root, ".ts-graph", "graph.db"), hubs);
  const load = os.loadavg().map((value) => value.toFixed(1));
  log(`view bench on ${root}: hubs ${keys.join(", ")}`);
  const view = await startView(root);
  try {
    const lines = [
      `# ts-graph view on ${path.basename(root)}`,
      "",
      `${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"} · load ${load.join(" ")} at the start`,
      "",
      "| hub | nodes | first answer | p50 after | max after | p50 CPU after | first paint |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ];
    const times: ServerTimes[] = [];
    for (const key of keys) times.push(await serverTimes(view.url, key, runs));
    const executablePath = findChromium();
    const paints =
      executablePath === undefined ? keys.map(() => Number.NaN) : await firstPaints(view.url, keys, executablePath);
    keys.forEach((key, index) => {
      const time = times[index];
      if (time === undefined) return;
      lines.push(
        `| \`${key}\` | ${time.nodes} | ${formatMs(time.first)} | ${formatMs(percentile(time.rest, 50))} | ${formatMs(Math.max(...time.rest))} | ${formatMs(percentile(time.restCpu, 50))} | ${formatMs(paints[index])} |`,
      );
    });
    lines.push(
      "",
      "Times: the server's Server-Timing (answer computed: wall, and the server's CPU time, which a busy machine inflates less); first paint: navigation start → first layout drawn (Chromium).",
    );
    if (executablePath === undefined)
      lines.push("", "No Chromium found: first paint not measured (install Debian's chromium, or set CHROMIUM_PATH).");
    lines.push(
      "",
      `load at the end ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(" ")}`,
    );
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    view.stop();
  }
}

await main();

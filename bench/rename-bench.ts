/**
 * `rename-symbol` timed cold (one CLI process a rename) and warm (calls to one `ts-graph serve` process whose
 * edit language is loaded), on indexed copies of a project that differ only in their config's `engine`.
 *
 *   npx tsx bench/rename-bench.ts --roots /tmp/zod-ts6,/tmp/zod-ts7 --symbol src/v3/types.ts:ZodType._getOrReturnCtx \
 *     --new getCtx [--runs 3]
 *
 * Each round renames there and back in every root, interleaved (root after root), first by the CLI, then
 * through each root's server (started once, warmed with one untimed rename there and back). Uses the build in
 * dist/ (`npm run build` first). Figures, not assertions: markdown to stdout, with the load average before and after.
 *
 * `--daemon B,…`: those roots (also in --roots) get a `ts-graph daemon start` first, warmed by one untimed CLI
 * rename there and back; the CLI's renames in them then run on the daemon, interleaved with the cold ones of the
 * other roots. The daemons are stopped at the end, and no server is timed.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { REPO_ROOT } from "./measure.js";

interface Options {
  readonly roots: readonly string[];
  readonly symbol: string;
  readonly newName: string;
  readonly runs: number;
  /** Roots whose CLI renames run with a daemon. */
  readonly daemonRoots: ReadonlySet<string>;
}

function parseOptions(argv: readonly string[]): Options {
  const value = (flag: string): string | undefined => {
    const index = argv.indexOf(flag);
    return index < 0 ? undefined : argv[index + 1];
  };
  const roots = value("--roots")
    ?.split(",")
    .map((root) => path.resolve(root));
  const symbol = value("--symbol");
  const newName = value("--new");
  if (roots === undefined || symbol === undefined || newName === undefined) {
    throw new Error(
      "usage: tsx bench/rename-bench.ts --roots A,B --symbol FILE:Class.member --new NAME [--runs N] [--daemon B]",
    );
  }
  const daemonRoots = new Set(
    (value("--daemon") ?? "")
      .split(",")
      .filter((root) => root !== "")
      .map((root) => path.resolve(root)),
  );
  return { roots, symbol, newName, runs: Number(value("--runs") ?? "3"), daemonRoots };
}

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

/** The symbol's key once renamed: the last name of the key replaced. */
function renamedKey(symbol: string, newName: string): string {
  return symbol.replace(/[^.:]+$/, newName);
}

function oldNameOf(symbol: string): string {
  return symbol.replace(/^.*[.:]/, "");
}

function cliRename(root: string, symbol: string, newName: string): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [CLI, "rename-symbol", symbol, newName, "--root", root], {
    encoding: "utf8",
  });
  const elapsed = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`rename-symbol ${symbol} → ${newName} in ${root} failed: ${result.stderr}${result.stdout}`);
  return elapsed;
}

function daemon(action: "start" | "stop", root: string): void {
  const result = spawnSync(process.execPath, [CLI, "daemon", action, root], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`daemon ${action} ${root} failed: ${result.stderr}`);
}

async function openServer(root: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "serve", "--root", root],
    stderr: "ignore",
  });
  const client = new Client({ name: "ts-graph-rename-bench", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function serverRename(client: Client, symbol: string, newName: string): Promise<number> {
  const started = performance.now();
  const result = (await client.callTool({ name: "rename_symbol", arguments: { symbol, newName } })) as {
    isError?: boolean;
    content?: unknown;
  };
  const elapsed = performance.now() - started;
  if (result.isError === true)
    throw new Error(`rename_symbol ${symbol} → ${newName} failed: ${JSON.stringify(result.content)}`);
  return elapsed;
}

/** What `uptime` says of the load: the 1, 5 and 15 minute load averages. */
const uptime = (): string =>
  `${new Date().toISOString()} load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(", ")}`;
const seconds = (ms: number): string => (ms / 1000).toFixed(2);

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const there = { symbol: options.symbol, newName: options.newName };
  const back = { symbol: renamedKey(options.symbol, options.newName), newName: oldNameOf(options.symbol) };
  const cold = new Map<string, number[]>(options.roots.map((root) => [root, []]));
  const warm = new Map<string, number[]>(options.roots.map((root) => [root, []]));
  for (const root of options.daemonRoots) {
    daemon("start", root);
    cliRename(root, there.symbol, there.newName);
    cliRename(root, back.symbol, back.newName);
  }
  console.log(`before: ${uptime()}`);
  for (let round = 0; round < options.runs; round += 1) {
    for (const root of options.roots) {
      cold.get(root)?.push(cliRename(root, there.symbol, there.newName), cliRename(root, back.symbol, back.newName));
    }
  }
  if (options.daemonRoots.size > 0) {
    for (const root of options.daemonRoots) daemon("stop", root);
    console.log(`after: ${uptime()}`);
    console.log("\n| root | CLI s (each rename) |\n|---|---|");
    for (const root of options.roots) {
      const how = options.daemonRoots.has(root) ? "with a daemon" : "cold";
      console.log(`| ${path.basename(root)} (${how}) | ${(cold.get(root) ?? []).map(seconds).join(" ")} |`);
    }
    return;
  }
  const clients = new Map<string, Client>();
  try {
    for (const root of options.roots) {
      const client = await openServer(root);
      clients.set(root, client);
      await serverRename(client, there.symbol, there.newName);
      await serverRename(client, back.symbol, back.newName);
    }
    for (let round = 0; round < options.runs; round += 1) {
      for (const root of options.roots) {
        const client = clients.get(root) as Client;
        warm
          .get(root)
          ?.push(
            await serverRename(client, there.symbol, there.newName),
            await serverRename(client, back.symbol, back.newName),
          );
      }
    }
  } finally {
    for (const client of clients.values()) await client.close();
  }
  console.log(`after: ${uptime()}`);
  console.log(`\n| root | cold CLI s (each rename) | warm server s (each rename) |\n|---|---|---|`);
  for (const root of options.roots) {
    console.log(
      `| ${path.basename(root)} | ${(cold.get(root) ?? []).map(seconds).join(" ")} | ${(warm.get(root) ?? []).map(seconds).join(" ")} |`,
    );
  }
}

await main();

/**
 * Query benchmark: latency and token economy of the query slices on a real graph.
 *
 *   npm run bench:query [-- --corpus effect@4.1.0] [--symbols 50] [--repeat 3]
 *
 * 1. fetch the corpus (bench/corpus.ts) and index it once into .bench-corpora/query-bench-<corpus>.db
 *    (later runs are incremental no-ops);
 * 2. pick N symbols deterministically: call targets (nodes with incoming CALLS), sorted by key, spread evenly;
 *    for `paths`, each symbol's source is its first caller (by key) at the greatest call depth ≤ 3;
 *    for `deps`, the symbol's file (even picks) or folder (odd picks);
 * 3. run every query through its tool handler, in-process, as the MCP server does (after one warm-up pass):
 *    impact at depth 3 and 5, callers and callees at depth 5, paths, deps; p50 / p95 / max latency;
 * 4. token economy: for the same queries, tokens (gpt-tokenizer, o200k_base) of the text answer against the
 *    JSON of its structured content (compact, as MCP sends it, and pretty-printed, as `--format json` prints it);
 * 5. the budget: every text answer counted in o200k tokens against the default maxTokens (4000): the largest
 *    and how many exceed it (must be 0); the same question with `--format json`: its largest answer, and how many
 *    list other entries than the text (must be 0: the cut is decided on the text in every format).
 * Dispatch rows: callers and impact with `dispatch: "none"` (what the tools answered before dispatch) run in the
 * same process, interleaved with the default `up`, as the baseline.
 *
 * Figures are printed against the targets (PASS/MISS), never asserted. Progress goes to stderr, the report to stdout.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { countTokens } from "gpt-tokenizer";
import { openCliToolContext, type CliToolContext } from "../src/cli/cli-tool-context.js";
import { openIndexer } from "../src/ingestion/run/indexer.js";
import type { NodeKey } from "../src/model/node-key.js";
import { calleesTool, callersTool } from "../src/tools/calls/handler.js";
import { depsTool } from "../src/tools/deps/handler.js";
import { CALL_LIKE_EDGE_KINDS, walkGraph } from "../src/tools/walk/graph-walk.js";
import { impactTool } from "../src/tools/impact/handler.js";
import { pathsTool } from "../src/tools/paths/handler.js";
import type { ToolDefinition, ToolResult } from "../src/tools/tool-contract.js";
import { z } from "zod";
import { CORPORA_DIR, parseCorpusSpec, prepareCorpus } from "./corpus.js";
import { formatMs, log } from "./measure.js";
import { evenlySpacedIndices, summarize } from "./stats.js";

interface Options {
  readonly corpus: string;
  readonly symbols: number;
  readonly repeat: number;
}

function parseArgs(argv: readonly string[]): Options {
  const value = (name: string): string | undefined => {
    const index = argv.indexOf(name);
    return index < 0 ? undefined : argv[index + 1];
  };
  return {
    corpus: value("--corpus") ?? "effect@4.1.0",
    symbols: Number(value("--symbols") ?? 50),
    repeat: Number(value("--repeat") ?? 3),
  };
}

/** One benchmarked query kind: a tool and how to build its input for a picked symbol. */
interface QueryKind {
  readonly label: string;
  readonly tool: ToolDefinition;
  readonly input: (pick: Pick) => Record<string, unknown>;
  /** p50 target in milliseconds, if the issue sets one. */
  readonly targetP50?: number;
}

interface Pick {
  readonly key: NodeKey;
  /** Start of the `paths` query to this symbol. */
  readonly pathSource: NodeKey;
  readonly depsTarget: string;
}

const QUERY_KINDS: readonly QueryKind[] = [
  { label: "impact, depth 3", tool: impactTool, input: (pick) => ({ symbol: pick.key, depth: 3 }) },
  { label: "impact, depth 5", tool: impactTool, input: (pick) => ({ symbol: pick.key, depth: 5 }), targetP50: 10 },
  {
    label: "impact, depth 5, dispatch none",
    tool: impactTool,
    input: (pick) => ({ symbol: pick.key, depth: 5, dispatch: "none" }),
  },
  { label: "callers, depth 5", tool: callersTool, input: (pick) => ({ symbol: pick.key, depth: 5 }) },
  {
    label: "callers, depth 5, dispatch none",
    tool: callersTool,
    input: (pick) => ({ symbol: pick.key, depth: 5, dispatch: "none" }),
  },
  { label: "callees, depth 5", tool: calleesTool, input: (pick) => ({ symbol: pick.key, depth: 5 }) },
  {
    label: "paths (depth 6, 3 paths)",
    tool: pathsTool,
    input: (pick) => ({ from: pick.pathSource, to: pick.key }),
    targetP50: 50,
  },
  { label: "deps (file or folder)", tool: depsTool, input: (pick) => ({ target: pick.depsTarget }) },
];

async function indexOnce(dir: string, tsconfigPath: string, dbPath: string): Promise<void> {
  const indexer = openIndexer({
    root: dir,
    dbPath,
    tsconfigs: [tsconfigPath],
    onWarning: (message) => log(`warning: ${message}`),
  });
  try {
    const summary = await indexer.run();
    log(
      `indexed (${summary.mode}) in ${formatMs(summary.durationMs)}: ${summary.nodes.total} nodes, ${summary.edges.total} edges`,
    );
  } finally {
    indexer.close();
  }
}

/** N call targets spread over the sorted keys, each with a `paths` source and a `deps` target. */
function pickSymbols(context: CliToolContext, count: number): Pick[] {
  const targets = context.db
    .prepare(
      "SELECT DISTINCT e.target FROM edges e JOIN nodes n ON n.key = e.target WHERE e.kind = 'CALLS' AND n.kind <> 'File' ORDER BY e.target",
    )
    .pluck()
    .all() as NodeKey[];
  return evenlySpacedIndices(targets.length, count).map((index, order) => {
    const key = targets[index] as NodeKey;
    const callers = walkGraph(context.db, {
      seeds: [key],
      direction: "in",
      kinds: CALL_LIKE_EDGE_KINDS,
      maxDepth: 3,
    }).nodes;
    const deepest = Math.max(...callers.map((node) => node.depth));
    const pathSource =
      callers
        .filter((node) => node.depth === deepest)
        .map((node) => node.key)
        .sort()[0] ?? key;
    const file = key.slice(0, key.indexOf(":"));
    const depsTarget = order % 2 === 0 ? file : path.posix.dirname(file);
    return { key, pathSource, depsTarget };
  });
}

interface Measured {
  readonly kind: QueryKind;
  readonly latencies: number[];
  readonly textTokens: number;
  readonly compactJsonTokens: number;
  readonly prettyJsonTokens: number;
  readonly entries: number[];
  readonly cut: number;
  /** Largest answer in o200k tokens, text and JSON format. */
  readonly maxTextTokens: number;
  readonly maxJsonTokens: number;
  /** Text answers over the default budget. */
  readonly overBudget: number;
  /** JSON answers whose structured content differs from the text answer's (other entries). */
  readonly jsonDiffers: number;
}

const DEFAULT_BUDGET = 4000;

function entriesOf(result: ToolResult): number {
  const structured = result.structured;
  for (const name of ["dependants", "entries", "paths"]) {
    const value = structured[name];
    if (Array.isArray(value)) return value.length;
  }
  const totals = structured.totals as Record<string, number> | undefined;
  return totals === undefined ? 0 : Object.values(totals).reduce((sum, value) => sum + value, 0);
}

async function measure(
  context: CliToolContext,
  kind: QueryKind,
  picks: readonly Pick[],
  repeat: number,
): Promise<Measured> {
  const schema = z.object(kind.tool.inputShape);
  const inputs = picks.map((pick) => schema.parse(kind.input(pick)));
  const results: ToolResult[] = [];
  for (const input of inputs) results.push(await kind.tool.run(input as never, context));
  const latencies: number[] = [];
  for (let round = 0; round < repeat; round += 1) {
    for (const input of inputs) {
      const start = performance.now();
      await kind.tool.run(input as never, context);
      latencies.push(performance.now() - start);
    }
  }
  let textTokens = 0;
  let compactJsonTokens = 0;
  let prettyJsonTokens = 0;
  let maxTextTokens = 0;
  let maxJsonTokens = 0;
  let overBudget = 0;
  let jsonDiffers = 0;
  for (const [index, input] of inputs.entries()) {
    const json = await kind.tool.run({ ...(input as Record<string, unknown>), format: "json" } as never, context);
    maxJsonTokens = Math.max(maxJsonTokens, countTokens(json.text));
    if (JSON.stringify(json.structured) !== JSON.stringify(results[index]?.structured)) jsonDiffers += 1;
  }
  for (const result of results) {
    const tokens = countTokens(result.text);
    maxTextTokens = Math.max(maxTextTokens, tokens);
    if (tokens > DEFAULT_BUDGET) overBudget += 1;
    textTokens += tokens;
    compactJsonTokens += countTokens(JSON.stringify(result.structured));
    prettyJsonTokens += countTokens(JSON.stringify(result.structured, null, 2));
  }
  return {
    kind,
    latencies,
    textTokens,
    compactJsonTokens,
    prettyJsonTokens,
    entries: results.map(entriesOf),
    cut: results.filter((result) => result.structured.truncated !== null).length,
    maxTextTokens,
    maxJsonTokens,
    overBudget,
    jsonDiffers,
  };
}

function percent(part: number, whole: number): string {
  return `${((1 - part / whole) * 100).toFixed(1)} %`;
}

function report(
  corpus: string,
  graph: Record<string, number>,
  picks: number,
  candidates: number,
  measured: readonly Measured[],
  repeat: number,
): string {
  const lines = [
    `## Query benchmark: ${corpus}`,
    "",
    `Graph: ${graph.nodes} nodes; ${graph.calls} CALLS edges (${graph.sites} call sites), ${graph.edges} edges in all.`,
    `${picks} symbols picked evenly over ${candidates} call targets (sorted by key); each query ran once to warm up, then ${repeat} times.`,
    `Default budget (maxNodes 100, maxTokens 4000), text format; latency is the tool handler in-process (resolve, query, format).`,
    "",
    "| query | p50 | p95 | max | target (p50) | entries p50 / max | answers cut |",
    "| --- | ---: | ---: | ---: | --- | ---: | ---: |",
  ];
  for (const m of measured) {
    const s = summarize(m.latencies);
    const e = summarize(m.entries);
    if (s === null || e === null) continue;
    const target =
      m.kind.targetP50 === undefined ? "" : `≤ ${m.kind.targetP50} ms: ${s.p50 <= m.kind.targetP50 ? "PASS" : "MISS"}`;
    lines.push(
      `| ${m.kind.label} | ${s.p50.toFixed(2)} ms | ${s.p95.toFixed(2)} ms | ${s.max.toFixed(1)} ms | ${target} | ${e.p50} / ${e.max} | ${m.cut} |`,
    );
  }
  lines.push(
    "",
    "Token economy (gpt-tokenizer, o200k_base): text answer against the JSON of the same answer's structured content.",
    "",
  );
  lines.push(
    "| query | text | JSON compact | fewer than compact | JSON pretty | fewer than pretty |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
  );
  let text = 0;
  let compact = 0;
  let pretty = 0;
  for (const m of measured) {
    text += m.textTokens;
    compact += m.compactJsonTokens;
    pretty += m.prettyJsonTokens;
    lines.push(
      `| ${m.kind.label} | ${m.textTokens} | ${m.compactJsonTokens} | ${percent(m.textTokens, m.compactJsonTokens)} | ${m.prettyJsonTokens} | ${percent(m.textTokens, m.prettyJsonTokens)} |`,
    );
  }
  const verdict = 1 - text / compact >= 0.6 ? "PASS" : "MISS";
  lines.push(
    `| **all** | ${text} | ${compact} | **${percent(text, compact)}** (target ≥ 60 %: ${verdict}) | ${pretty} | ${percent(text, pretty)} |`,
  );
  lines.push(
    "",
    `The budget: every answer counted in o200k tokens against the default maxTokens (${DEFAULT_BUDGET}).`,
    "",
  );
  lines.push(
    "| query | largest text answer | largest JSON answer (same entries) | text answers over the budget | JSON answers with other entries |",
    "| --- | ---: | ---: | ---: | ---: |",
  );
  for (const m of measured)
    lines.push(`| ${m.kind.label} | ${m.maxTextTokens} | ${m.maxJsonTokens} | ${m.overBudget} | ${m.jsonDiffers} |`);
  return lines.join("\n");
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const spec = parseCorpusSpec(options.corpus);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-query-bench-"));
  try {
    const corpus = await prepareCorpus(spec, { tmpDir, timeoutMs: 600_000, probeExactOptional: true });
    // .bench-corpora may be a symlink (worktrees): index through real paths so the tsconfig lies inside the root
    const dir = fs.realpathSync(corpus.dir);
    const tsconfigPath = fs.realpathSync(corpus.tsconfigPath);
    const dbPath = path.join(fs.realpathSync(CORPORA_DIR), `query-bench-${spec.dirName}.db`);
    log(`${spec.id}: indexing into ${dbPath} (incremental after the first run) ...`);
    await indexOnce(dir, tsconfigPath, dbPath);
    const context = await openCliToolContext({ root: dir, db: dbPath });
    try {
      const graph = context.db
        .prepare(
          `SELECT (SELECT count(*) FROM nodes) AS nodes, (SELECT count(*) FROM edges) AS edges,
             (SELECT count(*) FROM edges WHERE kind = 'CALLS') AS calls, (SELECT sum(count) FROM edges WHERE kind = 'CALLS') AS sites`,
        )
        .get() as Record<string, number>;
      const candidates = context.db
        .prepare("SELECT count(DISTINCT target) FROM edges WHERE kind = 'CALLS'")
        .pluck()
        .get() as number;
      const picks = pickSymbols(context, options.symbols);
      log(`${picks.length} symbols picked; measuring ...`);
      const measured: Measured[] = [];
      for (const kind of QUERY_KINDS) {
        measured.push(await measure(context, kind, picks, options.repeat));
        log(`  ${kind.label}: done`);
      }
      process.stdout.write(`${report(spec.id, graph, picks.length, candidates, measured, options.repeat)}\n`);
    } finally {
      context.close();
    }
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
